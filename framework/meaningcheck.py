"""What a rule file means, checked after its shape: names that must exist, a deal the pack can make, plugins.

The schema cannot say that a group named in ``moves_to`` exists, that the deal
uses every card exactly once, or that a plugin is installed and its options fit
it. ``meaning_problems`` checks these, subject by subject (groups, the deal,
the layout, the plugins), each problem at its ``file:line:column``. It runs only
on a document that passed the schema, so every value has its type.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from . import plugins
from .cards import SUIT_NAMES, parse_card
from .errors import Problem
from .schemacheck import Validator, did_you_mean, explain
from .spec import (
    BASE_RANK_CARDS,
    FIRST_CARD_DEALT,
    FIRST_CARD_PLAYED,
    FIRST_FOUNDATION_CARD,
    FIRST_OF_EACH_SUIT,
    REST,
    Accepts,
    Direction,
    Pick,
    Role,
    WonWhen,
    default_pick,
)
from .yamlsource import YamlDocument

Path = tuple[Any, ...]


def meaning_problems(document: YamlDocument, source: str) -> list[Problem]:
    """Every problem of meaning in ``document`` (which passed the schema), in the order found."""
    checks = _Checks(document, source)
    checks.groups()
    checks.ending()
    if not checks.deal():
        return checks.problems  # a deal of more cards than the pack holds: what follows would only echo it
    checks.layout()
    checks.plugins()
    return checks.problems


#: The keys that gather a group and deal it again.
_GATHERS = frozenset({"gather_and_deal", "gather_pile_by_pile"})

class _Checks:
    """The meaning checks of one document, gathering problems."""

    def __init__(self, document: YamlDocument, source: str) -> None:
        self.document = document
        self.source = source
        self.data: dict[str, Any] = document.data
        self.group_data: dict[str, Any] = self.data["groups"]
        self.problems: list[Problem] = []

    def problem(self, path: Path, message: str, *, key: bool = False) -> None:
        """Note a problem at the value at ``path`` (or at its key)."""
        line, column = self.document.position(path, key=key)
        self.problems.append(Problem(self.source, line, column, message))

    def known_group(self, path: Path, name: str) -> bool:
        """Whether a group called ``name`` exists; a problem at ``path`` if not."""
        if name in self.group_data:
            return True
        groups = self.group_data
        self.problem(path, f"no pile group called {name!r}{did_you_mean(name, groups)} (groups: {', '.join(groups)})")
        return False

    # --- groups ------------------------------------------------------------------------------

    def groups(self) -> None:
        """Every group: its label unique, the groups it names existing, its keys fitting its role."""
        labels: dict[str, str] = {}
        for name, group in self.group_data.items():
            label = group.get("label", name[0])
            if label in labels:
                self.problem(("groups", name), f"groups {labels[label]!r} and {name!r} share the label {label!r}; "
                             "give one a 'label'", key=True)
            labels[label] = name
            self._named_groups(name, group)
            self._stock_keys(name, group)
            self._pile_keys(name, group)

    def _named_groups(self, name: str, group: dict[str, Any]) -> None:
        path = ("groups", name)
        for index, target in enumerate(group.get("moves_to", ())):
            self.known_group(path + ("moves_to", index), target)
        for index, origin in enumerate(group.get("when_empty", {}).get("from", ())):
            self.known_group(path + ("when_empty", "from", index), origin)
        filled_from = group.get("when_empty", {}).get("filled_from")
        if isinstance(filled_from, str):
            self.known_group(path + ("when_empty", "filled_from"), filled_from)
        for index, origin in enumerate(filled_from if isinstance(filled_from, list) else ()):
            self.known_group(path + ("when_empty", "filled_from", index), origin)
        self._refill_waits(path + ("when_empty",), group.get("when_empty", {}))

    def _refill_waits(self, path: tuple[str, ...], empty: dict[str, Any]) -> None:
        """The groups a refill or an empty pile waits for (``filled_while_empty``, ``only_while_empty``) exist, and
        there is a refill to wait."""
        waits = empty.get("filled_while_empty", ())
        for key in ("filled_while_empty", "only_while_empty"):
            for index, name in enumerate(empty.get(key, ())):
                self.known_group(path + (key, index), name)
        if empty.get("stock_turned_first") and not self._fed_by_stock(empty.get("filled_from", ())):
            self.problem(path + ("stock_turned_first",), "'stock_turned_first' turns a stock onto a waste the pile "
                         "is filled from: 'filled_from' names no group a stock deals to", key=True)
        if waits and "filled_from" not in empty:
            self.problem(path + ("filled_while_empty",), "'filled_while_empty' says when a refill happens: it "
                         "needs 'filled_from'", key=True)

    def _fed_by_stock(self, filled_from: str | list[str]) -> bool:
        """Whether one of the groups ``filled_from`` names is one a stock deals to."""
        names = [filled_from] if isinstance(filled_from, str) else filled_from
        return any(group.get("deals_to") in names for group in self.group_data.values())

    def _stock_keys(self, name: str, group: dict[str, Any]) -> None:
        path = ("groups", name)
        if "deals_to" in group:
            if group["role"] != Role.STOCK:
                self.problem(path + ("deals_to",), "only a stock deals: 'deals_to' needs role 'stock'", key=True)
            elif self.known_group(path + ("deals_to",), group["deals_to"]) and group["deals_to"] == name:
                self.problem(path + ("deals_to",), "a stock cannot deal to itself")
        for key in ("cards_per_turn", "redeals", "needs_no_empty_piles", "last_deal_to"):
            if key in group and group["role"] != Role.STOCK:
                self.problem(path + (key,), f"{key!r} is for a stock (role 'stock')", key=True)
        if "last_deal_to" in group and group["role"] == Role.STOCK:
            self._last_deal_groups(path, group)

    def _last_deal_groups(self, path: Path, group: dict[str, Any]) -> None:
        """A stock's last deal goes to groups that exist and are not stocks, from a stock that deals a card onto
        each pile of a group of several."""
        dealt_to = self.group_data.get(group.get("deals_to", ""), {})
        if dealt_to.get("piles", 1) < 2:
            self.problem(path + ("last_deal_to",), "'last_deal_to' changes a deal of a card onto each pile: it needs "
                         "'deals_to' naming a group of several piles", key=True)
        for index, name in enumerate(group["last_deal_to"]):
            where = path + ("last_deal_to", index)
            if self.known_group(where, name) and self.group_data[name]["role"] == Role.STOCK:
                self.problem(where, f"the last deal lays cards on the table; {name!r} is a stock")

    def _pile_keys(self, name: str, group: dict[str, Any]) -> None:
        path = ("groups", name)
        if group.get("fill_at_once") and "max_cards" not in group:
            self.problem(path + ("fill_at_once",), "'fill_at_once' fills a pile with 'max_cards' cards: "
                         "give 'max_cards'", key=True)
        accepts = group.get("when_empty", {}).get("accepts")
        if accepts in (Accepts.BASE_RANK, Accepts.BELOW_BASE_RANK) and "base_rank" not in self.data:
            self.problem(path + ("when_empty", "accepts"), f"'{accepts}' needs the game's 'base_rank'")
        self._one_per_pile(path, group)
        self._covers(path, group)
        self._rows_of(path, group)
        self._clears(path, group.get("clears_when"))
        self._closed(path, group)
        self._gathered_pile_by_pile(path, group)
        self._one_per_pile_dealt_again(path, group)
        self._kept(path, group)
        self._opened(path, group)
        if group.get("ranks_of_pile_before") and group.get("piles", 1) < 2:
            self.problem(path + ("ranks_of_pile_before",), "'ranks_of_pile_before' makes each pile take the ranks "
                         "of the pile before it, but this group has one pile: give it 'piles' of 2 or more", key=True)
        for key in ("build", "run"):
            self._rank_order(path + (key,), group.get(key, {}))
        pick = group.get("pick")
        builds = group.get("build", {}).get("direction", Direction.NONE) != Direction.NONE
        if pick in (Pick.RUN, Pick.TOP_OR_WHOLE) and not builds and "run" not in group:  # 'run' says what a run is
            self.problem(path + ("pick",), f"'{pick}' follows the build rule, but this group does not build")

    def _one_per_pile(self, path: Path, group: dict[str, Any]) -> None:
        """A group's 'suits' and 'ranks' give one for each pile, and the group it turns up ('turns_up') is another
        with as many piles."""
        piles = group.get("piles", 1)
        for key, what in (("suits", "suit"), ("ranks", "rank")):
            if key in group and len(group[key]) != piles:
                self.problem(path + (key,), f"{len(group[key])} {key} for {piles} piles; give one {what} per pile")
        other = group.get("turns_up")
        if other is None or not self.known_group(path + ("turns_up",), other):
            return
        if other == path[-1]:
            self.problem(path + ("turns_up",), "a group cannot turn up its own piles: name another group")
        elif self.group_data[other].get("piles", 1) != piles:
            self.problem(path + ("turns_up",), f"{other!r} has {self.group_data[other].get('piles', 1)} piles "
                         f"and this group {piles}: a pile turns up the pile of its number, so give both as many")

    def _clears(self, path: Path, clears: dict[str, Any] | None) -> None:
        """A pile that clears says when, and its cards go to a group of one pile."""
        if clears is None:
            return
        if "ranks_add_up_to" not in clears and "or_one_each_of" not in clears:
            self.problem(path + ("clears_when",), "'clears_when' needs 'ranks_add_up_to' or 'or_one_each_of' "
                         "to say when the cards leave", key=True)
        if self.known_group(path + ("clears_when", "to"), clears["to"]) and (
                self.group_data[clears["to"]].get("piles", 1) != 1):
            self.problem(path + ("clears_when", "to"), f"the cards go to one pile, but group {clears['to']!r} "
                         "has several")

    def _closed(self, path: Path, group: dict[str, Any]) -> None:
        """A group closed by another's cards (``last_card_from``) builds one way, has a size, and as many piles."""
        closer = group.get("last_card_from")
        if closer is None or not self.known_group(path + ("last_card_from",), closer):
            return
        build = group.get("build", {})
        if "max_cards" not in group or build.get("direction") not in (Direction.UP, Direction.DOWN) or "order" in build:
            self.problem(path + ("last_card_from",), "'last_card_from' closes a pile that builds up or down in "
                         "rank order to 'max_cards' cards: give those", key=True)
        if self.group_data[closer].get("piles", 1) != group.get("piles", 1):
            self.problem(path + ("last_card_from",), f"group {closer!r} has {self.group_data[closer].get('piles', 1)} "
                         f"piles, but this group {group.get('piles', 1)}: one pile closes each")

    def _one_per_pile_dealt_again(self, path: Path, group: dict[str, Any]) -> None:
        """A redeal by rows (``cards_per_pile`` a list) gives a number for each pile."""
        counts = group.get("gather_and_deal", {}).get("cards_per_pile")
        if isinstance(counts, list) and len(counts) != group.get("piles", 1):
            self.problem(path + ("gather_and_deal", "cards_per_pile"), f"{len(counts)} numbers for "
                         f"{group.get('piles', 1)} piles; give one number per pile")

    def _gathered_pile_by_pile(self, path: Path, group: dict[str, Any]) -> None:
        """A group gathered pile by pile is the game's only group gathered and dealt again: one count of redeals
        says whose turn it is."""
        if "gather_pile_by_pile" not in group:
            return
        for index, name in enumerate(group["gather_pile_by_pile"].get("only_while_empty", ())):
            self.known_group(path + ("gather_pile_by_pile", "only_while_empty", index), name)
        others = [name for name, data in self.group_data.items() if _GATHERS & data.keys() and name != path[-1]]
        if "gather_and_deal" in group:
            self.problem(path + ("gather_pile_by_pile",), "a group is gathered either pile by pile or all at once: "
                         "give 'gather_pile_by_pile' or 'gather_and_deal', not both", key=True)
        elif others:
            self.problem(path + ("gather_pile_by_pile",), f"group {others[0]!r} is gathered and dealt again too; "
                         "a group gathered pile by pile must be the only one", key=True)


    def _kept(self, path: Path, group: dict[str, Any]) -> None:
        """A group that keeps its bottom cards (``keeps``) gives others up by card moves, and not in pairs."""
        if not group.get("keeps"):
            return
        if group.get("pick", default_pick(group["role"])) == Pick.NOTHING or not group.get("moves_to"):
            self.problem(path + ("keeps",), "'keeps' holds a pile's bottom cards back from card moves, but no card "
                         "moves from this group: give it 'pick' and 'moves_to'", key=True)
        elif path[-1] in self.data.get("pairs", {}).get("from", ()):
            self.problem(path + ("keeps",), "'keeps' holds a pile's bottom cards back from card moves, not from "
                         "pairs, and 'pairs' takes this group's cards: leave one of them out", key=True)

    def _opened(self, path: Path, group: dict[str, Any]) -> None:
        """A group opened by another's piles (``opened_by``) names another group of as many piles."""
        opener = group.get("opened_by")
        if opener is None or not self.known_group(path + ("opened_by",), opener):
            return
        if opener == path[-1]:
            self.problem(path + ("opened_by",), "a group cannot be opened by its own piles: name another group")
        elif self.group_data[opener].get("piles", 1) != group.get("piles", 1):
            self.problem(path + ("opened_by",), f"group {opener!r} has {self.group_data[opener].get('piles', 1)} "
                         f"piles, but this group {group.get('piles', 1)}: the pile of each number opens one")

    def _rank_order(self, path: Path, rule: dict[str, Any]) -> None:
        """A build rule's own rank order (``order``) has room for its step."""
        order, step = rule.get("order"), rule.get("step", 1)
        if order is not None and step >= len(order):
            self.problem(path + ("step",), f"a step of {step} in an order of {len(order)} ranks comes back to the "
                         f"same rank: give a step below {len(order)}")

    def _rows_of(self, path: Path, group: dict[str, Any]) -> None:
        rows_of = group.get("rows_of")
        if rows_of is not None and sum(rows_of) != group.get("piles", 1):
            self.problem(path + ("rows_of",), f"rows of {' + '.join(map(str, rows_of))} = {sum(rows_of)} piles, "
                         f"but the group has {group.get('piles', 1)}")
        if rows_of is not None and "columns" in group:
            self.problem(path + ("rows_of",), "a group is drawn in rows ('rows_of') or as a grid ('columns'), "
                         "not both", key=True)

    def _covers(self, path: Path, group: dict[str, Any]) -> None:
        covered_by = group.get("covered_by")
        if covered_by is None:
            return
        piles = group.get("piles", 1)
        if len(covered_by) != piles:
            self.problem(path + ("covered_by",), f"{len(covered_by)} lists for {piles} piles; give one list per pile "
                         "(an empty list for a pile nothing lies on)")
        for index, others in enumerate(covered_by):
            for place, number in enumerate(others):
                if number > piles or number == index + 1:
                    self.problem(path + ("covered_by", index, place),
                                 f"pile {index + 1} cannot be covered by pile {number}: expected another pile "
                                 f"of this group, 1 to {piles}")

    # --- how cards leave and how the game is won -----------------------------------------------

    def ending(self) -> None:
        """The groups that the pair and set rules and a won-when-empty name exist, and the pair rule says what
        pairs."""
        won_when = self.data.get("won_when")
        if isinstance(won_when, dict):
            for index, name in enumerate(won_when.get("empty", ())):
                self.known_group(("won_when", "empty", index), name)
        sets = self.data.get("sets")
        if sets is not None:
            self._leaving("sets", "of", sets)
            self._set_of_two(sets)
        pairs = self.data.get("pairs")
        if pairs is not None:
            self._leaving("pairs", "from", pairs)
            if not ("ranks_add_up_to" in pairs or pairs.get("same_rank") or pairs.get("also")):
                self.problem(("pairs",), "say what pairs: 'ranks_add_up_to: N', 'same_rank: true' or "
                             "'also: [[RANK, RANK], ...]'", key=True)

    def _set_of_two(self, sets: dict[str, Any]) -> None:
        """A set is of two cards at least: its groups (where all are known) have two piles or more in all."""
        known = [self.group_data[name] for name in sets["of"] if name in self.group_data]
        piles = sum(group.get("piles", 1) for group in known)
        if piles < 2 and len(known) == len(sets["of"]):
            self.problem(("sets", "of"), f"a set leaves once each of its piles holds a card, but these groups have "
                         f"{piles} pile{'' if piles == 1 else 's'} in all; give two or more")

    def _leaving(self, rule: str, origins: str, data: dict[str, Any]) -> None:
        """The groups that the rule ``rule`` (``sets``, ``pairs``) takes cards from (its key ``origins``) exist,
        and the one it takes them to is one pile."""
        for index, name in enumerate(data[origins]):
            self.known_group((rule, origins, index), name)
        if self.known_group((rule, "to"), data["to"]) and self.group_data[data["to"]].get("piles", 1) != 1:
            self.problem((rule, "to"), f"{rule} go to one pile, but group {data['to']!r} has several")

    # --- the deal ----------------------------------------------------------------------------

    def deal(self) -> bool:
        """The deal: steps that name piles that exist, and together deal the pack exactly once.

        False when a step deals more cards than the pack holds (checking stops there).
        """
        data = self.data
        total = data["decks"] * 13 * len(data.get("suits", SUIT_NAMES))
        steps = data["deal"]
        foundations = [name for name, group in self.group_data.items() if group["role"] == Role.FOUNDATION]
        deal = _Deal(total, foundations[0] if foundations else None)
        if not self._deal_steps(steps, deal):
            return False
        if deal.dealt < total and deal.complete:
            self.problem(("deal",), key=True,
                         message=f"the deal leaves {total - deal.dealt} of {total} cards undealt; "
                                 "end it with 'cards: rest'")
        if deal.complete:
            self._last_deals_reached(deal)
        if data.get("base_rank") == FIRST_FOUNDATION_CARD and not deal.first_foundation_card:
            self.problem(("base_rank",), "'first foundation card' needs a deal step that puts a card on the first "
                         "foundation pile")
        if not foundations:
            self._foundations_needed()
        return True

    def _last_deals_reached(self, deal: _Deal) -> None:
        """Each stock with a last deal comes to hold exactly its cards, dealing its cards per turn onto each pile."""
        for name, group in self.group_data.items():
            names = group.get("last_deal_to", ())
            dealt_to = self.group_data.get(group.get("deals_to", ""), {})
            if group["role"] != Role.STOCK or not names or dealt_to.get("piles", 1) < 2:
                continue
            last = sum(self.group_data[other].get("piles", 1) for other in names if other in self.group_data)
            held, per_turn = deal.cards_to[name], dealt_to["piles"] * group.get("cards_per_turn", 1)
            if held < last or (held - last) % per_turn:
                self.problem(("groups", name, "last_deal_to"), f"the stock's {held} cards, dealt {per_turn} a turn, "
                             f"never come to the {last} its last deal lays, one on each pile of these groups",
                             key=True)

    def _deal_steps(self, steps: list[dict[str, Any]], deal: _Deal) -> bool:
        """Check each step and count its cards into ``deal``, up to a step that uses up the pack; False when a step
        deals more cards than the pack holds."""
        for index, step in enumerate(steps):
            if not self._deal_step(("deal", index), step, index == len(steps) - 1, deal):
                deal.complete = False
                if deal.too_many:
                    return False
                if deal.used_up:
                    break  # the steps after it would only repeat that the pack is used up
        return True

    def _foundations_needed(self) -> None:
        """A game without foundations is won otherwise than with all cards on them, or by its plugin."""
        won_when = self.data.get("won_when", WonWhen.ALL_ON_FOUNDATIONS)
        but = isinstance(won_when, dict) and "all_on_foundations_but" in won_when
        if (but or won_when == WonWhen.ALL_ON_FOUNDATIONS) and not self._plugin_decides_the_win():
            cards = "every card but those of the ranks listed" if but else "all cards"
            self.problem(("won_when",), f"the game is won with {cards} on foundations, "
                         "but no group has role 'foundation'")

    def _plugin_decides_the_win(self) -> bool:
        """Whether an installed plugin the game names implements ``is_won`` (Montana's gaps decide the win)."""
        installed = plugins.plugin_names()
        names = [item if isinstance(item, str) else next(iter(item)) for item in self.data.get("plugins", ())]
        return any(name in installed and hasattr(plugins.load_plugin(name), "is_won") for name in names)

    def _deal_step(self, path: Path, step: dict[str, Any], last: bool, deal: _Deal) -> bool:
        """Check one step and count its cards into ``deal``; False if the step is wrong."""
        targets = self._step_targets(path, step)
        if targets is None:
            return False
        if ("cards" in step) == ("card" in step):
            self.problem(path, "a deal step gives either 'cards' (how many) or 'card' (which one)")
            return False
        if "card" in step:
            return self._named_card(path, step, targets, deal)
        if step.get("play_to_foundations") and (step["cards"] != REST or not step.get("by_rows")):
            self.problem(path + ("play_to_foundations",), "'play_to_foundations' deals the rest of the pack row by "
                         "row: give 'cards: rest' and 'by_rows: true'", key=True)
            return False
        if step["cards"] == REST:
            return self._rest(path, step, targets, last, deal)
        if step["cards"] == BASE_RANK_CARDS:
            return self._base_cards(path, step, targets, deal)
        if step["cards"] == FIRST_OF_EACH_SUIT:
            return self._suit_cards(path, step, targets, deal)
        return self._counted(path, step, targets, deal)

    def _step_targets(self, path: Path, step: dict[str, Any]) -> list[int] | None:
        """The piles (by index in their group) a deal step deals to: its ``pile``, its first ``piles``, or all its
        group's; None if it names a group or pile that is not there."""
        if not self.known_group(path + ("to",), step["to"]):
            return None
        count = self.group_data[step["to"]].get("piles", 1)
        if "pile" in step and "piles" in step:
            self.problem(path + ("piles",), "give 'pile' (one pile) or 'piles' (the first so many), not both", key=True)
            return None
        wanted = step.get("pile", step.get("piles"))
        if wanted is not None and wanted > count:
            self.problem(path + ("pile" if "pile" in step else "piles",),
                         f"group {step['to']!r} has {count} pile{'s' * (count != 1)}; there is no pile {wanted}")
            return None
        return [step["pile"] - 1] if "pile" in step else list(range(step.get("piles", count)))

    def _base_cards(self, path: Path, step: dict[str, Any], targets: list[int], deal: _Deal) -> bool:
        base_rank = self.data.get("base_rank")
        if base_rank is None or base_rank in (FIRST_FOUNDATION_CARD, FIRST_CARD_PLAYED):
            self.problem(path + ("cards",), "'base rank' deals the cards of a base rank known before the deal: "
                         "give the game a 'base_rank' that is a rank or 'first card dealt'")
            return False
        count = self.data["decks"] * len(self.data.get("suits", SUIT_NAMES)) - (base_rank == FIRST_CARD_DEALT)
        if count > len(targets):
            self.problem(path + ("cards",), f"the pack holds {count} cards of the base rank to deal here, "
                         f"one to a pile, but the step deals to {len(targets)} piles")
            return False
        if not self._dealt(path + ("cards",), count, deal):
            return False
        deal.note(step["to"], targets, [1] * count + [0] * (len(targets) - count))
        return True

    def _suit_cards(self, path: Path, step: dict[str, Any], targets: list[int], deal: _Deal) -> bool:
        """'first of each suit': as many piles for each suit of the pack, and, where the group's piles each take one
        suit, that many piles of each."""
        suits = self.data.get("suits", SUIT_NAMES)
        each, left_over = divmod(len(targets), len(suits))
        if left_over or each > self.data["decks"] * 13:
            self.problem(path + ("cards",), f"'first of each suit' deals as many cards of each of the pack's "
                         f"{len(suits)} suits, one to a pile, but the step deals to {len(targets)} piles")
            return False
        taken = self.group_data[step["to"]].get("suits")
        if taken and len(taken) > max(targets) and any(
                [taken[pile] for pile in targets].count(suit) != each for suit in suits):
            times = "once" if each == 1 else f"{each} times"
            self.problem(path + ("cards",), f"'first of each suit' puts each card on a pile of its suit, but the "
                         f"step's {len(targets)} piles do not name each suit of the pack {times}")
            return False
        if not self._dealt(path + ("cards",), len(targets), deal):
            return False
        deal.note(step["to"], targets, [1] * len(targets))
        return True

    def _named_card(self, path: Path, step: dict[str, Any], targets: list[int], deal: _Deal) -> bool:
        if len(targets) != 1:
            self.problem(path + ("card",), "a named card goes to one pile: add 'pile'", key=True)
            return False
        suits = self.data.get("suits", SUIT_NAMES)
        card = parse_card(step["card"])
        if SUIT_NAMES[card // 13] not in suits:
            self.problem(path + ("card",), f"the pack has no {step['card']}: its decks hold only {', '.join(suits)}")
            return False
        deal.named[card] += 1
        if deal.named[card] > self.data["decks"]:
            self.problem(path + ("card",), f"the deal names {step['card']} {deal.named[card]} times, "
                         f"but the pack holds {self.data['decks']}")
            return False
        if not self._dealt(path + ("card",), 1, deal):
            return False
        deal.note(step["to"], targets, [1])
        return True

    def _rest(self, path: Path, step: dict[str, Any], targets: list[int], last: bool, deal: _Deal) -> bool:
        if not last:
            self.problem(path + ("cards",), "'rest' deals every card left, so it must be the last step")
        dealt_evenly = len(targets) == 1 or step.get("by_rows")
        if not dealt_evenly:
            self.problem(path + ("cards",), "'rest' to several piles needs 'by_rows: true' (or one 'pile')")
        left = deal.total - deal.dealt
        deal.dealt = deal.total
        deal.cards_to[step["to"]] += left
        if not last:
            deal.used_up = True
            return False
        if not dealt_evenly or not deal.complete or step.get("play_to_foundations"):
            return True  # how many cards each pile gets is not known (a foundation takes some as they are dealt)
        counts = [left // len(targets) + (index < left % len(targets)) for index in range(len(targets))]
        return self._face_down(path, step, targets, counts, deal)

    def _counted(self, path: Path, step: dict[str, Any], targets: list[int], deal: _Deal) -> bool:
        per_pile = self._per_pile(path, "cards", step["cards"], targets)
        if per_pile is None or not self._face_down(path, step, targets, per_pile, deal):
            return False
        if not self._dealt(path + ("cards",), sum(per_pile), deal):
            return False
        deal.note(step["to"], targets, per_pile)
        return True

    def _face_down(self, path: Path, step: dict[str, Any], targets: list[int], per_pile: list[int],
                   deal: _Deal) -> bool:
        """Whether the step's face-down counts fit the ``per_pile`` cards it deals to ``targets``; a problem if not."""
        face_down = self._per_pile(path, "face_down", step.get("face_down", 0), targets)
        if face_down is None:
            return False
        for pile, cards_here, down_here in zip(targets, per_pile, face_down):
            if down_here > cards_here:
                self.problem(path + ("face_down",), f"pile {pile + 1} gets {cards_here} cards, so at most {cards_here} "
                             "can lie face down")
                return False
            if down_here and (step["to"], pile) in deal.face_up_piles:
                self.problem(path + ("face_down",), f"pile {pile + 1} already has a face-up card; face-down cards go "
                             "at the bottom")
                return False
            if cards_here > down_here:
                deal.face_up_piles.add((step["to"], pile))
        return True

    def _per_pile(self, path: Path, key: str, counts: int | list[int], targets: list[int]) -> list[int] | None:
        """A deal step's ``counts`` under ``key`` (one for all piles, or one per pile) for each of ``targets``; None
        if the list is of another length."""
        if not isinstance(counts, list):
            return [counts] * len(targets)
        if len(counts) != len(targets):
            self.problem(path + (key,), f"{len(counts)} counts for {len(targets)} piles; give one count per pile")
            return None
        return counts

    def _dealt(self, path: Path, cards: int, deal: _Deal) -> bool:
        """Count ``cards`` more dealt by the step whose count is at ``path``; a problem if the pack holds too few."""
        deal.dealt += cards
        if deal.dealt > deal.total:
            self.problem(path, f"the deal needs {deal.dealt} cards by this step, but the pack holds {deal.total}")
            deal.too_many = True
            return False
        return True

    # --- the layout and the plugins ----------------------------------------------------------

    def layout(self) -> None:
        """Every group the layout's rows name exists."""
        for row, names in enumerate(self.data.get("layout", {}).get("rows", ())):
            for index, name in enumerate(names):
                self.known_group(("layout", "rows", row, index), name)

    def plugins(self) -> None:
        """Every plugin named is installed, and its options follow its schema and name groups that exist."""
        installed = plugins.plugin_names()
        named: set[str] = set()
        for index, item in enumerate(self.data.get("plugins", ())):
            name, options = (item, {}) if isinstance(item, str) else next(iter(item.items()))
            path = ("plugins", index) if isinstance(item, str) else ("plugins", index, name)
            at_key = not isinstance(item, str)
            if name in named:
                self.problem(path, f"plugin {name!r} is named twice: name it once, with all its options", key=at_key)
                continue
            named.add(name)
            if name not in installed:
                self.problem(path, f"plugin {name!r} is not installed{did_you_mean(name, installed)}", key=at_key)
                continue
            try:
                schema = plugins.options_schema(plugins.load_plugin(name))
                if schema is not None:
                    Validator.check_schema(schema)
            except Exception as error:  # a broken plugin is named, not a traceback
                self.problem(path, f"plugin {name!r} cannot be used: {type(error).__name__}: {error}".split("\n")[0],
                             key=at_key)
                continue
            if schema is None:
                if options:
                    self.problem(path, f"plugin {name!r} takes no options")
                continue
            self._plugin_options(path, name, schema, options)

    def _plugin_options(self, path: Path, name: str, schema: Mapping[str, Any], options: dict[str, Any]) -> None:
        for error in Validator(schema).iter_errors(options):
            for message, where, at_key in explain(error, tuple(error.absolute_path)):
                self.problem(path + where, f"plugin {name!r}: {message}", key=at_key)
        for option, value in options.items():
            for group_name in _group_references(schema, option, value):
                self.known_group(path + (option,), group_name)


class _Deal:
    """What the deal's steps have dealt so far."""

    def __init__(self, total: int, first_foundation: str | None) -> None:
        self.total = total
        self.first_foundation = first_foundation
        self.dealt = 0
        #: Piles holding a face-up card: no face-down card goes above it.
        self.face_up_piles: set[tuple[str, int]] = set()
        self.first_foundation_card = False
        #: How many times the steps so far named each card (``card:``).
        self.named: Counter[int] = Counter()
        #: Whether every step so far was right (else the count of cards proves nothing).
        self.complete = True
        #: Whether a step before the last dealt the rest of the pack.
        self.used_up = False
        #: Whether the steps so far deal more cards than the pack holds.
        self.too_many = False
        #: How many cards the steps so far dealt to each group.
        self.cards_to: Counter[str] = Counter()

    def note(self, group: str, targets: list[int], counts: list[int]) -> None:
        """Note a step that dealt ``counts`` cards to the piles ``targets`` of ``group``."""
        self.cards_to[group] += sum(counts)
        if group == self.first_foundation and 0 in targets and counts[targets.index(0)]:
            self.first_foundation_card = True


def _group_references(schema: Mapping[str, Any], option: str, value: Any) -> list[str]:
    """Group names in a plugin option whose schema marks it ``"x-patience": "groups"`` (or ``"group"``)."""
    kind = schema.get("properties", {}).get(option, {}).get("x-patience")
    if kind == "groups" and isinstance(value, list):
        return [name for name in value if isinstance(name, str)]
    if kind == "group" and isinstance(value, str):
        return [value]
    return []
