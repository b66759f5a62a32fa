"""``patience serve``: the web player on a local address."""

from __future__ import annotations

import signal
import socket
import sys
from typing import Any

import click

from .common import reports_errors, rules_path_option

LOOPBACK = "127.0.0.1"
#: Addresses that mean "every address of this machine".
WILDCARDS = ("0.0.0.0", "::")
DEFAULT_PORT = 8000


@click.command()
@click.argument("game", required=False)
@click.option("--host", default=LOOPBACK, show_default=True,
              help="The address to listen on. The default is this machine only; "
                   "0.0.0.0 opens the player to the network.")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              help="The port to listen on (0: any free port).")
@click.option("--allow-host", "allowed", multiple=True, metavar="NAME",
              help="A host name the server answers for besides its address and localhost "
                   "(a network name, with --host 0.0.0.0); repeatable.")
@rules_path_option
@reports_errors
def serve(game: str | None, host: str, port: int, allowed: tuple[str, ...]) -> None:
    """Play in the browser: start the web player and print the address to open.

    A visitor with no game yet is dealt GAME (default: the first game listed).
    """
    import uvicorn

    from ..game import load_game
    from ..web.app import create_app
    from ..web.protocol import JSONRefusals

    if game is not None:
        load_game(game)  # a name that does not load is refused now, not at the first visit
    try:
        listener = listen(host, port)
    except OSError as error:
        click.echo(f"patience: cannot listen on {host}:{port}: {error.strerror}", err=True)
        sys.exit(2)
    bound_port = listener.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"patience: the web player is at http://{shown}:{bound_port}/ (Ctrl+C stops it)", err=False)
    # The application has nothing to start or stop (no lifespan): a lifespan task left waiting when a second
    # Ctrl-C stops the server at once was cancelled, and uvicorn logged that as a traceback.
    server = uvicorn.Server(uvicorn.Config(create_app(first_game=game, hosts=served_hosts(host, allowed)),
                                           http=JSONRefusals, log_level="warning", lifespan="off"))

    def interrupted(signum: int, frame: Any) -> None:
        if not server.should_exit:  # before uvicorn has taken Ctrl-C over: stop at once
            raise KeyboardInterrupt

    # While it serves, uvicorn takes Ctrl-C itself (the first stops it once the requests under way are
    # answered, a second at once), and raises each again once it has stopped, to whatever handled it
    # before: here, where it has done its work (asyncio's own handler, in uvicorn's event loop, raised
    # KeyboardInterrupt there: "Aborted!" and status 1, or a traceback after a second Ctrl-C). Once serving
    # has ended, the games in play are freed with Ctrl-C ignored, and the command ends with status 0.
    signal.signal(signal.SIGINT, interrupted)
    server.run(sockets=[listener])
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def listen(host: str, port: int) -> socket.socket:
    """The server's listening socket on ``host`` and ``port``; ``OSError`` if it cannot be had."""
    listener = socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    # Accepted connections inherit it: each answer goes out at once, not after the ~40 ms Nagle wait.
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return listener


def served_hosts(host: str, allowed: tuple[str, ...]) -> list[str] | None:
    """The host names requests may give: this machine's, the address listened on, and ``allowed``.

    Listening on every address (0.0.0.0 or ::) with no name allowed answers any name, since
    the names this machine has on the network are not known here.
    """
    if host in WILDCARDS and not allowed:
        return None
    return sorted({"localhost", "127.0.0.1", "::1", host.lower(), *(name.lower() for name in allowed)})
