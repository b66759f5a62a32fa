"""The ``patience`` command."""

from __future__ import annotations

import sys

import click

from . import load_game
from .cards import card_symbol
from .errors import PatienceError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Play and study patience (solitaire) games defined in YAML."""


@main.command()
@click.argument("game")
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True, help="Deal number.")
def show(game: str, seed: int) -> None:
    """Print the opening deal of GAME."""
    try:
        loaded = load_game(game)
    except PatienceError as error:
        click.echo(f"patience: {error}", err=True)
        sys.exit(2)
    state = loaded.deal(seed)
    click.echo(f"{loaded.name}, deal {seed}")
    for index, name in enumerate(loaded.pile_names):
        pile = state.piles[index]
        if loaded.pile_group[index].role == "stock":
            text = f"{len(pile)} cards face down"
        else:
            text = " ".join(card_symbol(card) for card in pile) or "-"
        click.echo(f"{name:>4}: {text}")
