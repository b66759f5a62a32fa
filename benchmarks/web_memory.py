"""The web server with its budget of games: its memory, loads side by side, and how fast it stops.

A real ``patience serve`` is filled, by POST /api/sessions/load, with saves of GAME (default:
the costliest built-in game, see below) of --moves moves each (default 10,000, the most a game
may have), until the games hold the server's move budget (200,000 moves). The moves go back and
forth between two piles in the position of the game's deal 1 with the most legal moves (found
by random play), so that every position played through is one of the most costly the game has.
The costliest built-in game is the one whose such position has the most legal moves: Triple
FreeCell (148 at its deal; Quadruple Yukon has 87).

Printed: the server's resident memory before and after; then the time of --concurrent loads
of such a save sent at once, and the answer times of another client playing meanwhile; then
the time from Ctrl-C (SIGINT) to the server's end, and whether a second Ctrl-C sent at once
makes it print a traceback.

    .venv/bin/python benchmarks/web_memory.py
    .venv/bin/python benchmarks/web_memory.py quadruple-yukon --concurrent 10
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import signal
import statistics
import threading
import time
from typing import Any
from urllib.parse import urlsplit

from web_server import memory_mb, serving

import framework
from framework.moves import Move
from framework.session import Session
from framework.state import State
from framework.web.app import MAX_GAME_MOVES
from framework.web.store import MAX_KEPT_MOVES

#: The costliest built-in game (see the docstring).
COSTLIEST = "triple-freecell"


def back_and_forth(game: str, moves: int) -> dict[str, Any]:
    """A save of ``game`` with ``moves`` moves that go back and forth in the costliest position random play finds."""
    state = framework.load_game(game).deal(1)
    chance = random.Random(1)
    best: tuple[int, int, Move | None] = (-1, 0, None)
    path: list[Move] = []
    for _ in range(300):
        legal = state.legal_moves()
        if not legal or state.is_won():
            break
        reversible = next((move for move in legal if not move.action and _reverse(state, move) is not None), None)
        if reversible is not None and len(legal) > best[0]:
            best = (len(legal), len(path), reversible)
        move = chance.choice(legal)
        state.push(move)
        path.append(move)
    count, depth, there = best
    if there is None:
        raise SystemExit(f"{game}: random play found no move that a move comes back from")
    state = framework.load_game(game).deal(1)
    for move in path[:depth]:
        state.push(move)
    session = Session(state, autoplay=False)
    pair = (there, _reverse(state, there))
    while len(state.move_stack) < moves:
        move = pair[len(state.move_stack) % 2] if len(state.move_stack) >= depth else None
        assert move is not None
        session.play(move)
    print(f"{game}: {count} legal moves in the position played back and forth, after {depth} moves of deal 1")
    return session.to_json()


def _reverse(state: State, move: Move) -> Move | None:
    """The move that takes ``move``'s cards back, if it is legal once ``move`` is played."""
    state.push(move)
    back = next((other for other in state.legal_moves()
                 if not other.action and (other.source, other.target, other.count) == (move.target, move.source,
                                                                                      move.count)), None)
    state.pop()
    return back


class Client:
    """A kept-alive connection to the server."""

    def __init__(self, address: str) -> None:
        where = urlsplit(address)
        self.connection = http.client.HTTPConnection(where.hostname, where.port, timeout=600)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        self.connection.request(method, path, body=None if body is None else json.dumps(body),
                                headers={"content-type": "application/json"})
        response = self.connection.getresponse()
        return response.status, json.loads(response.read())


def fill(address: str, saved: dict[str, Any], games: int) -> list[float]:
    """Loads ``saved`` ``games`` times, one after another; the seconds each took."""
    client = Client(address)
    times = []
    for _ in range(games):
        started = time.perf_counter()
        status, answer = client.call("POST", "/api/sessions/load?autoplay=false", saved)
        if status != 201:
            raise SystemExit(f"a load was refused: {status} {str(answer)[:200]}")
        times.append(time.perf_counter() - started)
    return times


def loads_at_once(address: str, saved: dict[str, Any], count: int) -> tuple[list[float], list[int], list[float]]:
    """``count`` loads sent at once, and another client playing meanwhile: each load's seconds and status, and the
    seconds of each of the other client's requests."""
    player = Client(address)
    _, table = player.call("POST", "/api/sessions", {"game": "freecell", "seed": 1, "autoplay": False})
    key = table["session"]
    seconds: list[float] = []
    statuses: list[int] = []
    others: list[float] = []

    def load() -> None:
        started = time.perf_counter()
        status, _ = Client(address).call("POST", "/api/sessions/load?autoplay=false", saved)
        seconds.append(time.perf_counter() - started)
        statuses.append(status)

    threads = [threading.Thread(target=load) for _ in range(count)]
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        started = time.perf_counter()
        _, moves = player.call("GET", f"/api/sessions/{key}/moves")
        player.call("POST", f"/api/sessions/{key}/moves", {"move": moves[0]["text"]})
        others.append(time.perf_counter() - started)
    for thread in threads:
        thread.join()
    return seconds, statuses, others


def stop(server: Any, twice: bool) -> tuple[float, str]:
    """Ctrl-C (SIGINT) to the server, and a second one at once if ``twice``: seconds until it ended, and its log."""
    started = time.perf_counter()
    server.send_signal(signal.SIGINT)
    if twice:
        time.sleep(0.2)
        server.send_signal(signal.SIGINT)
    _, log = server.communicate(timeout=120)
    return time.perf_counter() - started, log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default=COSTLIEST, help=f"the game (default {COSTLIEST})")
    parser.add_argument("--moves", type=int, default=MAX_GAME_MOVES, help="moves per save (default: a game's most)")
    parser.add_argument("--concurrent", type=int, default=10, help="loads sent at once (default 10)")
    options = parser.parse_args()

    saved = back_and_forth(options.game, options.moves)
    games = MAX_KEPT_MOVES // options.moves
    text = json.dumps(saved)
    print(f"a save of {options.moves:,} moves: {len(text):,} bytes; {games} of them hold the server's budget of "
          f"{MAX_KEPT_MOVES:,} moves")
    for twice in (False, True):
        with serving() as (address, server):
            before = memory_mb(server.pid)
            times = fill(address, saved, games)
            full = memory_mb(server.pid)
            print(f"server memory: {before:.0f} MB at the start, {full:.0f} MB holding {games} games "
                  f"(a load took {statistics.median(times):.2f} s, the median)")
            if not twice:
                seconds, statuses, others = loads_at_once(address, saved, options.concurrent)
                print(f"{options.concurrent} loads at once: the last answered after {max(seconds):.1f} s "
                      f"(statuses {sorted(set(statuses))}); meanwhile another client's {len(others)} requests: "
                      f"median {statistics.median(others) * 1000:.0f} ms, longest {max(others) * 1000:.0f} ms; "
                      f"server memory {memory_mb(server.pid):.0f} MB")
            took, log = stop(server, twice)
        said = "with a traceback" if "Traceback" in log else "no traceback"
        print(f"{'two Ctrl-C' if twice else 'Ctrl-C'}: the server ended {took:.1f} s later, {said}")
        if "Traceback" in log:
            print("  " + log.strip().splitlines()[-1][:200])


if __name__ == "__main__":
    main()
