"""A game being played: the position, undo and redo by turns, auto-play, hints, and its saved form.

One model for every front end: the terminal player and the web player both
play through a ``Session`` and only draw it and read input. A *turn* is what
one command did: the player's move and the safe moves to the foundations that
auto-play made after it. Undo takes back a whole turn, so auto-play never plays
again what the player has just taken back.

A hint that comes from a winning line keeps it: while play stays on the line
(``Line.rejoin``), the next hint is its next move, found without a search. A hint
never leads back to a position of the game's move stack, so hints followed one
after another end: in a win, or in a hint without a move.

Where the player cannot see some cards, a hint is fair unless it is told to peek: it
sees only what the player sees (``solver.fair``), says in how many arrangements of the
hidden cards its move wins, and keeps no line. A line found by peeking is followed by
peeking hints only, so that a fair hint never depends on a hidden card.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import MoveError, PatienceError, StateError, quoted
from .game import load_game
from .loader import available_games
from .moves import Move
from .public import hides_cards
from .safety import auto_play, with_auto_play
from .savefile import read_json
from .serialize import FORMAT as STATE_FORMAT
from .solver.canonical import reached
from .solver.fair import fair_hint
from .solver.hint import ALREADY_WON, HEURISTIC, HOPELESS, NO_MOVE, SOLUTION, WITHOUT_AUTO_PLAY, hint
from .solver.line import Line
from .state import Outcome

if TYPE_CHECKING:
    from .game import Game
    from .seeds import Seed
    from .state import State

SAVE_FORMAT = "patience-game"
SAVE_VERSION = 1

#: What each outcome of ``Session.result`` means, for people.
RESULT_TEXT = {
    Outcome.WON: "The game is won: every card is home.",
    Outcome.STUCK: "No legal move left: the game is lost.",
}
#: How long a hint searches unless told: short enough to wait for at the table.
HINT_SECONDS = 2.0
#: Why the hint is what it is, by ``Hint.how``, for people.
HINT_REASONS = {
    SOLUTION: "it starts a winning line the solver found",
    HEURISTIC: "the solver found no win within {seconds:g} s; this is the move it would try first",
    HOPELESS: "the solver proved that no line wins from here; this is the move it would try first",
    WITHOUT_AUTO_PLAY: "it starts a winning line the solver found with auto-play off, but none with auto-play on "
                       "within {seconds:g} s: turn auto-play off to follow it",
}
#: Why the hint is what it is when it goes on along a winning line found before.
LINE_REASON = "move {number} of a winning line of {length} the solver found"
#: ``Suggestion.how`` of a fair hint whose move wins in some arrangements of the hidden cards.
FAIR = "fair"
#: Why a fair hint is what it is, by whether its move won in some arrangement.
FAIR_REASONS = {
    True: "it wins in {wins} of {samples} arrangements of the hidden cards",
    False: "it wins in none of {samples} arrangements of the hidden cards the solver tried within {seconds:g} s; "
           "this is the move it would try first",
}
#: What the reason of a hint that looked at the hidden cards starts with.
PEEKED = "looking at the hidden cards: "
#: What a hint without a move says, by ``Hint.how``.
HINT_WITHOUT_MOVE = {
    ALREADY_WON: "The game is won already.",
    NO_MOVE: "No legal move.",
    HEURISTIC: "No winning line found within {seconds:g} s, and every move leads back to a position already reached.",
    HOPELESS: "No winning line found: the solver proved that none wins from here, "
              "and every move leads back to a position already reached.",
}


class Suggestion(NamedTuple):
    """A hint: the ``move`` to play (None if there is none), ``how`` it was found (``Hint.how``), and why, in words.

    A move of a winning line comes with the ``line`` and its ``step`` there (how
    many of the line's moves lead to the position); other hints have no line.
    ``fair``: whether the hint was found without looking at a card the player cannot
    see. A fair hint that searched arrangements of the hidden cards says in how many
    of them (``samples``) its move wins (``wins``); other hints have None for both.
    """

    move: Move | None
    how: str
    reason: str
    line: Line | None = None
    step: int = 0
    fair: bool = True
    wins: int | None = None
    samples: int | None = None

    @property
    def line_left(self) -> int | None:
        """How many moves of the winning line are left to play, the suggested one included; None without a line."""
        return None if self.line is None else len(self.line.moves) - self.step


def suggest(state: State, seconds: float = HINT_SECONDS, nodes: int | None = None,
            autoplay: bool = False, peek: bool = False) -> Suggestion:
    """The solver's hint in ``state`` (left unchanged), searched for at most ``seconds`` (and ``nodes``), and why.

    Where the player cannot see some cards, the hint is fair (``fair_suggestion``) unless
    ``peek``: then it looks at them, and says so. Without a winning line, the move leads to no
    position of ``state``'s move stack; when every move would, there is no move. With
    ``autoplay``, a winning line is one that auto-play's moves after each of its moves never
    leave (``hint``).
    """
    looks = hides_cards(state) and not state.is_won()
    if looks and not peek:
        return fair_suggestion(state, seconds, nodes, autoplay)
    found = hint(state, seconds=seconds, nodes=nodes, avoid=reached(state), autoplay=autoplay)
    if found.how == SOLUTION:
        line = Line.through(with_auto_play(state) if autoplay else state, found.line)
        assert line is not None  # the solver replayed it to a win
        return _along(line, 0, fair=not looks)
    if found.move is None:
        return Suggestion(None, found.how, HINT_WITHOUT_MOVE[found.how].format(seconds=seconds), fair=not looks)
    return _told(Suggestion(found.move, found.how, HINT_REASONS[found.how].format(seconds=seconds)), fair=not looks)


def fair_suggestion(state: State, seconds: float = HINT_SECONDS, nodes: int | None = None,
                    autoplay: bool = False) -> Suggestion:
    """The fair hint in ``state`` (``solver.fair.fair_hint``), and why: in how many arrangements of the hidden cards
    its move wins."""
    if not state.legal_moves():
        return Suggestion(None, NO_MOVE, HINT_WITHOUT_MOVE[NO_MOVE])
    found = fair_hint(state, seconds, nodes, autoplay=autoplay)
    if found.move is None:
        return Suggestion(None, HEURISTIC, HINT_WITHOUT_MOVE[HEURISTIC].format(seconds=seconds), wins=0,
                          samples=found.samples)
    reason = FAIR_REASONS[found.wins > 0].format(wins=found.wins, samples=found.samples, seconds=seconds)
    return Suggestion(found.move, FAIR if found.wins else HEURISTIC, reason, wins=found.wins, samples=found.samples)


def _along(line: Line, step: int, fair: bool = True) -> Suggestion:
    """The hint ``line``'s next move gives after its first ``step`` moves; ``fair``: whether the line was found
    without looking at a hidden card."""
    number = line.before + step + 1
    reason = HINT_REASONS[SOLUTION] if number == 1 else LINE_REASON.format(number=number,
                                                                         length=line.before + len(line.moves))
    return _told(Suggestion(line.moves[step], SOLUTION, reason, line, step), fair)


def _told(found: Suggestion, fair: bool) -> Suggestion:
    """``found`` as a hint that looked at the hidden cards, saying so, unless ``fair``."""
    return found if fair else found._replace(reason=PEEKED + found.reason, fair=False)


class PlayError(PatienceError):
    """A command that cannot be carried out in this position; the message says why."""


class Session:
    """The state of a game in play, with its undo and redo history and the auto-play setting."""

    def __init__(self, state: State, *, autoplay: bool = True, turns: list[int] | None = None,
                 move_limit: int | None = None) -> None:
        self.state = state  # (forgets the legal moves of the positions undo goes back to: ``state`` below)
        self.autoplay = autoplay
        #: The most moves the game may have played (None: no limit); a turn going beyond is refused.
        self.move_limit = move_limit
        #: Moves each turn played, oldest first; they add up to ``len(state.move_stack)``.
        self.turns: list[int] = [1] * len(state.move_stack) if turns is None else turns
        #: Turns taken back, the next one to redo last.
        self.redo_turns: list[list[Move]] = []
        #: The winning line last found, which the hints follow while play stays on it.
        self.line: Line | None = None
        #: Whether ``line`` was found without looking at a hidden card: fair hints follow only such a line.
        self.line_fair = True

    @property
    def state(self) -> State:
        """The position in play, with the moves that led there.

        A game in play goes back only by undo: its state keeps no legal moves for the
        positions on its move stack (``State.remember_legal_moves``), which would be a
        kilobyte and more a move (13 kB where 148 moves are legal), only the moves. Undo
        works them out again for the one position it goes back to. That holds for every
        state the session is given, one put back by a command that failed too.
        """
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        state.remember_legal_moves(False)
        self._state = state

    @classmethod
    def new(cls, game: Game, seed: Seed, *, autoplay: bool = True,
            move_limit: int | None = None) -> tuple[Session, list[Move]]:
        """A session on deal ``seed``, and the safe moves auto-play made at once."""
        session = cls(game.deal(seed), autoplay=autoplay, move_limit=move_limit)
        return session, session.auto_play() if autoplay else []

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.state.game

    # --- playing ---------------------------------------------------------------------------

    def play(self, move: Move) -> list[Move]:
        """Play the legal ``move``; return the safe moves auto-play made after it.

        All or nothing: if a plugin fails on the way, the error is raised with the session as it was.
        """
        with self._all_or_nothing():
            self.state.push(move)
            auto = auto_play(self.state, move) if self.autoplay else []
        self.turns.append(1 + len(auto))
        self.redo_turns.clear()
        return auto

    def auto_play(self) -> list[Move]:
        """Play every safe move to the foundations now, as a turn of its own; return them.

        All or nothing, like ``play``.
        """
        with self._all_or_nothing():
            auto = auto_play(self.state, None)
        if auto:
            self.turns.append(len(auto))
            self.redo_turns.clear()
        return auto

    @contextmanager
    def _all_or_nothing(self) -> Iterator[None]:
        """A turn in the making: if anything raises, the moves pushed meanwhile are popped and it goes on.

        The position reached is asked for its legal moves and whether it is won before the
        turn counts, so that a plugin failing there fails the turn, not every command after it.
        """
        depth = len(self.state.move_stack)
        try:
            yield
            if self.move_limit is not None and len(self.state.move_stack) > self.move_limit:
                raise PlayError(f"this game has reached {self.move_limit:,} moves, the most it may have here: "
                                "save it and go on with `patience play --load`")
            self.state.legal_moves()
            self.state.is_won()
        except BaseException:
            while len(self.state.move_stack) > depth:
                self.state.pop()
            raise

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """A front end's command and the answer it makes of the game, whole or not at all.

        A command has not succeeded until what it shows is made: the moves it played in words,
        the table and its legal moves. If anything in the block raises (a plugin failing to
        word a move after it was played, or after an undo), the session is put back as it was
        before the block (the position, the turns, the turns to redo, the winning line and the
        settings), and the error goes on. The position is kept as a copy, so that even a
        plugin that changed it in place cannot leave it changed.
        """
        kept = (self.state.copy(), list(self.turns), list(self.redo_turns), self.line, self.line_fair, self.autoplay)
        try:
            yield
        except BaseException:
            self.state, self.turns, self.redo_turns, self.line, self.line_fair, self.autoplay = kept
            raise

    def undo(self) -> list[Move]:
        """Take back the last turn; return its moves in the order they were played."""
        if not self.turns:
            raise PlayError("nothing to undo: this is the deal")
        undone = [self.state.pop() for _ in range(self.turns.pop())]
        undone.reverse()
        self.redo_turns.append(undone)
        return undone

    def redo(self) -> list[Move]:
        """Play again the last turn taken back; return its moves.

        All or nothing, like ``play``: if a plugin fails, the turn is still there to redo.
        """
        if not self.redo_turns:
            raise PlayError("nothing to redo")
        turn = self.redo_turns[-1]
        with self._all_or_nothing():
            for move in turn:
                self.state.push(move)
        self.redo_turns.pop()
        self.turns.append(len(turn))
        return turn

    def restart(self) -> int:
        """Take back every turn (each can still be redone); return how many there were."""
        count = len(self.turns)
        for _ in range(count):
            self.undo()
        return count

    # --- hints -------------------------------------------------------------------------------

    def hint(self, seconds: float = HINT_SECONDS, nodes: int | None = None, peek: bool = False) -> Suggestion:
        """The hint here: the next move of the winning line play follows, else a search (``suggest``), its line kept.

        Fair where the player cannot see some cards, unless ``peek`` (``suggest``)."""
        found = self.line_hint(peek)
        if found is None:
            found = suggest(self.state, seconds, nodes, self.autoplay, peek)
            self.keep(found)
        return found

    def line_hint(self, peek: bool = False) -> Suggestion | None:
        """The next move of the winning line last found while play is on it (``Line.rejoin``), found without a search.

        None when play has left the line, or it is won, or auto-play was turned on or off since
        it was found (its moves were turns with auto-play or not), or it was found by looking at
        hidden cards and ``peek`` is off: a search (``suggest``) gives the hint then.
        """
        kept = self.line if self.line is not None and self.line.auto_play == self.autoplay else None
        kept = kept if self.line_fair or peek else None
        line = None if kept is None else kept.rejoin(self.state, self.turns[-1] if self.turns else 0)
        step = None if line is None else line.step(self.state)
        if line is None or step is None or step == len(line.moves):
            return None
        self.line = line
        return _along(line, step, self.line_fair)

    def keep(self, found: Suggestion) -> None:
        """Keep the winning line of ``found``, searched on a copy of the state, if play is still on it."""
        if found.line is not None and found.line.auto_play == self.autoplay and found.line.step(self.state) is not None:
            self.line = found.line
            self.line_fair = found.fair

    def result(self) -> Outcome | None:
        """How play has ended (``Outcome.WON`` or ``Outcome.STUCK``), or None while it goes on."""
        return self.state.outcome()

    # --- the saved form --------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The session as a JSON-ready object: the state, its turns, and the turns to redo.

        A state not dealt from a seed is saved without its moves (see ``State.to_json``),
        so its turns are not saved either: undo then starts at the saved position.
        """
        text = self.state.move_text
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "state": self.state.to_json(),
            "turns": list(self.turns) if self.state.seed is not None else [],
            "redo": [[text(move) for move in turn] for turn in reversed(self.redo_turns)],
        }

    @classmethod
    def from_json(cls, game: Game, data: Any, *, autoplay: bool = True, move_limit: int | None = None) -> Session:
        """The session a saved game (or a bare saved state) holds; ``StateError`` naming the field if it is damaged.

        With ``move_limit``, a save of more moves (played and to redo) is refused before any is replayed.
        """
        if isinstance(data, Mapping) and data.get("format") == STATE_FORMAT:
            _check_length(data.get("moves"), [], "moves", move_limit)
            return cls(game.state_from_json(data), autoplay=autoplay, move_limit=move_limit)
        _check_header(data)
        state_data = data.get("state")
        _check_length(state_data.get("moves") if isinstance(state_data, Mapping) else None, data.get("redo"),
                      "state.moves", move_limit)
        try:
            state = game.state_from_json(state_data)
        except StateError as error:
            raise StateError(f"in 'state': {error}") from None
        session = cls(state, autoplay=autoplay, turns=_read_turns(data.get("turns"), len(state.move_stack)),
                      move_limit=move_limit)
        session.redo_turns = _read_redo(state, data.get("redo", []))
        return session


def load_session(path: str, *, game: Game | None = None, any_game: bool = False, autoplay: bool = True) -> Session:
    """The session saved in the file at ``path``.

    It must be a game of ``game`` if one is given, unless ``any_game``: then ``game`` is
    used when the save is of it, and any other game is looked up by the name the save
    gives. ``PatienceError`` with a one-line reason naming the file if it cannot be loaded.
    """
    data = read_json(path)
    try:
        name = saved_game_id(data)
        if game is not None and name != game.id and not any_game:
            raise StateError(f"this is a saved game of {quoted(name)}, not of {game.id!r}")
        if game is None or name != game.id:
            if name not in available_games():  # a game by name only, never a path a file chose
                raise StateError(f"this is a saved game of {quoted(name)}, which is not a game found by name "
                                 "(see patience list)")
            game = load_game(name)
        return Session.from_json(game, data, autoplay=autoplay)
    except PatienceError as error:
        raise StateError(f"{path}: {error}") from None


def saved_game_id(data: Any) -> str:
    """The id of the game a saved game (or saved state) belongs to; ``StateError`` if it names none."""
    if isinstance(data, Mapping) and data.get("format") == STATE_FORMAT:
        game = data.get("game")
        field = "game"
    else:
        _check_header(data)
        state = data.get("state")
        game = state.get("game") if isinstance(state, Mapping) else None
        field = "state.game"
    if not isinstance(game, str) or not game:
        raise StateError(f"field {field!r}: expected the name of a game")
    return game


def _check_header(data: Any) -> None:
    if not isinstance(data, Mapping):
        raise StateError("a saved game is a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise StateError(f"field 'format': expected {SAVE_FORMAT!r} (a saved game) or {STATE_FORMAT!r}, "
                         f"got {quoted(data.get('format'))}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise StateError("field 'version': expected a whole number")
    if version > SAVE_VERSION:
        raise StateError(f"field 'version': {version} is newer than this program reads ({SAVE_VERSION}); "
                         "upgrade patience-games")


def _read_turns(turns: Any, moves: int) -> list[int]:
    if turns is None:
        return [1] * moves
    if not isinstance(turns, list) or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in turns):
        raise StateError("field 'turns': expected a list of whole numbers, 1 or more")
    if sum(turns) != moves:
        raise StateError(f"field 'turns': they add up to {sum(turns)} moves, but the state has {moves}")
    return list(turns)


def _check_length(moves: Any, redo: Any, field: str, limit: int | None) -> None:
    """Refuses a save of more than ``limit`` moves played and to redo (if both are lists; else their readers say so)."""
    if limit is None or not isinstance(moves, list):
        return
    ahead = sum(len(turn) for turn in redo if isinstance(turn, list)) if isinstance(redo, list) else 0
    if len(moves) + ahead > limit:
        counted = f"{len(moves):,} moves played and {ahead:,} to redo" if ahead else f"{len(moves):,} moves"
        raise StateError(f"field {field!r}: {counted}; a game here may have at most {limit:,}")


def _read_redo(state: State, redo: Any) -> list[list[Move]]:
    """The turns to redo, checked by playing them on a copy of ``state``; the next one last."""
    if not isinstance(redo, list) or not all(isinstance(turn, list) and turn for turn in redo):
        raise StateError("field 'redo': expected a list of turns, each a non-empty list of moves")
    ahead = state.copy(stack=False)
    turns = []
    for number, texts in enumerate(redo):
        turn = []
        for index, text in enumerate(texts):
            where = f"field 'redo[{number}][{index}]'"
            if not isinstance(text, str):
                raise StateError(f"{where}: expected a move's text")
            try:
                move = ahead.parse_move(text)
            except MoveError as error:
                raise StateError(f"{where}: {error}") from None
            ahead.push(move)
            turn.append(move)
        turns.append(turn)
    turns.reverse()
    return turns
