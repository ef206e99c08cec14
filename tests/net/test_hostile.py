"""A hostile peer cannot break a table: fuzzed frames, mutated actions, a journal that fails.

Everything on 127.0.0.1; every loop bounded in count and time.
"""

from __future__ import annotations

import asyncio
import logging
import random
import struct

import msgpack
import pytest

from boardwright.framework import kernel
from boardwright.net.host import OPEN, Limits, Table
from boardwright.net.journal import read_journal
from boardwright.net.peer import Peer
from boardwright.net.protocol import FROM_PEER, MAX_DEPTH, PROTOCOL_VERSION, ProtocolError, decode

LOCAL = "127.0.0.1"


def run(coro, seconds=90):
    return asyncio.run(asyncio.wait_for(coro, timeout=seconds))


def _frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def _hostile_bodies(rng: random.Random, count: int) -> list[bytes]:
    """Bodies of frames a hostile peer might send: garbage, lists as map keys, deep nesting,
    huge claimed lengths, every message with its fields of the wrong types."""
    fixed = [
        b"\x81\x91\x01\xa1x",  # {[1]: "x"}: a list as a map key
        b"\x82\xa1t\xa3act\x81\x92\x01\x02\xc0",  # a map key that is a list inside an act
        b"\x91" * 1000 + b"\xc0",  # a list nested 1,000 deep
        b"\x81\xa1t" + b"\x81\xa1a" * 900 + b"\xc0",  # maps nested 900 deep
        b"\xdb\xff\xff\xff\xffabc",  # a string claiming 4 GiB
        b"\xdd\xff\xff\xff\xff",  # a list claiming 4 billion items
        b"\xc1",  # a byte msgpack never uses
        b"",
    ]
    wrong = [None, True, 1.5, -1, 2**64 - 1, "x" * 300, b"\x00", [], {}, [[]], {"a": {"b": []}}]
    bodies = list(fixed)
    while len(bodies) < count:
        kind = rng.choice([*sorted(FROM_PEER), "nonsense", 7])
        message = {"t": kind}
        for key in rng.sample(["protocol", "name", "seat", "token", "spectate", "action", "ply", "text"], 3):
            message[key] = rng.choice(wrong)
        if rng.random() < 0.3:
            message["action"] = {"type": "drop", "column": rng.choice(wrong)}
        body = msgpack.packb(message, use_bin_type=True)
        if rng.random() < 0.2:
            cut = rng.randrange(len(body))
            body = body[:cut] + bytes([rng.randrange(256)]) + body[cut + 1 :]
        bodies.append(body)
    return bodies


def test_twenty_thousand_fuzzed_bodies_give_a_protocol_error_or_a_message_never_anything_else():
    rng = random.Random(14)
    refused = 0
    for body in _hostile_bodies(rng, 20_000):
        try:
            message = decode(body, FROM_PEER)
        except ProtocolError:
            refused += 1
            continue
        assert isinstance(message, dict) and message["t"] in FROM_PEER
    assert refused > 1000


def test_a_list_as_a_key_and_deep_nesting_are_refused_by_name():
    with pytest.raises(ProtocolError, match="text keys"):
        decode(b"\x81\x91\x01\xa1x", FROM_PEER)
    deep = {"t": "act", "action": {"type": "drop"}}
    inner = deep["action"]
    for _ in range(MAX_DEPTH + 2):
        inner["more"] = {}
        inner = inner["more"]
    with pytest.raises(ProtocolError, match="nested"):
        decode(msgpack.packb(deep), FROM_PEER)


def test_hostile_frames_on_the_wire_get_one_error_each_and_no_traceback(host, caplog):
    """Every hostile frame on its own connection: an `error` or `refused` frame, then closed;
    the players' game goes on; nothing is logged as an unhandled exception."""
    engine = host.engine("connect_four")
    bodies = _hostile_bodies(random.Random(7), 400)

    async def scenario():
        table = Table.new(engine, 2, {}, None, [OPEN, OPEN], {}, limits=Limits(max_connections=200))
        port = await table.start(LOCAL)
        alice, bob = Peer(LOCAL, port, "Alice"), Peer(LOCAL, port, "Bob")
        try:
            await alice.connect()
            await bob.connect()
            for start in range(0, len(bodies), 50):
                pairs = [await asyncio.open_connection(LOCAL, port) for _ in bodies[start : start + 50]]
                for (_reader, writer), body in zip(pairs, bodies[start : start + 50], strict=True):
                    writer.write(_frame(body))
                    writer.write_eof()
                for reader, writer in pairs:
                    answer = await asyncio.wait_for(reader.read(), timeout=10)
                    frames = []
                    while len(answer) >= 4:
                        (length,) = struct.unpack(">I", answer[:4])
                        frames.append(msgpack.unpackb(answer[4 : 4 + length]))
                        answer = answer[4 + length :]
                    kinds = [f["t"] for f in frames]
                    # an act or a join with wrong fields may be answered and then welcomed
                    assert kinds and kinds[0] in ("error", "refused", "welcome"), kinds
                    assert all(set(f) <= {"t", "code", "message"} for f in frames if f["t"] in ("error", "refused"))
                    writer.close()
            update = await alice.wait_for(lambda u: u["started"] and u["legal"])
            await alice.act(update["legal"][0])
            await bob.wait_for(lambda u: u["ply"] == 1)
        finally:
            await alice.close()
            await bob.close()
            await table.close()

    with caplog.at_level(logging.ERROR, logger="asyncio"):
        run(scenario())
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]


@pytest.mark.parametrize("column", [3.0, True, "3", [3], {"c": 3}, None, 2**64 - 1, -1])
def test_a_type_mutated_action_is_refused_and_never_journalled(host, tmp_path, column):
    engine = host.engine("connect_four")
    journal = tmp_path / "t.bwr"

    async def scenario():
        table = Table.new(engine, 2, {}, None, [OPEN, OPEN], {}, journal=journal)
        port = await table.start(LOCAL)
        alice, bob = Peer(LOCAL, port, "Alice"), Peer(LOCAL, port, "Bob")
        try:
            await alice.connect()
            await bob.connect()
            await alice.wait_for(lambda u: u["started"] and u["legal"])
            before = kernel.state_hash(table.match.state)
            await alice.act({"type": "drop", "column": column})
            for _ in range(200):
                if alice.errors:
                    break
                await asyncio.sleep(0.01)
            assert alice.errors and alice.errors[0]["code"] == "illegal-action"
            assert kernel.state_hash(table.match.state) == before
            await alice.act({"type": "drop", "column": 3})
            await bob.wait_for(lambda u: u["ply"] == 1)
            await bob.act({"type": "drop", "column": 3})
            await alice.wait_for(lambda u: u["ply"] == 2)
        finally:
            await alice.close()
            await bob.close()
            await table.close()

    run(scenario())
    record = read_journal(journal).record
    assert record.actions == [{"type": "drop", "column": 3}] * 2
    assert all(type(a["column"]) is int for a in record.actions)
    resumed = Table.resume(engine, journal, {})
    assert resumed.match.plies == 2 and resumed.match.legal_actions()


def test_a_journal_that_cannot_be_written_refuses_the_action_and_shows_it_to_nobody(host, tmp_path):
    engine = host.engine("connect_four")

    async def scenario():
        table = Table.new(engine, 2, {}, None, [OPEN, OPEN], {}, journal=tmp_path / "t.bwr")
        port = await table.start(LOCAL)
        alice, bob = Peer(LOCAL, port, "Alice"), Peer(LOCAL, port, "Bob")
        try:
            await alice.connect()
            await bob.connect()
            await alice.wait_for(lambda u: u["started"] and u["legal"])
            assert table.journal is not None
            write = table.journal._write

            def full_disk(frame):
                raise OSError(28, "No space left on device")

            table.journal._write = full_disk
            await alice.act({"type": "drop", "column": 0})
            for _ in range(200):
                if alice.errors:
                    break
                await asyncio.sleep(0.01)
            assert alice.errors[0]["code"] == "journal" and "No space left" in alice.errors[0]["message"]
            assert table.match.plies == 0 and bob.update["ply"] == 0  # Bob was shown nothing
            table.journal._write = write  # the disk has room again: the same action now plays
            await alice.act({"type": "drop", "column": 0})
            await bob.wait_for(lambda u: u["ply"] == 1)
        finally:
            await alice.close()
            await bob.close()
            await table.close()

    run(scenario())
    assert read_journal(tmp_path / "t.bwr")[0].actions == [{"type": "drop", "column": 0}]


def test_a_peer_undo_chat_and_ready_are_answered_as_the_protocol_says(host):
    engine = host.engine("connect_four")

    async def scenario():
        table = Table.new(engine, 2, {}, None, [OPEN, OPEN], {})
        port = await table.start(LOCAL)
        alice, bob = Peer(LOCAL, port, "Alice"), Peer(LOCAL, port, "Bob", ready=False)
        try:
            await alice.connect()
            await bob.connect()
            assert not (await alice.wait_for(lambda u: True))["started"]
            await alice.act({"type": "drop", "column": 0})  # the table has not started
            await bob.say("hello, table")
            await bob.say_ready()
            started = await alice.wait_for(lambda u: u["started"])
            assert started["turn"] and started["legal"]  # a turn alert for the seat to move
            await alice._send({"t": "undo"})
            for _ in range(200):
                if len(alice.errors) >= 2 and alice.chat:
                    break
                await asyncio.sleep(0.01)
            assert [e["code"] for e in alice.errors] == ["not-started", "no-undo"]
            assert [(c["name"], c["seat"], c["text"]) for c in alice.chat] == [("Bob", 1, "hello, table")]
            late = Peer(LOCAL, port, "Watcher", spectate=True)
            await late.connect()
            assert [c["text"] for c in late.chat] == ["hello, table"]  # the chat is in the table's log
            await late.close()
        finally:
            await alice.close()
            await bob.close()
            await table.close()

    run(scenario())


def test_a_join_with_fields_of_the_wrong_type_is_refused_with_a_reason(host):
    engine = host.engine("connect_four")

    async def scenario():
        table = Table.new(engine, 2, {}, None, [OPEN, OPEN], {})
        port = await table.start(LOCAL)
        try:
            for join, code in (
                ({"seat": True}, "seat"),
                ({"seat": 7}, "seat"),
                ({"seat": 0, "token": 12345}, "token"),
                ({"seat": 0, "token": ["a"]}, "token"),
                ({"protocol": "2"}, "protocol"),
            ):
                reader, writer = await asyncio.open_connection(LOCAL, port)
                message = {"t": "join", "protocol": PROTOCOL_VERSION, "name": ["not", "a", "name"], **join}
                writer.write(_frame(msgpack.packb(message)))
                answer = await asyncio.wait_for(reader.read(), timeout=10)
                refused = msgpack.unpackb(answer[4:])
                assert refused["t"] == "refused" and refused["code"] == code, (join, refused)
                writer.close()
        finally:
            await table.close()

    run(scenario())
