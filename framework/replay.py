"""Save and replay files: msgpack with a format version, written atomically.

One format serves both: a save is the replay of an unfinished game. A file holds what
replays the game exactly (game id and version, players, options, scenario, seed, the
actions) plus one state hash per action, so `verify` can prove the replay matches.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from . import kernel
from .engine import Engine
from .errors import FileFormatError

MAGIC = "boardwright"
FORMAT_VERSION = 1
MAX_FILE_BYTES = 64 * 1024 * 1024
# how a LAN table's journal begins (net/journal.py): BWJ2, records with checks; BWJ1, the form before
JOURNAL_MAGIC = b"BWJ2 boardwright journal\n"
JOURNAL_MAGICS = (JOURNAL_MAGIC, b"BWJ1 boardwright journal\n")


@dataclass
class Record:
    """Everything needed to replay one game."""

    game: str
    game_version: str
    players: int
    options: dict[str, Any]
    seed: int
    scenario: str | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)  # hashes[i]: after actions[i]
    start_hash: str = ""
    seat_kinds: list[str] = field(default_factory=list)  # "human", "random", "mcts:normal", ...
    outcome: dict[str, Any] | None = None

    def to_data(self) -> dict[str, Any]:
        return {
            "format": MAGIC,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "game_version": self.game_version,
            "players": self.players,
            "options": self.options,
            "scenario": self.scenario,
            "seed": self.seed,
            "actions": self.actions,
            "hashes": self.hashes,
            "start_hash": self.start_hash,
            "seat_kinds": self.seat_kinds,
            "outcome": self.outcome,
        }

    @classmethod
    def from_data(cls, data: Any, where: str) -> Record:
        if not isinstance(data, dict) or data.get("format") != MAGIC:
            raise FileFormatError(f"{where}: not a Boardwright save or replay file")
        version = data.get("format_version")
        if not isinstance(version, int):
            raise FileFormatError(f"{where}: the file has no format version")
        if version > FORMAT_VERSION:
            raise FileFormatError(
                f"{where}: format version {version} is newer than this Boardwright reads ({FORMAT_VERSION}); update Boardwright"
            )
        expected: dict[str, type | tuple[type, ...]] = {
            "game": str,
            "game_version": str,
            "players": int,
            "options": dict,
            "seed": int,
            "actions": list,
            "hashes": list,
        }
        for key, kind in expected.items():
            if not isinstance(data.get(key), kind):
                raise FileFormatError(f"{where}: field {key!r} is missing or damaged")
        if any(not isinstance(a, dict) for a in data["actions"]):
            raise FileFormatError(f"{where}: field 'actions' holds something that is not an action")
        return cls(
            game=data["game"],
            game_version=data["game_version"],
            players=data["players"],
            options=data["options"],
            seed=data["seed"],
            scenario=data.get("scenario"),
            actions=data["actions"],
            hashes=data["hashes"],
            start_hash=data.get("start_hash") or "",
            seat_kinds=list(data.get("seat_kinds") or []),
            outcome=data.get("outcome"),
        )


def write_atomic(path: str | Path, payload: bytes) -> None:
    """Write to a temporary file beside `path`, flush it to disk, then rename over `path`."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def save(path: str | Path, record: Record) -> None:
    write_atomic(path, msgpack.packb(record.to_data(), use_bin_type=True))


def load(path: str | Path) -> Record:
    where = str(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise FileFormatError(f"{where}: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise FileFormatError(f"{where}: larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB, not a save file")
    if raw.startswith(JOURNAL_MAGICS):  # it becomes a save file when its game ends
        raise FileFormatError(
            f"{where}: the journal of a LAN table whose game has not ended, not a save: `boardwright host GAME"
            f" --journal {where}` resumes the table, `boardwright replay {where} --verify` checks it"
        )
    try:
        data = msgpack.unpackb(raw, raw=False, strict_map_key=False)
    except (msgpack.ExtraData, msgpack.FormatError, msgpack.StackError, ValueError) as exc:
        kind = "damaged or truncated" if raw else "empty"
        raise FileFormatError(f"{where}: the file is {kind} ({type(exc).__name__})") from None
    return Record.from_data(data, where)


@dataclass
class ReplayResult:
    state: dict[str, Any]
    checked: int  # how many stored hashes were compared


def version_note(record: Record, engine: Engine) -> str:
    """ " (saved with reliquium 1.1.0; this is 2.0.0)" when the file comes from another version
    of the game, whose rules or state may have changed; else nothing."""
    if record.game_version == engine.spec.version:
        return ""
    return f" (saved with {record.game} {record.game_version}; this is {engine.spec.version})"


def replay(engine: Engine, record: Record, verify: bool = False, where: str = "replay") -> ReplayResult:
    """Re-apply a record's actions; with `verify`, compare every stored hash."""
    if record.game != engine.spec.id:
        raise FileFormatError(f"{where}: the file is a {record.game} game, not {engine.spec.id}")
    note = version_note(record, engine)
    try:
        state = engine.new_game(record.players, record.options, record.seed, record.scenario)
    except Exception as exc:
        raise FileFormatError(f"{where}: cannot set the game up again{note}: {exc}") from None
    checked = 0
    if verify and record.start_hash:
        if kernel.state_hash(state) != record.start_hash:
            raise FileFormatError(f"{where}: the starting position differs{note}")
        checked += 1
    for index, action in enumerate(record.actions):
        try:
            engine.apply(state, action)
        except Exception as exc:
            kind = action.get("type") if isinstance(action, dict) else None
            raise FileFormatError(f"{where}: action {index + 1} ({kind}) does not apply{note}: {exc}") from None
        if verify:
            if index >= len(record.hashes):
                raise FileFormatError(f"{where}: no stored hash for action {index + 1}")
            if kernel.state_hash(state) != record.hashes[index]:
                raise FileFormatError(f"{where}: state after action {index + 1} differs from the stored hash{note}")
            checked += 1
    return ReplayResult(state, checked)
