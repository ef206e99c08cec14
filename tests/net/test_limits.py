"""No peer can freeze a table: slow readers, half frames, idle sockets and too many connections.

Everything on 127.0.0.1; every loop bounded in count and time.
"""

from __future__ import annotations

import asyncio
import socket
import struct
import time

from boardwright.framework import Engine, Game, GameSpec, kernel
from boardwright.net.host import OPEN, Limits, Table
from boardwright.net.live import LiveGame
from boardwright.net.peer import Peer, Refused, play_with_bot
from boardwright.net.protocol import PROTOCOL_VERSION, encode

LOCAL = "127.0.0.1"


class Noisy(Game):
    """Two seats count to 60 in turn; the board carries 8 KB that change with every count."""

    spec = GameSpec(id="noisy", version="1", title_en="Noisy", title_ru="Шумная", players=(2,))
    messages = {"en": {"count": "{seat} counts"}, "ru": {"count": "{seat} считает"}}

    def setup(self, state, setup):
        state["count"] = 0

    def legal_actions(self, state):
        return [{"type": "count"}]

    def apply(self, state, action, log):
        state["count"] += 1
        if state["count"] >= 60:
            kernel.finish(state, winners=[0])
        else:
            kernel.set_active(state, 1 - kernel.active(state))

    def board(self, state, seat):
        noise = f"{state['count']:04d}" * 2048
        return {"kind": "cards", "items": [{"shape": "text", "at": [0, 0], "text": noise}]}


def _table(limits, **settings):
    engine = Engine(Noisy())
    return Table(engine, LiveGame(engine, seed=7), [OPEN, OPEN], {}, limits=limits, **settings)


def run(coro, seconds=60):
    return asyncio.run(asyncio.wait_for(coro, timeout=seconds))


async def _raw(port, message=None, receive_buffer=None):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, (LOCAL, port))
    reader, writer = await asyncio.open_connection(sock=sock)
    if message is not None:
        writer.write(encode(message))
        await writer.drain()
    return reader, writer


async def _play_timed(alice, bob):
    """A whole game of Noisy; the longest wait for one update, in seconds."""
    worst = 0.0
    peers = {0: alice, 1: bob}
    for _ in range(200):
        update = await alice.wait_for(lambda u: u["started"])
        if update["outcome"] is not None:
            return worst
        mover = peers[update["to_move"]]
        mine = await mover.wait_for(lambda u, p=update["ply"]: u["ply"] == p and u["legal"])
        start = time.monotonic()
        await mover.act(mine["legal"][0])
        await alice.wait_for(lambda u, p=update["ply"]: u["ply"] == p + 1)
        worst = max(worst, time.monotonic() - start)
    raise AssertionError("no end in 200 updates")


def test_a_spectator_that_stops_reading_is_dropped_and_never_slows_the_players():
    async def scenario():
        limits = Limits(max_queue_bytes=64 * 1024, write_timeout=2.0, socket_buffer=16 * 1024)
        table = _table(limits)
        port = await table.start(LOCAL)
        stalled = await _raw(port, {"t": "join", "protocol": PROTOCOL_VERSION, "spectate": True}, 4096)
        alice, bob = Peer(LOCAL, port, "Alice"), Peer(LOCAL, port, "Bob")
        try:
            await alice.connect()
            await bob.connect()
            worst = await _play_timed(alice, bob)
            assert table.match.is_over()
            assert worst < 1.0, f"a player waited {worst:.3f} s for one update"
            assert table.spectators == []  # dropped: it read nothing of 60 updates of 8 KB
        finally:
            stalled[1].close()
            await alice.close()
            await bob.close()
            await table.close()

    run(scenario())


def test_half_frames_and_silent_sockets_are_closed_and_the_table_goes_on():
    async def scenario():
        limits = Limits(join_timeout=1.0, frame_timeout=0.5, max_connections=40)
        table = _table(limits)
        port = await table.start(LOCAL)
        holders = []
        for _ in range(30):  # half a frame each, then nothing
            reader, writer = await _raw(port)
            writer.write(struct.pack(">I", 200) + b"\x81\xa1t")
            holders.append((reader, writer))
        silent = [await _raw(port) for _ in range(5)]  # connect and say nothing
        alice, bob = Peer(LOCAL, port, "Alice"), Peer(LOCAL, port, "Bob")
        try:
            await alice.connect()
            await bob.connect()
            worst = await _play_timed(alice, bob)
            assert worst < 1.0
            for reader, _writer in holders + silent:
                answer = await asyncio.wait_for(reader.read(), timeout=5)  # one error frame, then closed
                assert b"error" in answer and (b"frame not finished" in answer or b"nothing heard" in answer)
            assert len(table._links) == 2
        finally:
            for _reader, writer in holders + silent:
                writer.close()
            await alice.close()
            await bob.close()
            await table.close()

    run(scenario())


def test_connections_and_spectators_are_limited_with_a_clear_refusal():
    async def scenario():
        table = _table(Limits(max_connections=4, max_spectators=1))
        port = await table.start(LOCAL)
        watcher = Peer(LOCAL, port, "W", spectate=True)
        extra = []
        try:
            await watcher.connect()
            try:
                await Peer(LOCAL, port, "W2", spectate=True).connect()
                raise AssertionError("a second spectator was let in")
            except Refused as exc:
                assert exc.code == "full" and "spectators" in exc.message
            extra = [await _raw(port) for _ in range(3)]  # 1 + 3 = the table's 4 connections
            reader, writer = await _raw(port)
            answer = await asyncio.wait_for(reader.read(), timeout=5)
            assert b"busy" in answer and b"no room" in answer
            writer.close()
        finally:
            for _reader, writer in extra:
                writer.close()
            await watcher.close()
            await table.close()

    run(scenario())


def test_a_joined_peer_that_stays_silent_is_dropped_one_that_pings_stays():
    async def scenario():
        table = _table(Limits(idle_timeout=0.6), ready_step=False)
        port = await table.start(LOCAL)
        quiet = Peer(LOCAL, port, "Quiet", ping_every=0)
        lively = Peer(LOCAL, port, "Lively", ping_every=0.2)
        try:
            await quiet.connect()
            await lively.connect()
            await asyncio.sleep(1.5)
            assert [e["code"] for e in quiet.errors] == ["idle"]
            assert lively.errors == []
            assert table.seats[1].connection is not None and table.seats[0].connection is None
        finally:
            await quiet.close()
            await lively.close()
            await table.close()

    run(scenario())


def test_a_stalled_seat_is_held_by_a_bot_when_the_table_says_so():
    from boardwright.bots.random_bot import make_random
    from boardwright.framework import BotKind

    async def scenario():
        engine = Engine(Noisy())
        limits = Limits(max_queue_bytes=64 * 1024, write_timeout=1.0, socket_buffer=16 * 1024, idle_timeout=1.0)
        bots = {"random": BotKind("random", "Random", "Случайный", make_random)}
        table = Table(engine, LiveGame(engine, seed=7), [OPEN, OPEN], bots, limits=limits, on_drop="random")
        port = await table.start(LOCAL)
        alice = Peer(LOCAL, port, "Alice", ping_every=0.2)
        try:
            await alice.connect()
            # Bob joins, says ready, then never reads nor writes again: dropped when idle or full
            _reader, writer = await _raw(port, {"t": "join", "protocol": PROTOCOL_VERSION, "name": "Bob"}, 4096)
            writer.write(encode({"t": "ready"}))
            outcome = await play_with_bot(alice, lambda u: u["legal"][0], timeout=20)
            assert outcome is not None and table.match.is_over()
            assert 1 in table.stand_ins  # the bot played Bob's seat once Bob was dropped
            writer.close()
        finally:
            await alice.close()
            await table.close()

    run(scenario())


def test_a_host_that_falls_silent_without_closing_ends_the_peers_wait():
    """A host whose machine went off answers no ping and never closes the socket: the peer
    closes it after three unanswered pings, and a seat waiting for people hears the end."""

    async def scenario():
        async def silent_host(reader, writer):
            await reader.readexactly(struct.unpack(">I", await reader.readexactly(4))[0])  # the join
            writer.write(encode({"t": "welcome", "seat": 0, "token": "t" * 32, "game": "noisy", "players": 2}))
            await writer.drain()
            await asyncio.sleep(30)  # then nothing: no pong, no close

        server = await asyncio.start_server(silent_host, LOCAL, 0)
        peer = Peer(LOCAL, server.sockets[0].getsockname()[1], "P", ping_every=0.2)
        try:
            await peer.connect()
            started = time.monotonic()
            outcome = await asyncio.wait_for(play_with_bot(peer, lambda u: u["legal"][0], timeout=None), 10)
            waited = time.monotonic() - started
        finally:
            await peer.close()
            server.close()
        assert outcome is None and 0.5 < waited < 5.0  # three pings of 0.2 s, and the next check

    asyncio.run(asyncio.wait_for(scenario(), 30))
