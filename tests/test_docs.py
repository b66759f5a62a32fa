"""The documentation stays true to the code.

- ``docs/reference.md`` is exactly what ``framework.schema_doc`` generates from the
  JSON Schema and the built-in plugins' options, and names every key;
- ``docs/plugins.md`` documents every hook (with its arguments) and every built-in
  plugin (with its options), and its tutorial plugin works as written;
- the README's quickstart is the two make targets, and links between pages resolve.

The examples inside docs/*.md are run as doctests by pytest itself (see pyproject.toml).
"""

from __future__ import annotations

import inspect
import json
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from helpers import declared_hooks

import framework
from framework import games_doc, hookspecs, plugins, schema_doc
from framework.schemacheck import game_schema

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
REGENERATE = f"docs/reference.md is out of date; regenerate it with: {schema_doc.COMMAND}"


def read(name: str) -> str:
    return (ROOT / name).read_text("utf-8")


def code_blocks(text: str, language: str) -> list[str]:
    """The fenced code blocks of ``language`` in a Markdown text."""
    return re.findall(rf"^```{language}\n(.*?)^```", text, re.MULTILINE | re.DOTALL)


def section(text: str, heading: str) -> str:
    """The text under the Markdown heading line ``heading``, up to the next heading of its level or above (or its anchor)."""
    level = len(heading) - len(heading.lstrip("#"))
    start = text.index(heading + "\n") + len(heading) + 1
    end = re.search(rf"^(#{{1,{level}}} |<a id=)", text[start:], re.MULTILINE)
    return text[start:start + end.start()] if end else text[start:]


def all_schemas() -> Iterator[dict[str, Any]]:
    """The game schema and the option schemas of the built-in plugins."""
    yield game_schema()
    for plugin in schema_doc.builtin_plugins().values():
        options = plugins.options_schema(plugin)
        if options is not None:
            yield dict(options)


def walk(value: Any) -> Iterator[dict[str, Any]]:
    """Every mapping nested anywhere in a JSON value."""
    if isinstance(value, dict):
        yield value
        for inner in value.values():
            yield from walk(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from walk(inner)


# --- the generated reference ----------------------------------------------------------------


def test_the_reference_is_generated_from_the_schema():
    assert read("docs/reference.md") == schema_doc.reference(), REGENERATE


def test_the_games_page_is_generated_from_the_rule_files():
    assert read("docs/games.md") == games_doc.games_page(games_doc.builtin_specs()), \
        f"docs/games.md is out of date; regenerate it with: {games_doc.COMMAND}"


def test_the_games_page_lists_every_built_in_game_by_family():
    specs = games_doc.builtin_specs()
    assert {spec.id for spec in specs} == set(framework.available_games())
    assert all(spec.family and spec.summary for spec in specs), [spec.id for spec in specs if not spec.summary]
    page = games_doc.games_page(specs)
    assert all(f"(`{spec.id}`)" in page for spec in specs)


def test_the_regenerate_command_prints_the_reference():
    printed = subprocess.run(
        [sys.executable, "-m", "framework.schema_doc"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode("utf-8")
    assert printed == schema_doc.reference()


def test_the_reference_has_a_heading_for_every_key():
    keys = {key for schema in all_schemas() for mapping in walk(schema) for key in mapping.get("properties", {})}
    headings = set(re.findall(r"^#+ `(?:[^`]*\.)?([^`.]+)`$", schema_doc.reference(), re.MULTILINE))
    assert keys - headings == set(), "keys of the schema missing from the generated reference"


def test_the_reference_shows_every_description():
    text = schema_doc.reference()
    descriptions = {m["description"] for schema in all_schemas() for m in walk(schema) if isinstance(m.get("description"), str)}
    assert [d for d in descriptions if d not in text] == []


SAMPLE = {
    "type": "object",
    "required": ["size"],
    "properties": {
        "size": {"description": "How big.", "type": "integer", "minimum": 1, "maximum": 8},
        "colour": {"enum": ["red", "black"], "default": "red"},
        "where": {"$ref": "#/$defs/place"},
        "steps": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/step"}},
        "count": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "array", "items": {"type": "integer"}}, {"const": "rest"}]},
    },
    "$defs": {
        "place": {"description": "A place: a lower-case word.", "type": "string", "pattern": "^[a-z]+$"},
        "step": {
            "type": "object",
            "properties": {"pile": {"type": "integer"}, "piles": {"type": "integer"}, "wrap": {"type": "boolean", "default": False}},
            "not": {"required": ["pile", "piles"]},
        },
    },
}


def test_the_generator_shows_types_values_defaults_and_constraints():
    text = schema_doc.keys_text(SAMPLE)
    assert section(text, "### `size`").strip() == "How big.\n\n- Required.\n- Value: a whole number (1 to 8)."
    assert section(text, "### `colour`").strip() == "- Value: one of `red`, `black`.\n- Default: `red`."
    assert section(text, "### `where`").strip() == "A place: a lower-case word.\n\n- Value: a [place](#type-place)."
    assert section(text, "### `steps`").strip() == "- Value: a list (1 or more items) of: a mapping with the keys of [`steps[]`](#keys-steps)."
    assert section(text, "### `count`").strip() == (
        "- Value, one of these:\n  - a whole number (0 or more)\n  - a list of: a whole number\n  - `rest`"
    )
    steps = section(text, "## `steps[]`").strip()
    assert steps.startswith("`pile` and `piles` may not all be given together.")
    assert "### `steps[].wrap`\n\n- Value: `true` or `false`.\n- Default: `false`." in steps
    assert '<a id="type-place"></a>\n\n### place\n\nA place: a lower-case word.\n\n- Value: text matching `^[a-z]+$`.' in text


def keywords(schema: Any) -> Iterator[str]:
    """The JSON Schema keywords used in a schema and the schemas inside it (not the names of keys)."""
    if not isinstance(schema, dict):
        return
    for keyword, value in schema.items():
        yield keyword
        if keyword in ("properties", "$defs"):
            for inner in value.values():
                yield from keywords(inner)
        elif keyword in ("anyOf", "oneOf", "allOf", "prefixItems"):
            for inner in value:
                yield from keywords(inner)
        elif isinstance(value, dict) and not keyword.startswith("x-"):  # an x- keyword's value is data, not schema
            yield from keywords(value)


def test_the_generator_understands_every_keyword_of_the_schema():
    unknown = {keyword for schema in all_schemas() for keyword in keywords(schema)} - schema_doc.UNDERSTOOD
    assert unknown == set(), f"teach framework/schema_doc.py to show {sorted(unknown)} in the reference"
    negations = [mapping["not"] for schema in all_schemas() for mapping in walk(schema) if isinstance(mapping.get("not"), dict)]
    assert all(set(negation) == {"required"} for negation in negations), "teach framework/schema_doc.py this form of 'not'"


# --- rules.md walks through a real rule file ------------------------------------------------------


def test_rules_md_explains_every_key_of_the_steeplechase_file():
    prose = re.sub(r"^```.*?^```", "", read("docs/rules.md"), flags=re.MULTILINE | re.DOTALL)
    schema_keys = {key for schema in all_schemas() for mapping in walk(schema) for key in mapping.get("properties", {})}
    used = {key for mapping in walk(yaml.safe_load(read("rules/steeplechase.yaml"))) for key in mapping}
    assert sorted(key for key in used & schema_keys if f"`{key}`" not in prose) == []


# --- plugins.md: hooks and built-in plugins -----------------------------------------------------


def hookspec_signatures() -> dict[str, list[str]]:
    """Every hook in framework/hookspecs.py with its argument names."""
    marker = f"{hookspecs.PROJECT}_spec"
    return {
        name: list(inspect.signature(function).parameters)
        for name, function in vars(hookspecs).items()
        if callable(function) and hasattr(function, marker)
    }


def documented_hooks() -> dict[str, list[str]]:
    """The hooks docs/plugins.md has a ``### `name(arguments)``` section for."""
    found = re.findall(r"^### `(\w+)\(([^)]*)\)`$", read("docs/plugins.md"), re.MULTILINE)
    return {name: [word.strip() for word in arguments.split(",") if word.strip()] for name, arguments in found}


def test_the_hookspecs_are_found():
    assert declared_hooks(), "no @hookspec found in framework/hookspecs.py"
    assert set(hookspec_signatures()) == declared_hooks()


def test_every_hook_is_documented_with_its_arguments():
    documented = documented_hooks()
    for name, arguments in hookspec_signatures().items():
        heading = f"### `{name}({', '.join(arguments)})`"
        assert name in documented, f"hook {name!r} is not documented: add a section '{heading}' to docs/plugins.md"
        assert documented[name] == arguments, f"hook {name!r} changed its arguments: its heading in docs/plugins.md should be '{heading}'"
        assert "**Returns:**" in section(read("docs/plugins.md"), heading), f"say what {name!r} returns"
        assert "**Called:**" in section(read("docs/plugins.md"), heading), f"say when {name!r} is called"


def test_no_hook_is_documented_that_does_not_exist():
    assert set(documented_hooks()) - set(hookspec_signatures()) == set()


def test_every_built_in_plugin_is_documented_with_its_options():
    text = read("docs/plugins.md")
    for name, plugin in schema_doc.builtin_plugins().items():
        heading = f"### `{name}`"
        assert heading in text.splitlines(), f"built-in plugin {name!r} is not documented: add a section '{heading}' to docs/plugins.md"
        options = (plugins.options_schema(plugin) or {}).get("properties", {})
        missing = [option for option in options if f"`{option}`" not in section(text, heading)]
        assert missing == [], f"docs/plugins.md does not describe the options {missing} of {name!r}"


# --- the plugin tutorial, installed as pip would and played ------------------------------------

PLAY = """
import json, sys
import framework

def load_problems(path):
    try:
        framework.load_game(path)
    except framework.LoadError as error:
        return [problem.message for problem in error.problems]
    return []

def onto_and_back(game):
    # a deal, a move onto a foundation in it, and a move back from a foundation after that
    foundations = set(game.foundation_piles)
    for seed in range(100):
        state = game.deal(seed)
        for onto in state.legal_moves():
            if onto.target in foundations and onto.source not in foundations:
                state.push(onto)
                for back in state.legal_moves():
                    if back.source in foundations and back.target not in foundations:
                        state.pop()
                        return state, onto, back
                state.pop()

game = framework.load_game(sys.argv[1])
state, onto, back = onto_and_back(game)
result = {"at_deal": dict(state.vars)}
state.push(onto)
result["after_onto"] = state.vars["score"]
result["saved"] = state.to_json()["vars"]["score"]
result["loaded"] = game.state_from_json(json.dumps(state.to_json())).vars["score"]
state.push(back)
result["after_back"] = state.vars["score"]
state.pop()
state.pop()
result["after_pops"] = state.vars["score"]
result["problems"] = load_problems(sys.argv[2]) + load_problems(sys.argv[3])
print(json.dumps(result))
"""


def install_tutorial_plugin(site: Path) -> str:
    """Put the tutorial's module and package metadata in ``site`` as pip would; the plugin's name."""
    text = read("docs/plugins.md")
    module = next(block for block in code_blocks(text, "python") if block.startswith("# patience_score.py"))
    project = tomllib.loads(code_blocks(text, "toml")[0])
    assert project["tool"]["setuptools"]["py-modules"] == ["patience_score"]
    site.mkdir()
    (site / "patience_score.py").write_text(module, "utf-8")
    info = site / f"{project['project']['name'].replace('-', '_')}-{project['project']['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['project']['name']}\nVersion: {project['project']['version']}\n")
    entry_points = project["project"]["entry-points"][plugins.ENTRY_POINT_GROUP]
    lines = "".join(f"{name} = {target}\n" for name, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[{plugins.ENTRY_POINT_GROUP}]\n{lines}")
    (name,) = entry_points
    return name


def test_the_plugin_tutorial_works_as_written(tmp_path):
    name = install_tutorial_plugin(tmp_path / "site")
    text = read("docs/plugins.md")
    uses = yaml.safe_load(next(block for block in code_blocks(text, "yaml") if name in block))["plugins"]
    game = yaml.safe_load(read("rules/steeplechase.yaml"))

    def rule_file(file_name: str, options: Any) -> str:
        game["plugins"] = [use if name not in use else {options[0]: options[1]} for use in uses]
        (tmp_path / file_name).write_text(yaml.safe_dump(game, sort_keys=False), "utf-8")
        return str(tmp_path / file_name)

    good = rule_file("mygame.yaml", (name, next(use for use in uses if name in use)[name]))
    bad_option = rule_file("bad_option.yaml", (name, {"points": 0}))
    misspelt = rule_file("misspelt.yaml", (name[:-1], {"points": 5}))
    environment = dict(os.environ, PYTHONPATH=str(tmp_path / "site"))
    run = subprocess.run(
        [sys.executable, "-c", PLAY, good, bad_option, misspelt], cwd=tmp_path, env=environment, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["at_deal"]["score"] == 0
    assert result["after_onto"] == result["saved"] == result["loaded"] == 5  # the tutorial's points: 5
    assert result["after_back"] == 0 and result["after_pops"] == 0
    shown = [line.split(": ", 1)[1] for line in code_blocks(text, "text")[0].splitlines()]
    assert result["problems"] == shown
    tests = next(block for block in code_blocks(text, "python") if block.startswith("# test_patience_score.py"))
    (tmp_path / "test_patience_score.py").write_text(tests, "utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_patience_score.py"],
        cwd=tmp_path, env=environment, capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


# --- README and links ----------------------------------------------------------------------------


def test_the_readme_quickstart_is_the_two_make_targets():
    readme = read("README.md")
    quickstart = code_blocks(section(readme, "## Quickstart"), "sh")
    assert [line for block in quickstart for line in block.splitlines() if line and not line.startswith("#")] == ["make play", "make test"]
    targets = re.findall(r"^([a-z]+):", read("Makefile"), re.MULTILINE)
    assert {"play", "test"} <= set(targets)
    assert "make test" in read(".ci/run")


def anchors(text: str) -> set[str]:
    """The link targets of a Markdown page: explicit ids and GitHub's heading slugs."""
    found = set(re.findall(r'<a id="([^"]+)"></a>', text))
    for heading in re.findall(r"^#+ (.+)$", text, re.MULTILINE):
        found.add(re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-"))
    return found


def test_links_between_the_pages_resolve():
    pages = ["README.md"] + [f"docs/{path.name}" for path in sorted(DOCS.glob("*.md"))]
    broken = []
    for page in pages:
        here = (ROOT / page).parent
        for target in re.findall(r"\]\(([^)\s]+)\)", read(page)):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            path, _, fragment = target.partition("#")
            file = (here / path).resolve() if path else ROOT / page
            if not file.exists():
                broken.append(f"{page}: {target}")
            elif fragment and file.suffix == ".md" and fragment not in anchors(file.read_text("utf-8")):
                broken.append(f"{page}: {target}")
    assert broken == []


def test_the_layer_table_of_development_md_names_every_module():
    rows = [line for line in section(read("docs/development.md"), "## The layers").splitlines() if line.startswith("| ")]
    named = {name for row in rows[1:] for name in re.findall(r"`([\w/]+)`", row.split("|")[2])}
    framework_dir = ROOT / "framework"
    modules = {path.stem for path in framework_dir.glob("*.py") if path.stem != "__init__"}
    packages = {f"{path.parent.name}/" for path in framework_dir.glob("*/__init__.py")}
    assert named == modules | packages


#: Commands that build a program from another repository's sources.
BUILD_STEPS = re.compile(r"\b(g\+\+|gcc|clang|cmake|git clone|\./configure)\s")


def test_no_page_or_script_tells_how_to_build_an_outside_program():
    # A program from outside the package registries is named by its public repository, and taken by its path.
    files = [ROOT / "README.md", *DOCS.glob("*.md"), *(ROOT / "benchmarks").glob("*.py")]
    found = [f"{path.relative_to(ROOT)}: {match.group()}" for path in files
             for match in BUILD_STEPS.finditer(path.read_text("utf-8"))]
    assert found == []


def test_every_family_word_has_a_heading_on_the_games_page():
    family = game_schema()["properties"]["family"]
    assert list(family["x-headings"]) == family["enum"]
