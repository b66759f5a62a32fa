"""A study's results kept on disk: one SQLite row per deal, written as soon as the deal is decided.

A study is a game's deals solved under one budget: its rows are keyed by the game's id,
a hash of its rules (the rule file less the keys that only describe the game, and the code of
the plugins it uses), the budget
(with the searches per deal) and the deal's seed, so studies of other rules or budgets never
mix, a study run again finds what is done, and a game's description can change under a
study without starting it anew. The schema is in docs/solver.md.
"""

from __future__ import annotations

import hashlib
import json
import math
import sqlite3
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import PatienceError, quoted
from ..loader import DESCRIPTIVE_KEYS, RULE_SUFFIXES, find_rule_file
from ..plugins import code_digest
from ..yamlsource import read_yaml
from .result import ANSWERS

#: The version of the schema below, kept in the file's ``user_version``. Version 1 keyed a study by a hash
#: of its whole rule file (``file_hash``); version 2 by ``rules_hash``, and ``Store`` converts a version 1 file.
SCHEMA_VERSION = 2
SCHEMA = """
CREATE TABLE IF NOT EXISTS deals (
    game       TEXT    NOT NULL,
    rules      TEXT    NOT NULL,
    budget     TEXT    NOT NULL,
    seed       INTEGER NOT NULL,
    answer     TEXT    NOT NULL CHECK (answer IN ('won', 'lost', 'unknown')),
    moves      INTEGER NOT NULL,
    nodes      INTEGER NOT NULL,
    positions  INTEGER NOT NULL,
    seconds    REAL    NOT NULL,
    stopped_by TEXT,
    version    TEXT    NOT NULL,
    recorded   TEXT    NOT NULL,
    PRIMARY KEY (game, rules, budget, seed)
)
"""
#: The columns of ``deals``, in order: a table of another shape is not a study store's.
COLUMNS = ("game", "rules", "budget", "seed", "answer", "moves", "nodes", "positions", "seconds", "stopped_by",
           "version", "recorded")
#: The fields of a deal's record (``stats.solve_deal``) a row keeps.
RECORD_FIELDS = ("seed", "answer", "moves", "nodes", "positions", "seconds", "stopped_by")


class StoreError(PatienceError):
    """A file that is not a study store, or cannot be written."""


class Study(NamedTuple):
    """What a study's deals share: the game, its rule file's hash, the budget (with the searches) as JSON."""

    game: str
    rules: str
    budget: str

    @classmethod
    def of(cls, game_id: str, name_or_path: str, budget: Mapping[str, Any], searches: int) -> Study:
        """The study of the game ``name_or_path`` (whose id is ``game_id``) under ``budget`` with ``searches``."""
        return cls(game_id, rules_hash(name_or_path), json.dumps({**budget, "searches": searches}, sort_keys=True))


def rule_file(name_or_path: str) -> Path:
    """The rule file of the game ``name_or_path``: the path itself, or the file of the game of that name."""
    path = Path(name_or_path)
    if path.suffix not in RULE_SUFFIXES:
        path = find_rule_file(name_or_path) or path
    return path


def rules_hash(name_or_path: str) -> str:
    """The first 16 hex digits of the SHA-256 of the rules of the game ``name_or_path``.

    The rules are the rule file's data less its ``DESCRIPTIVE_KEYS``, as JSON
    with sorted keys: a change of layout, comments or name leaves the hash as it was.
    A game that uses plugins adds the digest of their code (``plugins.code_digest``):
    an answer found with a plugin's code is never given for another code.
    """
    raw = rule_file(name_or_path).read_bytes()
    document, _ = read_yaml(raw, name_or_path)
    if document is None or not isinstance(document.data, dict):
        return file_hash(raw)  # not a game (the loader has refused it): its bytes are all there is
    rules: Any = {key: value for key, value in document.data.items() if key not in DESCRIPTIVE_KEYS}
    names = _named_plugins(rules.get("plugins"))
    if names:
        rules = {"rules": rules, "plugin code": code_digest(names)}
    return file_hash(json.dumps(rules, sort_keys=True, default=str).encode())


def _named_plugins(uses: Any) -> list[str]:
    """The names of the plugins a rule file's ``plugins`` key names (each a name, or a name with options)."""
    names: list[str] = []
    for item in uses if isinstance(uses, list) else ():
        names.extend([item] if isinstance(item, str) else item if isinstance(item, dict) else ())
    return names


def file_hash(raw: bytes) -> str:
    """The first 16 hex digits of the SHA-256 of ``raw``: a version 1 store's ``rules``."""
    return hashlib.sha256(raw).hexdigest()[:16]


def program_version() -> str:
    """The version of the installed program, written with each row."""
    try:
        return version("patience-games")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


class Store:
    """A study store in the SQLite file at ``path``, made if missing; ``StoreError`` if it is something else.

    With ``read_only`` the file is only read (``--report``): it must be a study store already, and
    nothing of it is changed. Every row read is checked, so that a file another program changed
    (or damaged) is refused with one line naming it rather than summed up wrong.
    """

    def __init__(self, path: str | Path, *, read_only: bool = False) -> None:
        self.path = Path(path)
        try:
            if read_only:
                self._db = sqlite3.connect(f"{self.path.absolute().as_uri()}?mode=ro", uri=True)
            else:
                self._db = sqlite3.connect(self.path, isolation_level=None)  # each row committed by itself
            found = self._db.execute("PRAGMA user_version").fetchone()[0]
            if found > SCHEMA_VERSION:
                raise StoreError(f"{self.path}: a study store of a newer program (schema {found}); upgrade "
                                 "patience-games")
            self._check_shape(read_only)
            if read_only:
                if found == 1:
                    raise StoreError(f"{self.path}: a study store of an older program: run a study on it (without "
                                     "--report) to bring it up to date")
            else:
                self._db.execute("PRAGMA journal_mode=WAL")  # a reader (--report) never waits for the writer
                self._db.execute(SCHEMA)
                if found == 1:
                    self._rekey_whole_file_hashes()
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: not a study store ({error})") from None
        self.version = program_version()

    def _check_shape(self, read_only: bool) -> None:
        """``StoreError`` unless the file holds a ``deals`` table of the schema's columns, or (to be made a store)
        no table at all."""
        tables = [name for (name,) in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                                        "ORDER BY name")]
        if "deals" not in tables:
            if tables or read_only:
                others = f" (it has {quoted(', '.join(tables))})" if tables else ""
                raise StoreError(f"{self.path}: not a study store: it has no table 'deals'{others}")
            return
        columns = tuple(row[1] for row in self._db.execute("PRAGMA table_info(deals)"))
        if columns != COLUMNS:
            raise StoreError(f"{self.path}: not a study store: its table 'deals' has the columns "
                             f"{quoted(', '.join(columns))} (a study store's: {', '.join(COLUMNS)})")

    def _rekey_whole_file_hashes(self) -> None:
        """Key a version 1 file's studies by ``rules_hash``: each whose game's rule file, found by the game's
        name, still hashes whole to its key. (A study of a file found no more, or changed since, keeps its key.)"""
        studies = self._db.execute("SELECT DISTINCT game, rules FROM deals").fetchall()
        with self._db:
            self._db.execute("BEGIN")
            for game, rules in studies:
                path = find_rule_file(game)
                if path is not None and file_hash(path.read_bytes()) == rules:
                    self._db.execute("UPDATE deals SET rules = ? WHERE game = ? AND rules = ?",
                                     (rules_hash(str(path)), game, rules))

    def add(self, study: Study, record: Mapping[str, Any]) -> None:
        """Keeps ``record`` (a deal's record) in ``study``, at once."""
        values = [record[field] for field in RECORD_FIELDS]
        recorded = datetime.now(UTC).isoformat(timespec="seconds")
        try:
            self._db.execute(f"INSERT OR REPLACE INTO deals (game, rules, budget, {', '.join(RECORD_FIELDS)}, "
                             f"version, recorded) VALUES ({', '.join('?' * (len(RECORD_FIELDS) + 5))})",
                             [*study, *values, self.version, recorded])
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: cannot keep the deal {record['seed']}: {error}") from None

    def records(self, study: Study, seeds: Iterable[int] | None = None) -> list[dict[str, Any]]:
        """The records of ``study`` (of ``seeds`` only, if given), in seed order; ``StoreError`` for a row that is
        not a deal's record."""
        rows = self._read(f"SELECT {', '.join(RECORD_FIELDS)} FROM deals "
                          "WHERE game = ? AND rules = ? AND budget = ? ORDER BY seed", study)
        wanted = None if seeds is None else set(seeds)
        records = [dict(zip(RECORD_FIELDS, row, strict=True)) for row in rows if wanted is None or row[0] in wanted]
        for record in records:
            problem = _problem(record)
            if problem:
                raise StoreError(f"{self.path}: damaged: deal {quoted(record['seed'])} has {problem}")
        return records

    def studies(self, game: str | None = None) -> list[tuple[Study, int]]:
        """Every study in the store (of ``game`` only, if given), with its number of deals."""
        rows = self._read("SELECT game, rules, budget, COUNT(*) FROM deals GROUP BY game, rules, budget "
                          "ORDER BY game, budget, rules")
        return [(Study(*row[:3]), row[3]) for row in rows if game is None or row[0] == game]

    def _read(self, query: str, parameters: Iterable[Any] = ()) -> list[Any]:
        """The rows ``query`` reads; ``StoreError`` naming the file if SQLite cannot read them (damaged pages)."""
        try:
            return self._db.execute(query, tuple(parameters)).fetchall()
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: damaged: {error}") from None

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _problem(record: Mapping[str, Any]) -> str | None:
    """What is wrong with a record read from a store, in words (``'seconds' = 'slow', not a number``); None if
    nothing is. SQLite keeps any value in any column, and another program may write past a CHECK."""

    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0

    checks = (
        ("seed", whole, "a whole number, 0 or more"),
        ("answer", lambda value: value in ANSWERS, ", ".join(ANSWERS[:-1]) + " or " + ANSWERS[-1]),
        ("moves", whole, "a whole number, 0 or more"),
        ("nodes", whole, "a whole number, 0 or more"),
        ("positions", whole, "a whole number, 0 or more"),
        ("seconds", lambda value: isinstance(value, int | float) and not isinstance(value, bool)
         and 0 <= value < math.inf, "a number of seconds, 0 or more"),
        ("stopped_by", lambda value: value is None or isinstance(value, str), "a budget's name or null"),
    )
    for field, fits, expected in checks:
        if not fits(record[field]):
            return f"{field!r} = {quoted(record[field])}, not {expected}"
    return None
