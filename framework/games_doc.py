"""The list of built-in games, ``docs/games.md``, generated from their rule files.

Each game is listed under its family with its pack, difficulty, its name and id
in PySolFC, and its one-line summary, all read from the rule file. After adding
or changing a game, regenerate the page::

    python -m framework.games_doc > docs/games.md

``tests/test_docs.py`` fails while the page and the rule files disagree.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from importlib import resources

from .listing import pack_words
from .loader import RULE_SUFFIXES, load_spec
from .schemacheck import game_schema
from .spec import GameSpec

#: The command that regenerates the page.
COMMAND = "python -m framework.games_doc > docs/games.md"
#: The two ways every deal here differs from PySolFC's, said once for all games rather than in each rule file.
DEAL_CONVENTIONS = (
    "Two conventions of the deal differ from PySolFC's for every game alike, and the rules",
    "texts do not repeat them. Where PySolFC turns the stock's first card (three, in the",
    "Canfield games that turn three) onto the waste as the last step of the deal, here the",
    "waste starts empty and that turn is the player's first move. And where Spider (PySolFC's",
    "`RelaxedSpider` and the games built on it) deals a sixth card to four of its ten",
    "columns, PySolFC gives it to columns 1, 4, 7 and 10 and this project to the first four;",
    "the shuffle itself is docs/formats.md's, not PySolFC's, so a deal number deals other",
    "cards in the two programs anyway (but for Microsoft FreeCell's numbered deals, `ms:N`).",
)
#: Where the games' foundations differ from PySolFC's, said once for all games (issue 35 decided each game).
FOUNDATION_CONVENTIONS = (
    "PySolFC lets a foundation's top card go back into play wherever it fits, unless a game",
    "turns that off (it is the default of its piles). Compared with PySolFC game by game, the",
    "games here follow it in this, but for the FreeCell family, whose foundation cards stay",
    "where they are, as in Microsoft's FreeCell and as Blake & Gent's Solvitaire plays",
    "FreeCell, Baker's Game, Eight Off, ForeCell and Seahaven Towers (the published win rates",
    "quoted assume it); Stalactites, of that family, follows PySolFC. Where PySolFC keeps a",
    "pile's first card (`min_cards`: Stalactites' and Trefoil's foundations, Windmill's centre),",
    "the game here says `keeps: 1`. Where PySolFC moves a card from one foundation to another",
    "built alike (two foundations of one suit, or foundations in any suit or in alternate",
    "colours), the move only swaps the two piles and is left out here; the Calculation games,",
    "whose foundations count by different steps, and Stalactites, whose foundations start from",
    "different cards, have it.",
)
#: The package that holds the built-in rule files.
RULES_PACKAGE = "patience_rules"


def builtin_specs() -> list[GameSpec]:
    """The specs of the built-in games, by id."""
    files = resources.files(RULES_PACKAGE)
    names = sorted(entry.name for entry in files.iterdir() if entry.name.endswith(RULE_SUFFIXES))
    return [load_spec(str(files.joinpath(name))) for name in names]


def _row(spec: GameSpec) -> str:
    pysolfc = "not in PySolFC"
    if spec.pysolfc:
        pysolfc = spec.pysolfc.name + (f" ({spec.pysolfc.id})" if spec.pysolfc.id else "")
    cells = [f"{spec.name} (`{spec.id}`)", pack_words(spec), str(spec.difficulty or ""), pysolfc, spec.summary]
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"


def games_page(specs: list[GameSpec]) -> str:
    """The page listing ``specs`` by family, as Markdown."""
    family_schema = game_schema()["properties"]["family"]
    headings: dict[str | None, str] = {**family_schema["x-headings"], None: "No family given"}
    by_family: dict[str | None, list[GameSpec]] = defaultdict(list)
    for spec in specs:
        by_family[spec.family].append(spec)
    lines = [
        "# The built-in games",
        "",
        f"{len(specs)} games, by family. Play one with `patience play ID`; read its rules with",
        "`patience rules ID`. The PySolFC column names the same game in PySolFC (with its game",
        "id) for comparison; a game's rules text says where it differs. This page is generated",
        f"from the rule files in `rules/`: `{COMMAND}`.",
        "",
        *DEAL_CONVENTIONS,
        "",
        *FOUNDATION_CONVENTIONS,
        "",
    ]
    families = [family for family in [*family_schema["enum"], None] if family in by_family]
    lines += [f"- {headings[family]}: {len(by_family[family])}" for family in families]
    for family in families:
        lines += ["", f"## {headings[family]}", "",
                  "| Game (id) | Pack | Difficulty | PySolFC | What sets it apart |",
                  "|---|---|---|---|---|"]
        lines += [_row(spec) for spec in sorted(by_family[family], key=lambda spec: spec.name.lower())]
    return "\n".join(lines) + "\n"


def main() -> None:
    """Print the page (as UTF-8, whatever the terminal's encoding)."""
    sys.stdout.buffer.write(games_page(builtin_specs()).encode("utf-8"))


if __name__ == "__main__":
    main()
