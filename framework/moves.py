"""Moves and the changes they make.

A ``Move`` is a small immutable value. A card move takes the top ``count`` cards
of pile ``source`` onto pile ``target``. A named action (``action`` not empty),
such as turning the stock, is carried out as a list of ``Change`` values, each
of which the kernel knows how to undo.
"""

from __future__ import annotations

from typing import Any, NamedTuple

#: The kernel's own actions: turn the stock onto its waste, gather the waste back.
DEAL = "deal"
REDEAL = "redeal"
#: The kernel's action that gathers a group's cards and deals them again (``source``: its first pile).
GATHER = "gather"
#: Kernel variable: how many times a group has been gathered and dealt again.
GATHERS_VAR = "gathers_used"
#: The kernel's action for two cards that leave together by the game's pair rule (``source`` and ``target``).
PAIR = "pair"
#: Kernel variable: the rank that starts a foundation, when the game has one.
BASE_RANK_VAR = "base_rank"
#: Kernel variable: how many times the stock has been gathered again.
REDEALS_VAR = "redeals_used"


class Move(NamedTuple):
    """A move: ``count`` cards from pile ``source`` to pile ``target``, or a named ``action``.

    Piles are numbered in the game's pile order (``Game.pile_names``); -1 means
    no pile. Two moves are equal when all four fields are.
    """

    source: int
    target: int
    count: int = 1  # type: ignore[assignment]  # a field, not tuple.count: how many cards move
    action: str = ""


class Transfer(NamedTuple):
    """Change: move the top ``count`` cards of ``source`` onto ``target``.

    With ``turn`` the cards are turned over one by one, so their order reverses
    (as when the stock is turned onto the waste).
    """

    source: int
    target: int
    count: int  # type: ignore[assignment]  # a field, not tuple.count: how many cards move
    turn: bool = False


class SetVar(NamedTuple):
    """Change: set the state variable ``name`` to ``value``."""

    name: str
    value: Any


class SetFaceDown(NamedTuple):
    """Change: make the bottom ``count`` cards of pile ``pile`` the face-down ones."""

    pile: int
    count: int  # type: ignore[assignment]  # a field, not tuple.count: how many cards lie face down


class SetPile(NamedTuple):
    """Change (the kernel's own, for a redeal that shuffles): make pile ``pile`` hold ``cards``, bottom first."""

    pile: int
    cards: tuple[int, ...]


Change = Transfer | SetVar | SetFaceDown | SetPile
