"""Finding plugins: the installed ones by name, and what they declare.

Built-in plugins and third-party ones are found the same way: as entry points
in the ``patience.plugins`` group. The name of the entry point is the name a
rule file uses. Calling a plugin's hooks is ``framework.hooks``'s job. For one run,
``patience --plugin-path DIR`` adds the modules of a folder as plugins, without
packaging (``path_plugins``); nothing a rule file says ever adds a folder.

Finding the entry points means importing ``importlib.metadata`` and reading the metadata of
every distribution installed, which takes longer than all the rest of a short command's start
(``patience solve``). So what each directory of ``sys.path`` holds of them is kept in the
user's cache (``filecache``: ``plugins.json``) and read again only when the directory changes,
as it does when a distribution is installed, upgraded or removed there.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.machinery
import importlib.util
import os
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from .errors import PluginError
from .filecache import cached_values

ENTRY_POINT_GROUP = "patience.plugins"
#: The variable that ``--plugin-path`` sets: folders of plugin modules for this run, joined by ``os.pathsep``.
PLUGIN_PATH_VARIABLE = "PATIENCE_PLUGIN_PATH"
#: The cache file of the entry points found in each directory, and what its values depend on besides the directories.
CACHE_KIND = "plugins"
CACHE_STAMP = ["patience-plugins-1", ENTRY_POINT_GROUP]
#: What an entry point names: a module, and in it an attribute (the grammar of the entry-point specification).
_REFERENCE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attribute>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?")


class InstalledPlugin(NamedTuple):
    """An installed plugin's entry point: the name a rule file uses, and what it names (``module:attribute``);
    for a module found on the plugin path (``path_plugins``), the folder it was found in."""

    name: str
    value: str
    folder: str = ""

    @property
    def module(self) -> str:
        """The module the entry point names (or names an attribute of)."""
        return self._reference().group("module")

    def load(self) -> Any:
        """The module or the attribute in it that the entry point names, imported (as ``EntryPoint.load`` does)."""
        found: Any = importlib.import_module(self.module)
        for name in (self._reference().group("attribute") or "").split("."):
            found = getattr(found, name) if name else found
        return getattr(found, "plugin", found) if self.folder else found

    def _reference(self) -> re.Match[str]:
        match = _REFERENCE.fullmatch(self.value)
        if match is None:
            raise ImportError(f"the entry point {self.name} = {self.value} names no module")
        return match


@functools.cache
def plugin_entry_points() -> dict[str, InstalledPlugin]:
    """The entry point of each installed plugin, by name: found as ``importlib.metadata`` finds them (the first
    distribution of a name along ``sys.path``, and its first entry point of a name), once per process."""
    directories = [directory for directory in (Path(entry or os.curdir) for entry in sys.path)
                   if _may_hold_distributions(directory)]
    found: dict[str, InstalledPlugin] = {}
    seen: set[str] = set()
    kept = cached_values(CACHE_KIND, directories, _entry_points_in, _accepts, CACHE_STAMP)
    for directory in directories:
        for distribution, entry_points in kept[directory]:
            if distribution in seen:
                continue
            seen.add(distribution)
            for name, value in entry_points:
                found.setdefault(name, InstalledPlugin(name, value))
    return {**found, **path_plugins()}


def path_plugins() -> dict[str, InstalledPlugin]:
    """The plugins of the folders of ``PATIENCE_PLUGIN_PATH`` (``patience --plugin-path DIR``), by name: each
    module ``NAME.py`` or package ``NAME/`` there is the plugin ``NAME`` (its ``_`` written ``-``), the first
    folder's first. Its object is the module's attribute ``plugin``, if it has one, else the module.

    The folders go first on ``sys.path``, so that a plugin may import a module beside it; ``PluginError`` for a
    folder that is missing, or holds a module of a name that is already another module's.
    """
    found: dict[str, InstalledPlugin] = {}
    for folder in reversed([Path(part) for part in os.environ.get(PLUGIN_PATH_VARIABLE, "").split(os.pathsep)
                            if part]):
        modules = _modules_in(folder)
        _put_first_on_path(folder, modules)
        found.update({module.replace("_", "-"): InstalledPlugin(module.replace("_", "-"), module, str(folder))
                      for module in modules})
    return found


def _modules_in(folder: Path) -> list[str]:
    """The names of the modules and packages in ``folder``, but private ones (``_name``), sorted."""
    if not folder.is_dir():
        raise PluginError(f"plugin path {folder}: no such folder")
    return sorted(name for name in map(_module_name, folder.iterdir()) if name and not name.startswith("_"))


def _module_name(path: Path) -> str | None:
    """The name of the module ``path`` is (a ``.py`` file, or a folder with ``__init__.py``), or None."""
    module = path.is_file() and path.suffix == ".py" or (path / "__init__.py").is_file()
    name = path.stem if path.suffix == ".py" else path.name
    return name if module and name.isidentifier() else None


def _put_first_on_path(folder: Path, modules: list[str]) -> None:
    """Put ``folder`` first on ``sys.path``, once; ``PluginError`` if one of its ``modules`` is another's."""
    entry = str(folder.resolve())
    if entry in sys.path:
        return
    for module in modules:
        other = _found_elsewhere(module, entry)
        if other:
            raise PluginError(f"plugin path {folder}: a module {module!r} is already there to import ({other}): "
                              f"rename {module}")
    sys.path.insert(0, entry)
    importlib.invalidate_caches()


def _found_elsewhere(module: str, folder: str) -> str | None:
    """The file of the module ``module`` that importing finds now, if it is not in ``folder``; else None."""
    found = _top_level_spec(module)
    origin = found.origin if found is not None else None
    if origin in (None, "namespace") or Path(origin).resolve().is_relative_to(folder):
        return None
    return origin


def _may_hold_distributions(directory: Path) -> bool:
    """Whether ``importlib.metadata`` may find a distribution in the entry ``directory`` of ``sys.path``: it is a
    file (a zip archive), an egg, or a folder that holds a ``*.dist-info`` or ``*.egg-info`` folder. The others
    (the folder a script runs in, often) are left out of the cache, which would change whenever they do."""
    try:
        names = os.listdir(directory)
    except NotADirectoryError:
        return True
    except OSError:  # missing or unreadable: nothing is found there
        return False
    return directory.suffix == ".egg" or any(name.lower().endswith((".dist-info", ".egg-info")) for name in names)


def _entry_points_in(directory: Path) -> list[list[Any]]:
    """The distributions installed in ``directory`` that declare plugins, each with its plugins' entry points:
    ``[normalized name, [[name, value], ...]]``, in the order ``importlib.metadata`` finds them."""
    import importlib.metadata  # here: it is what the cache saves importing

    distributions = []
    for distribution in importlib.metadata.distributions(path=[str(directory)]):
        name = re.sub(r"[-_.]+", "_", distribution.metadata["Name"] or "").lower()
        plugins = [[entry.name, entry.value] for entry in distribution.entry_points.select(group=ENTRY_POINT_GROUP)]
        distributions.append([name, plugins])
    return distributions


def _accepts(value: Any) -> bool:
    """Whether ``value``, read back from the cache, is what ``_entry_points_in`` gives."""
    return isinstance(value, list) and all(
        isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], list)
        and all(isinstance(pair, list) and len(pair) == 2 and all(isinstance(text, str) for text in pair)
                for pair in item[1]) for item in value)


def plugin_names() -> list[str]:
    """The names of every installed plugin, sorted."""
    return sorted(plugin_entry_points())


def code_files(name: str) -> list[Path]:
    """The files of the installed plugin ``name``'s code, sorted: every file (but compiled bytecode) under the
    top-level package its entry point's module is in, since a plugin may be split over several modules or read
    data beside them; for a module outside any package, the modules in its folder, which it may import.
    Nothing for a plugin not installed, or whose module cannot be found (loading the game says why)."""
    entry = plugin_entry_points().get(name)
    found = _top_level_spec(entry.module) if entry else None
    if found is not None and found.submodule_search_locations:
        return sorted(path for folder in found.submodule_search_locations for path in _files_under(Path(folder)))
    if found is not None and found.origin:
        return _modules_beside(Path(found.origin))
    return []


def _top_level_spec(module: str) -> importlib.machinery.ModuleSpec | None:
    """The spec of the top-level package (or module) of ``module``, found without running it; None if none is."""
    try:
        return importlib.util.find_spec(module.partition(".")[0])
    except (ImportError, ValueError):
        return None


def _files_under(folder: Path) -> list[Path]:
    """The files under ``folder``, but those of ``__pycache__`` folders."""
    return [path for path in folder.rglob("*") if path.is_file() and "__pycache__" not in path.parts]


def _modules_beside(module: Path) -> list[Path]:
    """The modules (source or extension) in the folder of the module file ``module``, sorted."""
    suffixes = (*importlib.machinery.SOURCE_SUFFIXES, *importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(path for path in module.parent.iterdir() if path.name.endswith(suffixes) and path.is_file())


def code_digest(names: Iterable[str]) -> str:
    """The SHA-256 of the code of the installed plugins ``names`` (``code_files``): each file's path within the
    plugin's folder, and its bytes. It changes whenever any of that code does, wherever it is installed."""
    digest = hashlib.sha256()
    for name in sorted(set(names)):
        files = code_files(name)
        root = Path(os.path.commonpath([path.parent for path in files])) if files else Path()
        digest.update(f"plugin {name}: {len(files)} files\n".encode())
        for path in files:
            content = path.read_bytes()
            digest.update(f"{path.relative_to(root).as_posix()} {len(content)}\n".encode())
            digest.update(content)
    return digest.hexdigest()


@functools.cache
def load_plugin(name: str) -> Any:
    """The object an installed plugin's entry point names: a module, or a class made once per game."""
    return plugin_entry_points()[name].load()


def group_option(description: str, *, many: bool = False) -> dict[str, Any]:
    """The JSON Schema of a plugin option that names a pile group (``many``: a list of them).

    The loader checks such names against the game's groups, with the file position.
    """
    if many:
        return {"description": description, "type": "array", "items": {"type": "string"}, "x-patience": "groups"}
    return {"description": description, "type": "string", "x-patience": "group"}


def options_schema(plugin: Any) -> Mapping[str, Any] | None:
    """The JSON Schema of a plugin's options, or None if it takes none."""
    return getattr(plugin, "options_schema", None)
