"""The commands about games themselves: list them, print their rules, draw a deal, check rule files."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from ..errors import LoadError
from ..seeds import Seed
from .common import NO, USAGE_ERROR, reports_errors, rules_path_option, seed_option, wants_colour


@click.command("list")
@rules_path_option
def list_games() -> None:
    """List the games that can be played by name: one line each with title, decks and difficulty.

    Games come from your rule directories (--rules-path, PATIENCE_RULES_PATH), the built-in
    ones, and installed packages that ship rule files.
    """
    from ..listing import listed_games

    games = listed_games()  # every place the loader finds games by name
    size = max(map(len, games), default=0)
    for name, listed in games.items():
        click.echo(f"{name:<{size}}  {listed}")


@click.command()
@click.argument("game")
@rules_path_option
@reports_errors
def rules(game: str) -> None:
    """Print the rules of GAME (a game's name or a rule file)."""
    from ..game import load_game
    from ..listing import pack_words
    from ..player.render import pile_names

    loaded = load_game(game)
    spec = loaded.spec
    click.echo(f"{spec.name}: {pack_words(spec)}, {spec.difficulty or 'difficulty not given'}")
    click.echo()
    click.echo(spec.rules.rstrip() or "The rule file has no rules text.")
    click.echo()
    click.echo(f"Piles: {pile_names(loaded)}.")


@click.command()
@click.argument("game")
@seed_option("Deal number (default 1).")
@rules_path_option
@reports_errors
def show(game: str, seed: Seed | None) -> None:
    """Draw the opening deal of GAME."""
    from ..game import load_game
    from ..player.render import Look, draw

    state = load_game(game).deal(1 if seed is None else seed)
    colour = wants_colour(sys.stdout)
    click.echo(draw(state, Look.for_stream(sys.stdout, colour=colour)), color=colour)


@click.command()
@click.argument("files", nargs=-1, required=True)
def validate(files: tuple[str, ...]) -> None:
    """Check rule files: one line FILE:LINE:COLUMN: MESSAGE per problem.

    Exit status 1 if any file has a problem, 2 if a file cannot be read.
    """
    from ..loader import read_rule_file

    status = 0
    for file in files:
        if not os.path.lexists(file):
            click.echo(f"patience: {file}: cannot read: No such file or directory", err=True)
            status = USAGE_ERROR
            continue
        try:
            raw = read_rule_file(Path(file), file)  # never blocks on a pipe nor reads a device forever
        except LoadError as error:
            problems = [str(problem) for problem in error.problems]
        else:
            problems = _problems(raw, file)
        for problem in problems:
            click.echo(problem)
        if problems:
            status = max(status, NO)
        else:
            click.echo(f"{file}: ok")
    sys.exit(status)


def _problems(raw: bytes, file: str) -> list[str]:
    """Every problem of one rule file: the loader's, then any a plugin finds when the game is built."""
    from ..rulecheck import rule_problems

    return [str(problem) for problem in rule_problems(raw, file, Path(file).stem)]
