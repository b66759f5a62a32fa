"""A soak test of the web server: random play from several clients for a set time, then checks.

A real ``patience serve`` is started; each client plays random games of random built-in
games through the JSON API, as a person would and then some: legal moves mostly, and undo,
redo, auto-play, a why-not question, a short hint, a save loaded back, a new deal now and
then. Any answer but the ones the API documents for that request is a failure: a legal
move refused, a 500, a card lost. At the end every game still in play is checked (its
cards are exactly the cards it was dealt, its save loads back to the same save), and
every built-in game gets a save and load round trip after a few moves.

Printed: requests per second, the median and 99th percentile answer time per kind of
request, and the server's memory (resident set) at the start, its peak and the end.
The exit status is 1 if anything failed.

    .venv/bin/python benchmarks/soak.py --minutes 10 --clients 4
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import random
import statistics
import sys
import threading
import time
from collections import Counter
from typing import Any
from urllib.parse import urlsplit

from web_server import memory_mb, serving

#: Each kind of request, how often a client makes it (relative weights), and the statuses it may get.
ACTIONS = {
    "move": (80, {200}),
    "undo": (8, {200, 409}),
    "redo": (4, {200, 409}),
    "autoplay": (2, {200}),
    "explain": (2, {200}),
    "save and load": (2, {200, 201}),
    "hint": (1, {200, 429}),
    "new": (1, {201}),
}


class Client:
    """One player: a kept-alive connection, the game in play, and what went wrong."""

    def __init__(self, address: str, games: list[str], seed: int, timings: dict[str, list[float]],
                 failures: list[str]) -> None:
        where = urlsplit(address)
        self.connection = http.client.HTTPConnection(where.hostname, where.port, timeout=120)
        self.games = games
        self.random = random.Random(seed)
        self.timings = timings
        self.failures = failures
        self.table: dict[str, Any] | None = None
        self.dealt: Counter[str] = Counter()
        self.requests = 0

    def call(self, kind: str, method: str, path: str, body: Any = None, allowed: set[int] = frozenset({200})) -> Any:
        """The answer's JSON (None if its status is not 2xx); a status not ``allowed`` is a failure."""
        data = None if body is None else json.dumps(body)
        started = time.perf_counter()
        self.connection.request(method, path, body=data, headers={"content-type": "application/json"})
        response = self.connection.getresponse()
        text = response.read()
        self.timings[kind].append(time.perf_counter() - started)
        self.requests += 1
        if response.status not in allowed:
            self.failures.append(f"{kind}: {method} {path} {str(body)[:80]} -> {response.status} {text[:200]!r}")
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
        else:
            self.new_game()

    def random_move(self) -> None:
        """One of the legal moves, at random, if there is one."""
        moves = self.call("moves", "GET", self.key() + "/moves")
        if moves:
            self.table = self.call("move", "POST", self.key() + "/moves",
                                   {"move": self.random.choice(moves)["text"]}) or self.table

    def check(self, table: dict[str, Any]) -> dict[str, Any] | None:
        """Saves the game and loads it back: the cards must be those dealt and the save the same; the loaded table."""
        saved = self.call("save and load", "GET", f"/api/sessions/{table['session']}/save")
        if saved is None:
            return None
        if cards_of(saved) != self.dealt:
            self.failures.append(f"{table['game']}: the cards are not those dealt: {cards_of(saved) ^ self.dealt}")
        loaded = self.call("save and load", "POST", f"/api/sessions/load?autoplay={str(table['autoplay']).lower()}",
                           saved, {201})
        if loaded is not None and self.call("save and load", "GET", f"/api/sessions/{loaded['session']}/save") != saved:
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
    for game in games:
        client.table = client.call("new", "POST", "/api/sessions", {"game": game, "seed": 1, "autoplay": False}, {201})
        if client.table is None:
            continue
        client.dealt = cards_of(client.call("save and load", "GET", client.key() + "/save"))
        for _ in range(5):
            client.random_move()
        client.check(client.table)
    return client.requests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long the clients play")
    parser.add_argument("--clients", type=int, default=4, help="how many clients play at once")
    parser.add_argument("--seed", type=int, default=1, help="the clients' random seed")
    options = parser.parse_args()

    timings: dict[str, list[float]] = collections.defaultdict(list)
    failures: list[str] = []
    with serving() as (address, server):
        lister = Client(address, [], 0, timings, failures)
        games = [game["id"] for game in lister.call("list", "GET", "/api/games")]
        memory = [memory_mb(server.pid)]
        clients = [Client(address, games, options.seed * 1000 + number, timings, failures)
                   for number in range(options.clients)]
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

    print(f"{options.clients} clients for {elapsed / 60:.1f} min: {requests:,} requests, "
          f"{requests / elapsed:.0f} a second; then {len(games)} games' save and load round trips "
          f"({round_trips:,} requests)")
    print(f"server memory: {memory[0]:.0f} MB at the start, {max(memory):.0f} MB at the peak, "
          f"{memory[-1]:.0f} MB at the end")
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
