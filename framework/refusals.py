"""Why a move is not legal: the first rule it breaks, in words built from the rule data.

``explain(state, move)`` asks the plugins first (``explain_refusal``), then walks
the rules the kernel applies, in the order it applies them: where the cards come
from, whether they may be picked up, where their group sends cards, and what the
target pile takes. Each refusal is one line, naming cards and places as the table
shows them (``framework.words``): ``columns build down by one in alternating
colours: 7♥ does not go on 9♠``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .cards import RANK, SUIT, SUIT_SYMBOLS, card_symbol, rank_symbol
from .moves import DEAL, GATHER, GATHERS_VAR, PAIR, REDEAL, REDEALS_VAR, Move
from .spec import UNLIMITED, Accepts, BuildRule, Direction, GatherRule, PairRule, Pick, Role, RunLimit, SuitRule
from .words import a, destination, move_words, noun, place, rank_words

if TYPE_CHECKING:
    from .compile import Group, Rules
    from .state import State

#: How many refusals a message gives for text that names several piles (``t3 f``).
REFUSALS_SAID = 3

#: A rule's refusal: why it refuses a move in a state, or None where it does not.
Refusal = Callable[["State", Move], "str | None"]

_SUIT_WORDS = {
    SuitRule.ANY: "regardless of suit",
    SuitRule.SAME: "in suit",
    SuitRule.ALTERNATE_COLOURS: "in alternating colours",
    SuitRule.SAME_COLOUR: "in one colour",
    SuitRule.DIFFERENT: "in different suits",
}
_DIRECTION_WORDS = {Direction.UP: "up", Direction.DOWN: "down", Direction.EITHER: "up or down"}
_WRAP_WORDS = {Direction.UP: "an A goes on a K", Direction.DOWN: "a K goes on an A",
               Direction.EITHER: "A and K go on each other"}
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve")


def count_words(count: int, what: str) -> str:
    """``one card``, ``3 cards``, ``no free cells``: a count of ``what`` (a singular noun whose plural adds s)."""
    number = _NUMBER_WORDS[count] if count <= 1 else str(count)
    return f"{number} {what}{'' if count == 1 else 's'}"


def build_words(rule: BuildRule) -> str:
    """How a build rule lays a card on another: ``down by one in alternating colours``, ``up by one in suit (an
    A goes on a K)``, ``in any order of rank, in suit``."""
    suit = _SUIT_WORDS[rule.suit]
    if rule.direction is Direction.ANY:
        return f"in any order of rank, {suit}"
    if rule.direction is Direction.NONE:
        return "not at all"
    if rule.direction is Direction.SAME:
        return f"on a card of the same rank, {suit}"
    step = _NUMBER_WORDS[rule.step] if rule.step < len(_NUMBER_WORDS) else str(rule.step)
    words = f"{_DIRECTION_WORDS[rule.direction]} by {step} {suit}"
    if rule.order:
        return f"{words} in the order {' '.join(rank_symbol(rank) for rank in rule.order)}" + (
            " and round again" if rule.wrap else "")
    return f"{words} ({_WRAP_WORDS[rule.direction]})" if rule.wrap else words


def pair_words(rule: PairRule) -> str:
    """How cards leave in pairs: ``two cards leave together when their ranks add up to 13``, ``... when they have
    the same rank or their ranks are Q and K, J and J``."""
    ways = (["they have the same rank"] if rule.same_rank else []) + (
        [f"their ranks add up to {rule.add_up_to}"] if rule.add_up_to else [])
    if rule.also:
        ways.append("their ranks are " + ", ".join(f"{rank_symbol(one)} and {rank_symbol(other)}"
                                                    for one, other in rule.also))
    cards = "two cards of one suit" if rule.same_suit else "two cards"
    return f"{cards} leave together when {' or '.join(ways)}"


def explain(state: State, move: Move) -> str:
    """Why ``move`` is not legal in ``state``: the first rule it breaks, in one line; for a legal move, that it is.

    A plugin's rule is asked first (``explain_refusal``), then the rule data's; a move that breaks neither is one a
    plugin refuses (``veto_move``, asked last so that it sees only moves the rules allow).
    """
    malformed = _malformed(state, move)
    if malformed is not None:
        return malformed
    if state.is_legal(move):
        return f"legal now: {move_words(state, move)}"
    hooks = state.game.hooks
    reason = hooks.explain_refusal(state, move) or _kernel_refusal(state, move) or hooks.veto_move(state, move)
    return reason or f"the rules do not allow {state.move_text(move)} now"


def _malformed(state: State, move: Move) -> str | None:
    """What makes ``move`` no move of this game at all (a pile it does not have, a card move that goes nowhere)."""
    last = len(state.piles) - 1
    wrong = next((pile for pile in (move.source, move.target) if not -1 <= pile <= last), None)
    if wrong is not None:
        return f"there is no pile {wrong}: piles are numbered from 0 to {last}"
    if not move.action and (move.source < 0 or move.target < 0 or move.source == move.target):
        return "a card move goes from one pile to another"
    return None


def _first(state: State, move: Move, rules: Iterable[Refusal]) -> str | None:
    """The refusal of the first of ``rules`` that refuses ``move``, asked in their order; None if none does."""
    for rule in rules:
        reason = rule(state, move)
        if reason:
            return reason
    return None


def blocked_piles(state: State) -> frozenset[int]:
    """The piles holding cards from which the rules let no card be picked up now, though they may be at other
    times: under cards of other piles, all face down, or held by a plugin's pick limit of 0."""
    game = state.game
    limits = game.hooks.pick_limits(state) or {}
    piles = {*game.source_piles, *(game.pairing.piles if game.pairing else ()), *limits}
    return frozenset(pile for pile in piles
                     if state.piles[pile] and (limits.get(pile) == 0 or _not_free(state, pile) is not None))


# --- moves named as text ------------------------------------------------------------------------

#: Moves named by text of an action, and what to say where the game has none: ``(moves, words)``.
Named = tuple[list[Move], str | None]


def text_refusal(state: State, action: str, places: list[set[int]], count: int | None) -> str | None:
    """Why no legal move matches typed text: ``action`` (empty for a card move), the piles each word names, and
    the number of cards if given; None where the text names no move to explain."""
    sources = sorted(places[0]) if places else []
    targets = sorted(places[1]) if len(places) > 1 else []
    named = _NAMED.get(action, _plugin_action_named)
    moves, none = named(state, action, sources, targets, count)
    return _said_once(explain(state, move) for move in moves) if moves else none


def _card_moves_named(state: State, action: str, sources: list[int], targets: list[int], count: int | None) -> Named:
    if not sources or not targets:
        return [], None
    game = state.game
    moves = [Move(source, target, count or 1, PAIR if _pairs(game, source, target) else "")
             for source in sources for target in targets if source != target]
    return moves, "a card move goes from one pile to another"


def _deals_named(state: State, action: str, sources: list[int], targets: list[int], count: int | None) -> Named:
    piles = state.piles
    moves = [Move(stock.piles.start, stock.deal_target(len(piles[stock.piles.start])),
                  count or max(1, stock.cards_dealt(len(piles[stock.piles.start]))), DEAL)
             for stock in state.game.stocks]
    return moves, "this game has no stock that deals"


def _redeals_named(state: State, action: str, sources: list[int], targets: list[int], count: int | None) -> Named:
    moves = [Move(stock.stock_target, stock.piles.start, count or max(1, len(state.piles[stock.stock_target])),
                  REDEAL) for stock in state.game.stocks]
    return moves, "this game has no stock to turn over again"


def _gathers_named(state: State, action: str, sources: list[int], targets: list[int], count: int | None) -> Named:
    moves = [Move(state.gather_source(group), -1, 1, GATHER) for group in state.game.gatherers]
    return moves, "nothing in this game is gathered and dealt again"


def _plugin_action_named(state: State, action: str, sources: list[int], targets: list[int],
                         count: int | None) -> Named:
    return [Move(sources[0] if sources else -1, targets[0] if targets else -1, count or 1, action)], None


_NAMED: dict[str, Callable[[State, str, list[int], list[int], int | None], Named]] = {
    "": _card_moves_named, DEAL: _deals_named, REDEAL: _redeals_named, GATHER: _gathers_named,
}


def _pairs(game: Rules, source: int, target: int) -> bool:
    """Whether two piles named as a move mean a pair: both pair by the game's pair rule, and no card goes from
    one to the other."""
    pairing = game.pairing
    return bool(pairing and source in pairing.piles and target in pairing.piles
                and game.pile_group[target] not in game.pile_group[source].target_groups)


def _said_once(reasons: Iterable[str]) -> str:
    """The distinct ``reasons``, in order, the first few of them joined."""
    distinct = list(dict.fromkeys(reasons))
    more = f"; and {len(distinct) - REFUSALS_SAID} more" if len(distinct) > REFUSALS_SAID else ""
    return "; ".join(distinct[:REFUSALS_SAID]) + more


def _kernel_refusal(state: State, move: Move) -> str | None:
    """The rule of the data that ``move`` breaks, or None if none is found."""
    refusal = _ACTION_REFUSALS.get(move.action)
    return refusal(state, move) if refusal else None


# --- card moves ----------------------------------------------------------------------------------


def _card_refusal(state: State, move: Move) -> str | None:
    return _first(state, move, (_source_refusal, _route_refusal, _pick_refusal, _target_refusal, _run_limit_refusal))


def _not_free(state: State, pile: int) -> str | None:
    """Why the top card of ``pile`` (which holds cards) may not be picked up as the cards lie: it is face down,
    or under cards of other piles; None if neither."""
    cards = state.piles[pile]
    if state.face_down[pile] >= len(cards):
        return f"the cards of {place(state.game, pile)} lie face down"
    covering = sum(1 for other in state.game.covered_by.get(pile, ()) if state.piles[other])
    if covering:
        return f"{card_symbol(cards[-1])} is not free to move: it is under {count_words(covering, 'card')}"
    return None


def _source_refusal(state: State, move: Move) -> str | None:
    """Why the cards cannot be picked up from the source pile as it lies: too few, face down, covered, held."""
    return _first(state, move, (_too_few_refusal, _covered_refusal, _face_down_refusal, _kept_refusal, _held_refusal))


def _too_few_refusal(state: State, move: Move) -> str | None:
    cards = state.piles[move.source]
    where = place(state.game, move.source)
    if not cards:
        return f"{where} is empty"
    if move.count > len(cards):
        return f"{where} holds only {count_words(len(cards), 'card')}"
    return None


def _covered_refusal(state: State, move: Move) -> str | None:
    return _not_free(state, move.source)


def _face_down_refusal(state: State, move: Move) -> str | None:
    face_up = len(state.piles[move.source]) - state.face_down[move.source]
    if move.count <= face_up:
        return None
    where = place(state.game, move.source)
    return (f"only the top card of {where} lies face up" if face_up == 1
            else f"only the top {face_up} cards of {where} lie face up")


def _kept_refusal(state: State, move: Move) -> str | None:
    """Why a pile that keeps its bottom cards (``keeps``) does not give up so many."""
    kept = state.game.pile_group[move.source].keeps
    free = len(state.piles[move.source]) - kept
    if move.count <= free:
        return None
    where = place(state.game, move.source)
    keeps = "its first card" if kept == 1 else f"its first {count_words(kept, 'card')}"
    if free <= 0:
        return f"{where} keeps {keeps}: no card may leave it now"
    return f"{where} keeps {keeps}: only {count_words(free, 'card')} may leave it now"


def _held_refusal(state: State, move: Move) -> str | None:
    """Why a plugin's pick limit holds the cards."""
    limit = (state.game.hooks.pick_limits(state) or {}).get(move.source)
    if limit == 0:
        return f"{card_symbol(state.piles[move.source][-1])} is not free to move now"
    if limit is not None and move.count > limit:
        return f"only {count_words(limit, 'card')} may be picked up from {place(state.game, move.source)} now"
    return None


def _route_refusal(state: State, move: Move) -> str | None:
    """Why cards of the source's group do not go to the target's group at all (or, for a game with pairs, why
    the card does not leave alone)."""
    game = state.game
    group, target_group = game.pile_group[move.source], game.pile_group[move.target]
    pairing = game.pairing
    if pairing and move.source in pairing.piles and move.target == pairing.discard and (
            target_group not in group.target_groups):
        return _alone_refusal(state, move)
    if group.pick is Pick.NOTHING or not group.target_groups:
        return f"cards do not go from the {group.name} to the {target_group.name}"
    if target_group not in group.target_groups:
        names = [f"the {other.name}" for other in group.target_groups]
        either = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        return f"cards go from the {group.name} only to {either}"
    return None


def _alone_refusal(state: State, move: Move) -> str | None:
    """Why a card of a game with pairs does not leave alone for the pile pairs go to: only some ranks do."""
    rule = state.game.spec.pairs
    card = state.piles[move.source][-1]
    if rule is None or RANK[card] in rule.alone:
        return None
    alone = f": only {' or '.join(rank_words(rank) for rank in sorted(rule.alone))} does" if rule.alone else ""
    return f"{card_symbol(card)} does not leave alone{alone}; {pair_words(rule)}"


def _pick_refusal(state: State, move: Move) -> str | None:
    """Why the group's pick rule does not let these cards be picked up together."""
    game = state.game
    group = game.pile_group[move.source]
    if move.count == 1 or group.pick is Pick.ANY_TAIL:
        return None
    where = place(game, move.source)
    rule = group.spec.run or group.spec.build
    if group.pick is Pick.TOP_CARD or rule.direction is Direction.NONE:
        return f"only the top card of {where} may move"
    run, broken = _run_on_top(group, state.piles[move.source])
    if group.pick is Pick.TOP_OR_WHOLE:
        return _whole_pile_refusal(state, move, broken)
    if move.count > run:
        return f"only a run {build_words(rule)} moves together: {broken}"
    return None


def _run_on_top(group: Group, cards: list[int]) -> tuple[int, str]:
    """How many top cards of ``cards`` make a run by ``group``'s rule, and the words for where it breaks ("" if it
    runs to the bottom)."""
    run = 1
    while run < len(cards) and group.run_table[cards[-run - 1] * 52 + cards[-run]]:
        run += 1
    broken = f"{card_symbol(cards[-run])} does not go on {card_symbol(cards[-run - 1])}" if run < len(cards) else ""
    return run, broken


def _whole_pile_refusal(state: State, move: Move, broken: str) -> str | None:
    """Why a group whose top card or whole pile may move does not let these cards move (``broken``: where the
    pile is not a run)."""
    group = state.game.pile_group[move.source]
    where = place(state.game, move.source)
    if move.count != len(state.piles[move.source]):
        return f"only the top card or the whole of {where} may move"
    rule = group.spec.run or group.spec.build
    return f"the whole of {where} moves only as a run {build_words(rule)}: {broken}" if broken else None


def _target_refusal(state: State, move: Move) -> str | None:
    """Why the target pile does not take these cards: its suit, what it takes when empty, its build rule, its size."""
    return _first(state, move, (_one_at_a_time_refusal, _suit_refusal, _rank_refusal, _set_suit_refusal,
                                _layer_refusal, _onto_refusal, _closing_refusal, _rank_held_refusal, _opened_refusal))


def _one_at_a_time_refusal(state: State, move: Move) -> str | None:
    game = state.game
    group = game.pile_group[move.target]
    if move.count > 1 and group.role is Role.FOUNDATION and not group.spec.fill_at_once:
        return f"{_a_pile(game, group)} takes one card at a time"
    return None


def _suit_refusal(state: State, move: Move) -> str | None:
    suit = state.game.pile_suit[move.target]
    if suit >= 0 and any(SUIT[card] != suit for card in state.piles[move.source][-move.count:]):
        return f"{destination(state.game, move.target)} takes only {SUIT_SYMBOLS[suit]} cards"
    return None


def _rank_refusal(state: State, move: Move) -> str | None:
    rank = state.game.pile_rank[move.target]
    if rank and not state.piles[move.target] and RANK[state.piles[move.source][-move.count]] != rank:
        return f"{place(state.game, move.target)} takes only {rank_words(rank)} when empty"
    return None


def _layer_refusal(state: State, move: Move) -> str | None:
    if state.layer_takes(move):
        return None
    game, piles = state.game, state.piles
    height = len(piles[move.target])
    held = [piles[other][height] for other in game.suit_layers[move.target] if len(piles[other]) > height]
    card = piles[move.source][-move.count]
    return (f"{noun(game, game.pile_group[move.target]).many} lie in layers of one suit: {card_symbol(card)} would "
            f"lie where the others hold {SUIT_SYMBOLS[SUIT[held[0]]] if held else 'another suit'}")


def _set_suit_refusal(state: State, move: Move) -> str | None:
    if not state.set_takes(move):
        card = state.piles[move.source][-move.count]
        alike = "suit" if state.game.set_alike is SUIT else "rank"
        return f"a set's cards are all of one {alike}, and {card_symbol(card)} is not of the {alike} the set holds"
    return None


def _closing_refusal(state: State, move: Move) -> str | None:
    """Why a pile closed by another's card (``last_card_from``) does not take this card."""
    if state.closing_takes(move):
        return None
    game = state.game
    target, closer = game.pile_names[move.target], game.closed_by[move.target]
    if move.source in game.closers:
        return f"the card of {game.pile_names[move.source]} goes only onto the pile it closes, and as its last card"
    if state.piles[move.target]:
        return f"the last card of {target} comes only from {game.pile_names[closer]}"
    if not state.piles[closer]:
        return f"{target} starts from the rank its closing card on {game.pile_names[closer]} sets, and none lies there"
    first = (RANK[state.piles[closer][-1]] - 1 + game.closing_shift[move.target]) % 13 + 1
    return f"{target} starts from {rank_symbol(first)}, as the card on {game.pile_names[closer]} sets"


def _opened_refusal(state: State, move: Move) -> str | None:
    """Why a pile opened by another (``opened_by``) does not take a card yet."""
    if state.opened_takes(move):
        return None
    game = state.game
    return (f"{place(game, move.target)} takes a card only once {place(game, game.openers[move.target])} "
            "holds one")


def _rank_held_refusal(state: State, move: Move) -> str | None:
    """Why a pile that takes only the ranks of the pile before it (``ranks_of_pile_before``) does not take this
    card."""
    if state.rank_held_takes(move):
        return None
    game = state.game
    target, before = place(game, move.target), place(game, game.rank_sources[move.target])
    held = state.piles[game.rank_sources[move.target]]
    rank = rank_symbol(RANK[state.piles[move.source][-move.count]])
    if not held:
        return f"{target} takes only ranks {before} holds, and it is empty"
    if not state.piles[move.target]:
        return f"{target} starts with the rank of the first card of {before}, {rank_symbol(RANK[held[0]])}"
    return f"{target} takes only ranks {before} holds: no {rank} lies there"


def _onto_refusal(state: State, move: Move) -> str | None:
    """Why the target does not take these cards onto what lies there (or, empty, at all)."""
    game = state.game
    group = game.pile_group[move.target]
    lying = state.piles[move.target]
    if not lying:
        return _empty_refusal(state, move)
    if group.spec.fill_at_once:
        return f"{_a_pile(game, group)} is filled all at once and takes no more cards"
    if group.max_cards is not None and len(lying) >= group.max_cards:
        return _holds_words(game, group)
    below, above = lying[-1], state.piles[move.source][-move.count]
    if not group.fits(below, above):
        return build_refusal(game, group, below, above)
    return _size_refusal(state, move, len(lying))


def _empty_refusal(state: State, move: Move) -> str | None:
    """Why an empty target pile does not take these cards: where they come from, their number, their rank."""
    game = state.game
    group, source_group = game.pile_group[move.target], game.pile_group[move.source]
    empty = f"an empty {noun(game, group).one}" if len(group.piles) > 1 else f"the {group.name}, when empty,"
    if source_group.index not in group.empty_sources:
        return f"{empty} takes no card from the {source_group.name}"
    if state.empty_closed(group):
        return f"{empty} takes cards only while {_waits_words(group)} empty"
    if group.spec.fill_at_once and move.count != group.max_cards and (move.count > 1 or not group.takes_single_cards()):
        return f"{empty} is filled with {count_words(group.max_cards or 0, 'card')} at once"
    card = state.piles[move.source][-move.count]
    if not group.accepts_on_empty(card, state.base_rank):
        return f"{empty} {_accepts_words(group, state.base_rank)}"
    return _size_refusal(state, move, 0)


def _waits_words(group: Group) -> str:
    """The groups an empty pile of ``group`` waits for, as the subject of 'is'/'are': ``the stock is``."""
    names = group.spec.when_empty.only_while_empty
    return f"the {' and the '.join(names)} {'is' if len(names) == 1 else 'are'}"


def _accepts_words(group: Group, base_rank: int | None) -> str:
    """What an empty pile of ``group`` takes, after its subject: ``takes only a K``."""
    accepts = group.empty_accepts
    rank = group.rank_on_empty(base_rank)
    if isinstance(accepts, frozenset):
        return f"takes only {_one_of(rank_words(rank) for rank in sorted(accepts))}"
    if accepts is Accepts.NOTHING:
        return "takes no card"
    if accepts is Accepts.BASE_RANK:
        return f"takes only the base rank, {rank_symbol(rank)}" if rank else "takes only the base rank"
    if accepts is Accepts.BELOW_BASE_RANK:
        return (f"takes only {rank_words(rank)}, the rank below the base rank" if rank
                else "takes only the rank below the base rank, which is not chosen yet")
    return f"takes only {rank_words(rank)}" if rank else "takes no such card"


def _one_of(words: Iterable[str]) -> str:
    """``a 10, a J or a K``: ``words`` joined as a choice."""
    listed = list(words)
    return f"{', '.join(listed[:-1])} or {listed[-1]}"


def build_refusal(game: Rules, group: Group, below: int, above: int) -> str:
    """Why card ``above`` does not go on card ``below`` in ``group``, by its build rule: ``columns build down
    by one in alternating colours: 7♥ does not go on 9♠``."""
    rule = group.spec.build
    if rule.direction is Direction.NONE:
        return f"nothing goes on a card in {_a_pile(game, group)}"
    if RANK[below] in rule.nothing_on:
        return f"nothing goes on {rank_words(RANK[below])} in {_a_pile(game, group)}"
    subject = f"the {group.name} pile builds" if len(group.piles) == 1 else f"{noun(game, group).many} build"
    return f"{subject} {build_words(rule)}: {card_symbol(above)} does not go on {card_symbol(below)}"


def _size_refusal(state: State, move: Move, room: int) -> str | None:
    """Why the target's group does not take ``move.count`` cards at once onto ``room`` cards: its size, or, for
    a foundation filled at once, cards out of its build order."""
    game = state.game
    group = game.pile_group[move.target]
    if group.max_cards is not None and room + move.count > group.max_cards:
        return _holds_words(game, group)
    if move.count > 1 and group.role is Role.FOUNDATION:  # filled at once: the cards in its build order
        cards = state.piles[move.source][-move.count:]
        for below, above in zip(cards, cards[1:]):
            if not group.fits(below, above):
                return build_refusal(game, group, below, above)
    return None


def _run_limit_refusal(state: State, move: Move) -> str | None:
    """Why more cards move at once than the free cells and empty piles allow."""
    game = state.game
    group = game.pile_group[move.source]
    if group.spec.run_limit is not RunLimit.FREE_CELLS:
        return None
    free_cells, empty = _room(state, group, move.target)
    most = (1 + free_cells) << empty
    if move.count <= most:
        return None
    called = noun(game, group).one
    return (f"with {count_words(free_cells, 'free cell')} and {count_words(empty, f'empty {called}')}, "
            f"at most {count_words(most, 'card')} {'moves' if most == 1 else 'move'} at once")


def _room(state: State, group: Group, target: int) -> tuple[int, int]:
    """The free cells, and the empty piles of ``group`` that take any card but ``target``, as a run limit of
    ``free cells`` counts them for a move to ``target``."""
    piles = state.piles
    free_cells = sum(1 for cell in state.game.cell_piles if not piles[cell])
    if group.empty_accepts is not Accepts.ANY:
        return free_cells, 0
    return free_cells, sum(1 for other in group.piles if not piles[other] and other != target)


def _holds_words(game: Rules, group: Group) -> str:
    """How many cards a pile of ``group`` holds: ``a free cell holds one card``, ``the reserve holds 4 cards at
    most``."""
    most = group.max_cards or 0
    return f"{_a_pile(game, group)} holds {count_words(most, 'card')}{'' if most == 1 else ' at most'}"


def _a_pile(game: Rules, group: Group) -> str:
    """Any pile of ``group``, as a rule speaks of it: ``a free cell``, ``a foundation``, ``the waste``."""
    return f"the {group.name}" if len(group.piles) == 1 else a(noun(game, group).one)


# --- the kernel's actions ------------------------------------------------------------------------


def _deal_refusal(state: State, move: Move) -> str | None:
    """Why the stock cannot be turned or dealt now."""
    return _first(state, move, (_not_a_dealer_refusal, _empty_stock_refusal, _deal_room_refusal, _dealt_refusal))


def _not_a_dealer_refusal(state: State, move: Move) -> str | None:
    game = state.game
    group = game.pile_group[move.source]
    stock = place(game, move.source)
    if group.role is not Role.STOCK or group.stock_target < 0 or move.source < 0:
        return f"{stock} is not a stock that deals"
    target = group.deal_target(len(state.piles[move.source]))
    if move.target != target:
        return f"{stock} deals to {place(game, target)}"
    return None


def _empty_stock_refusal(state: State, move: Move) -> str | None:
    if state.piles[move.source]:
        return None
    group = state.game.pile_group[move.source]
    stock = place(state.game, move.source)
    if len(group.stock_targets) == 1 and _redeals_left(state, group) == 0:
        return f"{stock} is used up: it is empty and no redeal is left"
    return f"{stock} is empty"


def _deal_room_refusal(state: State, move: Move) -> str | None:
    """Why the piles the stock deals onto do not take its cards now: one is empty, or the waste is full."""
    game = state.game
    group = game.pile_group[move.source]
    stock = place(game, move.source)
    targets = group.stock_targets
    if group.is_last_deal(len(state.piles[move.source])):
        return None  # the last deal lays a card on every pile of its groups, empty or not
    if group.spec.needs_no_empty_piles and not all(state.piles[pile] for pile in targets):
        return f"{stock} deals only when every {noun(game, game.pile_group[targets.start]).one} holds a card"
    room = game.pile_group[move.target].max_cards
    if len(targets) == 1 and room is not None and len(state.piles[move.target]) + move.count > room:
        return f"{place(game, move.target)} holds {count_words(room, 'card')}: play it before turning {stock} again"
    return None


def _dealt_refusal(state: State, move: Move) -> str | None:
    dealt = state.game.pile_group[move.source].cards_dealt(len(state.piles[move.source]))
    if move.count != dealt:
        return f"{place(state.game, move.source)} deals {count_words(dealt, 'card')} now, not {move.count}"
    return None


def _redeals_left(state: State, stock: Group) -> int | None:
    """How many times ``stock`` may still be turned over again; None for no limit."""
    redeals = stock.spec.redeals
    return None if redeals == UNLIMITED else redeals - state.vars.get(REDEALS_VAR, 0)


def _redeal_refusal(state: State, move: Move) -> str | None:
    """Why the waste cannot be turned over into the stock now."""
    if move.target < 0 or move.source < 0:
        return "a redeal turns a waste over into its stock"
    return _first(state, move, (_not_redealt_refusal, _used_up_refusal, _whole_waste_refusal))


def _not_redealt_refusal(state: State, move: Move) -> str | None:
    """Why this waste is not turned over into this stock now: not its stock, the stock not empty, nothing there."""
    game = state.game
    group = game.pile_group[move.target]
    waste, stock = place(game, move.source), place(game, move.target)
    if group.role is not Role.STOCK or group.stock_target != move.source or len(group.stock_targets) != 1:
        return f"{waste} is not turned over into {stock}"
    if state.piles[move.target]:
        return f"{waste} is turned over into {stock} only once {stock} is empty"
    if not state.piles[move.source]:
        return f"{waste} is empty"
    return None


def _used_up_refusal(state: State, move: Move) -> str | None:
    group = state.game.pile_group[move.target]
    left = _redeals_left(state, group)
    if left is None or left > 0:
        return None
    stock = place(state.game, move.target)
    if group.spec.redeals == 0:
        return f"{stock} is used up: it is turned once, with no redeal"
    return f"{stock} is used up: its {count_words(group.spec.redeals, 'redeal')} are used"


def _whole_waste_refusal(state: State, move: Move) -> str | None:
    lying = len(state.piles[move.source])
    if move.count != lying:
        waste = place(state.game, move.source)
        return f"a redeal turns over the whole of {waste}: {count_words(lying, 'card')}, not {move.count}"
    return None


def _gather_refusal(state: State, move: Move) -> str | None:
    """Why a group cannot be gathered and dealt again now."""
    if move.source < 0:
        return "a gather names the pile of its group it gathers"
    group = state.game.pile_group[move.source]
    rule = group.spec.gather_and_deal
    if rule is None:
        return f"the {group.name} is not gathered and dealt again"
    if move.source != state.gather_source(group):
        if rule.pile_by_pile:
            return f"it is the turn of {place(state.game, state.gather_source(group))} to be gathered and dealt again"
        return f"the {group.name} is not gathered and dealt again"
    if move.target >= 0:
        return f"the {group.name} is dealt again where it lies, not to {place(state.game, move.target)}"
    return _nothing_to_gather(state, group, rule)


def _nothing_to_gather(state: State, group: Group, rule: GatherRule) -> str | None:
    """Why ``group`` is not gathered now by its ``rule``: no redeal left, no card, the game won."""
    if not rule.left_after(state.vars[GATHERS_VAR]):
        return f"no redeal is left: the {group.name} has been gathered {count_words(rule.times, 'time')}"
    if not rule.pile_by_pile and not any(state.piles[pile] for pile in group.piles):
        return f"the {group.name} holds no card to gather"
    waited = [pile for pile in group.gather_waits if state.piles[pile]]
    if waited:
        return f"the {group.name} is gathered only once the {state.game.pile_group[waited[0]].name} is empty"
    if state.is_won():
        return "the game is won"
    return None


def _pair_refusal(state: State, move: Move) -> str | None:
    """Why the top cards of two piles do not leave together."""
    game = state.game
    pairing = game.pairing
    if pairing is None or game.spec.pairs is None:
        return "cards do not leave in pairs in this game"
    if move.source == move.target or move.source < 0 or move.target < 0:
        return "a pair is the top cards of two piles"
    unpaired = next(filter(None, (_unpaired(state, pile) for pile in (move.source, move.target))), None)
    if unpaired:
        return unpaired
    first, second = state.piles[move.source][-1], state.piles[move.target][-1]
    if not pairing.pairs[first * 52 + second]:
        return f"{pair_words(game.spec.pairs)}: {card_symbol(first)} and {card_symbol(second)} do not"
    if move.source > move.target:
        return pair_order_words(game, move)
    return None


def _unpaired(state: State, pile: int) -> str | None:
    """Why the top card of ``pile`` cannot be one of a pair now: the pile does not pair, is empty, or is not free."""
    game = state.game
    assert game.pairing is not None  # asked of a game with pairs
    if pile not in game.pairing.piles:
        return f"the cards of {place(game, pile)} do not pair"
    if not state.piles[pile]:
        return f"{place(game, pile)} is empty"
    return _not_free(state, pile)


def pair_order_words(game: Rules, move: Move) -> str:
    """Why a pair ``move`` whose cards do pair is not the move: it names its piles the wrong way round."""
    first, second = sorted((move.source, move.target))
    return f"a pair names its first pile first: {place(game, first)}, then {place(game, second)}"


#: The refusals of the kernel's moves, by action ("" for a card move).
_ACTION_REFUSALS: dict[str, Refusal] = {
    "": _card_refusal, DEAL: _deal_refusal, REDEAL: _redeal_refusal, GATHER: _gather_refusal, PAIR: _pair_refusal,
}
