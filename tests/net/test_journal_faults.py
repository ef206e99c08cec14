"""The journal under faults: a host killed while it resumes keeps every acknowledged action,
only a torn last record is dropped, and any other damage is refused with one line naming
the record, the file left as it was.

Hosts run as `boardwright host` processes on 127.0.0.1 and are killed with SIGKILL at
random points; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import os
import random
import struct
import subprocess
import sys
import time

import msgpack
import pytest

from boardwright.framework import FileFormatError
from boardwright.net.host import OPEN, Table
from boardwright.net.journal import MAGIC, MAGIC_1, Journal, read_journal
from boardwright.net.live import LiveGame
from boardwright.net.peer import Peer

BOARDWRIGHT = [sys.executable, "-m", "boardwright.cli.main"]
LOCAL = "127.0.0.1"
WIDE = {"columns": 12, "rows": 10, "connect": 6}  # long games: many actions to resume
SEATS = [{"kind": OPEN, "token": "a" * 32, "name": "Ann"}, {"kind": OPEN, "token": "b" * 32, "name": "Bob"}]


def _game(engine, plies, seed=15):  # seed 15: no seat wins within 100 random actions
    game = LiveGame(engine, 2, WIDE, seed=seed)
    rng = random.Random(seed)
    while game.plies < plies and not game.is_over():
        game.commit(game.trial(rng.choice(game.legal_actions()), seat=game.to_move()))
    assert not game.is_over()
    return game


def _write_journal(path, game, seats=SEATS):
    async def write():
        journal = Journal(path)
        journal.create(game.record, seats)
        await journal.append({"r": "seats", "seats": seats})  # a seats record after the actions too
        await journal.close()

    asyncio.run(asyncio.wait_for(write(), 30))


def _records(raw):
    """(offset, end) of each record of a journal in the checked form."""
    spans, offset = [], len(MAGIC)
    while offset < len(raw):
        (length,) = struct.unpack_from(">I", raw, offset)
        end = offset + 8 + length + 4
        spans.append((offset, end))
        offset = end
    return spans


def _torn(raw):
    """`raw` and a torn copy of its last record after it: a prefix of a frame, as a killed write leaves."""
    start, end = _records(raw)[-1]
    return raw + raw[start : end - 3]


def _old_form(game, seats=SEATS):
    """The same journal in the form before checks (`MAGIC_1`): lengths and maps only."""
    frames = [MAGIC_1]
    records = [{"r": "start", "game": _header(game.record)}, {"r": "seats", "seats": seats}]
    records += [{"r": "act", "a": a, "h": h} for a, h in zip(game.record.actions, game.record.hashes, strict=True)]
    for record in records:
        body = msgpack.packb(record, use_bin_type=True)
        frames.append(struct.pack(">I", len(body)) + body)
    return b"".join(frames)


def _header(record):
    data = record.to_data()
    del data["actions"], data["hashes"]
    return data


def test_every_byte_damaged_is_refused_naming_its_record_and_every_cut_is_a_torn_last_record(tmp_path, host):
    engine = host.engine("connect_four")
    game = _game(engine, 6)
    path = tmp_path / "t.bwr"
    _write_journal(path, game)
    raw = path.read_bytes()
    spans = _records(raw)
    assert len(spans) == 2 + 6 + 1  # start, seats, six actions, seats
    damaged = tmp_path / "damaged.bwr"
    for position in range(len(raw)):
        number = next((n for n, (start, end) in enumerate(spans, 1) if start <= position < end), 0)
        for mask in (0x01, 0xFF):
            damaged.write_bytes(raw[:position] + bytes([raw[position] ^ mask]) + raw[position + 1 :])
            with pytest.raises(FileFormatError) as refused:
                read_journal(damaged)
            said = str(refused.value)
            assert "\n" not in said
            if number:  # the length, its check, the header, the seats, an action, a hash, a map's check
                assert f"record {number} (at byte {spans[number - 1][0]}) is damaged" in said, (position, said)
    for cut in range(len(MAGIC), len(raw)):
        damaged.write_bytes(raw[:cut])
        whole = [end for _start, end in spans if end <= cut]
        if len(whole) < 2:
            continue  # not even the game's start and seats: nothing was ever acknowledged
        journalled = read_journal(damaged)
        assert journalled.size == whole[-1]
        assert journalled.record.actions == game.record.actions[: max(0, min(len(whole), 8) - 2)]


def test_a_damaged_record_before_the_last_is_refused_by_the_host_and_the_file_kept(tmp_path, host):
    engine = host.engine("connect_four")
    game = _game(engine, 40)
    path = tmp_path / "t.bwr"
    _write_journal(path, game)
    raw = bytearray(path.read_bytes())
    start, _end = _records(bytes(raw))[21]  # the 20th action
    raw[start + 2] ^= 0x40  # its length prefix
    path.write_bytes(bytes(raw))
    result = subprocess.run(
        [*BOARDWRIGHT, "host", "connect_four", "--bind", LOCAL, "--no-advertise", "--journal", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        f"boardwright: {path}: record 22 (at byte {start}) is damaged (its length does not match its check);"
        " the journal was left as it is\n"
    )
    assert path.read_bytes() == bytes(raw)


def test_a_journal_of_the_old_form_is_refused_for_a_bad_length_inside_and_resumed_past_a_torn_end(tmp_path, host):
    engine = host.engine("connect_four")
    game = _game(engine, 40)
    raw = _old_form(game)
    path = tmp_path / "old.bwr"
    offset = len(MAGIC_1)
    for _ in range(22):  # to the 20th action's length
        offset += 4 + struct.unpack_from(">I", raw, offset)[0]
    for damaged_length in (0x00FFFFFF, 0xFFFFFFFF):
        path.write_bytes(raw[:offset] + struct.pack(">I", damaged_length) + raw[offset + 4 :])
        with pytest.raises(FileFormatError, match=rf"record 23 \(at byte {offset}\) is damaged \(its length runs past"):
            read_journal(path)
    path.write_bytes(raw[:-3])  # the last action torn
    journalled = read_journal(path)
    assert journalled.record.actions == game.record.actions[:-1] and not journalled.current

    async def resume():
        table = Table.resume(engine, path, {})
        await table.start(LOCAL)
        await table.close()

    asyncio.run(asyncio.wait_for(resume(), 30))
    journalled = read_journal(path)  # written anew in the checked form, whole
    assert journalled.current and journalled.record.actions == game.record.actions[:-1]
    assert journalled.seats == SEATS


def test_a_resumed_table_appends_to_the_journal_it_verified(tmp_path, host):
    engine = host.engine("connect_four")
    game = _game(engine, 30)
    path = tmp_path / "t.bwr"
    _write_journal(path, game)
    raw = path.read_bytes()
    path.write_bytes(_torn(raw))  # a torn last record, never acknowledged
    inode = os.stat(path).st_ino

    async def resume_and_act():
        table = Table.resume(engine, path, {})
        port = await table.start(LOCAL)
        assert os.stat(path).st_ino == inode and path.read_bytes() == raw  # the torn tail cut, nothing else
        peer = Peer(LOCAL, port, "Ann", seat=0, token="a" * 32)
        try:
            await peer.connect()
            update = await peer.wait_for(lambda u: u["legal"])
            await peer.act(update["legal"][0])
            await peer.wait_for(lambda u: u["ply"] == 31)
        finally:
            await peer.close()
            await table.close()

    asyncio.run(asyncio.wait_for(resume_and_act(), 30))
    assert os.stat(path).st_ino == inode and path.read_bytes().startswith(raw)
    assert len(read_journal(path).record.actions) == 31


def _identity(path):
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_ino, found.st_size, found.st_mtime_ns


def _start_and_kill(path, rng):
    """A host resuming `path`, killed after a random time or the moment the file changes."""
    host = subprocess.Popen(
        [*BOARDWRIGHT, "host", "connect_four", "--bind", LOCAL, "--no-advertise", "--journal", str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        before = _identity(path)
        deadline = time.monotonic() + rng.uniform(0.0, 0.8)
        while time.monotonic() < deadline and _identity(path) == before:
            time.sleep(0.0005)
    finally:
        host.kill()
        host.wait(timeout=10)


def test_hosts_killed_at_random_points_of_resuming_lose_no_acknowledged_action(tmp_path, host):
    engine = host.engine("connect_four")
    game = _game(engine, 100)
    path = tmp_path / "t.bwr"
    _write_journal(path, game)
    checked, old = path.read_bytes(), _old_form(game)
    forms = {"as left": None, "old form": old, "torn end": _torn(checked)}
    rng = random.Random(11)
    for round_number in range(12):
        form = rng.choice(sorted(forms))
        if forms[form] is not None:
            path.write_bytes(forms[form])
        _start_and_kill(path, rng)
        journalled = read_journal(path)
        assert journalled.record.actions == game.record.actions, f"round {round_number} ({form}): actions lost"
        assert journalled.seats == SEATS
