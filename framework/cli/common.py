"""What the commands share: how errors end a command, the deal and rules-path options, colour.

Exit status: 0 for success, 1 when the answer is "no" (a lost game, a rule
file with problems), 2 for wrong usage or input that cannot be read. Errors
are one line each (one per problem for rule files), never a traceback.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..errors import PatienceError
from ..rulefiles import RULES_PATH_VARIABLE
from ..seeds import EXPECTED, Seed, SeedError, parse_seed

USAGE_ERROR = 2
NO = 1

Function = TypeVar("Function", bound=Callable[..., Any])


def reports_errors(function: Function) -> Function:
    """Turn the framework's errors about input into a message and exit status 2."""

    @functools.wraps(function)
    def wrapper(*arguments: Any, **options: Any) -> Any:
        try:
            return function(*arguments, **options)
        except PatienceError as error:
            click.echo(f"patience: {error}", err=True)
            sys.exit(USAGE_ERROR)

    return wrapper  # type: ignore[return-value]


def wants_colour(*streams: Any) -> bool:
    """Colour only on terminals, and never when ``NO_COLOR`` is set (https://no-color.org)."""
    return not os.environ.get("NO_COLOR") and all(stream.isatty() for stream in streams)


class DealSeed(click.ParamType):
    """A deal, as ``framework.seeds`` reads it: a whole number, or a named deal a plugin knows (``ms:617``)."""

    name = "deal"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Seed:
        try:
            return parse_seed(value)
        except SeedError:
            self.fail(f"{value!r} is not a deal: give {EXPECTED}", param, ctx)


DEAL_SEED = DealSeed()


def seed_option(help_text: str) -> Callable[[Function], Function]:
    """The ``--seed`` option: a deal number, 0 or more, or a named deal (``ms:617``)."""
    return click.option("--seed", type=DEAL_SEED, help=help_text)


def _search_first(context: click.Context, parameter: click.Parameter, directories: tuple[str, ...]) -> None:
    """Put ``directories`` first in the loader's search path (which it reads from the environment)."""
    if directories:
        rest = [os.environ[RULES_PATH_VARIABLE]] if os.environ.get(RULES_PATH_VARIABLE) else []
        os.environ[RULES_PATH_VARIABLE] = os.pathsep.join([*directories, *rest])


def _plugins_first(context: click.Context, parameter: click.Parameter, directories: tuple[str, ...]) -> None:
    """Put ``directories`` first in the plugin path (``plugins.path_plugins``), which it reads from the environment
    (so that the processes a command starts find them too), and forget the plugins found before."""
    from .. import plugins  # here: only a run with the option needs it before its command does
    from ..plugins import PLUGIN_PATH_VARIABLE

    if directories:
        rest = [os.environ[PLUGIN_PATH_VARIABLE]] if os.environ.get(PLUGIN_PATH_VARIABLE) else []
        os.environ[PLUGIN_PATH_VARIABLE] = os.pathsep.join([*map(os.path.abspath, directories), *rest])
        plugins.plugin_entry_points.cache_clear()
        plugins.load_plugin.cache_clear()
        try:
            plugins.path_plugins()
        except PatienceError as error:
            raise click.BadParameter(str(error), context, parameter) from None


def rules_path_option(function: Function) -> Function:
    """The ``--rules-path DIR`` and ``--plugin-path DIR`` options, taken before a command's name and after it
    alike."""
    function = click.option(
        "--plugin-path", multiple=True, type=click.Path(exists=True, file_okay=False), expose_value=False,
        callback=_plugins_first, is_eager=True,
        help="A directory of plugin modules for this run: NAME.py (or a package NAME/) there is the plugin NAME, "
             "found before the installed ones (may be repeated).",
    )(function)
    return click.option(
        "--rules-path", multiple=True, type=click.Path(file_okay=False), expose_value=False, callback=_search_first,
        help=f"A directory of your own rule files, searched before the built-in games (may be repeated; "
             f"the environment variable {RULES_PATH_VARIABLE} works too, with directories joined by '{os.pathsep}').",
    )(function)
