"""A hosted table's journal: append-only, one fsync per acknowledged action, off the event loop.

The file starts with `MAGIC`, then records, each a 4-byte big-endian length, the CRC-32 of
those 4 bytes, one msgpack map and the CRC-32 of the map's bytes: `{"r": "start", "game":
{...}}` (the record's header: game, version, players, options, seed, scenario, start hash),
`{"r": "seats", "seats": [...]}` (kinds, tokens and names, whenever they change) and
`{"r": "act", "a": action, "h": hash}` (the legal action the engine returned and the state
hash after it). The file never leaves the host: it holds the table's secret seed. A record
is written and synced before its action is shown to anybody.

Only the last record can be torn by a crash, and a torn record is a prefix of the frame
written: its length is whole and checks, and the file ends before its map does (or inside
the length). Such a record was never acknowledged and is cut off on resume. Any other
record that does not check is damage: the journal is refused with one line naming the
record, and the file is left as it was. A resumed table appends to the journal it
verified; a journal in an older form is written anew beside it and renamed into place,
whole. When the game is over the host replaces the journal by a normal save file
(write-then-rename), which `boardwright replay --verify` reads, and keeps the seats in
`FILE.seats` beside it (written first), so that a host started again on a finished game
shows it to the players who rejoin.

Journals in the two forms before this one resume too: `MAGIC_1` (the same records with no
CRCs; a length that runs past the end is taken as torn only when what follows holds no
whole map) and a normal save with `FILE.seats`. Either way every action's hash is required
and checked.
"""

from __future__ import annotations

import asyncio
import os
import struct
import zlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

import msgpack

from boardwright.framework import FileFormatError
from boardwright.framework import replay as replay_files
from boardwright.framework.kernel import UNPACK_ERRORS
from boardwright.framework.replay import Record

MAGIC, MAGIC_1 = replay_files.JOURNAL_MAGICS
LENGTH = struct.Struct(">I")
CHECKED_LENGTH = struct.Struct(">II")  # the length and its CRC-32
CHECK = struct.Struct(">I")
MAX_RECORD = 16 * 1024 * 1024


def temporaries(path: Path) -> list[Path]:
    """Temporary files a killed host may have left beside `path` (`write_atomic`'s names)."""
    return sorted(path.parent.glob(f".{path.name}.*.tmp")) + sorted(path.parent.glob(f".{path.name}.seats.*.tmp"))


def clean_temporaries(path: Path) -> int:
    """Remove them; returns how many were removed."""
    removed = 0
    for temp in temporaries(path):
        try:
            temp.unlink()
            removed += 1
        except OSError:
            pass
    return removed


def _frame(record: dict[str, Any]) -> bytes:
    body = msgpack.packb(record, use_bin_type=True)
    length = LENGTH.pack(len(body))
    return length + CHECK.pack(zlib.crc32(length)) + body + CHECK.pack(zlib.crc32(body))


class Journal:
    """The open journal of one table. `append` returns once the record is on disk."""

    def __init__(self, path: Path, durable: bool = True) -> None:
        self.path = path
        self.durable = durable
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="boardwright-journal")
        self._handle: Any = None
        self._size = 0

    # --- opening (before the table serves) ---

    def create(self, record: Record, seats: list[dict[str, Any]]) -> None:
        """A journal holding `record` so far, written whole beside the path and renamed into
        place (a host killed meanwhile leaves the file it had)."""
        clean_temporaries(self.path)
        frames = [MAGIC, _frame({"r": "start", "game": header_of(record)}), _frame({"r": "seats", "seats": seats})]
        frames += [_frame(act) for act in acts(record)]
        replay_files.write_atomic(self.path, b"".join(frames))
        self._open()

    def reopen(self, good_size: int) -> None:
        """Continue the journal `read_journal` verified (in this form): a torn tail, which
        was never acknowledged, is cut off first; nothing before it is written again."""
        clean_temporaries(self.path)
        with open(self.path, "r+b") as handle:
            handle.truncate(good_size)
            handle.flush()
            os.fsync(handle.fileno())
        self._open()

    def _open(self) -> None:
        # kept open for the table's life: a write never needs a new file descriptor
        self._handle = open(self.path, "ab")
        self._size = self._handle.tell()

    # --- writing (off the event loop) ---

    async def append(self, record: dict[str, Any]) -> None:
        """Write one record and sync it; raises OSError when it is not durable (the file is
        cut back to its last whole record, so the journal stays readable)."""
        frame = _frame(record)
        await asyncio.get_running_loop().run_in_executor(self._pool, self._write, frame)

    def _write(self, frame: bytes) -> None:
        handle = self._handle
        if handle is None:
            raise OSError("the journal is closed")
        try:
            handle.write(frame)
            handle.flush()
            if self.durable:
                os.fsync(handle.fileno())
        except OSError:
            try:
                handle.truncate(self._size)
                handle.seek(self._size)
            except (OSError, ValueError):
                pass
            raise
        self._size += len(frame)

    async def finish(self, record: Record, seats: list[dict[str, Any]]) -> None:
        """The game is over: the journal becomes a normal save file, its seats `FILE.seats`."""
        await asyncio.get_running_loop().run_in_executor(self._pool, save_finished, self.path, record, seats)

    async def close(self) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._pool, self._close)
        self._pool.shutdown(wait=False)

    def _close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def save_finished(path: Path, record: Record, seats: list[dict[str, Any]]) -> None:
    """A finished game's save at `path` and its seats beside it, each written whole
    (write-then-rename). The seats go first: a host killed between the two leaves the
    journal, which holds them too."""
    replay_files.write_atomic(path.with_name(path.name + ".seats"), msgpack.packb(seats, use_bin_type=True))
    replay_files.write_atomic(path, msgpack.packb(record.to_data(), use_bin_type=True))


def header_of(record: Record) -> dict[str, Any]:
    data = record.to_data()
    del data["actions"], data["hashes"]
    return data


def acts(record: Record) -> list[dict[str, Any]]:
    return [{"r": "act", "a": a, "h": h} for a, h in zip(record.actions, record.hashes, strict=True)]


class Journalled(NamedTuple):
    record: Record  # the header, the actions and their hashes
    seats: list[dict[str, Any]] | None  # the last seats written (None: none)
    size: int  # the bytes of the file's whole records
    current: bool  # in this form: a resumed table appends to it


def read_journal(path: Path) -> Journalled:
    """The journal at `path`; raises FileFormatError with one clear line."""
    where = str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise FileFormatError(f"{where}: {exc.strerror or exc}") from None
    if not raw.startswith(replay_files.JOURNAL_MAGICS):
        record = replay_files.load(path)  # a normal save: the seats are in FILE.seats
        return Journalled(record, read_seats_file(path.with_name(path.name + ".seats")), len(raw), False)
    current = raw.startswith(MAGIC)
    entries = _checked_entries(raw, where) if current else _unchecked_entries(raw, where)
    record, seats, size = None, None, len(MAGIC)
    for number, offset, end, entry in entries:
        kind = entry.get("r") if isinstance(entry, dict) else None
        if kind == "start" and record is None:
            record = Record.from_data({**entry.get("game", {}), "actions": [], "hashes": []}, where)
        elif record is None:
            raise FileFormatError(f"{where}: the journal does not begin with its game")
        elif kind == "seats":
            seats = check_seats(entry.get("seats"), where)
        elif kind == "act":
            action, state_hash = entry.get("a"), entry.get("h")
            if not isinstance(action, dict):
                raise FileFormatError(f"{where}: action {len(record.actions) + 1} is not an action")
            if not isinstance(state_hash, str) or not state_hash:
                raise FileFormatError(f"{where}: action {len(record.actions) + 1} has no state hash")
            record.actions.append(action)
            record.hashes.append(state_hash)
        else:
            raise FileFormatError(f"{where}: record {number} (at byte {offset}) is of an unknown kind {kind!r:.40}")
        size = end
    if record is None:
        raise FileFormatError(f"{where}: the journal does not begin with its game")
    return Journalled(record, seats, size, current)


def _damaged(where: str, number: int, offset: int, what: str) -> FileFormatError:
    return FileFormatError(
        f"{where}: record {number} (at byte {offset}) is damaged ({what}); the journal was left as it is"
    )


def _unpack(body: bytes, where: str, number: int, offset: int) -> Any:
    try:
        return msgpack.unpackb(body, raw=False, strict_map_key=True)
    except UNPACK_ERRORS:
        raise _damaged(where, number, offset, "not a msgpack map") from None


def _checked_entries(raw: bytes, where: str) -> Iterator[tuple[int, int, int, Any]]:
    """(number, offset, end, map) of each whole record; a torn last one ends them."""
    offset, number = len(MAGIC), 1
    while len(raw) - offset >= CHECKED_LENGTH.size:  # fewer bytes: a torn length
        length, check = CHECKED_LENGTH.unpack_from(raw, offset)
        if check != zlib.crc32(raw[offset : offset + LENGTH.size]) or length > MAX_RECORD:
            raise _damaged(where, number, offset, "its length does not match its check")
        start = offset + CHECKED_LENGTH.size
        end = start + length + CHECK.size
        if end > len(raw):
            return  # torn: the file ends inside the map the length announced
        body = raw[start : start + length]
        if CHECK.unpack_from(raw, start + length)[0] != zlib.crc32(body):
            raise _damaged(where, number, offset, "its contents do not match their check")
        yield number, offset, end, _unpack(body, where, number, offset)
        offset, number = end, number + 1


def _unchecked_entries(raw: bytes, where: str) -> Iterator[tuple[int, int, int, Any]]:
    """The same of a `MAGIC_1` journal, whose records carry no checks: a length that runs past
    the end is a torn last record only when no whole map follows it (a torn map is the prefix
    of one and never whole; a damaged length in the middle has whole records after it)."""
    offset, number = len(MAGIC_1), 1
    while offset + LENGTH.size <= len(raw):
        (length,) = LENGTH.unpack_from(raw, offset)
        end = offset + LENGTH.size + length
        if length > MAX_RECORD or end > len(raw):
            if _holds_a_whole_map(raw[offset + LENGTH.size :]):
                raise _damaged(where, number, offset, "its length runs past the end of the file")
            return
        yield number, offset, end, _unpack(raw[offset + LENGTH.size : end], where, number, offset)
        offset, number = end, number + 1


def _holds_a_whole_map(tail: bytes) -> bool:
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=len(tail) + 1)
    unpacker.feed(tail)
    try:
        return isinstance(next(unpacker), dict)
    except (StopIteration, *UNPACK_ERRORS):
        return False


def read_seats_file(path: Path) -> list[dict[str, Any]] | None:
    if not path.exists():
        return None
    try:
        data = msgpack.unpackb(path.read_bytes(), raw=False, strict_map_key=True)
    except (OSError, *UNPACK_ERRORS) as exc:
        raise FileFormatError(f"{path}: cannot read the seats of the table ({type(exc).__name__})") from None
    return check_seats(data, str(path))


def check_seats(data: Any, where: str) -> list[dict[str, Any]]:
    """Seat entries, each a map with a text `kind`, a text `token` and an optional `name`."""
    if not isinstance(data, list):
        raise FileFormatError(f"{where}: the seats are not a list")
    for number, entry in enumerate(data, 1):
        if not isinstance(entry, dict):
            raise FileFormatError(f"{where}: seat {number} is not a map")
        for key in ("kind", "token"):
            if not isinstance(entry.get(key), str) or not entry[key]:
                raise FileFormatError(f"{where}: seat {number} has no {key}")
        if not isinstance(entry.get("name", ""), str):
            raise FileFormatError(f"{where}: seat {number} has a name that is not a text")
    return data
