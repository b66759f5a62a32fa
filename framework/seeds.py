"""Seeds: the one grammar of what names a deal, for the command line, the web and saved games.

A seed is a whole number from 0 to ``MAX_SEED`` (the shuffle of ``cards.shuffled``),
or a named deal that a plugin of the game knows, such as ``ms:617``: a name, a
colon and a number. Whether a game knows a name is the game's to say
(``Game.deal``); this module says only what a seed looks like.
"""

from __future__ import annotations

import re

from .errors import PatienceError

#: A deal's number or name.
Seed = int | str

#: The largest numbered seed: every number up to it is exact in JSON readers that use doubles (browsers).
MAX_SEED = 2**53 - 1
#: A named deal: a name of letters, digits, '-' and '_', a colon, and a number.
NAMED_DEAL = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,30}:[0-9]{1,18}")
#: What a seed looks like, for messages (after "a seed is", or "expected").
EXPECTED = f"a whole number from 0 to {MAX_SEED}, or a named deal such as 'ms:617'"


class SeedError(PatienceError):
    """A value that is not a seed."""


def parse_seed(value: object) -> Seed:
    """The seed ``value`` gives: a number as it is, text of digits as a number, or a named deal's text.

    >>> parse_seed("42"), parse_seed(7), parse_seed(" ms:617 ")
    (42, 7, 'ms:617')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value <= MAX_SEED:
            return value
    elif isinstance(value, str):
        text = value.strip()
        if text.isascii() and text.isdigit() and len(text) <= len(str(MAX_SEED)):
            return parse_seed(int(text))
        if NAMED_DEAL.fullmatch(text):
            return text
    raise SeedError(f"a seed is {EXPECTED}; got {_shown(value)}")


def redeal_seed(seed: Seed | None, redeals_before: int) -> int:
    """The seed of the shuffle of a redeal made after ``redeals_before`` others in deal ``seed``: fixed by the
    deal, so that a replayed game gets the same cards (a named deal counts by its text's digits; none is 0)."""
    number = seed if isinstance(seed, int) else int("".join(ch for ch in str(seed or "") if ch.isdigit()) or 0)
    return number * 1000 + redeals_before + 1


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
