"""How much a rule file asks of the kernel, checked against the documented limits.

A rule file that passes the schema may still ask for a table that no one could
play: ten thousand piles, or positions with millions of legal moves, each of
which costs seconds and hundreds of megabytes before the first move. The limits
below are several times what any built-in game asks for (docs/rules.md#limits);
``size_problems`` refuses a file beyond them at the key that asks for too much.
The measures are worked out from the file alone, before anything is compiled.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import SUIT_NAMES
from .errors import Problem
from .spec import Pick, Role, default_pick
from .yamlsource import YamlDocument

#: The most pile groups a game may have (the built-in games have at most 11).
MAX_GROUPS = 100
#: The most piles a game may have in all (the built-in games have at most 120).
MAX_PILES = 1_000
#: The most legal moves the rule data may allow in one position, as ``move_sources`` counts them (the built-in
#: games allow at most 7,072).
MAX_MOVES = 100_000


class MoveSource(NamedTuple):
    """Moves that one key of a rule file allows: how many at most, where the key is, and what it counts."""

    moves: int
    path: tuple[Any, ...]
    what: str


def move_sources(data: dict[str, Any]) -> list[MoveSource]:
    """What each key that lets cards move allows in one position, at most, in ``data`` (a file that passed the
    schema).

    A group with ``moves_to`` (and a pick other than ``nothing``) may move each card it can lift onto each pile
    of those groups: the top card of each of its piles with ``top card``; with the picks that lift several
    cards, any card of the pack, as the lowest of those lifted. The pair rule may pair the top cards of any two
    piles of ``pairs.from``, and take any one alone. Groups named that do not exist count no piles (the meaning
    check reports them).
    """
    groups: dict[str, Any] = data["groups"]
    pack = data["decks"] * 13 * len(data.get("suits", SUIT_NAMES))

    def piles_of(names: list[str]) -> int:
        return sum(groups[name].get("piles", 1) for name in names if name in groups)

    sources = []
    for name, group in groups.items():
        pick = Pick(group["pick"]) if "pick" in group else default_pick(Role(group["role"]))
        if pick is Pick.NOTHING or not group.get("moves_to"):
            continue
        cards = min(group.get("piles", 1), pack) if pick is Pick.TOP_CARD else pack
        targets = piles_of(group["moves_to"])
        sources.append(MoveSource(cards * targets, ("groups", name, "moves_to"),
                                  f"{name!r} may move {cards:,} cards to {targets:,} piles"))
    if "pairs" in data:
        free = min(piles_of(data["pairs"]["from"]), pack)
        sources.append(MoveSource(free * (free - 1) // 2 + free, ("pairs", "from"),
                                  f"pairs may be made of {free:,} cards"))
    return sources


def size_problems(document: YamlDocument, source: str) -> list[Problem]:
    """Where ``document`` (which passed the schema) asks for more groups, piles or moves than a game may have."""
    data = document.data
    problems = []

    def problem(path: tuple[Any, ...], message: str, *, key: bool = False) -> None:
        line, column = document.position(path, key=key)
        problems.append(Problem(source, line, column, message))

    groups: dict[str, Any] = data["groups"]
    if len(groups) > MAX_GROUPS:
        problem(("groups", list(groups)[MAX_GROUPS]),
                f"{len(groups):,} pile groups; a game may have at most {MAX_GROUPS:,}", key=True)
    total = 0
    passed: tuple[Any, ...] = ()  # the key whose piles take the count past the limit
    for name, group in groups.items():
        total += group.get("piles", 1)
        if total > MAX_PILES and not passed:
            passed = ("groups", name, "piles") if "piles" in group else ("groups", name)
    if passed:
        problem(passed, f"{total:,} piles in all; a game may have at most {MAX_PILES:,}", key=len(passed) == 2)
    sources = move_sources(data)
    moves = sum(source.moves for source in sources)
    if moves > MAX_MOVES:
        largest = max(sources, key=lambda source: source.moves)
        problem(largest.path, f"{largest.what}: up to {moves:,} moves in one position in all; "
                              f"a game may have at most {MAX_MOVES:,}")
    return problems
