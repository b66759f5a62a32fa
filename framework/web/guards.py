"""What every request passes before it reaches a route: the host it names, the size of its body, and
the part of a file it asks for.

Each is plain ASGI middleware, so that a refused request costs the server next to nothing:
no body beyond the limit is read, and the answer is the API's usual ``{"detail": ...}``.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Collection, MutableMapping
from typing import Any

from starlette.exceptions import HTTPException

from ..errors import quoted

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


async def refuse(send: Send, status: int, detail: str, headers: Collection[tuple[bytes, bytes]] = ()) -> None:
    """Answers ``{"detail": detail}`` with ``status``."""
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": body})


class KnownHosts:
    """Refuses (400) a request whose ``Host`` header names a host not in ``hosts``: a page of
    another site that a DNS rebinding pointed at this address cannot drive the server."""

    def __init__(self, app: ASGIApp, hosts: Collection[str]) -> None:
        self.app = app
        self.hosts = {host.lower() for host in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            named = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
            host = named.rpartition(":")[0] if named.rpartition(":")[2].isdigit() else named
            if host.lower().strip("[]") not in self.hosts:
                await refuse(send, 400, f"this server does not answer for the host {quoted(named)}")
                return
        await self.app(scope, receive, send)


class BodyLimit:
    """Refuses (413) a request whose body is longer than ``limit`` bytes, by its ``Content-Length``
    or, sent in chunks, as soon as the bytes read go past it.

    (FastAPI's own ``max_body_size``, new in 0.165, answers an over-long ``Content-Length`` in
    plain text, not as ``{"detail": ...}``.)
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.limit:
            await refuse(send, 413, self.too_large())
            return
        read = 0

        async def counted() -> Message:
            nonlocal read
            message = await receive()
            read += len(message.get("body", b""))
            if read > self.limit:  # raised in the route reading the body, answered as its errors are
                raise HTTPException(413, self.too_large())
            return message

        await self.app(scope, counted, send)

    def too_large(self) -> str:
        return f"the request body is over {self.limit:,} bytes, the most this server reads"


class WholeFiles:
    """Drops a request's ``Range`` header, so that the page and its files are always sent whole (200).

    Starlette answers a range it cannot give with a plain-text 400 or 416, not the API's
    ``{"detail": ...}``; the files are a few kilobytes, and a server may always ignore a range
    (RFC 9110, 14.2).
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            scope = {**scope, "headers": [(name, value) for name, value in scope["headers"]
                                          if name.lower() not in (b"range", b"if-range")]}
        await self.app(scope, receive, send)
