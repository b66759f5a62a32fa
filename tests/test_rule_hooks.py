"""Every hook is classified: a rule hook (``hookspecs.RULE_HOOKS``), which changes which moves are legal, what a
move does or when the game is won, or one of the others (``hookspecs.OTHER_HOOKS``).

The solver trusts what it proves from the rule data alone (sinks, forced moves, doomed positions) only in a game
whose plugins implement no rule hook, so a hook left out of ``RULE_HOOKS`` that changes the rules could make a
"lost" proof wrong. A hook declared and classified in neither set fails here, and so does a classification the
kernel belies: a plugin implementing every hook is played, and the hooks the kernel asks while it plays (the legal
moves, push, pop, whether the game is won) must be exactly the rule hooks.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from helpers import changed_game, declared_hooks

from framework import hookspecs

CLASSIFY = ("classify it in framework/hookspecs.py: RULE_HOOKS if it changes which moves are legal, what a move "
            "does or when the game is won, else OTHER_HOOKS (docs/development.md, 'Adding a hook')")


def test_every_hook_is_a_rule_hook_or_another():
    declared = declared_hooks()
    assert declared, "no @hookspec found in framework/hookspecs.py"
    for hook in sorted(declared):
        assert hook in hookspecs.RULE_HOOKS | hookspecs.OTHER_HOOKS, f"hook {hook!r} is not classified: {CLASSIFY}"
        assert not (hook in hookspecs.RULE_HOOKS and hook in hookspecs.OTHER_HOOKS), f"hook {hook!r} is classified twice"
    assert hookspecs.RULE_HOOKS | hookspecs.OTHER_HOOKS <= declared, "a classified hook that is not declared"


#: A plugin that implements every hook ``hookspecs`` declares, found there when the plugin is loaded: each call is
#: recorded with the phase the test is in. It answers as a plugin with no say would, but for one action of its
#: own, always legal, which changes nothing.
SPY = '''
from framework import Move, hookimpl, hookspecs

ACTION = "spy"
#: (phase, hook) of every call, in order; the test sets the phase.
CALLS = []
PHASE = ["other"]


class Spy:
    actions = (ACTION,)

    def __init__(self, game, options):
        pass


def _recorder(hook):
    def record(self):
        CALLS.append((PHASE[0], hook))
    record.__name__ = hook
    return hookimpl(record)


def _legal_moves(self):
    CALLS.append((PHASE[0], "legal_moves"))
    return [Move(-1, -1, 1, ACTION)]


def _apply_action(self, move):
    CALLS.append((PHASE[0], "apply_action"))
    return [] if move.action == ACTION else None


def _move_text(self, move):
    CALLS.append((PHASE[0], "move_text"))
    return ACTION if move.action == ACTION else None


ANSWERING = {"legal_moves": _legal_moves, "apply_action": _apply_action, "move_text": _move_text}
for _name in dir(hookspecs):
    if hasattr(getattr(hookspecs, _name), "patience_spec"):
        _function = ANSWERING.get(_name) or _recorder(_name)
        _function.__name__ = _name
        setattr(Spy, _name, hookimpl(_function))
'''


@contextmanager
def phase(spy, name: str) -> Iterator[None]:
    spy.PHASE[0] = name
    try:
        yield
    finally:
        spy.PHASE[0] = "other"


#: Games whose kernel rules between them ask every part of the kernel that plays: a stock and redeals
#: (Klondike), pairs (Pyramid), a gather (La Belle Lucie), free cells (FreeCell's rules without its deals plugin).
GAMES = ["klondike", "pyramid", "la-belle-lucie", "freecell"]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_kernel_asks_exactly_the_rule_hooks_while_it_plays(game_id, install_plugin):
    install_plugin("spy", "spy_plugin", SPY, "Spy")
    game = changed_game(game_id, plugins=["spy"])
    spy = sys.modules["spy_plugin"]
    rng = random.Random(game_id)
    for seed in range(3):
        state = game.deal(seed)
        for _ in range(40):
            with phase(spy, "play"):
                moves = state.legal_moves()
                state.is_won()
                move = rng.choice(moves)
                state.push(move)
                if rng.random() < 0.2:
                    state.pop()
            state.move_text(move)
            state.explain(move)
            game.state_from_json(state.to_json())
    asked = {hook for when, hook in spy.CALLS if when == "play"}
    assert sorted(asked - hookspecs.RULE_HOOKS) == [], f"the kernel asks these hooks while it plays: {CLASSIFY}"
    assert sorted(hookspecs.RULE_HOOKS - asked) == [], "rule hooks the kernel never asks while it plays"
