"""The shapes of the web API's requests and answers, as the OpenAPI description publishes them."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, StrictBool, WithJsonSchema

from ..seeds import EXPECTED, MAX_SEED, NAMED_DEAL, SeedError, parse_seed
from ..state import Outcome


def _deal(value: object) -> int | str:
    """A deal as ``framework.seeds`` reads it (whether the game knows a named deal is checked later)."""
    try:
        return parse_seed(value)
    except SeedError:
        raise ValueError(f"expected {EXPECTED}") from None


Seed = Annotated[int | str, PlainValidator(_deal), WithJsonSchema({
    "anyOf": [{"type": "integer", "minimum": 0, "maximum": MAX_SEED},
              {"type": "string", "pattern": NAMED_DEAL.pattern}],
    "description": "The deal: a number, or a named deal a plugin of the game knows (e.g. 'ms:617').",
})]


class Request(BaseModel):
    """A request body: unknown fields are refused, not ignored."""

    model_config = ConfigDict(extra="forbid")


class NewDeal(Request):
    """Start a game on a deal."""

    game: str | None = Field(None, min_length=1, max_length=200,
                             description="The game's name, as listed by GET /api/games; when left out, the game "
                                         "`patience serve GAME` named, else the first one listed.")
    seed: Seed | None = Field(None, description="The deal; a random number when left out.")
    autoplay: StrictBool = Field(True, description="Play safe moves to the foundations after each move.")


class Options(Request):
    """Settings of a game in play."""

    autoplay: StrictBool = Field(description="Play safe moves to the foundations after each move.")


class PlayMove(Request):
    """A move, as its short text (see the legal moves' ``text``)."""

    move: str = Field(min_length=1, max_length=200, description="The move's text, e.g. 't3 f' or 'd'.",
                      examples=["t3 f"])


class GameSummary(BaseModel):
    """One game that can be played."""

    id: str
    name: str
    decks: int
    difficulty: str | None
    family: str | None = Field(description="The family of patience it belongs to, in words ('Pairing and adding "
                                           "up': docs/games.md's headings); none where its rule file names none.")
    summary: str = Field(description="What sets it apart, in a line (empty where its rule file says nothing).")


class RoomView(BaseModel):
    """The room the table gives each pile of a group, the same all game long (see ``framework.web.room``)."""

    dealt: int = Field(description="The most cards the deal gives one of the group's piles.")
    most: int = Field(description="The most cards one of its piles is given room for in play.")
    down: int = Field(description="The most of them face down.")


class GroupView(BaseModel):
    """A group of piles and how it is drawn."""

    name: str
    role: str
    label: str
    fan: str | None = Field(description="'down': columns of overlapping cards; 'right': a row of them; "
                                        "none: the top card.")
    columns: int | None = Field(description="Drawn as a grid of this many columns, piles in reading order.")
    rows_of: list[int] | None = Field(default=None, description="Drawn in centred rows of these many piles, "
                                                                "each overlapping the one before.")
    suits: list[str] | None = Field(description="The one suit (a symbol) each pile takes, "
                                                "where the piles take one suit each.")
    piles: list[str] = Field(description="The names of the group's piles.")
    room: RoomView


class GameView(BaseModel):
    """A game's description: its rules and how its table is laid out."""

    id: str
    name: str
    decks: int
    difficulty: str | None
    rules: str
    layout: list[list[str]] = Field(description="Rows of group names, top row first; every group is in one.")
    groups: list[GroupView]


class CardView(BaseModel):
    """A face-up card."""

    text: str = Field(description="Rank and suit letter, e.g. 'TD'.")
    rank: str = Field(description="'A', '2' … '10', 'J', 'Q', 'K'.")
    suit: str = Field(description="The suit symbol: ♣ ♦ ♥ ♠.")
    red: bool


class PileView(BaseModel):
    """A pile: its face-down cards (counted) under its face-up cards (bottom first)."""

    name: str
    group: str
    down: int = Field(description="How many face-down cards lie at the bottom.")
    cards: list[CardView] = Field(description="The face-up cards, bottom first.")
    takes: str | None = Field(description="For an empty pile whose rules fix the one rank it takes now (a "
                                          "foundation's base rank, 'an empty column takes only a K'), that rank "
                                          "as the cards show it: 'A', '10', 'K'; else null.")
    blocked: bool = Field(description="Whether the pile holds cards of which the rules let none be picked up "
                                      "now (covered by other piles, or held by a plugin's rule, as a grid's "
                                      "card that is not at an edge of its column); not merely that no legal "
                                      "move takes its card.")


class MoveView(BaseModel):
    """A legal move."""

    text: str = Field(description="The move's short text, as POST .../moves takes it.")
    words: str = Field(description="The move in plain words, naming cards and places as the table shows them: "
                                   "'7♥ to the 3rd column', 'turn the stock'.")
    source: str | None
    target: str | None
    count: int
    action: str = Field(description="Empty for a card move; else the action's name ('deal', or a plugin's).")


class TableView(BaseModel):
    """A game in play: the table, the legal moves, and how it stands."""

    session: str
    game: str
    seed: int | str | None
    autoplay: bool
    piles: list[PileView]
    moves: list[MoveView]
    played: list[str] = Field(description="The moves this request played (auto-play's included), or undid.")
    said: list[str] = Field(description="The words of each move in 'played', said of the position before it was "
                                        "played: '7♥ to the 3rd column'.")
    moves_made: int
    can_undo: bool
    can_redo: bool
    result: Outcome | None = Field(description="How the game ended; null while it goes on.")
    message: str = Field(description="The result in words, empty while the game goes on.")
    description: GameView | None = Field(None, description="The game's description (as GET /api/games/{game} "
                                                           "gives it) when a game is started or loaded, or when "
                                                           "asked for with ?describe=true; else null.")


class ExplainView(BaseModel):
    """Whether a move is legal, and why not."""

    legal: bool
    message: str = Field(description="Why the move is refused (the first rule it breaks), or that it is legal.")


class HintView(BaseModel):
    """A suggested move, how the solver chose it, and whether it looked at the hidden cards."""

    move: MoveView | None = Field(description="The move to play next; null when the game is won, no move is left, "
                                              "or no winning line was found and every move leads back to a position "
                                              "already reached in this game.")
    how: Literal["solution", "fair", "heuristic", "lost", "without auto-play", "won", "no move"] = Field(
        description="'fair': a fair hint (`fair` true, `wins` above 0): of the moves here, the one that wins in most "
                    "of `samples` arrangements of the hidden cards the solver tried, in `wins` of them; no line is "
                    "kept, the next hint searches again; "
                    "'solution': the move is the next of a winning line the solver found (the game's next hints "
                    "follow that line while play stays on it; with auto-play on, auto-play's moves after each of "
                    "its moves are part of the line); 'without auto-play': auto-play is on and the solver found "
                    "a win only with it off, the move is its first; 'heuristic': no win found in time, the "
                    "solver's first choice among the moves to positions not reached before; 'lost': no line "
                    "wins from here without going back to a position already reached, the solver's first choice "
                    "still; "
                    "'won', 'no move': no move to suggest.")
    message: str = Field(description="The hint in words.")
    line_left: int | None = Field(description="How many moves of the winning line are left, the suggested one "
                                              "included; null when the hint is not from a winning line.")
    fair: bool = Field(description="Whether the hint was found without looking at the cards the player cannot see "
                                   "(face-down cards, the stock): true for every hint asked without `peek`, and for "
                                   "any hint where no card is hidden; false for a hint asked with `peek=true` that "
                                   "looked at hidden cards (its message then starts its reason with 'looking at the "
                                   "hidden cards').")
    wins: int | None = Field(description="For a fair hint that searched arrangements of the hidden cards: in how "
                                         "many of the `samples` the move starts a win the solver found (0: none; "
                                         "'heuristic'); null for a hint that searched no arrangement (no card "
                                         "hidden, `peek`, or no legal move).")
    samples: int | None = Field(description="How many arrangements of the hidden cards, consistent with what the "
                                            "player sees, a fair hint searched (40); null when `wins` is null.")


class ErrorView(BaseModel):
    """Why a request was refused; nothing was changed."""

    detail: str
