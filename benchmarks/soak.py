"""A soak test of the web server: random play from several clients for a set time, then checks.

A real ``patience serve`` is started; each client plays random games of random built-in
games through the JSON API, as a person would and then some: legal moves mostly, and undo,
redo, auto-play, a why-not question, a short hint, a save loaded back, a new deal now and
then. Any answer but the ones the API documents for that request is a failure: a legal
move refused, a 500, a card lost. At the end every game still in play is checked (its
cards are exactly the cards it was dealt, its save loads back to the same save), and
every built-in game gets a save and load round trip after a few moves.

The cases of issue 31 come too, now and then: a save of 10,000 moves of the costliest
built-in game (``web_memory.py``) loaded (201, or 429 when every load place is taken), so
that the games kept reach the server's move budget and the least recently used are dropped
(a client whose game was dropped gets 404 and deals a new one); a hint of a few seconds on
a Chessboard of 2 decks and 200 columns (a rule file within every limit, in a rules path of
the run's own), whose line took 100 s to shorten; a key of 15,000 characters (a 404 quoting
it short), a file of the page asked for with a range it cannot give (sent whole), a request
that is not HTTP (400 in JSON), a move of 5,000 digits (refused in one short line), and the
list of games and a new game of a rule file in the rules path that passes ``validate`` but
crashed every command (listed out, the new game refused with 400). Every hint must answer
within ``HINT_LIMIT`` seconds, the server's memory must stay under ``MEMORY_LIMIT_MB``, and
at the end Ctrl-C (SIGINT) must stop it within ``STOP_LIMIT`` seconds, with status 0 and
nothing on its standard error but uvicorn's warnings of the requests that were not HTTP.

Printed: requests per second, the median and 99th percentile answer time per kind of
request, the server's memory (resident set) at the start, its peak and the end, the games
dropped, and the time the server took to stop. The exit status is 1 if anything failed.

    .venv/bin/python benchmarks/soak.py --minutes 10 --clients 4
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import random
import signal
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from web_memory import COSTLIEST, back_and_forth
from web_server import memory_mb, serving

import framework

#: Each kind of request, how often a client makes it (relative weights), and the statuses it may get (a
#: request about a game in play may also get 404: the game was dropped, past the server's move budget).
ACTIONS = {
    "move": (80, {200}),
    "undo": (8, {200, 409}),
    "redo": (4, {200, 409}),
    "autoplay": (2, {200}),
    "explain": (2, {200}),
    "save and load": (2, {200, 201, 429}),
    "hint": (1, {200, 429}),
    "new": (1, {201}),
    "long load": (0.5, {201, 429}),
    "wide hint": (0.1, {200, 429}),
    "odd": (0.5, {200, 404}),
}
#: The most seconds a hint may take to answer, its wait for a search place included (before issue 31's fix,
#: a hint of 3 s on the wide Chessboard took 100 s).
HINT_LIMIT = 30.0
#: The most memory the server may take, in MB (docs/web.md, "Memory").
MEMORY_LIMIT_MB = 250.0
#: The most seconds the server may take to stop at Ctrl-C.
STOP_LIMIT = 10.0
#: The wide game: Chessboard with 2 decks and 200 columns, and the seconds its hints search.
WIDE = "wide-chessboard"
WIDE_HINT_SECONDS = 3
#: A rule file that passes ``validate`` but crashed every command (``decks: !!bool 2``), in the rules path too.
BROKEN = "broken-decks"
#: What uvicorn logs of a request that is not HTTP: the one line the server's log may hold.
NOT_HTTP_WARNING = "WARNING:  Invalid HTTP request received."


class Client:
    """One player: a kept-alive connection, the game in play, and what went wrong."""

    def __init__(self, address: str, games: list[str], seed: int, timings: dict[str, list[float]],
                 failures: list[str], long_save: dict[str, Any] | None = None) -> None:
        where = urlsplit(address)
        self.connection = http.client.HTTPConnection(where.hostname, where.port, timeout=120)
        self.games = games
        self.random = random.Random(seed)
        self.timings = timings
        self.failures = failures
        self.long_save = long_save
        self.table: dict[str, Any] | None = None
        self.dealt: Counter[str] = Counter()
        self.requests = 0
        self.dropped = 0
        self.status = 0

    def call(self, kind: str, method: str, path: str, body: Any = None, allowed: set[int] = frozenset({200}),
             headers: dict[str, str] | None = None, raw: bool = False) -> Any:
        """The answer's JSON (None if its status is not 2xx), or with ``raw`` its bytes; a status not ``allowed``
        is a failure.

        A 404 about the client's game in play is allowed: it was dropped; the client deals a new one.
        """
        data = None if body is None else json.dumps(body)
        started = time.perf_counter()
        self.connection.request(method, path, body=data,
                                headers={"content-type": "application/json", **(headers or {})})
        response = self.connection.getresponse()
        text = response.read()
        self.timings[kind].append(time.perf_counter() - started)
        self.requests += 1
        self.status = response.status
        if response.status == 404 and self.table is not None and path.startswith(self.key()):
            self.dropped += 1
            self.table = None
            return None
        if response.status not in allowed:
            self.failures.append(f"{kind}: {method} {path[:100]} {str(body)[:80]} -> {response.status} {text[:200]!r}")
        if kind.endswith("hint") and self.timings[kind][-1] > HINT_LIMIT:
            self.failures.append(f"{kind}: {path[:100]} answered after {self.timings[kind][-1]:.1f} s")
        if raw:
            return text
        return json.loads(text) if 200 <= response.status < 300 else None

    def key(self) -> str:
        assert self.table is not None
        return f"/api/sessions/{self.table['session']}"

    def new_game(self) -> None:
        game = self.random.choice(self.games)
        body = {"game": game, "seed": self.random.randrange(1_000_000), "autoplay": self.random.random() < 0.5}
        self.table = self.call("new", "POST", "/api/sessions", body, {201})
        if self.table is not None:
            self.dealt = cards_of(self.call("save and load", "GET", self.key() + "/save"))

    def step(self) -> None:
        """One request (or two, for a move or a save and load)."""
        if self.table is None or self.table.get("result") is not None:
            self.new_game()
            return
        kind = self.random.choices(list(ACTIONS), [weight for weight, _ in ACTIONS.values()])[0]
        allowed = ACTIONS[kind][1]
        if kind == "move":
            self.random_move()
        elif kind in ("undo", "redo", "autoplay"):
            self.table = self.call(kind, "POST", f"{self.key()}/{kind}", allowed=allowed) or self.table
        elif kind == "explain":
            piles = [pile["name"] for pile in self.table["piles"]]
            query = f"source={self.random.choice(piles)}&target={self.random.choice(piles)}"
            self.call(kind, "GET", f"{self.key()}/explain?{query}", allowed=allowed)
        elif kind == "hint":
            self.call(kind, "GET", self.key() + "/hint?seconds=0.2", allowed=allowed)
        elif kind == "save and load":
            self.table = self.check(self.table) or self.table
        elif kind == "long load":
            self.call(kind, "POST", "/api/sessions/load?autoplay=false", self.long_save, allowed)
        elif kind == "wide hint":
            wide = self.call(kind, "POST", "/api/sessions", {"game": WIDE, "seed": self.random.randrange(100)}, {201})
            if wide is not None:
                hint = f"/api/sessions/{wide['session']}/hint?seconds={WIDE_HINT_SECONDS}"
                self.call(kind, "GET", hint, allowed=allowed)
        elif kind == "odd":
            self.odd_requests()
        else:
            self.new_game()

    def odd_requests(self) -> None:
        """A key of 15,000 characters (404, quoted short), a file of the page with a range it cannot give, a request
        that is not HTTP, a move of 5,000 digits, and the games listed and dealt beside a broken rule file."""
        answer = self.call("odd", "GET", "/api/sessions/" + "k" * 15_000, allowed={404}, raw=True)
        if len(answer) > 300:
            self.failures.append(f"odd: a 404 for a long key answered {len(answer):,} bytes")
        whole = self.call("odd", "GET", "/static/app.js", raw=True)
        asked = self.random.choice(["bytes=999999999-", "bytes=abc", "bytes=9-2"])
        part = self.call("odd", "GET", "/static/app.js", headers={"range": asked}, raw=True)
        if part != whole:
            self.failures.append(f"odd: /static/app.js with range {asked!r} was not sent whole: {str(part)[:100]!r}")
        self.not_http()
        if self.table is not None:
            answer = self.call("odd", "POST", self.key() + "/moves", {"move": "9" * 5000}, {400, 422}, raw=True)
            if self.table is not None and len(answer) > 300:
                self.failures.append(f"odd: a move of 5,000 digits was answered {len(answer):,} bytes")
        listed = self.call("odd", "GET", "/api/games")
        if listed is not None and BROKEN in [game["id"] for game in listed]:
            self.failures.append(f"odd: the broken rule file {BROKEN} is listed")
        self.call("odd", "POST", "/api/sessions", {"game": BROKEN, "seed": 1}, {400})

    def not_http(self) -> None:
        """A request that is not HTTP, on a connection of its own: 400 and the API's ``{"detail": ...}``."""
        started = time.perf_counter()
        with socket.create_connection((self.connection.host, self.connection.port), timeout=60) as connection:
            connection.sendall(self.random.choice([b"GARBAGE\r\n\r\n", b"GET /api/games HTTP/1.1\r\n\r\n",
                                                   b"GET /\xff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"]))
            answer = b""
            while chunk := connection.recv(65536):
                answer += chunk
        self.timings["odd"].append(time.perf_counter() - started)
        self.requests += 1
        head, _, body = answer.partition(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 400 ") or b'"detail"' not in body:
            self.failures.append(f"odd: a request that is not HTTP was answered {answer[:200]!r}")

    def random_move(self) -> None:
        """One of the legal moves, at random, if there is one."""
        moves = self.call("moves", "GET", self.key() + "/moves")
        if moves:
            self.table = self.call("move", "POST", self.key() + "/moves",
                                   {"move": self.random.choice(moves)["text"]}) or self.table

    def check(self, table: dict[str, Any]) -> dict[str, Any] | None:
        """Saves the game and loads it back: the cards must be those dealt and the save the same; the loaded table."""
        saved = self.call("save and load", "GET", f"/api/sessions/{table['session']}/save")
        if saved is None or self.table is None:  # (dropped)
            return None
        if cards_of(saved) != self.dealt:
            self.failures.append(f"{table['game']}: the cards are not those dealt: {cards_of(saved) ^ self.dealt}")
        loaded = self.call("save and load", "POST", f"/api/sessions/load?autoplay={str(table['autoplay']).lower()}",
                           saved, {201, 429})
        if loaded is None:  # every load place taken
            return None
        again = self.call("save and load", "GET", f"/api/sessions/{loaded['session']}/save", allowed={200, 404})
        if self.status == 200 and again != saved:
            self.failures.append(f"{table['game']}: a save loaded back saves differently")
        return loaded


def cards_of(saved: dict[str, Any] | None) -> Counter[str]:
    """Every card of a saved game (or saved state), face up or down, counted."""
    state = (saved or {}).get("state", saved or {})
    return Counter(card for pile in state.get("piles", {}).values() for card in pile)


def play(client: Client, until: float) -> None:
    try:
        while time.monotonic() < until:
            client.step()
        if client.table is not None:
            client.check(client.table)
    except Exception as error:  # a client that dies is a failure to report, not a silent thread
        client.failures.append(f"a client stopped: {type(error).__name__}: {error}")


def every_game_round_trip(address: str, games: list[str], timings: dict[str, list[float]], failures: list[str]) -> int:
    """A few random moves in each game, then its save loaded back; the number of requests made."""
    client = Client(address, games, 0, timings, failures)
    for game in [name for name in games if name != WIDE]:
        client.table = client.call("new", "POST", "/api/sessions", {"game": game, "seed": 1, "autoplay": False}, {201})
        if client.table is None:
            continue
        client.dealt = cards_of(client.call("save and load", "GET", client.key() + "/save"))
        for _ in range(5):
            client.random_move()
        client.check(client.table)
    return client.requests


def rules_path(folder: Path) -> None:
    """The rules path of the run: Chessboard with 2 decks and 200 columns, as ``WIDE``; FreeCell with
    ``decks: !!bool 2``, as ``BROKEN``."""
    changed(folder, WIDE, "chessboard", ("decks: 1\n", "decks: 2\n"), ("    piles: 4\n", "    piles: 8\n"),
            ("    piles: 10\n", "    piles: 200\n"))
    changed(folder, BROKEN, "freecell", ("decks: 1\n", "decks: !!bool 2\n"))


def changed(folder: Path, name: str, game: str, *changes: tuple[str, str]) -> None:
    """Writes ``folder/NAME.yaml``: the rule file of built-in ``game`` with each ``(old, new)`` of ``changes``."""
    text = framework.available_games()[game].read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, (game, old)
        text = text.replace(old, new)
    (folder / f"{name}.yaml").write_text(text, encoding="utf-8")


def stop(server: Any, failures: list[str]) -> float:
    """Ctrl-C (SIGINT) to the server; the seconds until it ended. Slow, or a status or output, is a failure."""
    started = time.perf_counter()
    server.send_signal(signal.SIGINT)
    _, log = server.communicate(timeout=120)
    took = time.perf_counter() - started
    log = "\n".join(line for line in log.splitlines() if line != NOT_HTTP_WARNING)
    if took > STOP_LIMIT or server.returncode != 0 or log:
        failures.append(f"Ctrl-C: the server ended after {took:.1f} s with status {server.returncode}: {log[-300:]!r}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long the clients play")
    parser.add_argument("--clients", type=int, default=4, help="how many clients play at once")
    parser.add_argument("--seed", type=int, default=1, help="the clients' random seed")
    options = parser.parse_args()

    timings: dict[str, list[float]] = collections.defaultdict(list)
    failures: list[str] = []
    long_save = back_and_forth(COSTLIEST, 10_000)
    with tempfile.TemporaryDirectory() as rules, serving(env={"PATIENCE_RULES_PATH": rules}) as (address, server):
        rules_path(Path(rules))
        lister = Client(address, [], 0, timings, failures)
        games = [game["id"] for game in lister.call("list", "GET", "/api/games")]
        memory = [memory_mb(server.pid)]
        clients = [Client(address, [game for game in games if game != WIDE], options.seed * 1000 + number, timings,
                          failures, long_save) for number in range(options.clients)]
        started = time.monotonic()
        until = started + options.minutes * 60
        threads = [threading.Thread(target=play, args=(client, until)) for client in clients]
        for thread in threads:
            thread.start()
        while any(thread.is_alive() for thread in threads):
            time.sleep(1)
            memory.append(memory_mb(server.pid))
        elapsed = time.monotonic() - started
        requests = sum(client.requests for client in clients)
        round_trips = every_game_round_trip(address, games, timings, failures)
        memory.append(memory_mb(server.pid))
        stopped = stop(server, failures)
    if max(memory) > MEMORY_LIMIT_MB:
        failures.append(f"the server took {max(memory):.0f} MB, over {MEMORY_LIMIT_MB:.0f} MB")

    print(f"{options.clients} clients for {elapsed / 60:.1f} min: {requests:,} requests, "
          f"{requests / elapsed:.0f} a second; then {len(games)} games' save and load round trips "
          f"({round_trips:,} requests)")
    print(f"server memory: {memory[0]:.0f} MB at the start, {max(memory):.0f} MB at the peak, "
          f"{memory[-1]:.0f} MB at the end; {sum(client.dropped for client in clients)} games in play dropped past "
          f"the move budget; stopped {stopped:.1f} s after Ctrl-C")
    for kind, times in sorted(timings.items()):
        ordered = sorted(times)
        print(f"  {kind:14} {len(times):7,} requests, median {statistics.median(ordered) * 1000:6.1f} ms, "
              f"99th percentile {ordered[int(len(ordered) * 0.99)] * 1000:7.1f} ms")
    if failures:
        print(f"{len(failures)} FAILURES:")
        for failure in failures[:50]:
            print("  " + failure)
        sys.exit(1)
    print("no failure")


if __name__ == "__main__":
    main()
