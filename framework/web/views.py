"""Games, tables and moves as the JSON the page draws from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import COLOUR, RANK, SUIT, SUIT_SYMBOLS, card_text, rank_symbol
from ..public import public_pile
from ..refusals import blocked_piles
from ..session import RESULT_TEXT
from ..words import move_words, said, said_of_last
from .room import pile_room

if TYPE_CHECKING:
    from ..compile import Group
    from ..game import Game
    from ..moves import Move
    from ..session import Session, Suggestion
    from ..state import State
    from .store import Sessions


def game_view(game: Game) -> dict[str, Any]:
    """A game's description: names, rules, and its layout hint with every group placed."""
    spec = game.spec
    rows = [list(row) for row in spec.layout_rows]
    placed = {name for row in rows for name in row}
    rows += [[name] for name in game.groups if name not in placed]  # nothing stays hidden
    room = pile_room(game)
    return {
        "id": game.id,
        "name": spec.name,
        "decks": spec.decks,
        "difficulty": spec.difficulty,
        "rules": spec.rules,
        "layout": rows,
        "groups": [group_view(game, group) | {"room": room[name]}
                   for name, group in game.groups.items()],
    }


def group_view(game: Game, group: Group) -> dict[str, Any]:
    """A group of ``game``: its name, role and label, how the table draws it, its suits and its piles."""
    spec = group.spec
    return {
        "name": group.name,
        "role": group.role,
        "label": group.label,
        "fan": spec.fan,
        "columns": spec.columns,
        "rows_of": list(spec.rows_of) if spec.rows_of else None,
        "suits": [SUIT_SYMBOLS[suit] for suit in spec.suits] if spec.suits else None,
        "piles": [game.pile_names[pile] for pile in group.piles],
    }


def card_view(card: int) -> dict[str, Any]:
    """A face-up card: its text, rank, suit symbol and colour."""
    return {"text": card_text(card), "rank": rank_symbol(RANK[card]), "suit": SUIT_SYMBOLS[SUIT[card]],
            "red": bool(COLOUR[card])}


def move_view(state: State, move: Move) -> dict[str, Any]:
    """A move: its text and its words, the piles it goes between (by name), how many cards, its action."""
    names = state.game.pile_names
    return {
        "text": state.move_text(move),
        "words": move_words(state, move),
        "source": names[move.source] if move.source >= 0 else None,
        "target": names[move.target] if move.target >= 0 else None,
        "count": move.count,
        "action": move.action,
    }


def moves_view(state: State) -> list[dict[str, Any]]:
    """Every legal move of ``state``."""
    return [move_view(state, move) for move in state.legal_moves()]


def table_view(key: str, session: Session, played: Sequence[Move] = (), *, undone: bool = False,
               describe: bool = False) -> dict[str, Any]:
    """A game in play: the piles, the legal moves, what this request played (the last moves on the state's
    stack; with ``undone``, the moves it took back from the position now), and the result.

    With ``describe``, the game's description too, so that a page can draw the table from one answer.
    """
    state = session.state
    game = state.game
    result = session.result()
    blocked = blocked_piles(state)
    return {
        "session": key,
        "game": game.id,
        "seed": state.seed,
        "autoplay": session.autoplay,
        "piles": [_pile_view(state, pile, pile in blocked) for pile in range(len(game.pile_names))],
        "moves": moves_view(state),
        "played": [state.move_text(move) for move in played],
        "said": said(state, played) if undone else said_of_last(state, len(played)),
        "moves_made": len(state.move_stack),
        "can_undo": bool(session.turns),
        "can_redo": bool(session.redo_turns),
        "result": result,
        "message": RESULT_TEXT[result] if result else "",
        "description": game_view(game) if describe else None,
    }


def started_view(sessions: Sessions, session: Session, auto: Sequence[Move] = ()) -> dict[str, Any]:
    """The table of a game just started (with the moves auto-play made at once), kept, and given its key, only
    once its table is made: a game whose table a plugin fails to make is not kept."""
    view = table_view("", session, auto, describe=True)
    view["session"] = sessions.add(session)
    return view


def hint_view(state: State, found: Suggestion) -> dict[str, Any]:
    """The solver's hint in ``state``: the move, how it was chosen, why in words, the moves left in its line, whether
    it is fair, and in how many arrangements of the hidden cards it wins."""
    sure = {"fair": found.fair, "wins": found.wins, "samples": found.samples}
    if found.move is None:
        return {"move": None, "how": found.how, "message": found.reason, "line_left": None} | sure
    move = move_view(state, found.move)
    return {"move": move, "how": found.how, "message": f"Hint: {move['words']} ({found.reason}).",
            "line_left": found.line_left} | sure


def _pile_view(state: State, pile: int, blocked: bool) -> dict[str, Any]:
    game = state.game
    group = game.pile_group[pile]
    down, cards = public_pile(state, pile)  # what the player sees: nothing hidden goes out
    takes = None if down or cards else group.rank_on_empty(state.base_rank)
    return {"name": game.pile_names[pile], "group": group.name, "down": down,
            "cards": [card_view(card) for card in cards],
            "takes": None if takes is None else rank_symbol(takes), "blocked": blocked}
