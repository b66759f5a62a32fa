"""Reading commands from a terminal or a script, and stepping through a saved game.

On a terminal the player prompts for each line. From a pipe or a file it reads
line by line and echoes each one after the prompt, so the output reads as a
transcript of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from ..session import RESULT_TEXT, Session
from ..state import Outcome
from .commands import Player
from .render import Look, describe, draw

if TYPE_CHECKING:
    from ..moves import Move

PROMPT = "> "


def play(session: Session, out: Callable[[str], None], look: Look, lines: Iterable[str] | None, *,
         opening: Sequence[Move] = (), peek: bool = False) -> int:
    """Play until quit or the end of input; return the exit status (1 if the game ended lost).

    ``lines`` are the commands of a script; None reads them from the terminal.
    ``opening`` lists the moves auto-play made on the deal, to be reported. ``peek``: whether
    the hints look at the cards the player cannot see.
    """
    player = Player(session, out, look, peek)
    out("Type help for the commands, moves for the legal moves.")
    player.show_changes(list(opening))
    try:
        for line in lines if lines is not None else _typed():
            if lines is not None:
                out(PROMPT + line.rstrip("\r\n"))
            player.execute(line)
            if not player.running:
                break
    # Ctrl-C at the prompt: stop like quit, without a traceback. (Ctrl-C while a command runs stops the
    # command alone: Player.execute takes it back, and play goes on.)
    except KeyboardInterrupt:
        out("")
    result = player.session.result()
    return 0 if result in (None, Outcome.WON) else 1


def _typed() -> Iterable[str]:
    """Lines typed at the terminal, with line editing, until end of input (Ctrl-D)."""
    try:
        import readline  # noqa: F401  -- imported for its effect: input() gets line editing and history
    except ImportError:  # not on every platform; input() works without it
        pass

    while True:
        try:
            yield input(PROMPT)
        except EOFError:
            print()
            return


def replay(session: Session, out: Callable[[str], None], look: Look, pause: Callable[[], bool] | None) -> None:
    """Show the deal of a saved game, then each move it played with the table after it.

    ``pause`` is called before each move and returns False to stop; None steps without stopping.
    """
    state = session.state
    if state.seed is None:
        out("This save holds a position without the deal it came from; it has no moves to step through.")
        out(draw(state, look))
        return
    board = state.game.deal(state.seed)
    out(draw(board, look))
    for number, move in enumerate(state.move_stack, 1):
        if pause is not None and not pause():
            return
        out(f"\nMove {number}: {describe(board, move, look)}")
        board.push(move)
        out(draw(board, look))
    result = session.result()
    out(f"\nEnd of the saved game after {len(state.move_stack)} moves." + (f" {RESULT_TEXT[result]}" if result else ""))
