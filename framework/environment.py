"""A Gymnasium environment for every game the loader accepts (the ``gym`` extra: ``pip install .[gym]``).

Importing this module registers ``patience/GAME-v0`` for each built-in game,
and ``patience/Patience-v0``, which takes the game (a built-in name or a rule
file's path) as ``game=``::

    import gymnasium
    env = gymnasium.make("framework.environment:patience/freecell-v0")
    env = gymnasium.make("framework.environment:patience/Patience-v0", game="my-game.yaml")

An observation is what a player sees, in a fixed shape per game: one row per
pile (in the game's pile order), one column per card the pack holds, read from
the bottom of the pile: 0 where the pile has no card, 1 to 52 for a card face
up (clubs, diamonds, hearts, spades, ace to king, as ``framework.cards``
numbers them, plus one), ``HIDDEN`` for a card the player cannot see
(``framework.public``: face down, or in a stock but a top card the rules let
the player play). An action is an index into
every move the game's piles could make (kind, source, target, count); the
legal ones are given as ``info["action_mask"]`` after each ``reset`` and
``step`` (and by ``action_masks()``). A masked-out action changes nothing and
gives no reward (``info["illegal"]`` is then True). See docs/gymnasium.md.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from . import available_games
from .game import Game, load_game
from .moves import DEAL, GATHER, PAIR, REDEAL, Move
from .player.render import draw
from .public import public_view
from .state import State

#: The observation's number for a card the player cannot see.
HIDDEN = 53
#: The rewards ``reward=`` may name: 1 for a win only, or that and the change in the share of the pack on the
#: foundations after each move.
REWARDS = ("win", "shaped")
#: The actions the kernel itself may offer, whether or not a game names them.
_KERNEL_ACTIONS = frozenset({DEAL, REDEAL, GATHER, PAIR})
#: The most steps an episode of a registered environment takes before it is cut short.
MOST_STEPS = 1000


class PatienceEnv(gymnasium.Env[np.ndarray, Any]):
    """One game as a Gymnasium environment: ``reset(seed=N)`` deals deal N."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game: str | Game = "freecell", *, reward: str = "win", render_mode: str | None = None) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward: expected one of {', '.join(REWARDS)}, got {reward!r}")
        self.game = game if isinstance(game, Game) else load_game(game)
        self.reward_kind = reward
        self.render_mode = render_mode
        self.actions = ActionIndex(self.game)
        self.shape = (len(self.game.pile_names), self.game.total_cards)
        self.observation_space = spaces.MultiDiscrete(np.full(self.shape, HIDDEN + 1))
        self.action_space = spaces.Discrete(self.actions.size)
        self.state: State | None = None
        self.deal_seed = 0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        """Deal deal ``seed`` (a random deal, from the environment's generator, without one)."""
        super().reset(seed=seed)
        self.deal_seed = seed if seed is not None else int(self.np_random.integers(1, 2**31))
        self.state = self.game.deal(self.deal_seed)
        return self._observe(), self._info(illegal=False)

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        """Play the move of index ``action`` if it is legal."""
        state = self._playing()
        move = self.actions.legal_move(state, int(action))
        if move is None:
            return self._observe(), 0.0, False, False, self._info(illegal=True)
        before = self._on_foundations(state)
        state.push(move)
        won = state.is_won()
        reward = float(won)
        if self.reward_kind == "shaped":
            reward += (self._on_foundations(state) - before) / self.game.total_cards
        terminated = won or not state.legal_moves()
        return self._observe(), reward, terminated, False, self._info(illegal=False)

    def action_masks(self) -> np.ndarray:
        """Which actions are legal now, as 0 and 1 (the form maskable agents ask for)."""
        return self.actions.mask(self._playing())

    def render(self) -> str | None:
        """The table as the terminal player draws it (``render_mode="ansi"``)."""
        return draw(self._playing()) if self.render_mode == "ansi" else None

    def _playing(self) -> State:
        if self.state is None:
            raise gymnasium.error.ResetNeeded("call reset() before step(), render() or action_masks()")
        return self.state

    def _observe(self) -> np.ndarray:
        table = np.zeros(self.shape, dtype=np.int64)
        for pile, (hidden, cards) in enumerate(public_view(self._playing()).piles):
            table[pile, :hidden] = HIDDEN
            table[pile, hidden:hidden + len(cards)] = np.asarray(cards, dtype=np.int64) + 1
        return table

    def _info(self, *, illegal: bool) -> dict[str, Any]:
        state = self._playing()
        return {"action_mask": self.actions.mask(state), "deal": self.deal_seed, "moves": len(state.move_stack),
                "won": state.is_won(), "illegal": illegal}

    def _on_foundations(self, state: State) -> int:
        return sum(len(state.piles[pile]) for pile in self.game.foundation_piles)


class ActionIndex:
    """The fixed numbering of a game's possible moves: first every card move (source pile, target pile, count
    from 1 to the pack's size), then every named action (kind, source pile or none, target pile or none; an
    action's count is what the position makes it, such as the cards a redeal turns over)."""

    def __init__(self, game: Game) -> None:
        self.kinds = tuple(sorted(game.action_names | _KERNEL_ACTIONS))
        self.piles = len(game.pile_names) + 1  # and "no pile"
        self.counts = game.total_cards
        self.card_moves = self.piles * self.piles * self.counts
        # (and one kind more for an action a plugin makes without declaring its word, such as a pair it matches)
        self.size = self.card_moves + (len(self.kinds) + 1) * self.piles * self.piles
        self._kind = {kind: index for index, kind in enumerate(self.kinds)}

    def index(self, move: Move) -> int:
        """The action number of ``move``."""
        pair = (move.source + 1) * self.piles + move.target + 1
        if move.action:
            kind = self._kind.get(move.action, len(self.kinds))
            return self.card_moves + kind * self.piles * self.piles + pair
        return pair * self.counts + move.count - 1

    def mask(self, state: State) -> np.ndarray:
        """Which action numbers are legal in ``state``."""
        mask = np.zeros(self.size, dtype=np.int8)
        for move in state.legal_moves():
            mask[self.index(move)] = 1
        return mask

    def legal_move(self, state: State, action: int) -> Move | None:
        """The legal move of number ``action`` in ``state``, or None."""
        return next((move for move in state.legal_moves() if self.index(move) == action), None)


def register_games() -> None:
    """Register ``patience/Patience-v0`` and ``patience/GAME-v0`` for each built-in game."""
    registry = gymnasium.envs.registration.registry
    entry = f"{__name__}:PatienceEnv"
    if "patience/Patience-v0" not in registry:
        gymnasium.register("patience/Patience-v0", entry_point=entry, max_episode_steps=MOST_STEPS)
    for name in available_games():
        if f"patience/{name}-v0" not in registry:
            gymnasium.register(f"patience/{name}-v0", entry_point=entry, kwargs={"game": name},
                               max_episode_steps=MOST_STEPS)


register_games()
