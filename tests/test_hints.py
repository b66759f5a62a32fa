"""Hints that lead somewhere: a session keeps the winning line the solver found and follows it.

Hints here search within a node budget (and a clock far beyond it), so that what
they find does not depend on the machine's speed. The launch games hide their stock, so
their hints here peek (``peek=True``): the all-knowing hint, the one that finds and
follows lines there; tests/test_fair_hints.py has the fair hints a player gets by default.
"""

from __future__ import annotations

import pytest
from helpers import GAMES, kept_bytes

import framework
import framework.solver.hint
from framework.moves import Move
from framework.public import hides_cards
from framework.safety import AutoPlayState, auto_play, with_auto_play
from framework.session import PEEKED, Session, Suggestion, suggest
from framework.solver import Budget, solve
from framework.solver.hint import as_turns, hint
from framework.solver.line import Line
from framework.state import Outcome

#: Positions a hint's search may expand, and a clock it never reaches on these deals.
NODES = 20_000
SECONDS = 3600.0


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[framework.State]:
    """The positions the hints searched from, in order."""
    searched: list[framework.State] = []
    solve = framework.solver.hint.solve

    def counted(state: framework.State, *arguments: object, **options: object) -> object:
        searched.append(state.copy(stack=False))
        return solve(state, *arguments, **options)

    monkeypatch.setattr(framework.solver.hint, "solve", counted)
    return searched


def positions(state: framework.State, moves: int) -> list[tuple[object, ...]]:
    """The position keys of ``state`` and of the positions before its last ``moves`` moves but one, latest first."""
    back = state.copy()
    keys = [back.position_key()]
    for _ in range(moves - 1):
        back.pop()
        keys.append(back.position_key())
    return keys


def follow(session: Session, most: int = 1000) -> tuple[list[str], str]:
    """Play the hint until there is none; the reasons the hints gave, and what the last hint said.

    Asserts that no position of the game comes twice.
    """
    seen = set(positions(session.state, 1))
    reasons = []
    for _ in range(most):
        found = session.hint(SECONDS, NODES, peek=True)
        if found.move is None:
            return reasons, found.reason
        reasons.append(found.reason)
        auto = session.play(found.move)
        reached = positions(session.state, 1 + len(auto))
        assert not seen.intersection(reached), f"back at a position after {len(reasons)} hints: {reasons[-1]}"
        seen.update(reached)
    raise AssertionError(f"{most} hints and no end")


def swappable(state: framework.State, line: tuple[Move, ...]) -> int:
    """The first ``index`` where ``line[index]`` and the move after it, played the other way round, lead to one position."""
    state = state.copy()
    for index, (one, other) in enumerate(zip(line, line[1:])):
        swapped = state.copy()
        if swapped.is_legal(other):
            swapped.push(other)
            if swapped.is_legal(one):
                swapped.push(one)
                ahead = state.copy()
                ahead.push(one)
                ahead.push(other)
                if swapped == ahead:
                    return index
        state.push(one)
    raise AssertionError("no two moves of the line lead to one position either way")


# --- following a line -----------------------------------------------------------------------------


#: What the first hint of a winning line says.
STARTS = "it starts a winning line the solver found"


@pytest.mark.parametrize(("game", "seed"), [
    ("steeplechase", 1),  # the deal of issue 17, where fresh hints went round t7 t6 / t6 t7 for ever
    ("steeplechase", 4),  # auto-play spoils the line found without it: one is searched with auto-play
    ("steeplechase", 7),
    ("steeplechase", 8),  # the same as 4
    ("blockade", 1),
    ("blockade", 2),
    ("freecell", "ms:1"),
    ("freecell", "ms:3"),
    ("freecell", "ms:4"),
    ("freecell", "ms:6"),
])
def test_the_hints_win_with_auto_play_on_as_they_do_with_it_off_and_auto_play_never_leaves_their_line(
        game, seed, searches):
    off, _ = Session.new(framework.load_game(game), seed, autoplay=False)
    follow(off)
    assert off.result() == Outcome.WON
    on, _ = Session.new(framework.load_game(game), seed)
    reasons, last = follow(on)
    assert on.result() == Outcome.WON and last == "The game is won already."
    # One line, found by the first hint and followed to the win: auto-play never took play off it.
    length = len(reasons)
    looked = PEEKED if hides_cards(on.game.deal(seed)) else ""  # the launch games' stock: their hints say they looked
    assert reasons == [looked + STARTS] + [f"{looked}move {number} of a winning line of {length} the solver found"
                                           for number in range(2, length + 1)]


def test_a_hint_along_the_line_says_where_it_is_and_needs_no_search(searches):
    session, _ = Session.new(framework.load_game("steeplechase"), 7, autoplay=False)
    first = session.hint(SECONDS, NODES, peek=True)
    line = first.line.moves
    assert (first.move, first.reason, first.line_left) == (line[0], PEEKED + STARTS, len(line))
    session.play(first.move)
    second = session.hint(SECONDS, NODES, peek=True)
    assert (second.move, second.how, second.line_left) == (line[1], "solution", len(line) - 1)
    assert second.reason == f"{PEEKED}move 2 of a winning line of {len(line)} the solver found"
    assert len(searches) == 1


def test_undo_and_redo_along_the_line_keep_following_it(searches):
    session, _ = Session.new(framework.load_game("steeplechase"), 7, autoplay=False)
    line = session.hint(SECONDS, NODES, peek=True).line.moves
    for move in line[:3]:
        session.play(move)
    session.undo()
    session.undo()
    found = session.hint(SECONDS, NODES, peek=True)
    assert (found.move, found.line_left) == (line[1], len(line) - 1)
    session.redo()
    assert session.hint(SECONDS, NODES, peek=True).move == line[2]
    session.play(next(move for move in session.state.legal_moves() if move not in line))  # off the line
    session.undo()  # and back onto it
    assert session.hint(SECONDS, NODES, peek=True).move == line[2]
    assert len(searches) == 1


def test_leaving_the_line_searches_again_from_where_play_is(searches):
    session, _ = Session.new(framework.load_game("steeplechase"), 7, autoplay=False)
    first = session.hint(SECONDS, NODES, peek=True)
    away = next(move for move in session.state.legal_moves() if move not in first.line.moves)
    session.play(away)
    again = session.hint(SECONDS, NODES, peek=True)
    assert again.reason == PEEKED + STARTS and again.line is not first.line
    assert len(searches) == 2 and searches[1] == session.state
    session.play(again.move)
    assert session.hint(SECONDS, NODES, peek=True).move == again.line.moves[1]
    assert len(searches) == 2


def test_a_line_searched_on_a_copy_is_kept_only_if_play_is_still_on_it(searches):
    session, _ = Session.new(framework.load_game("steeplechase"), 7, autoplay=False)
    found = suggest(session.state.copy(), SECONDS, NODES, peek=True)  # as the web player searches: outside the game's lock
    session.play(next(move for move in session.state.legal_moves() if move not in found.line.moves))  # meanwhile
    session.keep(found)
    assert session.line_hint(peek=True) is None
    session.undo()
    session.keep(found)
    assert session.line_hint(peek=True) == found
    assert len(searches) == 1


def test_two_moves_of_the_line_played_the_other_way_round_keep_it(searches):
    session, _ = Session.new(framework.load_game("freecell"), "ms:1", autoplay=False)
    line = session.hint(SECONDS, NODES).line.moves
    index = swappable(session.state, line)
    for move in line[:index]:
        session.play(move)
    session.play(line[index + 1])
    session.play(line[index])
    found = session.hint(SECONDS, NODES)
    assert (found.move, found.line_left) == (line[index + 2], len(line) - index - 2)
    assert found.reason == f"move {index + 3} of a winning line of {len(line)} the solver found"
    assert len(searches) == 1


def test_with_auto_play_on_each_turn_of_the_hints_ends_where_the_line_goes(searches):
    session, _ = Session.new(framework.load_game("freecell"), "ms:1")
    made = 0
    while (found := session.hint(SECONDS, NODES)).move is not None:
        made += len(session.play(found.move))
        assert found.line.step(session.state) == found.step + 1
    assert session.result() == Outcome.WON
    assert made and len(searches) == 1  # auto-play played, and the line knew it would


def test_a_win_that_auto_play_spoils_is_searched_again_as_turns_with_auto_play(searches):
    state = Session.new(framework.load_game("steeplechase"), 4)[0].state
    plain = solve(state, Budget(nodes=NODES))
    assert plain.answer == "won" and Line.through(with_auto_play(state), as_turns(state, plain.moves)) is None
    found = hint(state, SECONDS, NODES, autoplay=True)
    assert found.how == "solution" and Line.through(with_auto_play(state), found.line) is not None
    assert [type(searched) for searched in searches] == [framework.State, AutoPlayState]
    # With nothing of the budget left for that search, the hint is the way to a win with auto-play off, and says so.
    short = suggest(state, SECONDS, plain.nodes, autoplay=True, peek=True)
    assert (short.move, short.how, short.line) == (plain.moves[0], "without auto-play", None)
    assert short.reason.endswith("within 3600 s: turn auto-play off to follow it")


def test_a_turn_with_auto_play_is_one_move_that_pop_takes_back_whole():
    state = framework.load_game("freecell").deal("ms:1")
    for move in state.legal_moves():
        alone = state.copy()
        alone.push(move)
        made = auto_play(alone, move)
        if made:
            break
    turns = with_auto_play(state)
    turns.push(move)
    assert turns.move_stack == [move] and turns == alone and type(turns.copy()) is AutoPlayState
    assert set(turns.changed_piles()) == {pile for done in (move, *made) for pile in (done.source, done.target)}
    assert turns.pop() == move and turns == state and not turns.move_stack


# --- no line found ---------------------------------------------------------------------------------


def test_without_a_line_the_hints_go_to_new_positions_until_none_is_left(searches):
    twins = framework.load_game(GAMES / "twins.yaml")
    piles = {"f1": "AC 2C 3C 4C 5C 6C", "f2": "AS 2S 3S 4S 5S 6S 7S 8S 9S", "t2": "QS 7C TC TS KC 9C JS QC JC",
             "t3": "8C", "t4": "KS"}
    lost = twins.state_from_json({"format": "patience-state", "version": 1, "game": twins.id,
                                  "piles": {name: piles.get(name, "").split() for name in twins.pile_names}})
    session = Session(lost, autoplay=False)
    first = session.hint(SECONDS, NODES)
    assert (session.state.move_text(first.move), first.reason) == (
        "t2 t1", "the solver proved that no line wins from here; this is the move it would try first")
    session.play(first.move)
    second = session.hint(SECONDS, NODES)
    assert session.state.move_text(second.move) == "t4 t2"  # not t1 t2 or t2 t1, which lead back
    session.play(second.move)
    # Every move now goes back: the king to where it was, or the jack or the eight to the other empty
    # column, which is where it is (the columns are interchangeable).
    assert [session.state.move_text(move) for move in session.state.legal_moves()] == ["t1 t4", "t2 t4", "t3 t4"]
    assert session.hint(SECONDS, NODES) == Suggestion(None, "lost", "No winning line found: the solver proved that none "
                                                      "wins from here, and every move leads back to a position already reached.")
    assert len(searches) == 3


def test_a_line_kept_holds_a_few_hundred_bytes_a_move():
    # Each position of the line was kept whole (a tuple of tuples: 1.4 kB a position of FreeCell), and a server
    # keeps a line for each of its games.
    start = framework.load_game("freecell").deal(1)
    moves = solve(start, Budget(nodes=NODES)).moves
    assert len(moves) > 100
    lines = []
    kept = kept_bytes(lambda: lines.append(Line.through(start, moves)))
    assert lines[0] is not None and kept / len(moves) < 600, kept / len(moves)
    along = start.copy()
    for step, move in enumerate(moves):
        assert lines[0].step(along) == step
        along.push(move)
    assert lines[0].step(along) == len(moves) and lines[0].step(framework.load_game("freecell").deal(2)) is None
