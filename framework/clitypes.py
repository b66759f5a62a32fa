"""Command-line value types shared by the commands."""

from __future__ import annotations

from typing import Any

import click


class DealSeed(click.ParamType):
    """A deal: a whole number, 0 or more, or a named deal a plugin knows (``ms:617``)."""

    name = "deal"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int | str:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if text.isdigit():
            return int(text)
        if ":" in text and text.split(":", 1)[1].isdigit():
            return text
        self.fail(f"{value!r} is not a deal: give a whole number, 0 or more, or a named deal like ms:617", param, ctx)


DEAL_SEED = DealSeed()
