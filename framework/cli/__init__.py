"""The ``patience`` command: one group, its commands in the modules beside this one.

``games`` lists, explains, draws and checks games; ``play`` plays and replays them;
``solve`` solves deals; ``stats`` gathers statistics; ``atlas`` writes them up for every
game; ``serve`` starts the web player; ``new`` writes a starter rule file. Exit statuses
and errors: see ``framework.cli.common``.
"""

from __future__ import annotations

import click

from .atlas import atlas
from .common import rules_path_option
from .games import list_games, rules, show, validate
from .new import new
from .play import play, replay
from .serve import serve
from .solve import solve
from .stats import stats


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@rules_path_option
def main() -> None:
    """Play and study patience (solitaire) games defined in YAML."""


for command in (list_games, rules, show, play, validate, replay, serve, solve, stats, atlas, new):
    main.add_command(command)
