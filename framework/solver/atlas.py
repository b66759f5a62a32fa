"""The atlas: what share of each game's deals can be won, from the studies kept in a store.

One row per game: the deals studied, won / lost / unknown, the win rate of the decided
deals with its 95% Wilson interval, the interval that holds whatever the unknown deals
are, the median and 90th percentile time per deal, and, where the research literature
published a win rate for the same rules (the rule file's ``published``), that figure and
whether the two agree. ``markdown`` writes it as docs/atlas.md is.

Where fair studies were run too (``patience stats --fair``: each deal played to the end by
a player who cannot see the hidden cards), a second table sets the share of deals the fair
player won beside the thoughtful win rate of the same deals (``FairRow``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..spec import GameSpec, PublishedRate
from .result import LOST, UNKNOWN, WON
from .stats import summarize


@dataclass(frozen=True, slots=True)
class Row:
    """One game's line of the atlas."""

    id: str
    name: str
    summary: dict[str, Any]
    published: PublishedRate | None

    @property
    def deals(self) -> int:
        return int(self.summary["deals"])

    @property
    def agrees(self) -> bool | None:
        """Whether the published figure (with its margin) meets the 95% interval of the decided deals; None if
        either is missing."""
        if self.published is None or self.summary["win_rate"] is None:
            return None
        return self._meets(self.summary["win_rate_interval"])

    @property
    def unknown_may_explain(self) -> bool:
        """Whether the published figure meets the interval of all the deals, whatever the unknown ones are."""
        return self.published is not None and self._meets(self.summary["win_rate_all"])

    def _meets(self, interval: Sequence[float]) -> bool:
        assert self.published is not None
        low, high = (100 * bound for bound in interval)
        margin = self.published.plus_minus or 0.0
        return self.published.win_rate + margin >= low and self.published.win_rate - margin <= high


def row(spec: GameSpec, records: Sequence[dict[str, Any]]) -> Row:
    """The atlas row of the game ``spec`` from its study's ``records``."""
    return Row(spec.id, spec.name, summarize(records), spec.published)


#: Win rates of Klondike published for the two kinds of player, printed with the fair table.
FAIR_LITERATURE = (
    "Published figures, for Klondike turning three cards with unlimited passes (here Klondike (draw",
    "three)): thoughtful Klondike is winnable in 82–91% of deals (Bjarnason, Tadepalli and Fern,",
    "\"Searching Solitaire in Real Time\", ICGA Journal 2007), and the best published policy for a",
    "player who cannot see the hidden cards wins over 35% of games (Bjarnason, Fern and Tadepalli,",
    "\"Lower Bounding Klondike Solitaire with Monte-Carlo Planning\", ICAPS 2009).",
)


@dataclass(frozen=True, slots=True)
class FairRow:
    """One game's line of the fair table: the fair player's ``fair`` summary, and the thoughtful study's
    ``thoughtful`` summary of the same deals."""

    name: str
    fair: dict[str, Any]
    thoughtful: dict[str, Any]


def fair_row(spec: GameSpec, fair: Sequence[dict[str, Any]], thoughtful: Sequence[dict[str, Any]]) -> FairRow:
    """The fair table's row of ``spec`` from its fair study's records and its thoughtful study's (of any deals:
    those the fair study played are kept)."""
    played = {record["seed"] for record in fair}
    return FairRow(spec.name, summarize(fair), summarize([record for record in thoughtful
                                                           if record["seed"] in played]))


def fair_section(rows: Sequence[FairRow], policy: dict[str, Any], command: str) -> list[str]:
    """The lines of the fair table, with what its figures mean and the ``command`` that played them; none
    without a row."""
    if not rows:
        return []
    return [
        "", "## Fair play: a player who cannot see the hidden cards", "",
        "Each deal is played from the deal to the end by the fair policy: at each position the fair",
        f"hint (docs/solver.md) samples {policy['samples']} arrangements of the hidden cards consistent with "
        "what the",
        f"player sees, searches them with at most {policy['nodes']:,} positions in all, and its move is played;",
        "once nothing is hidden, a winning line the solver finds within the same budget is played out.",
        "A deal is lost when no move is left, when a position comes round again, or after",
        f"{policy['move cap']:,} moves. *Fair* is the share of deals the fair player won, with its 95% Wilson",
        "interval; *thoughtful* is the table above's answers for the same deals (every card known),",
        f"and its win rate of the decided ones. Played by `{command}` for each game.", "",
        *FAIR_LITERATURE, "",
        "| Game | Deals | Fair won | Fair (95% interval) | Thoughtful, same deals: won / lost / unknown: rate "
        "| Median time per deal |",
        "| --- | ---: | ---: | --- | --- | ---: |",
        *[_fair_line(entry) for entry in rows],
    ]


def _fair_line(entry: FairRow) -> str:
    return (f"| {entry.name} | {entry.fair['deals']} | {entry.fair['counts'][WON]} | {_rate(entry.fair)} "
            f"| {_counts(entry.thoughtful)} | {_seconds(entry.fair['seconds_all']['median'])} |")


def _rate(summary: dict[str, Any]) -> str:
    """A summary's win rate of the decided deals with its interval."""
    if summary["win_rate"] is None:
        return "-"
    low, high = summary["win_rate_interval"]
    return f"{_percent(summary['win_rate'])} ({_percent(low)}–{_percent(high)})"


def _counts(summary: dict[str, Any]) -> str:
    """A summary's won / lost / unknown counts and its win rate: ``36 / 0 / 14: 100.0% (90.4%–100.0%)``."""
    counts = summary["counts"]
    return f"{counts[WON]} / {counts[LOST]} / {counts[UNKNOWN]}: {_rate(summary)}"


def markdown(rows: Sequence[Row], budget: dict[str, Any], searches: int, command: str,
             charts: Sequence[tuple[str, str]] = (), fair: Sequence[str] = ()) -> str:
    """The atlas as Markdown: ``charts`` are (title, image path) pairs shown after the table, and ``fair`` the
    lines of the fair table (``fair_section``) before them."""
    lines = _introduction(budget, searches, command)
    lines += [_table_line(entry) for entry in rows if entry.deals]
    lines += _after_the_table(rows)
    lines += fair
    for title, path in charts:
        lines += ["", f"## {title}", "", f"![{title}]({path})"]
    return "\n".join(lines) + "\n"


def _introduction(budget: dict[str, Any], searches: int, command: str) -> list[str]:
    """The lines of the atlas before its table's rows: what the figures mean, and the table's heading."""
    return [
        "# Atlas: how many deals of each game can be won",
        "",
        f"<!-- Generated by `{command}`; do not edit by hand. -->",
        "",
        "Every deal is solved in its *thoughtful* form (every card known, as in the research",
        "literature), each game's deals numbered from 1, with the same budget: at most",
        f"{budget['nodes']:,} positions per search, {searches} search{'es' if searches > 1 else ''} per deal, "
        f"{budget['seconds']:g} s per deal. A deal",
        "is **won** (a winning line was found and replayed), **lost** (every reachable position",
        "was searched: a proof) or **unknown** (the budget ran out). *Win rate* is the share of",
        "the decided deals won, with its 95% Wilson interval; *all deals* is the interval that",
        "holds whatever the unknown deals are (every one lost, to every one won). Times are per",
        "deal, on the machine the study ran on. How to run or extend a study: docs/solver.md.",
        "",
        "| Game | Deals | Won | Lost | Unknown | Win rate (95% interval) | All deals | Median | 90th pct | Published |",
        "| --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | --- |",
    ]


def _after_the_table(rows: Sequence[Row]) -> list[str]:
    """The lines after the table: the games beside their published figures, and the games not studied yet."""
    lines = []
    compared = [entry for entry in rows if entry.published is not None and entry.deals]
    if compared:
        lines += ["", "## Beside the published figures", ""]
        lines += [_comparison(entry) for entry in compared]
    not_studied = [entry.name for entry in rows if not entry.deals]
    if not_studied:
        games = f"{len(not_studied)} game{'s' if len(not_studied) > 1 else ''}"
        lines += ["", f"Not studied yet ({games}): " + ", ".join(not_studied) + "."]
    return lines


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f} s"


def _table_line(entry: Row) -> str:
    summary = entry.summary
    counts = summary["counts"]
    low, high = summary["win_rate_interval"]
    all_low, all_high = summary["win_rate_all"]
    rate = "-" if summary["win_rate"] is None else f"{_percent(summary['win_rate'])} ({_percent(low)}–{_percent(high)})"
    times = summary["seconds_all"]
    return (f"| {entry.name} | {entry.deals} | {counts[WON]} | {counts[LOST]} | {counts[UNKNOWN]} | {rate} "
            f"| {_percent(all_low)}–{_percent(all_high)} | {_seconds(times['median'])} | {_seconds(times['p90'])} "
            f"| {_published(entry.published)} |")


def _published(published: PublishedRate | None) -> str:
    if published is None:
        return ""
    margin = f" ± {published.plus_minus:g}" if published.plus_minus is not None else ""
    return f"{published.win_rate:g}%{margin}"


def _comparison(entry: Row) -> str:
    assert entry.published is not None
    summary = entry.summary
    low, high = summary["win_rate_interval"]
    ours = (f"ours {_percent(summary['win_rate'])} ({_percent(low)}–{_percent(high)}, {entry.deals} deals, "
            f"{summary['counts'][UNKNOWN]} unknown)")
    if entry.agrees is None:
        verdict = "no deal decided yet"
    elif entry.agrees:
        verdict = "the two agree (the published figure lies within our interval)"
    elif entry.unknown_may_explain:
        verdict = ("the published figure lies outside the interval of our decided deals, but within the one of all "
                   "our deals: the unknown deals may explain the difference")
    else:
        verdict = "**they disagree**: the published figure lies outside our interval, whatever the unknown deals are"
    note = f" {entry.published.note}" if entry.published.note else ""
    return (f"- **{entry.name}**: published {_published(entry.published)} ({entry.published.source}); "
            f"{ours}: {verdict}.{note}")
