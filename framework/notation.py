"""The short text of moves, as players see and type them.

Piles are named by their group's label, numbered from 1 when the group has
several: ``t3``, ``f1``, ``w``, ``o``. A card move is ``SOURCE TARGET``, with the
number of cards after it when more than one moves: ``t3 t5 2``. A label alone
stands for any pile of its group (``t3 f``: to a foundation that takes it).
Turning the stock is ``d``; gathering the waste back is ``redeal``; gathering a
group's cards and dealing them again is ``gather``; two cards
that leave together by the pair rule are their two piles (``p3 p5``, typed in
either order); a plugin's action is its name followed by the piles it names
(``release g17``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, quoted
from .moves import DEAL, GATHER, PAIR, REDEAL, Move
from .refusals import text_refusal
from .spec import SEVERAL_CARDS, Pick, Role

if TYPE_CHECKING:
    from .game import Game
    from .state import State

_ACTION_WORDS = {DEAL: "d", REDEAL: "redeal", GATHER: "gather"}
_ACTION_ALIASES = {"d": DEAL, "deal": DEAL, "redeal": REDEAL, "gather": GATHER}


def move_text(game: Game, move: Move) -> str:
    """The canonical short text of ``move``."""
    names = game.pile_names
    if move.action:
        text = game.hooks.move_text(game, move)
        if text is not None:
            return text
    if move.action in _ACTION_WORDS:
        return _ACTION_WORDS[move.action]
    words = [move.action] if move.action and move.action != PAIR else []
    words += [names[pile] for pile in (move.source, move.target) if pile >= 0]
    if move.count > 1:
        words.append(str(move.count))
    return " ".join(words)


def _piles_named(game: Game, word: str) -> set[int]:
    if word in game.pile_names:
        return {game.pile_index(word)}
    for group in game.groups.values():
        if group.label == word:
            return set(group.piles)
    raise InvalidMoveError(f"no pile called {quoted(word)} (piles are named like {', '.join(_examples(game))})")


def _examples(game: Game) -> list[str]:
    return [group.pile_name(group.piles.start) for group in game.groups.values()]


def move_examples(game: Game) -> list[tuple[str, str]]:
    """Card moves written with the game's own pile names, each with what it means: ``("t1 f", "...")``.

    One move of a card from the first group whose cards move, to the first group
    it moves to (by that group's label where it has several piles), and one of
    two cards where some group lets runs move between its own piles. Empty for a
    game whose rule data moves no card (its plugins make every move).
    """
    movers = [group for group in game.groups.values() if group.pick != Pick.NOTHING and group.target_groups]
    # The usual case first: from a tableau, and from a foundation last.
    sources = sorted(movers, key=lambda group: (group.role != Role.TABLEAU, group.role == Role.FOUNDATION))
    if not sources:
        return []
    source = sources[0]
    origin = source.pile_name(source.piles.start)
    target = source.target_groups[0]
    if len(target.piles) > 1:
        examples = [(f"{origin} {target.label}", f"from {origin} to any {target.name} pile that takes it")]
    else:
        examples = [(f"{origin} {target.label}", f"from {origin} to {target.label}")]
    for group in sources:
        if group.pick in SEVERAL_CARDS and group in group.target_groups and len(group.piles) > 1:
            first, second = (group.pile_name(pile) for pile in group.piles[:2])
            examples.append((f"{first} {second} 2", f"two cards from {first} to {second}"))
            break
    return examples


def _like(game: Game) -> str:
    """Example moves of ``game`` for a message: ``like 't1 f' or 't1 t2 2'``."""
    texts = [repr(text) for text, _ in move_examples(game)] or [repr(" ".join(game.pile_names[:2]))]
    return "like " + " or ".join(texts)


def parse_move(state: State, text: str) -> Move:
    """The legal move in ``state`` that ``text`` names.

    Raises ``InvalidMoveError`` for text that is no move, ``IllegalMoveError`` for a
    move the rules do not allow now, ``AmbiguousMoveError`` for text that names
    several legal moves; each a ``MoveError`` that says why.
    """
    game = state.game
    words = text.lower().split()
    if not words:
        raise InvalidMoveError("empty move")
    legal = state.legal_moves()
    written = _written(game, legal, words)
    if written is not None:
        return written
    action, places, count = _read(game, words, text)
    candidates = [move for move in legal if _names(move, action, places, count)]
    if not candidates:
        reason = text_refusal(state, action, places, count)
        raise IllegalMoveError(f"{quoted(text.strip())} is not legal now" + (f": {reason}" if reason else ""))
    return _the_one(game, text, candidates)


def _written(game: Game, legal: Iterable[Move], words: list[str]) -> Move | None:
    """The legal move whose text is ``words``, if there is one; two piles whose cards leave together (the kernel's
    pairs or a plugin's) may be named either way round."""
    wanted = " ".join(words)
    swapped = " ".join(reversed(words)) if len(words) == 2 and set(words) <= set(game.pile_names) else None
    for move in legal:
        written = move_text(game, move)
        if written == wanted or move.action and written == swapped:
            return move
    return None


def _read(game: Game, words: list[str], text: str) -> tuple[str, list[set[int]], int | None]:
    """What the ``words`` of ``text`` name: the action (empty for a card move), the piles each word names, and
    the number of cards if given. ``InvalidMoveError`` for words that name no move."""
    action = _ACTION_ALIASES.get(words[0], "")
    if not action and words[0] in game.action_names:  # a plugin's action, legal now or not
        action = words[0]
    if action:
        words = words[1:]
    count = None
    if words and words[-1].isdigit():
        count = int(words.pop())
        if count < 1:
            raise InvalidMoveError("the number of cards must be 1 or more")
    if len(words) > 2:
        raise InvalidMoveError(f"too many words in {quoted(text.strip())}; a move is {_like(game)}")
    if not action and len(words) < 2:
        raise InvalidMoveError(f"{quoted(text.strip())} is not a move; "
                               f"a move names where from and where to, {_like(game)}")
    return action, [_piles_named(game, word) for word in words], count


def _names(move: Move, action: str, places: list[set[int]], count: int | None) -> bool:
    """Whether ``move`` is one that ``action``, the piles each word names (``places``) and ``count`` may mean: an
    action's one pile may be where its cards go."""
    if move.action != action or count is not None and move.count != count:
        return False
    if len(places) == 2:
        return move.source in places[0] and move.target in places[1]
    return not places or move.source in places[0] or bool(action) and move.target in places[0]


def _the_one(game: Game, text: str, candidates: list[Move]) -> Move:
    """The move ``text`` names among the legal ``candidates`` it may mean; ``AmbiguousMoveError`` if they are of
    several sources or numbers of cards (targets in one group that take the same cards are alike)."""
    sources = {move.source for move in candidates}
    counts = sorted({move.count for move in candidates})
    if len(sources) > 1:
        options = " or ".join(repr(move_text(game, move)) for move in candidates[:4])
        raise AmbiguousMoveError(f"{quoted(text.strip())} could mean more than one move: {options}")
    if len(counts) > 1:
        options = " or ".join(repr(move_text(game, move)) for move in candidates if move.count in counts)
        raise AmbiguousMoveError(f"say how many cards: {options}")
    return candidates[0]
