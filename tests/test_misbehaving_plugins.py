"""Plugins that raise or answer nonsense: the error names the plugin and the hook, the state is unchanged,
and play goes on.

The plugin under test, ``mischief``, is found through the entry points like any other. It adds a
``poke`` action and misbehaves, in the way its ``mode`` option names, only while the state
variable ``armed`` is true; the built-in ``back-from-foundation`` plugin is loaded beside it,
answering sensibly, so that the error must name the right one. A mode is ``HOOK:HOW``: an
answer of nonsense, or one of the ways of ``HOUSE_RULES_BROKEN`` that any hook may take.
"""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner
from helpers import ROOT, small_rules

import framework
from framework import Move, PluginError, SetFaceDown, SetVar, Transfer, hookimpl, plugins
from framework.cli import main
from framework.solver import Budget, SolverError, solve
from framework.testing import position
from framework.words import move_words


class BrokenMapping(dict):
    """A mapping that fails as it is read."""

    def items(self):
        raise RuntimeError("no items today")


class Doom(BaseException):
    """Not an Exception: what no plugin should raise."""


#: Ways of misbehaving any hook given a position may take: change it in place (the cards on two piles,
#: a face-down count, a variable), or raise what is not an Exception.
HOUSE_RULES_BROKEN = ("move_cards", "turn_down", "set_var", "exit", "interrupt", "doom")


class Mischief:
    """Misbehaves in the way the option 'mode' says, while the state variable 'armed' is true."""

    options_schema = {"type": "object", "properties": {"mode": {"type": "string"}, "armed": {"type": "boolean"}},
                      "additionalProperties": False}

    def __init__(self, game, options):
        self.mode = options["mode"]
        if self.mode == "start:raise":
            raise AttributeError("no such pile 'z'")
        if self.mode == "start:exit":
            sys.exit("not today")
        self.armed_at_deal = options.get("armed", False)
        self.t1 = game.pile_index("t1")
        self.t2 = game.pile_index("t2")

    def wrong(self, state, hook):
        """Whether to answer ``hook`` with the nonsense the mode names; first, break the house rules if it says so."""
        if not (state.vars["armed"] and self.mode.startswith(hook + ":")):
            return False
        how = self.mode.split(":")[1]
        if how == "move_cards":
            state.piles[self.t2].append(state.piles[self.t1].pop())
        elif how == "turn_down":
            state.face_down[self.t1] += 1
        elif how == "set_var":
            state.vars["pokes"] += 1
        elif how in ("exit", "interrupt", "doom"):
            raise {"exit": SystemExit(3), "interrupt": KeyboardInterrupt(), "doom": Doom("the end")}[how]
        return how not in HOUSE_RULES_BROKEN

    @hookimpl
    def state_vars(self):
        if self.mode == "state_vars:raise":
            raise LookupError("no variables today")
        if self.mode == "state_vars:list":
            return ["armed", "pokes"]
        if self.mode == "state_vars:float":
            return {"armed": self.armed_at_deal, "pokes": 0.5}
        if self.mode == "state_vars:broken":
            return BrokenMapping(armed=self.armed_at_deal, pokes=0)
        return {"armed": self.armed_at_deal, "pokes": 0}

    @hookimpl
    def move_text(self, move):
        if move.action != "poke":
            return None
        return {"move_text:raise": lambda: 1 / 0, "move_text:number": lambda: 5, "move_text:exit": lambda: sys.exit(3)}.get(
            self.mode, lambda: "poke")()

    @hookimpl
    def pick_limits(self, state):
        self.wrong(state, "pick_limits")
        return None

    @hookimpl
    def move_words(self, state, move):
        if move.action != "poke":
            return None
        if not self.wrong(state, "move_words"):
            return "poke a card from the 1st column to the 2nd"
        return {"move_words:raise": lambda: 1 / 0, "move_words:number": lambda: 5, "move_words:lines": lambda: "poke\nagain",
                "move_words:blank": lambda: " "}[self.mode]()

    @hookimpl
    def explain_refusal(self, state, move):
        if not self.wrong(state, "explain_refusal"):
            return None
        return {"explain_refusal:number": 7, "explain_refusal:blank": ""}[self.mode]

    @hookimpl
    def deal_order(self, seed):
        if self.mode == "deal_order:raise":
            raise OverflowError("no deal " + seed)
        if self.mode == "deal_order:short":
            return list(range(51))
        return None

    @hookimpl
    def legal_moves(self, state):
        if self.mode == "legal_moves:deep" and len(state.move_stack) >= 2:
            raise ZeroDivisionError("division by zero")  # only where a search goes, never at the table
        if not self.wrong(state, "legal_moves"):
            return [Move(-1, -1, 1, "poke")]
        return {
            "legal_moves:raise": lambda: 1 / 0,
            "legal_moves:number": lambda: 5,
            "legal_moves:text": lambda: "t1 t2",
            "legal_moves:tuple": lambda: [(self.t1, self.t2, 1, "")],
            "legal_moves:pile": lambda: [Move(99, self.t2)],
            "legal_moves:count": lambda: [Move(self.t1, self.t2, 30)],
            "legal_moves:same": lambda: [Move(self.t1, self.t1)],
            "legal_moves:generator": lambda: (Move(self.t1, self.t2) if n == 0 else 1 / 0 for n in range(2)),
        }[self.mode]()

    @hookimpl
    def apply_action(self, state, move):
        if move.action != "poke":
            return None
        good = [Transfer(self.t1, self.t2, 1), SetVar("pokes", state.vars["pokes"] + 1)]
        if not self.wrong(state, "apply_action"):
            return good
        if self.mode == "apply_action:raise":
            raise KeyError("no such poke")
        return {
            "apply_action:number": 42,
            "apply_action:text": "poke",
            "apply_action:not_a_change": good + ["boom"],
            "apply_action:too_many": good + [Transfer(self.t1, self.t2, len(state.piles[self.t1]))],
            "apply_action:unknown_var": good + [SetVar("nope", 1)],
            "apply_action:var_type": good + [SetVar("pokes", "many")],
            "apply_action:face_down": good + [SetFaceDown(self.t2, 99)],
            "apply_action:pile": good + [Transfer(self.t1, 99, 1)],
        }[self.mode]

    @hookimpl
    def is_won(self, state):
        if not self.wrong(state, "is_won"):
            return None
        return {"is_won:text": "yes", "is_won:number": 1}[self.mode]

    @hookimpl
    def check_state(self, state):
        if not self.wrong(state, "check_state"):
            return None
        return {"check_state:number": 3, "check_state:empty": "", "check_state:blank": " ", "check_state:lines": "not\ntoday",
                "check_state:text": "field 'vars.armed': not today"}[self.mode]

    @hookimpl
    def after_move(self, state, move):
        if not self.wrong(state, "after_move"):
            return None
        if self.mode == "after_move:raise":
            raise ValueError("after the move")
        return {"after_move:number": 7, "after_move:var": [SetVar("pokes", 1), SetVar("armed", "yes")]}[self.mode]


RULES = small_rules("tiny").replace(
    "name: Tiny\n", "name: Mischief\nplugins:\n  - back-from-foundation\n  - mischief: {mode: MODE}\n")


@pytest.fixture
def mischief(tmp_path, monkeypatch):
    """Makes the 'mischief' game for a mode, with the plugin installed (found by name like any other)."""
    installed = {**plugins.plugin_entry_points(), "mischief": plugins.InstalledPlugin("mischief", f"{__name__}:Mischief")}
    monkeypatch.setattr(plugins, "plugin_entry_points", lambda: installed)
    plugins.load_plugin.cache_clear()

    def make(mode: str) -> framework.Game:
        path = tmp_path / "mischief.yaml"
        path.write_text(RULES.replace("MODE", mode))
        return framework.load_game(str(path))

    yield make
    plugins.load_plugin.cache_clear()


def armed(game: framework.Game) -> framework.State:
    """Deal 4 with two card moves played, and the plugin set to misbehave."""
    state = game.deal(4)
    for _ in range(2):
        state.push(next(move for move in state.legal_moves() if not move.action))
    state.vars["armed"] = True
    return state


def still_playable(state: framework.State) -> None:
    """Once the plugin behaves again, play goes on from the same state: moves, undo, JSON."""
    state.vars["armed"] = False
    before = state.to_json()
    moves = state.legal_moves()
    assert Move(-1, -1, 1, "poke") in moves
    for move in moves:
        state.push(move)
        state.pop()
        assert state.to_json() == before
    assert state.game.state_from_json(before).to_json() == before


LEGAL_MOVES = [
    ("legal_moves:raise", "plugin 'mischief' failed in hook 'legal_moves': ZeroDivisionError: division by zero"),
    ("legal_moves:number", "plugin 'mischief' answered nonsense in hook 'legal_moves': 5 is not a list"),
    ("legal_moves:text", "plugin 'mischief' answered nonsense in hook 'legal_moves': 't1 t2' is not a list"),
    ("legal_moves:tuple", "plugin 'mischief' answered nonsense in hook 'legal_moves': (4, 5, 1, '') is not a Move"),
    ("legal_moves:pile", "plugin 'mischief' answered nonsense in hook 'legal_moves': "
                         "Move(source=99, target=5, count=1, action=''): source 99 is not a pile number from -1 to 7"),
    ("legal_moves:count", "plugin 'mischief' answered nonsense in hook 'legal_moves': "
                          "Move(source=4, target=5, count=30, action=''): pile 4 holds 12 cards"),
    ("legal_moves:same", "plugin 'mischief' answered nonsense in hook 'legal_moves': "
                         "Move(source=4, target=4, count=1, action=''): a card move goes from one pile to another"),
    ("legal_moves:generator", "plugin 'mischief' failed in hook 'legal_moves': ZeroDivisionError: division by zero"),
]


@pytest.mark.parametrize(("mode", "message"), LEGAL_MOVES, ids=[mode for mode, _ in LEGAL_MOVES])
def test_nonsense_from_legal_moves_is_named_and_changes_nothing(mischief, mode, message):
    state = armed(mischief(mode))
    before, stack = state.to_json(), list(state.move_stack)
    for ask in (state.legal_moves, state.is_over):
        with pytest.raises(PluginError) as caught:
            ask()
        assert str(caught.value) == message
        assert state.to_json() == before and state.move_stack == stack
    still_playable(state)


APPLY_ACTION = [
    ("apply_action:raise", "plugin 'mischief' failed in hook 'apply_action': KeyError: 'no such poke'"),
    ("apply_action:number", "plugin 'mischief' answered nonsense in hook 'apply_action': 42 is not a list"),
    ("apply_action:text", "plugin 'mischief' answered nonsense in hook 'apply_action': 'poke' is not a list"),
    ("apply_action:not_a_change", "plugin 'mischief' answered nonsense in hook 'apply_action': "
                                  "'boom' is not a change (Transfer, SetVar or SetFaceDown)"),
    ("apply_action:too_many", "plugin 'mischief' answered nonsense in hook 'apply_action': "
                              "Transfer(source=4, target=5, count=12, turn=False): count 12 is not from 1 to the 11 cards of pile 4"),
    ("apply_action:unknown_var", "plugin 'mischief' answered nonsense in hook 'apply_action': "
                                 "SetVar(name='nope', value=1): the state keeps no variable 'nope'"),
    ("apply_action:var_type", "plugin 'mischief' answered nonsense in hook 'apply_action': "
                              "SetVar(name='pokes', value='many'): 'many' is not a value like 0"),
    ("apply_action:face_down", "plugin 'mischief' answered nonsense in hook 'apply_action': "
                               "SetFaceDown(pile=5, count=99): count 99 is not from 0 to the 14 cards of pile 5"),
    ("apply_action:pile", "plugin 'mischief' answered nonsense in hook 'apply_action': "
                          "Transfer(source=4, target=99, count=1, turn=False): target 99 is not a pile number from 0 to 7"),
]


@pytest.mark.parametrize(("mode", "message"), APPLY_ACTION, ids=[mode for mode, _ in APPLY_ACTION])
def test_nonsense_from_apply_action_is_named_and_nothing_is_half_done(mischief, mode, message):
    state = armed(mischief(mode))
    before, stack = state.to_json(), list(state.move_stack)
    with pytest.raises(PluginError) as caught:
        state.push(Move(-1, -1, 1, "poke"))
    assert str(caught.value) == message
    assert state.to_json() == before and state.move_stack == stack
    still_playable(state)


AFTER_MOVE = [
    ("after_move:raise", "plugin 'mischief' failed in hook 'after_move': ValueError: after the move"),
    ("after_move:number", "plugin 'mischief' answered nonsense in hook 'after_move': 7 is not a list"),
    ("after_move:var", "plugin 'mischief' answered nonsense in hook 'after_move': "
                       "SetVar(name='armed', value='yes'): 'yes' is not a value like False"),
]


@pytest.mark.parametrize(("mode", "message"), AFTER_MOVE, ids=[mode for mode, _ in AFTER_MOVE])
@pytest.mark.parametrize("kind", ["card move", "action"])
def test_nonsense_after_a_move_takes_the_move_back(mischief, mode, message, kind):
    state = armed(mischief(mode))
    move = Move(-1, -1, 1, "poke") if kind == "action" else next(move for move in state.legal_moves() if not move.action)
    before, stack = state.to_json(), list(state.move_stack)
    with pytest.raises(PluginError) as caught:
        state.push(move)
    assert str(caught.value) == message
    assert state.to_json() == before and state.move_stack == stack
    still_playable(state)


def test_the_culprit_is_named_whichever_order_the_plugins_are_in(mischief, tmp_path):
    game = mischief("legal_moves:pile")
    swapped = tmp_path / "swapped.yaml"
    swapped.write_text(RULES.replace("MODE", "legal_moves:pile").replace(
        "  - back-from-foundation\n  - mischief: {mode: legal_moves:pile}\n",
        "  - mischief: {mode: legal_moves:pile}\n  - back-from-foundation\n"))
    for each in (game, framework.load_game(str(swapped))):
        state = armed(each)
        state.piles[0].append(state.piles[4].pop())  # a card on a foundation: back-from-foundation answers too
        with pytest.raises(PluginError, match=r"^plugin 'mischief' answered nonsense in hook 'legal_moves': Move\(source=99"):
            state.legal_moves()


def test_the_player_reports_a_failing_plugin_and_plays_on(mischief, tmp_path):
    mischief("apply_action:raise")
    path = tmp_path / "mischief.yaml"
    path.write_text(path.read_text().replace("{mode: apply_action:raise}", "{mode: apply_action:raise, armed: true}"))
    result = CliRunner().invoke(main, ["play", str(path), "--seed", "4", "--no-auto"], input="poke\nt1 t2\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    assert "plugin 'mischief' failed in hook 'apply_action': KeyError: 'no such poke'" in result.output
    assert "Traceback" not in result.output
    after = result.output.split("'no such poke'")[1]
    assert "> t1 t2" in after and "> undo" in after  # the next commands were carried out


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("start:raise", "plugin 'mischief' failed to start: AttributeError: no such pile 'z'"),
        ("state_vars:raise", "plugin 'mischief' failed in hook 'state_vars': LookupError: no variables today"),
        ("state_vars:list", "plugin 'mischief' answered nonsense in hook 'state_vars': "
                            "['armed', 'pokes'] is not a mapping of variable names to values"),
        ("state_vars:float", "plugin 'mischief' answered nonsense in hook 'state_vars': variable 'pokes': 0.5 is not "
                             "a JSON scalar (a whole number, text, true, false or null)"),
        ("state_vars:broken", "plugin 'mischief' failed in hook 'state_vars': RuntimeError: no items today"),
        ("start:exit", "plugin 'mischief' failed to start: SystemExit: not today"),
    ],
)
def test_a_plugin_that_fails_while_the_game_is_built_is_named(mischief, tmp_path, mode, message):
    with pytest.raises(PluginError) as caught:
        mischief(mode)
    assert str(caught.value) == message
    result = CliRunner().invoke(main, ["show", str(tmp_path / "mischief.yaml")])
    assert (result.exit_code, result.output) == (2, f"patience: {message}\n")


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("move_text:raise", "plugin 'mischief' failed in hook 'move_text': ZeroDivisionError: division by zero"),
        ("move_text:number", "plugin 'mischief' answered nonsense in hook 'move_text': 5 is not text"),
        ("move_text:exit", "plugin 'mischief' failed in hook 'move_text': SystemExit: 3"),
    ],
)
def test_a_plugin_that_fails_to_name_a_move_is_named(mischief, mode, message):
    state = mischief(mode).deal(4)
    before = state.to_json()
    with pytest.raises(PluginError) as caught:
        state.move_text(Move(-1, -1, 1, "poke"))
    assert str(caught.value) == message
    assert state.to_json() == before and state.move_text(state.legal_moves()[0]) == "t1 t2"


WORDS = [
    ("move_words:raise", "plugin 'mischief' failed in hook 'move_words': ZeroDivisionError: division by zero"),
    ("move_words:number", "plugin 'mischief' answered nonsense in hook 'move_words': 5 is not text"),
    ("move_words:lines", "plugin 'mischief' answered nonsense in hook 'move_words': 'poke\\nagain' is more than one line"),
    ("move_words:blank", "plugin 'mischief' answered nonsense in hook 'move_words': ' ' says nothing"),
]


@pytest.mark.parametrize(("mode", "message"), WORDS, ids=[mode for mode, _ in WORDS])
def test_a_plugin_that_fails_to_word_a_move_is_named(mischief, mode, message):
    state = armed(mischief(mode))
    before = state.to_json()
    with pytest.raises(PluginError) as caught:
        move_words(state, Move(-1, -1, 1, "poke"))
    assert str(caught.value) == message
    state.vars["armed"] = False
    assert move_words(state, Move(-1, -1, 1, "poke")) == "poke a card from the 1st column to the 2nd"
    assert state.to_json() == {**before, "vars": {**before["vars"], "armed": False}}


REFUSALS = [
    ("explain_refusal:number", "plugin 'mischief' answered nonsense in hook 'explain_refusal': 7 is not text"),
    ("explain_refusal:blank", "plugin 'mischief' answered nonsense in hook 'explain_refusal': '' says nothing"),
]


@pytest.mark.parametrize(("mode", "message"), REFUSALS, ids=[mode for mode, _ in REFUSALS])
def test_a_plugin_that_explains_a_refusal_with_nonsense_is_named(mischief, mode, message):
    state = armed(mischief(mode))
    illegal = Move(-1, -1, 1, "prod")
    with pytest.raises(PluginError) as caught:
        state.explain(illegal)
    assert str(caught.value) == message
    state.vars["armed"] = False
    assert state.explain(illegal) == "the rules do not allow prod now"


IS_WON = [
    ("is_won:text", "plugin 'mischief' answered nonsense in hook 'is_won': 'yes' is not true, false or None"),
    ("is_won:number", "plugin 'mischief' answered nonsense in hook 'is_won': 1 is not true, false or None"),
]


@pytest.mark.parametrize(("mode", "message"), IS_WON, ids=[mode for mode, _ in IS_WON])
def test_an_answer_of_the_wrong_type_is_refused_not_taken_for_true(mischief, mode, message):
    state = armed(mischief(mode))
    for ask in (state.is_won, state.outcome, state.is_over):
        with pytest.raises(PluginError) as caught:
            ask()
        assert str(caught.value) == message
    state.vars["armed"] = False
    assert not state.is_won() and state.outcome() is None


CHECK_STATE = [
    ("check_state:number", "plugin 'mischief' answered nonsense in hook 'check_state': 3 is not text"),
    ("check_state:empty", "plugin 'mischief' answered nonsense in hook 'check_state': '' says nothing"),
    ("check_state:blank", "plugin 'mischief' answered nonsense in hook 'check_state': ' ' says nothing"),
    ("check_state:lines", "plugin 'mischief' answered nonsense in hook 'check_state': 'not\\ntoday' is more than one line"),
]


@pytest.mark.parametrize(("mode", "message"), CHECK_STATE, ids=[mode for mode, _ in CHECK_STATE])
def test_check_state_answers_a_line_or_nothing(mischief, mode, message):
    saved = armed(mischief(mode)).to_json()
    with pytest.raises(PluginError) as caught:
        mischief(mode).state_from_json(saved)
    assert str(caught.value) == message
    saved["vars"]["armed"] = False
    assert mischief(mode).state_from_json(saved).to_json() == saved


def test_a_problem_check_state_finds_refuses_the_state(mischief):
    saved = armed(mischief("check_state:text")).to_json()
    with pytest.raises(framework.StateError, match=r"^field 'vars.armed': not today$"):
        mischief("check_state:text").state_from_json(saved)


def test_a_plugin_failing_where_only_a_search_goes_is_named_by_solve_hint_and_the_web(mischief, tmp_path, monkeypatch):
    mischief("legal_moves:deep")
    path = tmp_path / "mischief.yaml"
    message = "plugin 'mischief' failed in hook 'legal_moves': ZeroDivisionError: division by zero"
    for searches in ("1", "2"):
        solved = CliRunner().invoke(main, ["solve", str(path), "--seed", "4", "--searches", searches])
        assert (solved.exit_code, solved.output) == (2, f"patience: {message}\n")
    played = CliRunner().invoke(main, ["play", str(path), "--seed", "4", "--no-auto"], input="hint\nt1 t2\nquit\n")
    assert played.exit_code == 0 and "Traceback" not in played.output
    assert played.output.count(message) == 1 and "> t1 t2" in played.output.split(message)[1]  # the game went on

    from fastapi.testclient import TestClient

    from framework.web.app import create_app

    monkeypatch.setenv("PATIENCE_RULES_PATH", str(tmp_path))
    client = TestClient(create_app())
    key = client.post("/api/sessions", json={"game": "mischief", "seed": 4, "autoplay": False}).json()["session"]
    hinted = client.get(f"/api/sessions/{key}/hint", params={"seconds": 5})
    assert (hinted.status_code, hinted.json()) == (400, {"detail": message})
    assert client.get(f"/api/sessions/{key}").status_code == 200


def test_a_deal_that_is_not_the_pack_is_refused_naming_the_plugin(mischief):
    with pytest.raises(PluginError, match=r"^plugin 'mischief' answered nonsense in hook 'deal_order': the deal "
                                          r"'ms:5' is not the game's pack of 52 cards$"):
        mischief("deal_order:short").deal("ms:5")


def test_a_plugin_that_fails_to_deal_is_named(mischief):
    game = mischief("deal_order:raise")
    with pytest.raises(PluginError, match=r"^plugin 'mischief' failed in hook 'deal_order': OverflowError: no deal ms:5$"):
        game.deal("ms:5")
    assert game.deal(5).to_json()["seed"] == 5


# --- the rules of the house: a hook answers, and raises only exceptions ---------------------------

#: How each hook given a position is asked, in ``armed``'s position.
ASKED = {
    "legal_moves": lambda state: state.legal_moves(),
    "pick_limits": lambda state: state.legal_moves(),
    "apply_action": lambda state: state.push(Move(-1, -1, 1, "poke")),
    "after_move": lambda state: state.push(next(move for move in state.legal_moves() if not move.action)),
    "move_words": lambda state: move_words(state, Move(-1, -1, 1, "poke")),
    "explain_refusal": lambda state: state.explain(Move(-1, -1, 1, "prod")),
    "is_won": lambda state: state.is_won(),
    "check_state": lambda state: state.game.state_from_json(state.to_json()),
}
#: What each way of changing the position in place is said to have changed.
CHANGED = {"move_cards": "the cards of t1 and t2", "turn_down": "the face-down cards of t1", "set_var": "the variable 'pokes'"}


@pytest.mark.parametrize("how", CHANGED)
@pytest.mark.parametrize("hook", ASKED)
def test_a_plugin_that_changes_the_position_in_place_is_named(mischief, hook, how):
    state = armed(mischief(f"{hook}:{how}"))
    with pytest.raises(PluginError) as caught:
        ASKED[hook](state)
    assert str(caught.value) == (f"plugin 'mischief' changed the position in hook {hook!r}: {CHANGED[how]}; "
                                 "a hook answers and leaves the position to the kernel")


@pytest.mark.parametrize(("how", "message"), [("exit", "SystemExit: 3"), ("doom", "Doom: the end")])
@pytest.mark.parametrize("hook", ASKED)
def test_a_plugin_that_exits_or_raises_what_is_not_an_exception_is_named(mischief, hook, how, message):
    state = armed(mischief(f"{hook}:{how}"))
    with pytest.raises(PluginError) as caught:
        ASKED[hook](state)
    assert str(caught.value) == f"plugin 'mischief' failed in hook {hook!r}: {message}"


@pytest.mark.parametrize("hook", ASKED)
def test_a_keyboard_interrupt_in_a_hook_goes_on_as_ctrl_c_saying_where(mischief, hook):
    state = armed(mischief(f"{hook}:interrupt"))
    with pytest.raises(KeyboardInterrupt) as caught:
        ASKED[hook](state)
    assert caught.value.__notes__ == [f"in hook {hook!r} of plugin 'mischief'"]


def test_a_keyboard_interrupt_in_a_hook_away_from_the_main_thread_is_the_plugins_failure(mischief):
    # Python delivers Ctrl-C to the main thread alone: elsewhere (a web server's request) a plugin raised it.
    import threading

    state = armed(mischief("legal_moves:interrupt"))
    caught = []
    thread = threading.Thread(target=lambda: caught.append(pytest.raises(PluginError, state.legal_moves).value))
    thread.start()
    thread.join()
    assert str(caught[0]) == "plugin 'mischief' failed in hook 'legal_moves': KeyboardInterrupt"


@pytest.mark.parametrize(("mode", "says"), [
    ("after_move:move_cards", "plugin 'mischief' changed the position in hook 'after_move': the cards of t1 and t2; "
                         "a hook answers and leaves the position to the kernel"),
    ("after_move:turn_down", "plugin 'mischief' changed the position in hook 'after_move': the face-down cards of t1; "
                             "a hook answers and leaves the position to the kernel"),
    ("after_move:exit", "plugin 'mischief' failed in hook 'after_move': SystemExit: 3"),
    ("after_move:doom", "plugin 'mischief' failed in hook 'after_move': Doom: the end"),
    ("after_move:interrupt", "Interrupted in hook 'after_move' of plugin 'mischief': the command was not carried out."),
    ("after_move:set_var", "plugin 'mischief' changed the position in hook 'after_move': the variable 'pokes'; "
                        "a hook answers and leaves the position to the kernel"),
])
def test_the_player_refuses_a_plugin_that_breaks_the_house_rules_and_keeps_the_game(mischief, tmp_path, mode, says):
    mischief(mode)
    path = tmp_path / "mischief.yaml"
    path.write_text(path.read_text().replace(f"{{mode: {mode}}}", f"{{mode: {mode}, armed: true}}"))
    saved = tmp_path / "saved.json"
    result = CliRunner().invoke(main, ["play", str(path), "--seed", "4", "--no-auto"],
                                input=f"t1 t2\nsave {saved}\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert result.output.split("> t1 t2\n")[1].split("\n> ")[0] == says
    assert f"Saved to {saved}." in result.output  # the game goes on, and is saved as dealt
    game = framework.load_game(str(path))
    assert json.loads(saved.read_text())["state"] == game.deal(4).to_json()


@pytest.mark.parametrize(("mode", "says"), [
    ("after_move:move_cards", "plugin 'mischief' changed the position in hook 'after_move': the cards of t1 and t2; "
                         "a hook answers and leaves the position to the kernel"),
    ("after_move:interrupt", "plugin 'mischief' failed in hook 'after_move': KeyboardInterrupt"),
    ("after_move:exit", "plugin 'mischief' failed in hook 'after_move': SystemExit: 3"),
])
def test_the_web_refuses_a_plugin_that_breaks_the_house_rules_and_keeps_the_game(mischief, tmp_path, monkeypatch,
                                                                                 mode, says):
    from fastapi.testclient import TestClient

    from framework.web.app import create_app

    mischief(mode)
    path = tmp_path / "mischief.yaml"
    path.write_text(path.read_text().replace(f"{{mode: {mode}}}", f"{{mode: {mode}, armed: true}}"))
    monkeypatch.setenv("PATIENCE_RULES_PATH", str(tmp_path))
    client = TestClient(create_app())
    key = client.post("/api/sessions", json={"game": "mischief", "seed": 4, "autoplay": False}).json()["session"]
    table, save = client.get(f"/api/sessions/{key}").json(), client.get(f"/api/sessions/{key}/save").json()
    played = client.post(f"/api/sessions/{key}/moves", json={"move": "t1 t2"})
    assert (played.status_code, played.json()) == (400, {"detail": says})
    assert client.get(f"/api/sessions/{key}").json() == table
    assert client.get(f"/api/sessions/{key}/save").json() == save


def test_a_search_leaves_out_the_check_but_the_line_it_finds_is_replayed_with_it(mischief):
    # One move from the win: the search plays it on a position of its own, unchecked (the check would cost a
    # search up to 40% of its speed), and the line is then replayed on a checked position.
    game = mischief("after_move:set_var")
    ranks = "A 2 3 4 5 6 7 8 9 T J Q K".split()
    piles = {f"f{index + 1}": " ".join(rank + suit for rank in ranks) for index, suit in enumerate("CDH")}
    state = position(game, {**piles, "f4": " ".join(rank + "S" for rank in ranks[:-1]), "t1": "KS"},
                     armed=True, pokes=0)
    assert state.hooks_checked and state.copy().hooks_checked
    with pytest.raises(SolverError) as caught:
        solve(state, Budget(nodes=100), searches=1)
    assert str(caught.value) == ("the solver's line does not replay at move 1: plugin 'mischief' changed the position "
                                 "in hook 'after_move': the variable 'pokes'; a hook answers and leaves the position to "
                                 "the kernel")
    assert state.vars["pokes"] == 0


KLONDIKE = (ROOT / "rules" / "klondike.yaml").read_text(encoding="utf-8")
SWEEPER = """
from framework import Move, SetFaceDown, Transfer, hookimpl


class Sweeper:
    '''Sweeps column t2, face-down cards and all, onto t1: as the action 'sweep', or after every card move.'''

    options_schema = {"type": "object", "properties": {"hook": {"type": "string"}, "fixed": {"type": "boolean"}},
                      "additionalProperties": False}
    actions = ("sweep",)

    def __init__(self, game, options):
        self.hook, self.fixed = options["hook"], options.get("fixed", False)
        self.t1, self.t2 = game.pile_index("t1"), game.pile_index("t2")

    def sweep(self, state):
        changes = [Transfer(self.t2, self.t1, len(state.piles[self.t2]))]
        return changes + [SetFaceDown(self.t2, 0)] if self.fixed else changes

    @hookimpl
    def legal_moves(self, state):
        return [Move(-1, -1, 1, "sweep")] if self.hook == "apply_action" and state.piles[self.t2] else []

    @hookimpl
    def apply_action(self, state, move):
        return self.sweep(state) if move.action == "sweep" else None

    @hookimpl
    def after_move(self, state, move):
        return self.sweep(state) if self.hook == "after_move" and state.piles[self.t2] else None
"""


@pytest.mark.parametrize("hook", ["apply_action", "after_move"])
def test_a_plugin_that_leaves_face_down_counts_too_high_is_named_where_it_does(install_plugin, tmp_path, hook):
    install_plugin("sweeper", "sweeper_plugin", SWEEPER, "Sweeper")
    rules = tmp_path / "swept.yaml"
    rules.write_text(KLONDIKE.replace("\ngroups:", f"\nplugins:\n  - sweeper: {{hook: {hook}}}\ngroups:"))
    game = framework.load_game(str(rules))
    state = position(game, {"t1": "KS", "t2": "3C | 5H", "t3": "AH"}, rest="s")
    before = state.to_json()
    move = Move(-1, -1, 1, "sweep") if hook == "apply_action" else state.parse_move("t3 f1")
    with pytest.raises(PluginError) as caught:
        state.push(move)
    assert str(caught.value) == (
        f"plugin 'sweeper' answered nonsense in hook {hook!r}: Transfer(source=5, target=4, count=2, turn=False) "
        "leaves pile t2 holding 0 cards, 1 of them face down: a Transfer keeps face-down counts as they were; "
        "add SetFaceDown(5, 0) or fewer")
    assert state.to_json() == before and not state.move_stack
    rules.write_text(rules.read_text().replace(f"{{hook: {hook}}}", f"{{hook: {hook}, fixed: true}}"))
    game = framework.load_game(str(rules))
    state = game.state_from_json(before)
    state.push(move)
    assert state.piles[game.pile_index("t1")] == position(game, {"t1": "KS 3C 5H"}).piles[game.pile_index("t1")]
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()  # its save reads back
