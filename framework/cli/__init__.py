"""The ``patience`` command: one group, its commands in the modules beside this one.

``games`` lists, explains, draws and checks games; ``play`` plays and replays them;
``solve`` solves deals; ``stats`` gathers statistics; ``atlas`` writes them up for every
game; ``serve`` starts the web player; ``new`` writes a starter rule file. Exit statuses
and errors: see ``framework.cli.common``.
"""

from __future__ import annotations

import importlib

import click

from .common import rules_path_option

#: Each command's name, and the module beside this one and the name in it of its function. A command's module is
#: imported only when the command runs or is listed (``--help``), so that one command pays for no other's imports.
COMMANDS = {
    "atlas": ("atlas", "atlas"),
    "list": ("games", "list_games"),
    "new": ("new", "new"),
    "play": ("play", "play"),
    "replay": ("play", "replay"),
    "rules": ("games", "rules"),
    "serve": ("serve", "serve"),
    "show": ("games", "show"),
    "solve": ("solve", "solve"),
    "stats": ("stats", "stats"),
    "validate": ("games", "validate"),
}


class CommandsByName(click.Group):
    """A group whose commands are imported from their modules when first asked for (click's lazy loading)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, name = COMMANDS[cmd_name]
        command: click.Command = getattr(importlib.import_module(f".{module}", __name__), name)
        return command


@click.group(cls=CommandsByName, context_settings={"help_option_names": ["-h", "--help"]})
@rules_path_option
def main() -> None:
    """Play and study patience (solitaire) games defined in YAML."""
