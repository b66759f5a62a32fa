"""What the player types: moves, move numbers and commands, carried out on a session.

A line is a command when its first word names one; a number alone plays that
move of the ``moves`` list; anything else is a move as ``State.parse_move``
reads it (``t3 f``, ``w t5``, ``d``). A line is carried out whole or not at all: one
that cannot be, or that fails on the way (a plugin failing to word the moves it
played, Ctrl-C), gets a one-line reason and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import PatienceError, quoted
from ..notation import move_examples
from ..savefile import write_json
from ..session import HINT_SECONDS, RESULT_TEXT, PlayError, Session, load_session
from ..state import Outcome
from ..words import move_words, said, said_of_last
from .render import Look, describe, draw, pile_names

if TYPE_CHECKING:
    from ..moves import Move

TRY_AGAIN = " Type undo or restart to try again."


class Player:
    """Carries out typed lines on a session and writes what happened through ``out``.

    ``peek``: whether the hints may look at the cards the player cannot see (``Session.hint``).
    """

    def __init__(self, session: Session, out: Callable[[str], None], look: Look, peek: bool = False) -> None:
        self.session = session
        self.out = out
        self.look = look
        self.peek = peek
        self.running = True

    def execute(self, line: str) -> None:
        """Carry out one typed line, as the session's transaction: what it prints is printed once all of it is done;
        if it fails, the session is as before it and only why is printed."""
        words = line.split()
        if not words:
            return
        command = COMMANDS.get(words[0].lower())
        session, out = self.session, self.out
        told: list[str] = []
        self.out = told.append
        try:
            with session.transaction():
                if command is not None:
                    command.run(self, words[1:])
                elif len(words) == 1 and words[0].isdecimal():
                    self.play(self._numbered(words[0]))
                else:
                    self.play(self.session.state.parse_move(line))
        except PatienceError as error:
            told = [str(error)]
        except KeyboardInterrupt as error:  # Ctrl-C, or a plugin raising it: the command is taken back
            where = "".join(f" {note}" for note in getattr(error, "__notes__", ()))
            told = [f"Interrupted{where}: the command was not carried out."]
        else:
            session = self.session  # a game loaded is kept
        finally:
            self.session, self.out = session, out
        for text in told:
            out(text)

    def _numbered(self, digits: str) -> Move:
        moves = self.session.state.legal_moves()
        # a number longer than any list of moves is no move's, and may be too long for Python to convert
        number = int(digits) if len(digits.lstrip("0")) <= len(str(len(moves))) else None
        if number is None or not 1 <= number <= len(moves):
            shown = quoted(digits) if number is None else number
            raise PlayError(f"no move number {shown}: there are {len(moves)} legal moves (type moves to see them)")
        return moves[number - 1]

    def play(self, move: Move) -> None:
        """Play a legal move, then show what auto-play added and the table."""
        state = self.session.state
        played = self.look.told(move_words(state, move), state.move_text(move))
        auto = self.session.play(move)
        self.out(f"played: {played}")
        self.show_changes(auto)

    def told(self, moves: list[Move], said: list[str]) -> str:
        """Moves in words with their texts, ``said`` of each in turn: ``10♦ to a foundation [w f3], …``."""
        return ", ".join(self.look.told(words, self.session.state.move_text(move)) for move, words in zip(moves, said))

    def show_changes(self, auto: list[Move]) -> None:
        """After the state changed: the auto-played moves (the last ones played), the table, and the result if
        play has ended."""
        if auto:
            self.out("auto-play: " + self.told(auto, said_of_last(self.session.state, len(auto))))
        self.show_table()
        result = self.session.result()
        if result is not None:
            self.out(RESULT_TEXT[result] + ("" if result == Outcome.WON else TRY_AGAIN))

    def show_table(self) -> None:
        """Draw the table."""
        self.out(draw(self.session.state, self.look))


@dataclass(frozen=True, slots=True)
class Command:
    """A command word, how it is typed, what it does, and the function that does it."""

    name: str
    usage: str
    summary: str
    run: Callable[[Player, list[str]], None]


def _no_arguments(name: str, arguments: list[str]) -> None:
    if arguments:
        raise PlayError(f"{name} takes nothing after it")


def _one_file(name: str, arguments: list[str]) -> str:
    if len(arguments) != 1:
        raise PlayError(f"say which file: {name} FILE")
    return arguments[0]


def _moves(player: Player, arguments: list[str]) -> None:
    _no_arguments("moves", arguments)
    state = player.session.state
    moves = state.legal_moves()
    if not moves:
        player.out("No legal move.")
    for number, move in enumerate(moves, 1):
        player.out(f"{number:>3}. {describe(state, move, player.look, align=9)}")


def _undo(player: Player, arguments: list[str]) -> None:
    _no_arguments("undo", arguments)
    undone = player.session.undo()
    player.out("undone: " + player.told(undone, said(player.session.state, undone)))
    player.show_table()


def _redo(player: Player, arguments: list[str]) -> None:
    _no_arguments("redo", arguments)
    redone = player.session.redo()
    player.out("redone: " + player.told(redone, said_of_last(player.session.state, len(redone))))
    player.show_changes([])


def _restart(player: Player, arguments: list[str]) -> None:
    _no_arguments("restart", arguments)
    count = player.session.restart()
    player.out(f"Back at the deal ({count} turn{'s' * (count != 1)} taken back; redo plays them again).")
    player.show_table()


def _save(player: Player, arguments: list[str]) -> None:
    path = _one_file("save", arguments)
    write_json(path, player.session.to_json())
    player.out(f"Saved to {path}.")


def _load(player: Player, arguments: list[str]) -> None:
    path = _one_file("load", arguments)
    player.session = load_session(path, game=player.session.game, any_game=True, autoplay=player.session.autoplay)
    player.out(f"Loaded {path}.")
    player.show_changes([])


def _hint(player: Player, arguments: list[str]) -> None:
    if len(arguments) > 1:
        raise PlayError("say hint, or hint SECONDS to search longer")
    seconds = HINT_SECONDS
    if arguments:
        try:
            seconds = float(arguments[0])
        except ValueError:
            seconds = -1.0
        if not 0 <= seconds <= 3600:
            raise PlayError(f"hint SECONDS: expected a number of seconds from 0 to 3600, got {arguments[0]!r}")
    state = player.session.state
    found = player.session.hint(seconds, peek=player.peek)
    if found.move is None:
        player.out(found.reason)
        return
    told = player.look.told(move_words(state, found.move), state.move_text(found.move))
    player.out(f"hint: {told}  ({found.reason})")


def _auto(player: Player, arguments: list[str]) -> None:
    session = player.session
    if not arguments:
        player.out(f"Auto-play is {'on' if session.autoplay else 'off'}.")
        return
    if len(arguments) > 1 or arguments[0].lower() not in ("on", "off"):
        raise PlayError("say auto on or auto off")
    session.autoplay = arguments[0].lower() == "on"
    player.out(f"Auto-play is {arguments[0].lower()}.")
    if session.autoplay:
        auto = session.auto_play()
        if auto:
            player.show_changes(auto)


def _peek(player: Player, arguments: list[str]) -> None:
    if len(arguments) > 1 or (arguments and arguments[0].lower() not in ("on", "off")):
        raise PlayError("say peek on or peek off")
    if arguments:
        player.peek = arguments[0].lower() == "on"
    player.out("Hints look at the hidden cards." if player.peek else
               "Hints see only what you see (fair hints).")


def _show(player: Player, arguments: list[str]) -> None:
    _no_arguments("show", arguments)
    player.show_table()


def _rules(player: Player, arguments: list[str]) -> None:
    _no_arguments("rules", arguments)
    player.out(player.session.game.spec.rules.rstrip() or "This game's rule file has no rules text.")


def _help(player: Player, arguments: list[str]) -> None:
    player.out(help_text(player.session))


def _quit(player: Player, arguments: list[str]) -> None:
    _no_arguments("quit", arguments)
    player.running = False


_COMMAND_LIST = (
    Command("moves", "moves", "list the legal moves, numbered; type a number to play that move", _moves),
    Command("undo", "undo", "take back your last move (and what auto-play did after it)", _undo),
    Command("redo", "redo", "play again a move you took back", _redo),
    Command("restart", "restart", "go back to the deal (redo still works)", _restart),
    Command("save", "save FILE", "write the game, with its undo and redo, to FILE", _save),
    Command("load", "load FILE", "continue a game saved in FILE", _load),
    Command("hint", "hint [SECONDS]", "suggest a move, from a winning line if the solver finds one "
            f"(within {HINT_SECONDS:g} s) and then along it", _hint),
    Command("auto", "auto on|off", "turn auto-play of safe moves to the foundations on or off", _auto),
    Command("peek", "peek on|off", "let hints look at the cards you cannot see, or not (the default)", _peek),
    Command("show", "show", "draw the table again", _show),
    Command("rules", "rules", "print the rules of the game", _rules),
    Command("help", "help", "this list", _help),
    Command("quit", "quit", "stop playing (also: q, exit, or end of input)", _quit),
)
COMMANDS = {command.name: command for command in _COMMAND_LIST} | {
    "q": _COMMAND_LIST[-1], "exit": _COMMAND_LIST[-1], "?": _COMMAND_LIST[-2]}


def help_text(session: Session) -> str:
    """What can be typed, with pile names from the game being played."""
    examples = ", ".join(f"'{text}' ({meaning})" for text, meaning in move_examples(session.game))
    lines = [
        "Moves: SOURCE TARGET [COUNT]" + (f", e.g. {examples}." if examples else "."),
        "A group's letter alone stands for any of its piles. 'd' turns the stock; a game's own actions",
        "are typed as 'moves' lists them. A card marked * can be moved now.",
        f"Piles: {pile_names(session.game)}.",
        "Commands:",
    ]
    size = max(len(command.usage) for command in _COMMAND_LIST)
    lines += [f"  {command.usage:<{size}}  {command.summary}" for command in _COMMAND_LIST]
    return "\n".join(lines)
