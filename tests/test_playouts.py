"""Random playouts of Steeplechase, checked after every move against a second statement of the rules.

The referee below restates the spec page's rules (launch-games.md) plainly,
on the JSON form of a position (pile names to card texts), sharing no code
with the kernel. In every position of every playout the kernel's legal moves
must be exactly the referee's, and every move must change the piles as the
referee says.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest
from helpers import card_counts, full_decks

import framework

ROUND_TRIP_EVERY = 40

RANKS = "A23456789TJQK"
FOUNDATION_HOLDS = 13


def rank(card: str) -> int:
    return RANKS.index(card[0]) + 1


def red(card: str) -> bool:
    return card[1] in "DH"


def goes_down_on(below: str, card: str) -> bool:
    """Columns: one rank lower (a K on an A), the other colour."""
    return (rank(below) - rank(card)) % 13 == 1 and red(below) != red(card)


def goes_up_on(below: str, card: str) -> bool:
    """Foundations: one rank higher (an A on a K), the other colour, whatever the suit."""
    return (rank(card) - rank(below)) % 13 == 1 and red(below) != red(card)


def is_run(cards: list[str]) -> bool:
    """Whether the cards (bottom first) go down in alternating colours, as a column builds."""
    return all(goes_down_on(below, card) for below, card in zip(cards, cards[1:]))


def referee_counts(position: Mapping[str, Any], source: str, target: str) -> list[int]:
    """How many cards Steeplechase lets go from the top of ``source`` onto ``target`` (none: empty list).

    Pile names: ``o`` the obstacle, ``f1``..``f8`` foundations, ``t1``..``t8``
    columns, ``s`` the stock, ``w`` the waste.
    """
    piles = position["piles"]
    cards, onto = piles[source], piles[target]
    if source == target or not cards or source == "s":
        return []  # stock cards are only turned onto the waste
    card = cards[-1]
    if target[0] == "f":  # one card: the waste's, the obstacle's or a column's
        if source[0] == "f":
            return []
        if not onto:
            return [1] if rank(card) == position["vars"]["base_rank"] else []
        return [1] if len(onto) < FOUNDATION_HOLDS and goes_up_on(onto[-1], card) else []
    if target[0] != "t" or source == "o":
        return []  # cards land only on foundations and columns; the obstacle's only on foundations
    if source[0] in "wf":  # one card; a foundation's never onto an empty column
        if not onto:
            return [1] if source == "w" else []
        return [1] if goes_down_on(onto[-1], card) else []
    # Column to column: any tail that is a run, onto a card its first card fits, or onto an empty column.
    return [
        count for count in range(1, len(cards) + 1)
        if is_run(cards[-count:]) and (not onto or goes_down_on(onto[-1], cards[-count]))
    ]


def referee_allows(position: Mapping[str, Any], text: str) -> bool:
    """Whether the move ``text`` (``t3 t5 2``, ``w f1``, ``d``) is legal in ``position``."""
    if text == "d":
        return bool(position["piles"]["s"])  # one pass through the stock: no redeal
    source, target, *count = text.split()
    return (int(count[0]) if count else 1) in referee_counts(position, source, target)


def referee_moves(position: Mapping[str, Any]) -> set[str]:
    """Every move Steeplechase allows in ``position``, as move texts."""
    piles = position["piles"]
    found = {"d"} if piles["s"] else set()
    for source in piles:
        for target in piles:
            for count in referee_counts(position, source, target):
                found.add(f"{source} {target}" + (f" {count}" if count > 1 else ""))
    return found


def referee_plays(position: Mapping[str, Any], text: str) -> dict[str, list[str]]:
    """The piles after the move ``text`` in ``position``."""
    piles = {name: list(cards) for name, cards in position["piles"].items()}
    if text == "d":
        piles["w"].append(piles["s"].pop())
        return piles
    source, target, *count = text.split()
    number = int(count[0]) if count else 1
    piles[target] += piles[source][-number:]
    del piles[source][-number:]
    return piles


def reloaded(game: framework.Game, state: framework.State) -> framework.State:
    """The state read back from its JSON text."""
    return game.state_from_json(json.loads(json.dumps(state.to_json())))


def uniform(rng: random.Random, state: framework.State, moves: list[framework.Move]) -> framework.Move:
    """Any legal move, all alike."""
    return rng.choice(moves)


def foundations_first(rng: random.Random, state: framework.State, moves: list[framework.Move]) -> framework.Move:
    """A move to a foundation if there is one, else often the stock: plays deep into a game."""
    foundations = set(state.game.foundation_piles)
    upward = [move for move in moves if move.target in foundations and move.source not in foundations]
    turns = [move for move in moves if move.action]
    if upward:
        return rng.choice(upward)
    if turns and rng.random() < 0.5:
        return turns[0]
    return rng.choice(moves)


PLAYOUTS = [(seed, uniform, 100) for seed in range(8)] + [(seed, foundations_first, 160) for seed in range(100, 108)]


@pytest.mark.parametrize(("seed", "policy", "length"), PLAYOUTS, ids=lambda value: getattr(value, "__name__", value))
def test_random_playout_keeps_every_invariant(steeplechase, seed, policy, length):
    game = steeplechase
    decks = full_decks(game)
    state = game.deal(seed)
    rng = random.Random(seed)
    for number in range(1, length + 1):
        before = state.to_json()
        key = state.position_key()
        moves = state.legal_moves()
        texts = {state.move_text(move) for move in moves}
        assert all(referee_allows(before, text) for text in texts)
        assert texts == referee_moves(before)  # and the kernel misses none
        if not moves:
            assert state.is_over()
            break
        move = policy(rng, state, moves)
        text = state.move_text(move)
        assert state.parse_move(text) == move

        state.push(move)
        assert card_counts(state) == decks
        assert state.to_json()["piles"] == referee_plays(before, text)

        assert state.pop() == move
        assert state.position_key() == key
        assert state.to_json() == before

        state.push(move)
        if number % ROUND_TRIP_EVERY == 0:
            check_round_trip(game, state)
    check_round_trip(game, state)
    undo_to_the_deal(reloaded(game, state), game.deal(seed))


def check_round_trip(game: framework.Game, state: framework.State) -> None:
    """The JSON form reads back as the same state, with the same moves to undo."""
    loaded = reloaded(game, state)
    assert loaded.position_key() == state.position_key()
    assert loaded.to_json() == state.to_json()
    assert loaded.move_stack == state.move_stack
    if state.move_stack:
        expected = state.copy()
        assert loaded.pop() == expected.pop()
        assert loaded.position_key() == expected.position_key()


def undo_to_the_deal(state: framework.State, deal: framework.State) -> None:
    """Pop every move; the state must be the deal again."""
    while state.move_stack:
        state.pop()
    assert state.to_json() == deal.to_json()


# --- positions no playout is likely to reach ---------------------------------------------------

CARDS = [rank + suit for suit in "CDHS" for rank in RANKS] * 2


def random_position(rng: random.Random) -> dict[str, Any]:
    """A position with built foundations (some full), columns ending in runs, and odd piles elsewhere.

    Not every such position can arise in play, but the rules say what is legal in each.
    """
    pool = list(CARDS)
    rng.shuffle(pool)

    def take(wanted) -> str | None:
        for index, card in enumerate(pool):
            if wanted(card):
                return pool.pop(index)
        return None

    def some(count: int) -> list[str]:
        count = min(count, len(pool))
        taken = pool[len(pool) - count:]
        del pool[len(pool) - count:]
        return taken

    base = rng.randint(1, 13)
    piles: dict[str, list[str]] = {"o": []}
    for number in range(1, 9):
        pile = piles[f"f{number}"] = []
        size = rng.choice([0, 0, 1, 2, 6, 12, 13, 13])
        while len(pile) < size:
            card = take(lambda card, pile=pile: goes_up_on(pile[-1], card) if pile else rank(card) == base)
            if card is None:
                break
            pile.append(card)
    for number in range(1, 9):
        pile = piles[f"t{number}"] = some(rng.choice([0, 0, 1, 3]))
        for _ in range(rng.choice([0, 1, 2, 4, 7])):
            card = take(lambda card, pile=pile: goes_down_on(pile[-1], card) if pile else True)
            if card is None:
                break
            pile.append(card)
    piles["o"] = some(rng.randint(0, 13))
    piles["w"] = some(rng.randint(0, 4))
    if rng.random() < 0.3:
        piles["o"][:0], piles["s"] = pool, []  # an empty stock
    else:
        piles["s"] = pool
    return {"format": "patience-state", "version": 1, "game": "steeplechase", "piles": piles, "vars": {"base_rank": base}}


@pytest.mark.parametrize("seed", range(10))
def test_the_kernel_agrees_with_the_referee_in_random_positions(steeplechase, seed):
    rng = random.Random(seed)
    for _ in range(40):
        position = random_position(rng)
        state = steeplechase.state_from_json(position)
        assert {state.move_text(move) for move in state.legal_moves()} == referee_moves(position)
        for move in state.legal_moves():
            text = state.move_text(move)
            state.push(move)
            assert state.to_json()["piles"] == referee_plays(position, text)
            state.pop()
