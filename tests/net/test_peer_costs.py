"""What one peer may cost the host: frames and bytes a second, queued frames, descriptors,
and the `error` every refused frame gets before its socket closes.

Everything on 127.0.0.1; every loop bounded in count and time.
"""

from __future__ import annotations

import asyncio
import socket
import struct
import subprocess
import sys
import textwrap
import time

from boardwright.net.host import Limits
from boardwright.net.link import FRAME_COST
from boardwright.net.peer import Peer
from boardwright.net.protocol import FROM_HOST, PROTOCOL_VERSION, encode, read_message

from .test_limits import LOCAL, _play_timed, _raw, _table, run

SPECTATE = {"t": "join", "protocol": PROTOCOL_VERSION, "name": "flood", "spectate": True}


async def _closing_messages(reader, seconds=5.0):
    """Every message until the host closes (a reset before its error would raise here)."""
    messages = []
    async with asyncio.timeout(seconds):
        while (message := await read_message(reader, FROM_HOST, check_shape=False)) is not None:
            messages.append(message)
    return messages


def test_a_spectator_flooding_pings_is_told_and_dropped_and_the_players_play_on():
    async def scenario():
        table = _table(Limits(frames_per_second=200))
        port = await table.start(LOCAL)
        alice, bob = Peer(LOCAL, port, "Alice"), Peer(LOCAL, port, "Bob")
        await alice.connect()
        await bob.connect()
        reader, writer = await _raw(port, SPECTATE)
        ping = encode({"t": "ping"})

        async def flood():
            for _ in range(5000):  # far past 200 a second, read or not
                writer.write(ping * 10)
                await writer.drain()

        flooding = asyncio.get_running_loop().create_task(flood())
        try:
            told = await _closing_messages(reader)
            worst = await _play_timed(alice, bob)
            assert table.match.is_over() and worst < 1.0
            assert not alice.errors and not bob.errors  # nobody else noticed
        finally:
            flooding.cancel()
            writer.close()
            await alice.close()
            await bob.close()
            await table.close()
        return told

    told = run(scenario())
    assert told[-1] == {"t": "error", "code": "flood", "message": "more than 200 frames a second"}
    # answered up to the bound (a bucket 200 deep, and what it refilled meanwhile), then dropped
    assert 150 <= sum(1 for m in told if m["t"] == "pong") <= 220


def test_a_peer_sending_more_bytes_a_second_than_allowed_is_told_and_dropped():
    async def scenario():
        table = _table(Limits(bytes_per_second=100_000, frames_per_second=10_000))
        port = await table.start(LOCAL)
        reader, writer = await _raw(port, SPECTATE)
        try:
            chat = encode({"t": "chat", "text": "x" * 60_000})
            for _ in range(4):
                writer.write(chat)
            return await _closing_messages(reader)
        finally:
            writer.close()
            await table.close()

    told = run(scenario())
    assert told[-1] == {"t": "error", "code": "flood", "message": "more than 100000 bytes a second"}


def test_a_peer_that_reads_nothing_is_dropped_when_its_queue_holds_too_many_frames():
    """Pongs are 11 bytes: the byte bound alone would let 4 MiB of them (about 20 MiB of
    memory) wait; the frame bound drops the peer first, and each frame counts what it costs."""

    async def scenario():
        limits = Limits(max_queue_frames=300, socket_buffer=4096, frames_per_second=100_000)
        table = _table(limits)
        port = await table.start(LOCAL)
        reader, writer = await _raw(port, SPECTATE, receive_buffer=4096)
        try:
            await asyncio.wait_for(reader.readexactly(4), 5)  # the welcome has come: the peer is in
            links = list(table._links)
            writer.write(encode({"t": "ping"}) * 60_000)  # never read again: the pongs wait
            for _ in range(500):
                if not table.spectators:
                    break
                await asyncio.sleep(0.01)
            return [link.reason for link in links]
        finally:
            writer.close()
            await table.close()

    reasons = run(scenario())
    assert reasons == ["it did not read 300 frames sent to it"]
    pong = encode({"t": "pong"})
    assert sys.getsizeof(pong) + 8 <= len(pong) + FRAME_COST  # a queued frame's memory: the object and its slot


def test_a_join_of_a_mebibyte_gets_its_error_not_a_reset():
    async def scenario():
        table = _table(Limits())
        port = await table.start(LOCAL)
        reader, writer = await _raw(port)
        try:
            body = b"\x81\xa1t\xa4join" + b"\x00" * (1 << 20)
            writer.write(struct.pack(">I", len(body)) + body)
            await writer.drain()
            return await _closing_messages(reader)
        finally:
            writer.close()
            await table.close()

    told = run(scenario())
    assert told == [
        {"t": "error", "code": "protocol", "message": f"a frame of {(1 << 20) + 8} bytes is over the 65536-byte limit"}
    ]


SQUEEZED_HOST = textwrap.dedent(
    """
    import asyncio, os, resource, sys
    from boardwright.framework import PluginHost
    from boardwright.net.host import OPEN, Limits, Table

    async def main():
        engine = PluginHost().engine("connect_four")
        table = Table.new(engine, 2, {}, None, [OPEN, OPEN], {}, limits=Limits(max_connections=1000))
        port = await table.start("127.0.0.1", 0)
        # the descriptors run out below the table's budget (another table, a file, a library)
        used = len(os.listdir("/proc/self/fd"))
        resource.setrlimit(resource.RLIMIT_NOFILE, (used + 6, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
        print(port, flush=True)
        await asyncio.sleep(float(sys.argv[1]))
        await table.close()

    asyncio.run(main())
    """
)


def test_a_host_out_of_descriptors_refuses_busy_without_a_traceback_and_serves_again():
    host = subprocess.Popen(
        [sys.executable, "-c", SQUEEZED_HOST, "6"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        port = int(host.stdout.readline())

        async def first_answer(reader):
            try:
                message = await asyncio.wait_for(read_message(reader, FROM_HOST, check_shape=False), 3)
            except (TimeoutError, ConnectionError):
                return "nothing"
            return message["t"] if message else "closed"

        async def scenario():
            held = [await _raw(port, SPECTATE) for _ in range(30)]
            answers = await asyncio.gather(*(first_answer(reader) for reader, _writer in held))
            for _reader, writer in held:
                writer.close()
            await asyncio.sleep(0.5)
            peer = Peer(LOCAL, port, "later", spectate=True)
            welcome = await peer.connect()
            await peer.close()
            return answers, welcome

        started = time.monotonic()
        answers, welcome = run(scenario(), 40)
        assert set(answers) == {"refused", "welcome"} and welcome["t"] == "welcome"  # each one told
        assert time.monotonic() - started < 40
        _out, err = host.communicate(timeout=20)
        assert "Traceback" not in err and "Too many open files" not in err, err
        assert 1 <= err.count("out of file descriptors") <= 2, err
    finally:
        host.kill()
        host.wait(timeout=10)


def test_a_connection_over_the_cap_is_refused_busy_and_reads_its_refusal():
    async def scenario():
        table = _table(Limits(max_connections=2))
        port = await table.start(LOCAL)
        first, second = await _raw(port), await _raw(port)
        reader, writer = await _raw(port, SPECTATE)
        try:
            return await _closing_messages(reader)
        finally:
            for _reader, other in (first, second):
                other.close()
            writer.close()
            await table.close()

    told = run(scenario())
    assert [(m["t"], m["code"]) for m in told] == [("refused", "busy")]


def test_an_address_dropped_for_flooding_is_refused_at_the_gate_until_its_cooldown_ends():
    async def scenario():
        table = _table(Limits(frames_per_second=50, flood_cooldown=1.0))
        port = await table.start(LOCAL)
        try:
            reader, writer = await _raw(port, SPECTATE)
            writer.write(encode({"t": "ping"}) * 200)
            flooded = await _closing_messages(reader)
            writer.close()
            reader, writer = await _raw(port, SPECTATE)
            refused = await _closing_messages(reader)
            writer.close()
            await asyncio.sleep(1.1)
            later = Peer(LOCAL, port, "later", spectate=True)
            welcome = await later.connect()
            await later.close()
            return flooded[-1]["code"], refused, welcome["t"]
        finally:
            await table.close()

    flooded, refused, welcome = run(scenario())
    assert flooded == "flood" and welcome == "welcome"
    assert [(m["t"], m["code"]) for m in refused] == [("refused", "flood")]
    assert refused[0]["message"] == "this address sent too much: try again in 1 s"


def test_the_host_sends_small_frames_at_once_not_after_the_peers_delayed_ack():
    async def scenario():
        table = _table(Limits())
        port = await table.start(LOCAL)
        peer = Peer(LOCAL, port, "Anna")
        try:
            await peer.connect()
            (link,) = table._links
            sock = link.writer.get_extra_info("socket")
            return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        finally:
            await peer.close()
            await table.close()

    assert run(scenario()) != 0
