"""Rule files that ask for more groups, piles or moves than a game may have are refused where they ask for it.

The limits are ``framework.sizecheck``'s (docs/rules.md#limits). Each is shown on a file
exactly at the limit, which loads, and on the same file one step past it, refused at the
key that asks for too much.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import FREECELL, LABELS, extra_group, issue_file, problems, with_groups

import framework
from framework.cli import main
from framework.sizecheck import MAX_GROUPS, MAX_MOVES, MAX_PILES


def where(text: str, before: str) -> str:
    """``line:column`` of what follows the one ``before`` in ``text``."""
    assert text.count(before) == 1
    head = text[:text.index(before) + len(before)]
    line, column = head.count("\n") + 1, len(head) - head.rfind("\n")
    return f"{line}:{column}"


def loads(text: str, tmp_path: Path) -> framework.Game:
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return framework.load_game(str(path))


def issue_problems(text: str) -> list[str]:
    """The problems of the issue's file, each as ``line:column: message``."""
    # The columns may move any of the 416 cards to 4 + 8 + 4 + 10,000 piles, the cells their 4 cards to 12.
    # FreeCell's 16 piles and 50 x 200: the fifth group added takes the count past 1,000.
    columns_move_to = where(text, "pick: any tail\n    moves_to: ")
    fifth_group_piles = where(text, "label: ae\n    piles: ")
    return [
        f"{columns_move_to}: 'tableau' may move 416 cards to 10,016 piles: up to 4,166,704 moves in one position "
        "in all; a game may have at most 100,000",
        f"{fifth_group_piles}: 10,016 piles in all; a game may have at most 1,000",
    ]


def test_the_issues_file_is_refused_at_the_keys_that_ask_for_too_much(tmp_path):
    text = issue_file()
    assert problems(text, tmp_path) == [f"game.yaml:{problem}" for problem in issue_problems(text)]


def test_validate_prints_the_issues_file_refused_and_exits_1(tmp_path):
    path = tmp_path / "wide.yaml"
    path.write_text(issue_file(), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert (result.exit_code, result.output.splitlines()) == (
        1, [f"{path}:{problem}" for problem in issue_problems(issue_file())])


@pytest.mark.parametrize("command", [["show"], ["play", "--seed", "1"]])
def test_other_commands_refuse_the_issues_file_with_exit_2(tmp_path, command):
    path = tmp_path / "wide.yaml"
    path.write_text(issue_file(), encoding="utf-8")
    result = CliRunner().invoke(main, [*command, str(path)], input="q\n")
    assert result.exit_code == 2
    assert "10,016 piles in all; a game may have at most 1,000" in result.output
    assert "Traceback" not in result.output


def test_a_game_of_as_many_groups_as_allowed_loads_and_one_more_is_refused(tmp_path):
    added = MAX_GROUPS - 3  # FreeCell has three: cell, foundation, tableau
    at_limit = with_groups(FREECELL, [extra_group(index, None) for index in range(added)])
    assert len(loads(at_limit, tmp_path).spec.groups) == MAX_GROUPS == 100
    past = with_groups(FREECELL, [extra_group(index, None) for index in range(added + 1)])
    last_key = where(past, f"label: {LABELS[added - 1]}\n  ")
    assert problems(past, tmp_path) == [f"game.yaml:{last_key}: 101 pile groups; a game may have at most 100"]


def test_a_game_of_as_many_piles_as_allowed_loads_and_one_more_is_refused(tmp_path):
    sizes = [200, 200, 200, 200, 184]  # and FreeCell's 16: 1,000
    at_limit = with_groups(FREECELL, [extra_group(index, piles) for index, piles in enumerate(sizes)])
    assert len(loads(at_limit, tmp_path).pile_names) == MAX_PILES == 1_000
    past = with_groups(FREECELL, [extra_group(index, piles) for index, piles in enumerate([*sizes[:-1], 185])])
    last_piles = where(past, f"label: {LABELS[4]}\n    piles: ")
    assert problems(past, tmp_path) == [f"game.yaml:{last_piles}: 1,001 piles in all; a game may have at most 1,000"]
    one_pile_more = with_groups(at_limit, [extra_group(5, None)])  # a group without 'piles': at its key
    group_key = where(one_pile_more, f"label: {LABELS[4]}\n    piles: 184\n  ")
    assert problems(one_pile_more, tmp_path) == [
        f"game.yaml:{group_key}: 1,001 piles in all; a game may have at most 1,000"]


#: Three groups of cells that move their top cards to the 200 piles of ``t``: (200 + 200 + 100) x 200 moves.
WIDE = """\
name: Wide
decks: 8
groups:
  f: {role: foundation, piles: 4, build: {direction: up, suit: same suit}, when_empty: {accepts: A}}
  a: {role: cell, piles: 200, moves_to: [t]}
  b: {role: cell, piles: 200, moves_to: [t]}
  c: {role: cell, piles: 100, moves_to: [t]}
  t: {role: tableau, piles: 200}
deal:
  - {to: t, cards: rest, by_rows: true}
"""


def test_a_game_of_as_many_moves_as_allowed_loads_and_one_more_pile_is_refused(tmp_path):
    assert MAX_MOVES == (200 + 200 + 100) * 200
    loads(WIDE, tmp_path)
    past = WIDE.replace("piles: 100", "piles: 101")
    assert problems(past, tmp_path) == [
        f"game.yaml:{where(past, 'a: {role: cell, piles: 200, moves_to: ')}: 'a' may move 200 cards to 200 piles: "
        "up to 100,200 moves in one position in all; a game may have at most 100,000"]


def test_a_group_that_lifts_several_cards_may_move_any_card_of_the_pack(tmp_path):
    # Any card may be the lowest of those lifted: with one deck 52 cards, with eight 416, to each of the 200 piles.
    columns = WIDE.replace("role: cell", "role: tableau, pick: any tail")
    assert len(loads(columns.replace("decks: 8", "decks: 1"), tmp_path).pile_names) == 704
    assert problems(columns, tmp_path) == [
        f"game.yaml:{where(columns, 'a: {role: tableau, pick: any tail, piles: 200, moves_to: ')}: 'a' may move 416 cards "
        "to 200 piles: up to 249,600 moves in one position in all; a game may have at most 100,000"]


def test_the_pair_rule_may_pair_the_top_cards_of_any_two_of_its_piles(tmp_path):
    # 600 piles, but the pack's 416 cards at most on top: 416 x 415 / 2 pairs and 416 cards alone, 86,736;
    # and the 100 cells' 20,000 moves to t.
    text = """\
name: Pairs
decks: 8
pairs: {same_rank: true, from: [r, s, t], to: d, alone: [K]}
groups:
  d: {role: foundation, max_cards: 416}
  c: {role: cell, piles: 100, moves_to: [t]}
  r: {role: tableau, piles: 200}
  s: {role: tableau, piles: 200}
  t: {role: tableau, piles: 200}
won_when: table empty
deal:
  - {to: t, cards: rest, by_rows: true}
"""
    assert problems(text, tmp_path) == [
        f"game.yaml:{where(text, 'true, from: ')}: pairs may be made of 416 cards: up to 106,736 moves in one "
        "position in all; a game may have at most 100,000"]
    assert len(loads(text.replace("piles: 100", "piles: 60"), tmp_path).pile_names) == 661  # 98,736 moves
