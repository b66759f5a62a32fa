"""The server's HTTP/1.1 protocol: uvicorn's, answering a request it cannot read as the API answers.

uvicorn refuses what is not HTTP it can read (a malformed request line or header, no ``Host``,
a ``Content-Length`` that is not a number, a broken chunk, a path that is not UTF-8) itself,
before the application sees it, with 400 and the plain text ``Invalid HTTP request received.``
Here it is the API's ``{"detail": ...}``, and the connection is closed as before.
"""

from __future__ import annotations

import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: What a request that is not HTTP the server can read is answered.
UNREADABLE = "the request is not HTTP this server can read (a request line, a header or a body is malformed)"


class JSONRefusals(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, whose refusal of an unreadable request is ``{"detail": UNREADABLE}``."""

    def send_400_response(self, msg: str) -> None:  # uvicorn's own message, logged by it as a warning
        body = json.dumps({"detail": UNREADABLE}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                   (b"connection", b"close")]
        for event in (h11.Response(status_code=400, headers=headers, reason=b"Bad Request"), h11.Data(data=body),
                      h11.EndOfMessage()):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.close()
