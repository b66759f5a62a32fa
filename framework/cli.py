"""The ``patience`` command: list, read, draw, play, check and replay games.

The commands that drive the web player, the solver and the starter file live
with what they drive and are added here. Exit statuses and errors: see
``framework.clicommon``.
"""

from __future__ import annotations

import functools
import os
import random
import sys
from pathlib import Path

import click

from .clicommon import NO, USAGE_ERROR, reports_errors, rules_path_option, seed_option, wants_colour
from .errors import LoadError, PatienceError
from .game import Game, load_game
from .loader import available_games, load_spec, parse_spec, read_rule_file
from .moves import Move
from .player import loop
from .player.render import Look, draw, pack_words, pile_names
from .seeds import Seed
from .session import Session, load_session
from .solver.commands import solve, stats
from .starter import new
from .web.command import serve


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@rules_path_option
def main() -> None:
    """Play and study patience (solitaire) games defined in YAML."""


@main.command("list")
@rules_path_option
def list_games() -> None:
    """List the games that can be played by name: one line each with title, decks and difficulty.

    Games come from your rule directories (--rules-path, PATIENCE_RULES_PATH), the built-in
    ones, and installed packages that ship rule files.
    """
    games = available_games()  # every place the loader finds games by name
    size = max(map(len, games), default=0)
    for name, path in games.items():
        try:
            spec = load_spec(path)
        except LoadError as error:
            click.echo(f"{name:<{size}}  cannot be loaded: {error.problems[0]}")
            continue
        click.echo(f"{name:<{size}}  {spec.name}, {pack_words(spec)}, {spec.difficulty or 'difficulty not given'}")


@main.command()
@click.argument("game")
@rules_path_option
@reports_errors
def rules(game: str) -> None:
    """Print the rules of GAME (a game's name or a rule file)."""
    loaded = load_game(game)
    spec = loaded.spec
    click.echo(f"{spec.name}: {pack_words(spec)}, {spec.difficulty or 'difficulty not given'}")
    click.echo()
    click.echo(spec.rules.rstrip() or "The rule file has no rules text.")
    click.echo()
    click.echo(f"Piles: {pile_names(loaded)}.")


@main.command()
@click.argument("game")
@seed_option("Deal number (default 1).")
@rules_path_option
@reports_errors
def show(game: str, seed: Seed | None) -> None:
    """Draw the opening deal of GAME."""
    state = load_game(game).deal(1 if seed is None else seed)
    colour = wants_colour(sys.stdout)
    click.echo(draw(state, Look.for_stream(sys.stdout, colour=colour)), color=colour)


@main.command()
@click.argument("game", required=False)
@seed_option("Deal number (default: a random deal, shown in the heading).")
@click.option("--load", "save_file", help="Continue the game saved in this file.")
@click.option("--auto/--no-auto", default=True, show_default=True, help="Play safe moves to the foundations by themselves.")
@rules_path_option
@reports_errors
def play(game: str | None, seed: Seed | None, save_file: str | None, auto: bool) -> None:
    """Play GAME in the terminal (type help once it starts).

    When standard input is not a terminal, commands are read from it line by line and
    the output is plain text. Exit status 1 if the game ends lost.
    """
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
    status = loop.play(session, functools.partial(click.echo, color=colour), look, lines, opening=opening)
    sys.exit(status)


@main.command()
@click.argument("files", nargs=-1, required=True)
def validate(files: tuple[str, ...]) -> None:
    """Check rule files: one line FILE:LINE:COLUMN: MESSAGE per problem.

    Exit status 1 if any file has a problem, 2 if a file cannot be read.
    """
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
    try:
        Game(parse_spec(raw, source=file, game_id=Path(file).stem))
    except LoadError as error:
        return [str(problem) for problem in error.problems]
    except PatienceError as error:
        return [f"{file}: {error}"]
    return []


@main.command()
@click.argument("file")
@click.option("--game", help="The game's name or rule file, if the save is of a game not found by name.")
@rules_path_option
@reports_errors
def replay(file: str, game: str | None) -> None:
    """Step through the game saved in FILE, from the deal to the last move.

    On a terminal press Enter for each next move (q stops); otherwise every move is shown.
    """
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


# Commands that live with what they drive: the web player, the solver, the starter file.
for command in (serve, solve, stats, new):
    main.add_command(command)

if __name__ == "__main__":
    main()

