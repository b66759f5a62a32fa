"""``patience new NAME``: write a commented starter rule file to begin a game from."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

import click

from ..errors import PatienceError, quoted

#: The longest name of a game: a file name, and a word of ``patience list``.
MAX_NAME = 100

STARTER = """\
# yaml-language-server: $schema={schema}
#
# {title}: a new patience game. Every key is explained in docs/rules.md and
# docs/reference.md; try it with:
#   patience validate {file}
#   patience show {file} --seed 1
#   patience play {file}
#   patience solve {file} --seed 1
name: {title}
decks: 1                      # how many 52-card decks are shuffled together
difficulty: medium            # easy, medium or hard
rules: |
  Say the rules here in a few sentences; players read them with
  'patience rules'.

groups:                       # the piles of the table, in groups of like piles
  foundation:
    role: foundation          # foundations count for the win
    piles: 4
    build: {{direction: up, suit: same suit}}   # up by suit...
    max_cards: 13
    when_empty: {{accepts: A}}                   # ...from the ace
  tableau:
    role: tableau
    piles: 7
    build: {{direction: down, suit: alternate colours}}
    pick: run                 # top card, run, any tail or nothing
    moves_to: [foundation, tableau]
    when_empty: {{accepts: any}}                 # or a rank such as K, or nothing
    fan: down                 # a layout hint for the players
  stock:
    role: stock
    deals_to: waste
    cards_per_turn: 1
    redeals: 0                # or a number, or unlimited
  waste:
    role: waste
    pick: top card
    moves_to: [foundation, tableau]

deal:                         # from the top of the shuffled pack, step by step
  - {{to: tableau, cards: 3, by_rows: true}}     # three cards on each column
  - {{to: stock, cards: rest}}                   # the rest is the stock

won_when: all cards on foundations

layout:                       # how the players draw the table, row by row
  rows:
    - [stock, waste, foundation]
    - [tableau]
"""


def starter_text(name: str) -> str:
    """The starter rule file of a game called ``name`` (its file name without ``.yaml``)."""
    schema = Path(str(resources.files("framework").joinpath("schema/game.schema.json"))).resolve().as_uri()
    title = name.replace("-", " ").replace("_", " ").title()
    return STARTER.format(schema=schema, title=title, file=f"{name}.yaml")


@click.command()
@click.argument("name")
@click.option("--directory", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="Where to write NAME.yaml.")
def new(name: str, directory: Path) -> None:
    """Write NAME.yaml, a commented starter rule file for a new game."""
    from ..loader import parse_spec

    if not name.replace("-", "").replace("_", "").isalnum() or not name[0].isalpha() or len(name) > MAX_NAME:
        click.echo(f"patience: {quoted(name)} is not a game name: use letters, digits, '-' and '_', "
                   f"starting with a letter, at most {MAX_NAME} characters", err=True)
        sys.exit(2)
    path = directory / f"{name}.yaml"
    text = starter_text(name)
    try:
        if path.exists():
            click.echo(f"patience: {path} exists already; choose another name or remove it", err=True)
            sys.exit(2)
        parse_spec(text, source=str(path), game_id=name)  # the starter must always load
        directory.mkdir(parents=True, exist_ok=True)
        with open(path, "x", encoding="utf-8") as file:
            file.write(text)
    except (OSError, PatienceError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error  # the path is said once
        click.echo(f"patience: cannot write {path}: {reason}", err=True)
        sys.exit(2)
    click.echo(f"wrote {path}; next: patience validate {path}")
