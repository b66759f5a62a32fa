"""The Gymnasium environment: Gymnasium's own checks, what an observation shows, the action mask, rewards."""

from __future__ import annotations

import shutil

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the gym extra (gymnasium) is not installed")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from framework.environment import HIDDEN, PatienceEnv  # noqa: E402
from framework.rulefiles import find_rule_file  # noqa: E402
from framework.testing import position  # noqa: E402

#: A sample of games unlike one another: cells, face-down cards and a stock, plugins, a grid, pairs, Golf's heap.
SAMPLE = ["freecell", "klondike", "steeplechase", "blockade", "montana", "pyramid", "golf", "spider"]


@pytest.mark.parametrize("name", SAMPLE)
def test_gymnasium_checks_each_game(name):
    env = gymnasium.make(f"framework.environment:patience/{name}-v0", render_mode="ansi")
    check_env(env.unwrapped, skip_render_check=False)


def test_a_rule_file_is_an_environment_too(tmp_path):
    path = tmp_path / "my-klondike.yaml"
    shutil.copy(find_rule_file("klondike"), path)
    env = gymnasium.make("framework.environment:patience/Patience-v0", game=str(path))
    check_env(env.unwrapped)
    assert env.spec.max_episode_steps == 1000


def test_registered_by_name():
    env = gymnasium.make("framework.environment:patience/freecell-v0")
    observation, info = env.reset(seed=7)
    assert observation.shape == (16, 52) and info["deal"] == 7


def test_an_observation_hides_face_down_and_stock_cards():
    env = PatienceEnv("klondike")
    observation, _ = env.reset(seed=1)
    state = env.state
    game = state.game
    t7, stock = game.pile_index("t7"), game.pile_index("s")
    assert list(observation[t7, :7]) == [HIDDEN] * 6 + [state.piles[t7][-1] + 1]
    assert list(observation[stock, :24]) == [HIDDEN] * 24 and not observation[stock, 24:].any()
    # A deal that differs only in hidden cards looks the same.
    swapped = game.deal(1)
    swapped.piles[t7][0], swapped.piles[stock][0] = swapped.piles[stock][0], swapped.piles[t7][0]
    assert swapped.piles != state.piles
    env.state = swapped
    masked_out = int(np.flatnonzero(env.action_masks() == 0)[0])
    assert (env.step(masked_out)[0] == observation).all()


def test_the_mask_is_the_legal_moves():
    env = PatienceEnv("steeplechase")
    _, info = env.reset(seed=3)
    legal = env.state.legal_moves()
    assert info["action_mask"].sum() == len(legal) == len({env.actions.index(move) for move in legal})
    for move in legal:
        assert env.actions.legal_move(env.state, env.actions.index(move)) == move


def test_a_masked_out_action_changes_nothing():
    env = PatienceEnv("freecell")
    observation, info = env.reset(seed=1)
    action = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(action)
    assert (after == observation).all() and reward == 0 and not terminated and not truncated and info["illegal"]


def test_a_win_ends_the_episode_with_reward_one():
    env = PatienceEnv("freecell", reward="shaped")
    env.reset(seed=1)
    game = env.game
    ranks = "A 2 3 4 5 6 7 8 9 T J Q K".split()
    piles = {f"f{index + 1}": " ".join(rank + suit for rank in ranks) for index, suit in enumerate("CDH")}
    env.state = position(game, {**piles, "f4": " ".join(rank + "S" for rank in ranks[:-1]), "t1": "KS"})
    winning = env.actions.index(env.state.parse_move("t1 f4"))
    _, reward, terminated, _, info = env.step(winning)
    assert terminated and info["won"] and reward == pytest.approx(1 + 1 / 52)


def test_the_shaped_reward_counts_cards_laid_up():
    env = PatienceEnv("freecell", reward="shaped")
    env.reset(seed=1)
    env.state = position(env.game, {"t1": "AS", "t2": "KH"}, rest="t3")
    _, reward, terminated, _, _ = env.step(env.actions.index(env.state.parse_move("t1 f1")))
    assert reward == pytest.approx(1 / 52) and not terminated


def test_a_reward_it_does_not_know_is_refused():
    with pytest.raises(ValueError, match="reward: expected one of win, shaped, got 'points'"):
        PatienceEnv("freecell", reward="points")
