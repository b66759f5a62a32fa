"""The native core agrees with the Python kernel on every game it runs: moves, positions, keys and searches.

The core (framework/native, C) is a second statement of the rules; these tests hold it
to the first. Where it is not built they are skipped with the reason, unless
PATIENCE_REQUIRE_NATIVE is set (``.ci/run`` sets it): then they fail, so CI always runs them.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import build, cards_of

import framework
from framework.cards import card_text
from framework.native import NativeGame, core
from framework.safety import with_auto_play
from framework.solver import Budget
from framework.solver.canonical import Keys, reached
from framework.solver.native import CORE_VARIABLE, NativeSolver, why_not
from framework.solver.search import BEAM_ROUNDS, ENDGAME_ROUNDS, ROUNDS, Search
from framework.testing import position

sys.path.insert(0, str(Path(__file__).parent / "golden"))
import make_golden  # noqa: E402

REQUIRE_NATIVE = "PATIENCE_REQUIRE_NATIVE"
GAMES = sorted(framework.available_games())


@pytest.fixture(autouse=True, scope="module")
def built() -> None:
    if core is None:
        if os.environ.get(REQUIRE_NATIVE, "") not in ("", "0"):
            pytest.fail(f"{framework.native.MISSING} ({REQUIRE_NATIVE} is set, so this is a failure)", pytrace=False)
        pytest.skip(framework.native.MISSING)


def test_every_built_in_game_runs_natively():
    # Every built-in plugin with a rule hook declares a native rule, so the core runs every game (390).
    assert len(GAMES) >= 390
    assert {name: why_not(framework.load_game(name)) for name in GAMES} == dict.fromkeys(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_the_two_kernels_agree_on_every_game(name):
    """Random games give the same moves, positions and keys; perft from the golden deal gives the golden file's
    counts; a search expands the same positions and finds the same line."""
    game = framework.load_game(name)
    random_games_agree(game)
    random_games_agree(game, autoplay=True)
    expected = json.loads((make_golden.HERE / f"{name}.json").read_text(encoding="utf-8"))["perft"]
    position = NativeSolver.of(game).native.position(game.deal(make_golden.SEED))
    assert [position.perft(depth) for depth in range(1, make_golden.PERFT_DEPTH + 1)] == expected
    same_search(game.deal(3), Budget(nodes=500))
    same_search(with_auto_play(game.deal(3)), Budget(nodes=500))


def random_games_agree(game: framework.Game, autoplay: bool = False) -> None:
    """The two kernels give the same moves, positions and keys along random games, and back by pop; with
    ``autoplay``, each move a turn with auto-play on (``safety.AutoPlayState``)."""
    native = NativeSolver.of(game).native
    keys = Keys(game)
    for seed, length in ((1, 80), (2, 30)):
        state = with_auto_play(game.deal(seed)) if autoplay else game.deal(seed)
        position = native.position(state)
        rng = random.Random(seed)
        for step in range(length + 1):
            legal = same_position(native, keys, position, state, f"seed {seed}, after {step} moves")
            if not legal or step == length:
                break
            move = rng.choice(legal)
            state.push(move)
            position.push(native.native_move(move))
        while state.move_stack:
            assert native.move(position.pop()) == state.pop()
            assert position.key() == keys(state)
        assert position.piles() == [list(pile) for pile in state.piles]


def positions_agree(state: framework.State) -> None:
    """The two kernels agree in ``state`` and in each position one move from it."""
    native = NativeSolver.of(state.game).native
    keys = Keys(state.game)
    position = native.position(state)
    for move in same_position(native, keys, position, state, "here"):
        state.push(move)
        position.push(native.native_move(move))
        same_position(native, keys, position, state, f"after {state.move_text(move)}")
        assert native.move(position.pop()) == state.pop()


def same_position(native: NativeGame, keys: Keys, position: Any, state: framework.State,
                  where: str) -> tuple[framework.Move, ...]:
    """Check that the native ``position`` is ``state``: the same piles, face-down counts, variables, key, end and
    legal moves (returned), in the same order."""
    assert position.piles() == [list(pile) for pile in state.piles], where
    assert position.face_down() == list(state.face_down), where
    assert [native.value(index, value) for index, value in enumerate(position.vars())] == list(
        state.vars.values()), where
    assert (position.key(), position.is_won()) == (keys(state), state.is_won()), where
    legal = state.legal_moves()
    assert tuple(native.move(move) for move in position.legal_moves()) == legal, where
    return legal


#: Montana's rows in sequence, from the 2 to the king of one suit a row, each row's last cell a gap.
MONTANA_ROWS = {f"g{13 * row + column + 1}": f"{rank}{suit}"
                for row, suit in enumerate("CDHS") for column, rank in enumerate("23456789TJQK")}


def test_the_kernels_agree_on_the_gaps_plugins_end_and_redeals():
    won = build("montana", MONTANA_ROWS | {"a": "AC AD AH AS"}, aces_moved=True)
    assert won.is_won() and not won.legal_moves()  # every row in sequence: no redeal is offered
    positions_agree(won)
    # the king of clubs one cell to the right: one move wins, and a redeal is offered (of the king alone)
    near = build("montana", {**MONTANA_ROWS, "g12": "", "g13": "KC", "a": "AC AD AH AS"}, aces_moved=True)
    assert {near.move_text(move) for move in near.legal_moves()} == {"g13 g12", "shuffle"}
    positions_agree(near)
    for name in ("montana", "spaces", "station", "blue-moon", "galary"):  # each way a redeal leaves the gaps
        state = framework.load_game(name).deal(5)
        if state.legal_moves()[0].action == "aces":
            state.push(state.legal_moves()[0])
        positions_agree(state)
        shuffle = next(move for move in state.legal_moves() if move.action == "shuffle")
        state.push(shuffle)
        positions_agree(state)


@pytest.mark.parametrize("name", ["primrose", "senior-wrangler", "matrimony"])
def test_the_kernels_agree_on_every_redeal_of_one_column_at_a_time(name):
    # Every redeal of gather_pile_by_pile from columns of 10, 1, 0, 21, 0, 3, 0 and 9 cards (and again), the
    # stock empty: redeals short of a round, round the corner of the group more than once, and of empty columns.
    dealt = framework.load_game(name).deal(2)
    game = dealt.game
    tableau = game.groups["tableau"].piles
    moving = [*tableau, *(pile for stock in game.stocks for pile in stock.piles)]
    cards = [card_text(card) for pile in moving for card in dealt.piles[pile]]
    piles = {game.pile_names[pile]: " ".join(card_text(card) for card in dealt.piles[pile])
             for pile in range(len(dealt.piles)) if pile not in moving}
    start = 0
    for pile, count in zip(tableau, (10, 1, 0, 21, 0, 3, 0, 9) * 2):
        piles[game.pile_names[pile]] = " ".join(cards[start:start + count])
        start += count
    state = position(game, piles)
    times = game.groups["tableau"].spec.gather_and_deal.times
    for _ in range(times):
        positions_agree(state)
        state.push(next(move for move in state.legal_moves() if move.action == "gather"))
    positions_agree(state)
    assert state.vars["gathers_used"] == times and not any(move.action == "gather" for move in state.legal_moves())


def test_the_kernels_agree_on_gathering_the_last_pile_first_and_dealing_in_turn():
    # Capricieuse's redeal (gather_and_deal: cards_per_pile 'in turn', last_pile_first), short of a round and past
    # it; Usk's (cards_per_pile a list: by rows).
    state = build("capricieuse", {"a1": "AC", "k1": "KC", "t1": "5H 2C", "t2": "9S 3C", "t3": "QC",
                                  "t11": "2S 3S 4S 5S 6S 7S", "t12": "7D 8D JC"})
    for _ in range(2):
        positions_agree(state)
        state.push(state.parse_move("gather"))
    positions_agree(state)
    for name in ("capricieuse", "usk"):  # and Usk's by rows, so many a column
        dealt = framework.load_game(name).deal(3)
        positions_agree(dealt)
        dealt.push(dealt.parse_move("gather"))
        positions_agree(dealt)


ACES_LEFT = {"x": "2C", "t1": "AC", "t2": "AD", "t3": "AH", "t4": "AS"}


@pytest.mark.parametrize(("name", "piles", "rest", "won"), [
    ("aces-up", ACES_LEFT, "x", True),
    ("aces-up", ACES_LEFT | {"t1": "AD AC", "t2": ""}, "x", False),  # two aces on one pile
    ("aces-up-5", ACES_LEFT | {"t1": "AD AC", "t2": ""}, "x", True),  # ... there, they may
    ("accordion", {"r1": "AC"}, "r1", True),
    ("accordion", {"r1": "2C", "r3": "AC"}, "r1", False),  # two piles left
    ("accordion", {"r1": "AC"}, None, False),  # one pile, but the other cards are not in play
    ("23-skidoo", {"r1": "AC", "r2": "2C"}, "x", True),
])
def test_the_kernels_agree_on_the_other_plugins_ends(name, piles, rest, won):
    state = build(name, piles, rest=rest)
    assert state.is_won() == won
    positions_agree(state)


@pytest.mark.parametrize(("name", "piles"), [
    ("the-baroness", {"p1": "5C", "p2": "8D", "p3": "KH", "p5": "QS AD", "s": "2C 3C 4C 5D 6D 7D 9S"}),
    ("cone", {"t1": "5H", "t3": "KS QH", "s": "2C 3C 4C 5C"}),  # an empty column does not stop the last deal
    ("cone", {"t1": "5H", "t3": "KS QH", "s": "2C 3C 4C 5C 6C"}),  # one card more: no deal at all
    ("algerian-patience", {"t1": "5H", "r1": "9H 3C", "s": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"}),  # two rounds
    ("algerian-patience", {"t1": "5H", "r1": "9H 3C", "s": "2C 3C 4C 5C 6C 7C 8C 9C TC JC"}),  # a round and a bit
    ("algerian-patience", {"t1": "5H", "r1": "9H 3C", "s": "2C 3C 4C 5C 6C 7C 8C 9C"}),  # the last eight
])
def test_the_kernels_agree_on_a_last_deal_to_other_groups(name, piles):
    state = build(name, piles)
    positions_agree(state)
    for move in [move for move in state.legal_moves() if move.action]:  # and on each position a deal leads to
        state.push(move)
        positions_agree(state)
        state.pop()


@pytest.mark.parametrize(("name", "piles"), [
    ("stalactites", {"f1": "9C TH JD", "f2": "5H", "f3": "2C", "f4": "KD AH QS", "t1": "8D"}),
    ("trefoil", {"f1": "AC", "f2": "AS 2S", "t1": "2C", "t2": "3S"}),
    ("windmill", {"c": "JD", "k1": "KS QH", "k2": "KC QC", "a1": "5C"}),
    ("dutch-solitaire", {"f1": "AC 2H 3S", "f2": "AC", "f3": "AS KD", "f4": "AS", "f5": "AD", "t1": "4C", "w": "QH"}),
    ("castles-end", {"r1": "9D", "t1": "5H", "t2": "6C"}),  # the first card up sets the base rank, and stays
])
def test_the_kernels_agree_on_the_cards_a_pile_keeps(name, piles):
    positions_agree(build(name, piles))


@pytest.mark.parametrize("piles", [
    {"j1": "JC TC", "t1": "QC", "t2": "QS", "t3": "KC", "t4": "9C", "s": "2D"},
    {"j1": "JC", "t1": "TC", "t2": "QC", "s": "2D 5S"},  # the jack may go back, closing the piles under it
])
def test_the_kernels_agree_on_piles_another_opens(piles):
    positions_agree(build("adela", piles))


def test_the_kernels_agree_on_a_base_card_kept_on_its_foundation():
    positions_agree(build("castles-end", {"f1": "5H 6H", "f2": "5C", "t1": "7S", "t2": "4D", "r1": "8D"},
                          base_rank=5))


@pytest.mark.parametrize("piles", [
    {"f1": "5H 9H KH", "f2": "5C", "r1": "9C", "r2": "7C", "r3": "5D", "r4": "KS", "w": "2H", "s": "3C 4C 6C"},
    {"f1": "8D", "r1": "3S 4S | 8S", "r2": "8C", "s": "2C"},  # two eights for the one empty foundation that takes
])
def test_the_kernels_agree_on_foundations_that_take_the_ranks_of_the_one_before(piles):
    positions_agree(build("osmosis", piles))


def test_the_kernels_agree_on_closing_a_grid_upwards():
    state = build("weddings", {"g6": "5C", "g11": "9D", "s": "KH QH"})
    close = state.parse_move("close")
    positions_agree(state)
    state.push(close)
    assert [cards_of(state, cell) for cell in ("g1", "g2", "g3", "g6", "g11")] == ["5C", "QH", "KH", "9D", ""]


@pytest.mark.parametrize("name", ["monte-carlo", "weddings", "neighbour", "simple-carlo"])
def test_the_kernels_agree_on_closing_up_a_grid(name):
    # The grid closes up in reading order or upwards, by the action (Monte Carlo, Weddings) or after every
    # card that leaves (Neighbour, Simple Carlo), and fills from the stock.
    state = framework.load_game(name).deal(4)
    for _ in range(3):
        positions_agree(state)
        state.push(next(move for move in state.legal_moves() if move.action != "close"))
        positions_agree(state)
        close = [move for move in state.legal_moves() if move.action == "close"]
        assert bool(close) == (name in ("monte-carlo", "weddings"))
        if close:
            state.push(close[0])


def same_search(state: framework.State, budget: Budget, rounds: tuple[Any, ...] = ROUNDS, **options: Any) -> Any:
    """The native search's result, after checking that the Python search gives the same."""
    python = Search(state, budget, rounds, **options).run_python()
    native = Search(state, budget, rounds, **options).run()
    assert native.core == "native" and python.core == "python"
    assert (native.answer, native.nodes, native.positions, native.stopped_by, native.moves) == (
        python.answer, python.nodes, python.positions, python.stopped_by, python.moves)
    return native


@pytest.mark.parametrize("name", ["steeplechase", "blockade", "klondike", "spider", "canfield", "forty-thieves",
                                  "golf", "pyramid", "cruel", "yukon", "freecell", "scorpion"])
@pytest.mark.parametrize("rounds", [BEAM_ROUNDS, ENDGAME_ROUNDS], ids=["beams", "endgames"])
def test_the_schedules_of_two_searches_search_alike(name, rounds):
    game = framework.load_game(name)
    for seed in (1, 2):
        same_search(game.deal(seed), Budget(nodes=6_000), rounds)


def test_a_beam_won_in_its_endgame_search_gives_the_same_shortened_line(steeplechase):
    # Deal 2 is won by a beam whose endgame a search of its own wins: that line is shortened on its own first.
    result = same_search(steeplechase.deal(2), Budget(nodes=60_000), BEAM_ROUNDS)
    assert result.answer == "won"


def test_budgets_stop_both_alike(steeplechase):
    state = steeplechase.deal(4)
    assert same_search(state, Budget(nodes=500)).stopped_by == "nodes"
    assert same_search(state, Budget(memory_mb=0.05)).stopped_by == "memory"
    assert Search(state, Budget(seconds=0)).run().stopped_by == "time"


def test_a_rival_that_decided_first_stops_both_alike(steeplechase):
    @dataclasses.dataclass
    class Count:
        value: int

    result = same_search(steeplechase.deal(4), Budget(nodes=5_000), rival=Count(1_000))
    assert (result.answer, result.stopped_by, result.nodes) == ("unknown", "beaten", 1_001)


def test_positions_to_avoid_are_avoided_alike(steeplechase):
    state = steeplechase.deal(1)
    first = same_search(state, Budget(nodes=20_000))
    assert first.answer == "won"
    walked = state.copy()
    for move in first.moves[:30]:
        walked.push(move)
    avoid = reached(walked) - reached(state)
    second = same_search(state, Budget(nodes=20_000), avoid=avoid)
    assert second.moves != first.moves


@pytest.mark.parametrize(("name", "seed"), [("steeplechase", 4), ("blockade", 1), ("freecell", 1), ("klondike", 1)])
def test_searches_with_auto_play_on_search_alike(name, seed):
    state = with_auto_play(framework.load_game(name).deal(seed))
    result = same_search(state, Budget(nodes=3_000))
    assert result.answer == ("unknown" if name == "klondike" else "won")


def test_the_environment_can_ask_for_the_python_search(steeplechase, monkeypatch):
    monkeypatch.setenv(CORE_VARIABLE, "python")
    assert Search(steeplechase.deal(1), Budget(nodes=200)).run().core == "python"


def rule_file(tmp_path: Any, game: str, old: str, new: str) -> Any:
    """A copy of built-in ``game``'s rule file with ``old`` replaced by ``new``, and another name."""
    text = (make_golden.HERE.parent.parent / "rules" / f"{game}.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"changed-{game}.yaml"
    path.write_text(text.replace(old, new).replace("\nname: ", "\nname: Changed "), encoding="utf-8")
    return path


def test_a_plugin_without_a_native_rule_is_searched_in_python(tmp_path, install_plugin):
    install_plugin("backward", "backward_rule", """
        from framework import hookimpl

        class Backward:
            def __init__(self, game, options):
                pass

            @hookimpl
            def legal_moves(self, state):
                return []
    """, "Backward")
    game = framework.load_game(rule_file(tmp_path, "klondike", "\ngroups:", "\nplugins:\n  - backward\ngroups:"))
    assert why_not(game) == "plugin 'backward' has no native rule"
    assert Search(game.deal(1), Budget(nodes=200)).run().core == "python"


def test_a_subclass_of_a_built_in_plugin_must_say_its_native_rule_again(tmp_path, install_plugin):
    install_plugin("changed-back", "changed_back", """
        from patience_plugins.back_from_foundation import BackFromFoundation

        class Changed(BackFromFoundation):
            pass
    """, "Changed")
    game = framework.load_game(rule_file(tmp_path, "steeplechase", "- back-from-foundation:", "- changed-back:"))
    assert why_not(game) == "plugin 'changed-back' has no native rule"


def test_solve_says_which_core_searched(tmp_path):
    done = subprocess.run([sys.executable, "-m", "framework.cli", "solve", "freecell", "--seed", "1", "--json"],
                          capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["core"] == "native"
    environment = dict(os.environ, **{CORE_VARIABLE: "python"})
    done = subprocess.run([sys.executable, "-m", "framework.cli", "solve", "freecell", "--seed", "1", "--json",
                           "--nodes", "300"], capture_output=True, text=True, check=True, env=environment)
    assert json.loads(done.stdout)["core"] == "python"
