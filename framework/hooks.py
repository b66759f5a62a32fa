"""The one door to the plugins: every hook is called here, its answer checked, and a failure names the plugin.

A game's ``Hooks`` holds the plugins its rule file names, each started with the
game and its options, and has one method per hook of ``hookspecs``. A method
asks the plugins only when one of them implements the hook; it refuses an
answer of the wrong type rather than guess what it means (``"yes"`` is not
``True``); it turns an exception raised in a plugin (``sys.exit()`` too) into a
``PluginError`` that names the plugin and the hook; and it refuses, the same
way, a plugin that changed the position it was given in place, which only the
kernel changes (``push`` and ``pop``), unless the position is one the solver
works on (``State.hooks_checked``). Nothing else in the framework calls a hook.
"""

from __future__ import annotations

import inspect
import sys
import threading
import traceback
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

from . import hookspecs
from .errors import PatienceError, PluginError
from .hookcheck import is_like, limits_problem, line_problem, listed, move_problem, shown
from .moves import Move
from .plugins import load_plugin
from .spec import PluginUse

if TYPE_CHECKING:
    from .game import Game
    from .state import State

#: The names of the hooks ``hookspecs`` declares.
HOOK_NAMES = frozenset(name for name, value in vars(hookspecs).items() if hasattr(value, f"{hookspecs.PROJECT}_spec"))

Arguments = dict[str, Any]


class Hooks:
    """The plugins of one game, asked through one method per hook."""

    def __init__(self, game: Game, uses: Sequence[PluginUse]) -> None:
        manager = pluggy.PluginManager(hookspecs.PROJECT)
        manager.add_hookspecs(hookspecs)
        for use in uses:
            manager.register(_start(game, use), name=use.name)
        self._manager = manager
        self._hook = manager.hook
        #: The hooks some plugin implements; the others are never called.
        self.implemented: frozenset[str] = frozenset(
            name for name in HOOK_NAMES if getattr(manager.hook, name).get_hookimpls())
        #: The hooks that one plugin alone implements, with no wrapper: its function, the names of the
        #: arguments it takes, and whether the hook's first answer decides. ``_call`` asks it directly, as
        #: pluggy would, without pluggy's loop over implementations (a cost the solver pays at every position).
        self._alone: dict[str, tuple[Callable[..., Any], tuple[str, ...], bool]] = {}
        for name in self.implemented:
            caller = getattr(manager.hook, name)
            implementations = caller.get_hookimpls()
            if len(implementations) == 1 and not (implementations[0].wrapper or implementations[0].hookwrapper):
                only = implementations[0]
                self._alone[name] = (only.function, tuple(only.argnames), bool(caller.spec.opts["firstresult"]))
        #: The words of the plugins' named actions (each plugin's ``actions``).
        self.actions: frozenset[str] = frozenset(
            word for name, plugin in manager.list_name_plugin() for word in _actions(name, plugin))
        #: Whether every plugin declares ``sees_only_rule_data = True``: it tells cards and piles
        #: apart only through the rule data, so the solver may merge what the data cannot tell apart.
        self.see_only_rule_data: bool = all(
            getattr(plugin, "sees_only_rule_data", False) is True for plugin in manager.get_plugins())

    def native_rules(self) -> list[tuple[str, dict[str, Any] | None]]:
        """Each plugin's name and its rule as the native core runs it (``native_rule()``; None where the plugin
        declares none and implements a rule hook), in the order the plugins' moves are listed. Plugins that
        change no rule (``deal_order``, words, checks alone) need none and are left out.

        A class declares ``native_rule`` for itself, not by inheritance: a subclass that changes a rule hook
        must say again that the native rule still holds.
        """
        ruling = {implementation.plugin_name for hook in hookspecs.RULE_HOOKS & self.implemented
                  for implementation in getattr(self._hook, hook).get_hookimpls()}
        rules: list[tuple[str, dict[str, Any] | None]] = []
        for name, plugin in reversed(self._manager.list_name_plugin()):  # pluggy asks the last registered first
            declared = type(plugin).__dict__.get("native_rule")
            if callable(declared):
                try:
                    rule = declared(plugin)
                except Exception as error:  # a plugin's bug names the plugin
                    raise _failure(name, "native_rule", error) from error
                if not isinstance(rule, dict):
                    raise _nonsense(name, "native_rule", f"{shown(rule)} is not a mapping")
                rules.append((name, rule))
            elif name in ruling:
                rules.append((name, None))
        return rules

    # --- the hooks, in the order of hookspecs ----------------------------------------------------

    def state_vars(self, game: Game) -> list[tuple[str, dict[str, Any]]]:
        """Each plugin's variables with their values at the deal, in the order the plugins are named."""
        found = []
        for implementation in self._hook.state_vars.get_hookimpls():
            if implementation.wrapper or implementation.hookwrapper:
                continue
            name = implementation.plugin_name
            answer = self._ask_one(implementation, "state_vars", {"game": game})
            if answer is None:
                continue
            try:
                problem = _vars_problem(answer)
            except BaseException as error:  # an answer that fails as it is read, e.g. a broken mapping
                raise _failure(name, "state_vars", error) from error
            if problem:
                raise _nonsense(name, "state_vars", problem)
            found.append((name, dict(answer.items())))
        return found

    def deal_order(self, game: Game, seed: str) -> list[int] | None:
        """The pack in dealing order for the named deal ``seed``, from the first plugin that knows it; else None."""
        if "deal_order" not in self.implemented:
            return None
        arguments: Arguments = {"game": game, "seed": seed}
        answer = self._call("deal_order", arguments)
        if answer is None:
            return None
        order = self._listed("deal_order", arguments, answer)
        pack = Counter(game.pack)

        def is_wrong(other: Any) -> bool:
            cards = listed(other)
            return cards is None or not all(type(card) is int for card in cards) or Counter(cards) != pack

        if is_wrong(order):
            raise self._nonsense("deal_order", arguments, is_wrong,
                                 f"the deal {seed!r} is not the game's pack of {len(game.pack)} cards")
        return order

    def legal_moves(self, state: State) -> list[Move]:
        """The moves the plugins add in ``state``, each checked to be a move of this game."""
        if "legal_moves" not in self.implemented:
            return []
        arguments: Arguments = {"state": state}
        moves = self._joined("legal_moves", arguments, self._call("legal_moves", arguments))
        for move in moves:
            problem = move_problem(state, move)
            if problem:
                raise self._nonsense("legal_moves", arguments, _holds(move), problem)
        return moves

    def pick_limits(self, state: State) -> Mapping[int, int] | None:
        """The most cards that may be picked from each pile the plugins restrict in ``state`` (the smallest
        limit named), or None when no plugin restricts any."""
        if "pick_limits" not in self.implemented:
            return None
        arguments: Arguments = {"state": state}
        answers: list[Mapping[int, int]] = self._call("pick_limits", arguments)
        for answer in answers:
            try:
                problem = limits_problem(state, answer)
            except BaseException as error:  # an answer that fails as it is read, e.g. a broken mapping
                raise self._failed("pick_limits", error) from error
            if problem:
                raise self._nonsense("pick_limits", arguments,
                                     lambda other: limits_problem(state, other) is not None, problem)
        if len(answers) == 1:
            return answers[0]
        limits: dict[int, int] = {}
        for answer in answers:
            for pile, most in answer.items():
                if most < limits.get(pile, most + 1):
                    limits[pile] = most
        return limits

    def veto_move(self, state: State, move: Move) -> str | None:
        """Why a plugin refuses ``move`` in ``state``, one line, from the first plugin that refuses it; else None."""
        reason: str | None = self._first_of("veto_move", {"state": state, "move": move}, line_problem)
        return reason

    def allowed(self, state: State, moves: list[Move]) -> list[Move]:
        """``moves``, but those a plugin refuses in ``state`` (``veto_move``)."""
        if "veto_move" not in self.implemented:
            return moves
        return [move for move in moves if self.veto_move(state, move) is None]

    def apply_action(self, state: State, move: Move) -> list[Any] | None:
        """The changes the plugin that owns ``move.action`` makes, as a list (each change is checked as it is
        made: see ``refused_change``); None when no plugin owns the action."""
        if "apply_action" not in self.implemented:
            return None
        arguments: Arguments = {"state": state, "move": move}
        answer = self._call("apply_action", arguments)
        return None if answer is None else self._listed("apply_action", arguments, answer)

    def after_move(self, state: State, move: Move) -> list[Any]:
        """The further changes the plugins make after ``move`` was applied to ``state``, joined."""
        if "after_move" not in self.implemented:
            return []
        arguments: Arguments = {"state": state, "move": move}
        return self._joined("after_move", arguments, self._call("after_move", arguments))

    def refused_change(self, hook_name: str, state: State, move: Move, change: Any, problem: str) -> PluginError:
        """The error for a ``change`` that a plugin answered to ``hook_name`` for ``move`` and that cannot be made."""
        arguments: Arguments = {"state": state, "move": move}
        return self._nonsense(hook_name, arguments, _holds(change), problem)

    def move_text(self, game: Game, move: Move) -> str | None:
        """The text of ``move`` from the plugin that owns its action, or None."""
        text: str | None = self._first_of("move_text", {"game": game, "move": move}, _not_text)
        return text

    def move_words(self, state: State, move: Move) -> str | None:
        """``move`` in words, one line, from the first plugin that words it; None when none does."""
        words: str | None = self._first_of("move_words", {"state": state, "move": move}, line_problem)
        return words

    def explain_refusal(self, state: State, move: Move) -> str | None:
        """Why a plugin's rule refuses ``move`` in ``state``, one line, from the first plugin that says; else None."""
        reason: str | None = self._first_of("explain_refusal", {"state": state, "move": move}, line_problem)
        return reason

    def is_won(self, state: State) -> bool | None:
        """Whether ``state`` is won by a plugin's rule; None when no plugin decides."""
        won: bool | None = self._first_of("is_won", {"state": state}, _not_true_or_false)
        return won

    def check_state(self, state: State) -> str | None:
        """The first problem a plugin sees in ``state``, just read from JSON, in one line; None if none does."""
        if "check_state" not in self.implemented:
            return None
        arguments: Arguments = {"state": state}
        for problem in self._call("check_state", arguments):
            wrong = line_problem(problem)
            if wrong:
                raise self._nonsense("check_state", arguments, lambda answer: line_problem(answer) is not None, wrong)
            return str(problem)
        return None

    # --- calling, and naming the plugin that failed ----------------------------------------------

    def _first_of(self, hook_name: str, arguments: Arguments, problem: Callable[[Any], str | None]) -> Any:
        """The first answer to a hook whose first answer decides: None, or an answer in which ``problem`` finds
        nothing wrong (else refused with what it finds)."""
        if hook_name not in self.implemented:
            return None
        answer = self._call(hook_name, arguments)
        if answer is not None:
            wrong = problem(answer)
            if wrong:
                raise self._nonsense(hook_name, arguments, lambda other: problem(other) is not None, wrong)
        return answer

    def _call(self, hook_name: str, arguments: Arguments) -> Any:
        """The answer to a hook (a list of the plugins' answers; the first answer where it decides), or the
        ``PluginError`` of a plugin that raised, or that changed the position it was given."""
        state: State | None = arguments.get("state")
        before = _shape(state) if state is not None and state.hooks_checked else None
        alone = self._alone.get(hook_name)
        try:
            if alone is None:
                answer = getattr(self._hook, hook_name)(**arguments)
            else:
                function, names, first_decides = alone
                answer = function(*[arguments[name] for name in names])
                if not first_decides:
                    answer = [] if answer is None else [answer]
        except PluginError:
            raise
        except BaseException as error:  # a plugin's bug (or its sys.exit()) must name the plugin, not end the player
            raise self._failed(hook_name, error) from error
        if before is not None and _shape(arguments["state"]) != before:
            raise self._changed(hook_name, arguments, before)
        return answer

    def _ask_one(self, implementation: Any, hook_name: str, arguments: Arguments) -> Any:
        try:
            return _answer(implementation, arguments)
        except PluginError:
            raise
        except BaseException as error:  # a plugin's bug must name the plugin, not crash the loader
            raise _failure(implementation.plugin_name, hook_name, error) from error

    def _listed(self, hook_name: str, arguments: Arguments, answer: Any) -> list[Any]:
        """The items of one answer that should be a list (any iterable but text or a mapping will do)."""
        try:
            items = listed(answer)
        except BaseException as error:  # an answer that fails as it is read, e.g. a generator
            raise self._failed(hook_name, error) from error
        if items is None:
            raise self._nonsense(hook_name, arguments, lambda other: listed(other) is None,
                                 f"{shown(answer)} is not a list")
        return items

    def _joined(self, hook_name: str, arguments: Arguments, answers: list[Any]) -> list[Any]:
        """The items of every plugin's answer to a hook that answers with lists, joined."""
        items: list[Any] = []
        for answer in answers:
            items.extend(self._listed(hook_name, arguments, answer))
        return items

    def _failed(self, hook_name: str, error: BaseException) -> PluginError:
        """The error for an exception raised in hook ``hook_name``, naming the plugin whose code raised it (see
        ``_failure``)."""
        return _failure(_blame(self._manager, error), hook_name, error)

    def _changed(self, hook_name: str, arguments: Arguments, before: Shape) -> PluginError:
        """The error for a plugin that changed the position it was given in hook ``hook_name``, which had the shape
        ``before``: what changed, and the plugin that changed it.

        Made only when something changed: the plugin is the one that implements the hook, or, of
        several, the first that changes a copy of the position when asked again on it.
        """
        state: State = arguments["state"]
        implementations = [implementation for implementation in reversed(getattr(self._hook, hook_name).get_hookimpls())
                           if not (implementation.wrapper or implementation.hookwrapper)]
        culprit = implementations[0].plugin_name if len(implementations) == 1 else None
        for implementation in implementations if culprit is None else ():
            copy = state.copy()
            shape = _shape(copy)
            try:
                _answer(implementation, {**arguments, "state": copy})
            except BaseException as error:
                _interrupt_goes_on(error)
            if _shape(copy) != shape:
                culprit = implementation.plugin_name
                break
        who = f"plugin {culprit!r}" if culprit else "a plugin"
        return PluginError(f"{who} changed the position in hook {hook_name!r}: {_changes(state, before)}; "
                           "a hook answers and leaves the position to the kernel")

    def _nonsense(self, hook_name: str, arguments: Arguments, is_wrong: Callable[[Any], bool],
                  problem: str) -> PluginError:
        """The error for a wrong answer to a hook, naming the plugin whose own answer ``is_wrong``.

        Made only when something is wrong: each plugin is asked again on its own,
        with the same arguments, in the order pluggy asks them.
        """
        culprit = None
        for implementation in reversed(getattr(self._hook, hook_name).get_hookimpls()):
            if implementation.wrapper or implementation.hookwrapper:
                continue
            try:
                answer = _answer(implementation, arguments)
            except BaseException as error:  # a failure here says nothing of the answer that was wrong
                _interrupt_goes_on(error)
                continue
            if answer is not None and is_wrong(answer):
                culprit = implementation.plugin_name
                break
        return _nonsense(culprit, hook_name, problem)


def _answer(implementation: Any, arguments: Arguments) -> Any:
    """What one plugin's implementation of a hook answers, given the arguments it takes of ``arguments``."""
    return implementation.function(**{name: arguments[name] for name in implementation.argnames})


def _start(game: Game, use: PluginUse) -> Any:
    """The plugin ``use`` names, made for ``game`` with its options if it is a class."""
    plugin = load_plugin(use.name)
    if not inspect.isclass(plugin):
        return plugin
    make: Any = plugin  # a class of the plugin's own, made with the game and the options
    try:
        return make(game, dict(use.options))
    except PatienceError:  # the plugin's own word on options it cannot use
        raise
    except BaseException as error:  # a plugin's bug (or its sys.exit()) must name the plugin, not end the loader
        raise _failure(use.name, None, error) from error


def _actions(name: str, plugin: Any) -> tuple[str, ...]:
    """The words of the actions a plugin declares in its ``actions`` attribute."""
    words = getattr(plugin, "actions", ())
    if isinstance(words, str) or not isinstance(words, (tuple, list, frozenset, set)) or not all(
            isinstance(word, str) and word for word in words):
        raise PluginError(f"plugin {name!r}: 'actions' is {shown(words)}, not a list of words")
    return tuple(words)


def _holds(item: Any) -> Callable[[Any], bool]:
    """Whether an answer that should be a list holds ``item``: how the plugin that answered ``item`` is found."""
    return lambda answer: item in (listed(answer) or ())


def _not_text(answer: Any) -> str | None:
    return None if isinstance(answer, str) else f"{shown(answer)} is not text"


def _not_true_or_false(answer: Any) -> str | None:
    return None if isinstance(answer, bool) else f"{shown(answer)} is not true, false or None"


def _vars_problem(answer: Any) -> str | None:
    """What is wrong with ``answer`` as a plugin's variables and their values at the deal, or None."""
    if not isinstance(answer, Mapping):
        return f"{shown(answer)} is not a mapping of variable names to values"
    for name, value in answer.items():
        if not isinstance(name, str) or not name:
            return f"{shown(name)} is not a variable name"
        if not is_like(value, None):
            return f"variable {name!r}: {shown(value)} is not a JSON scalar (a whole number, text, true, false or null)"
    return None


def _failure(culprit: str | None, hook_name: str | None, error: BaseException) -> PluginError:
    """The error for ``error``, raised by a plugin's code in hook ``hook_name`` (None: as the plugin was made).

    Any exception, ``sys.exit()`` and any other BaseException alike: a plugin cannot end the
    program. But a KeyboardInterrupt in the main thread, where Python delivers Ctrl-C, may be
    Ctrl-C: it is raised again, as the interrupt it may be, with a note that says where.
    """
    who = f"plugin {culprit!r}" if culprit else "a plugin"
    _interrupt_goes_on(error, f"in hook {hook_name!r} of {who}" if hook_name else f"as {who} started")
    where = f"in hook {hook_name!r}" if hook_name else "to start"
    said = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    return PluginError(f"{who} failed {where}: {said}")


def _interrupt_goes_on(error: BaseException, where: str = "") -> None:
    """Raise ``error`` again, noting ``where`` it was raised, if it may be Ctrl-C: a KeyboardInterrupt in the main
    thread, where Python delivers the signal. Elsewhere (a web server's request) a plugin raised it."""
    if isinstance(error, KeyboardInterrupt) and threading.current_thread() is threading.main_thread():
        if where:
            error.add_note(where)
        raise error


def _nonsense(culprit: str | None, hook_name: str, problem: str) -> PluginError:
    who = f"plugin {culprit!r}" if culprit else "a plugin"
    return PluginError(f"{who} answered nonsense in hook {hook_name!r}: {problem}")


#: What a hook may not change of the position it is given, cheaply told: the size of each pile, the face-down
#: counts and the variables. A change that keeps every size (two cards swapped) is not seen.
Shape = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[str, Any], ...]]


def _shape(state: State) -> Shape:
    return tuple(map(len, state.piles)), tuple(state.face_down), tuple(state.vars.items())


def _changes(state: State, before: Shape) -> str:
    """What of ``state`` is no longer as its shape ``before`` says, in words."""
    names = state.game.pile_names
    sizes, face_down, _ = _shape(state)
    piles = [names[pile] for pile in _differing(before[0], sizes)]
    down = [names[pile] for pile in _differing(before[1], face_down)]
    was = dict(before[2])
    variables = [repr(name) for name in sorted(was.keys() | state.vars.keys(), key=str)
                 if name not in was or name not in state.vars or was[name] != state.vars[name]]
    said = ([f"the cards of {_and(piles)}"] if piles else []) + (
        [f"the face-down cards of {_and(down)}"] if down else []) + (
        [f"the variable{'s' * (len(variables) > 1)} {_and(variables)}"] if variables else [])
    return _and(said) or "its piles"


def _differing(before: tuple[int, ...], now: tuple[int, ...]) -> list[int]:
    """The piles whose count (of cards, of face-down cards) ``before`` and ``now`` differ."""
    return [pile for pile, (was, count) in enumerate(zip(before, now)) if was != count]


def _and(words: list[str]) -> str:
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]


def _blame(manager: pluggy.PluginManager, error: BaseException) -> str | None:
    """The name of the registered plugin whose code raised ``error``, if any did."""
    files = {}
    for name, plugin in manager.list_name_plugin():
        module = plugin if inspect.ismodule(plugin) else sys.modules.get(type(plugin).__module__)
        if module is not None and getattr(module, "__file__", None):
            files[module.__file__] = name
    for frame, _ in reversed(list(traceback.walk_tb(error.__traceback__))):
        if frame.f_code.co_filename in files:
            return files[frame.f_code.co_filename]
    return None
