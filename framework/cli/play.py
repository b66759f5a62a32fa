"""The commands that play: ``play`` a game in the terminal, ``replay`` a saved one move by move."""

from __future__ import annotations

import functools
import random
import sys
from typing import TYPE_CHECKING

import click

from ..seeds import Seed
from .common import reports_errors, rules_path_option, seed_option, wants_colour

if TYPE_CHECKING:
    from ..moves import Move


@click.command()
@click.argument("game", required=False)
@seed_option("Deal number (default: a random deal, shown in the heading).")
@click.option("--load", "save_file", help="Continue the game saved in this file.")
@click.option("--auto/--no-auto", default=True, show_default=True,
              help="Play safe moves to the foundations by themselves.")
@click.option("--peek", is_flag=True,
              help="Let hints look at the cards you cannot see (face-down cards, the stock); by default they do not.")
@rules_path_option
@reports_errors
def play(game: str | None, seed: Seed | None, save_file: str | None, auto: bool, peek: bool) -> None:
    """Play GAME in the terminal (type help once it starts).

    When standard input is not a terminal, commands are read from it line by line and
    the output is plain text. Exit status 1 if the game ends lost.
    """
    from ..game import load_game
    from ..player import loop
    from ..player.render import Look
    from ..session import Session, load_session

    if save_file is not None and seed is not None:
        raise click.UsageError("give --seed or --load, not both")
    opening: list[Move] = []
    if save_file is not None:
        session = load_session(save_file, game=load_game(game) if game is not None else None, autoplay=auto)
    elif game is not None:
        deal = random.SystemRandom().randrange(1_000_000) if seed is None else seed
        session, opening = Session.new(load_game(game), deal, autoplay=auto)
    else:
        raise click.UsageError("name a GAME to play, or --load a saved game")
    interactive = sys.stdin.isatty()
    colour = interactive and wants_colour(sys.stdout)
    look = Look.for_stream(sys.stdout, colour=colour)
    lines = None if interactive else sys.stdin
    status = loop.play(session, functools.partial(click.echo, color=colour), look, lines, opening=opening, peek=peek)
    sys.exit(status)


@click.command()
@click.argument("file")
@click.option("--game", help="The game's name or rule file, if the save is of a game not found by name.")
@rules_path_option
@reports_errors
def replay(file: str, game: str | None) -> None:
    """Step through the game saved in FILE, from the deal to the last move.

    On a terminal press Enter for each next move (q stops); otherwise every move is shown.
    """
    from ..game import load_game
    from ..player import loop
    from ..player.render import Look
    from ..session import load_session

    session = load_session(file, game=load_game(game) if game else None)
    colour = wants_colour(sys.stdin, sys.stdout)
    look = Look.for_stream(sys.stdout, colour=colour)
    pause = _ask_next if sys.stdin.isatty() else None
    loop.replay(session, functools.partial(click.echo, color=colour), look, pause)


def _ask_next() -> bool:
    try:
        return input("Enter: next move, q: stop ").strip().lower() != "q"
    except (EOFError, KeyboardInterrupt):
        return False
