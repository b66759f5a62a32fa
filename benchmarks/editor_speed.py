"""How long the rule editor's server takes to check a rule file's text and to deal it: medians per game.

Each game's rule file is checked (POST /api/rules/check) and dealt (POST /api/rules/sessions)
``--times`` times in process (Starlette's test client, no network), as the editor asks 0.4 s
after an author's last key.

    .venv/bin/python benchmarks/editor_speed.py
    .venv/bin/python benchmarks/editor_speed.py blockade freecell --times 50
"""

from __future__ import annotations

import argparse
import statistics
import time

from fastapi.testclient import TestClient

from framework.web.app import create_app

#: The launch games (Blockade's is the largest built-in rule file), two plain games and a long one.
GAMES = ("steeplechase", "blockade", "freecell", "klondike", "imaginary-thirteen")


def median_ms(client: TestClient, path: str, body: dict, times: int, status: int) -> float:
    taken = []
    for _ in range(times):
        started = time.perf_counter()
        answer = client.post(path, json=body)
        taken.append(time.perf_counter() - started)
        assert answer.status_code == status, answer.text
    return 1000 * statistics.median(taken)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--times", type=int, default=20)
    options = parser.parse_args()
    client = TestClient(create_app())
    for game in options.games:
        text = client.get(f"/api/games/{game}/rules").json()["text"]
        check = median_ms(client, "/api/rules/check", {"text": text}, options.times, 200)
        deal = median_ms(client, "/api/rules/sessions", {"text": text, "seed": 1}, options.times, 201)
        print(f"{game:<20} {len(text.encode()):>6} bytes  check {check:6.1f} ms  deal {deal:6.1f} ms  (medians of "
              f"{options.times})")


if __name__ == "__main__":
    main()
