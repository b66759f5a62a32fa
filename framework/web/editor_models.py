"""The shapes of the rule editor's requests and answers (``framework.web.editor``), as the OpenAPI description
publishes them."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, StrictBool

from .models import Request, Seed

#: What a draft's name may be: the name of the rule file it would be saved as, without ``.yaml``.
DRAFT_NAME = r"^[a-z0-9]+(-[a-z0-9]+)*$"


class Draft(Request):
    """A rule file's text, as an author writes it: nothing of it is kept on the server."""

    text: str = Field(description="The rule file's text (YAML). Checked as `patience validate` checks a file; "
                                  "the body is read within the size every request is, the text within a rule file's.")
    name: str = Field("my-game", max_length=60, pattern=DRAFT_NAME,
                      description="The name the file would be saved under, without `.yaml`: the messages name "
                                  "the file `NAME.yaml`.")


class DraftDeal(Draft):
    """Play a deal of a draft."""

    seed: Seed | None = Field(None, description="The deal; a random number when left out.")
    autoplay: StrictBool = Field(True, description="Play safe moves to the foundations after each move.")


class DraftSolve(Draft):
    """Ask the solver about a deal of a draft."""

    seed: Seed = Field(1, description="The deal.")
    seconds: float = Field(5.0, gt=0, le=30, description="How long the solver may search.")


class ProblemView(BaseModel):
    """One problem of a draft, where it is."""

    line: int = Field(description="The line (from 1), or 0 when the problem is of the whole file.")
    column: int = Field(description="The column (from 1), or 0 when the problem is of the whole file.")
    message: str = Field(description="What is wrong and what is expected.")
    text: str = Field(description="The problem as `patience validate` prints it: 'NAME.yaml:LINE:COLUMN: message'.")


class CheckView(BaseModel):
    """A draft checked: its problems, by line and column, or the game it describes."""

    ok: bool = Field(description="Whether the draft is a game that can be played.")
    problems: list[ProblemView]
    game: str | None = Field(description="The game's name (its `name` key) when the draft is one; else null.")


class RuleFileView(BaseModel):
    """A game's rule file as it is installed."""

    id: str
    text: str = Field(description="The rule file's text.")


class SolveView(BaseModel):
    """What the solver found for a deal of a draft."""

    answer: Literal["won", "lost", "unknown"] = Field(
        description="'won': `line` wins the deal; 'lost': every position reachable was searched and none is won; "
                    "'unknown': the search stopped first (`stopped_by`).")
    seed: int | str
    line: list[str] = Field(description="The winning moves' texts, when won.")
    nodes: int = Field(description="Positions the solver expanded.")
    seconds: float
    stopped_by: str | None = Field(description="The budget that ran out ('nodes', 'time', 'memory'), if any.")
    message: str = Field(description="The answer in words.")
