"""The atlas's charts, as SVG files drawn by matplotlib: win rates with their intervals, and times per deal.

matplotlib is the optional extra ``patience-games[atlas]``. The files are the same for
the same rows (no date, a fixed id salt), so a regenerated atlas changes only where the
figures do.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..errors import PatienceError
from .atlas import Row

#: Inches of height per game in a chart, and around the games.
PER_GAME = 0.22
MARGIN = 1.2


class ChartError(PatienceError):
    """matplotlib is not installed."""


def require():  # type: ignore[no-untyped-def]
    """matplotlib; ``ChartError`` where it is not installed (asked before a long study, not after it)."""
    try:
        import matplotlib
    except ImportError:
        raise ChartError("the atlas's charts need matplotlib: pip install 'patience-games[atlas]'") from None
    return matplotlib


def _pyplot():  # type: ignore[no-untyped-def]
    matplotlib = require()
    matplotlib.use("Agg")  # files only: no window, no display needed
    matplotlib.rcParams["svg.hashsalt"] = "patience-atlas"
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, and found by search and screen readers
    from matplotlib import pyplot

    return pyplot


def win_rates(rows: Sequence[Row], path: Path) -> None:
    """Each studied game's win rate of the decided deals with its 95% interval, the interval of all deals
    behind it, and the published figure where there is one."""
    pyplot = _pyplot()
    shown = [entry for entry in rows if entry.summary["win_rate"] is not None]
    figure, axes = pyplot.subplots(figsize=(8, MARGIN + PER_GAME * len(shown)))
    published_shown = False
    for place, entry in enumerate(reversed(shown)):
        all_low, all_high = entry.summary["win_rate_all"]
        low, high = entry.summary["win_rate_interval"]
        axes.plot([100 * all_low, 100 * all_high], [place, place], color="#d0d0d0", linewidth=5,
                  solid_capstyle="butt", label="all deals" if place == 0 else None)
        axes.plot([100 * low, 100 * high], [place, place], color="#1f5fa8", linewidth=2,
                  label="decided deals, 95%" if place == 0 else None)
        axes.plot([100 * entry.summary["win_rate"]], [place], "o", color="#1f5fa8", markersize=3)
        if entry.published is not None:
            axes.plot([entry.published.win_rate], [place], "x", color="#c0392b", markersize=6,
                      label=None if published_shown else "published")
            published_shown = True
    _games_axis(axes, shown)
    axes.set_xlim(0, 100)
    axes.set_xlabel("deals won (%)")
    axes.grid(axis="x", color="#eeeeee")
    axes.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, fontsize=7, frameon=False)  # above the games
    _save(pyplot, figure, path)


def times(rows: Sequence[Row], path: Path) -> None:
    """Each studied game's median and 90th percentile time per deal, on a log scale."""
    pyplot = _pyplot()
    shown = [entry for entry in rows if entry.deals]
    figure, axes = pyplot.subplots(figsize=(8, MARGIN + PER_GAME * len(shown)))
    for place, entry in enumerate(reversed(shown)):
        spent = entry.summary["seconds_all"]
        axes.plot([spent["median"], spent["p90"]], [place, place], color="#1f5fa8", linewidth=2,
                  label="median to 90th percentile" if place == 0 else None)
        axes.plot([spent["median"]], [place], "o", color="#1f5fa8", markersize=3)
    _games_axis(axes, shown)
    axes.set_xscale("log")
    axes.set_xlabel("seconds per deal")
    axes.grid(axis="x", color="#eeeeee", which="both")
    axes.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), fontsize=7, frameon=False)
    _save(pyplot, figure, path)


def _games_axis(axes, shown: Sequence[Row]) -> None:  # type: ignore[no-untyped-def]
    """One row per game, the first at the top, with half a row above the first and below the last."""
    axes.set_yticks(range(len(shown)), [entry.name for entry in reversed(shown)], fontsize=7)
    # matplotlib's default margin is a share of the range: with a hundred games, several rows' worth of empty band.
    axes.set_ylim(-0.5, len(shown) - 0.5)


def _save(pyplot, figure, path: Path) -> None:  # type: ignore[no-untyped-def]
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format="svg", metadata={"Date": None}, bbox_inches="tight")  # the legend above included
    pyplot.close(figure)
