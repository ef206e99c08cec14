"""Connect Four on its widest board over the LAN: ints beyond 64 bits in the state and the view.

A 12-column, 10-row board keeps each seat's discs in a 132-bit bitboard; msgpack packs
only 64-bit ints, so the state hash and every update failed at the first disc above bit
64 and the table never moved on. The kernel and the wire now carry such ints as one
msgpack extension. Every wait has a timeout; servers and processes are closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import subprocess
import sys

import msgpack
import pytest

from boardwright.framework import Engine, Game, GameSpec, kernel
from boardwright.net.host import OPEN, Table
from boardwright.net.live import LiveGame
from boardwright.net.peer import Peer, Refused, play_with_bot
from boardwright.net.protocol import FROM_HOST, decode, encode

BOARDWRIGHT = [sys.executable, "-m", "boardwright.cli.main"]
WIDE = {"columns": 12, "rows": 10, "connect": 6}
LOCAL = "127.0.0.1"


def test_ints_beyond_64_bits_round_trip_in_the_kernel_and_on_the_wire():
    values = [0, -1, (1 << 64) - 1, 1 << 64, -(1 << 63) - 1, 1 << 131, -(1 << 200)]
    state = {"bits": values, "nested": {"wide": 1 << 100}}
    assert kernel.unpack(kernel.pack(state)) == state
    # ints msgpack packs itself keep their bytes: no hash of an existing save changes
    assert kernel.pack({"n": (1 << 64) - 1}) == msgpack.packb({"n": (1 << 64) - 1}, use_bin_type=True)
    message = {"t": "update", "view": state}
    assert decode(encode(message)[4:], FROM_HOST) == message
    with pytest.raises(TypeError):
        kernel.pack({"not": object()})


def test_the_widest_connect_four_plays_to_the_end_in_process(host):
    engine = host.engine("connect_four")
    game = LiveGame(engine, 2, WIDE, seed=5)
    rng = random.Random(1)
    for _ in range(200):
        if game.is_over():
            break
        game.commit(game.trial(rng.choice(game.legal_actions()), seat=game.to_move()))
    assert game.is_over()
    assert max(bits.bit_length() for bits in game.state["bits"]) > 64  # the case that broke


class Faulty(Game):
    """A legal action whose `apply` fails: the game's fault, not the sender's."""

    spec = GameSpec(id="faulty", version="1", title_en="Faulty", title_ru="Сбой", players=(2,))
    messages = {"en": {}, "ru": {}}

    def setup(self, state, setup):
        state["n"] = 0

    def legal_actions(self, state):
        return [{"type": "go", "n": 1}]

    def apply(self, state, action, log):
        raise ValueError("secret-card-17 was not where the game looked")


@contextlib.asynccontextmanager
async def _two_seats(game):
    """A table of `game` on 127.0.0.1 with both seats joined; all of it closed afterwards
    (closing a peer that left already does nothing more)."""
    engine = Engine(game)
    table = Table(engine, LiveGame(engine, seed=3), [OPEN, OPEN], {})
    port = await table.start(LOCAL, 0)
    peers = [Peer(LOCAL, port, f"p{i}", ping_every=0) for i in range(2)]
    try:
        for peer in peers:
            await peer.connect()
        yield table, peers
    finally:
        for peer in peers:
            await peer.close()
        await table.close()


def test_an_action_the_game_cannot_apply_is_an_internal_error_and_the_bot_says_so():
    async def scenario():
        async with _two_seats(Faulty()) as (table, peers):
            await peers[0].wait_for(lambda u: u["started"] and u["legal"], timeout=5)
            with pytest.raises(Refused) as refused:
                await asyncio.wait_for(play_with_bot(peers[0], lambda u: u["legal"][0], timeout=5), 10)
            assert refused.value.code == "internal"
            assert "could not apply that go action" in str(refused.value)
            assert "secret-card-17" not in str(peers[0].errors)  # the game's own text stays on the host
            assert table.match.plies == 0

    asyncio.run(scenario())


def test_two_joined_processes_finish_a_12_by_10_connect_six_table(tmp_path):
    journal = tmp_path / "wide.bwr"
    options = [arg for key, value in WIDE.items() for arg in ("--option", f"{key}={value}")]
    command = [*BOARDWRIGHT, "host", "connect_four", *options, "--bind", LOCAL, "--no-advertise"]
    command += ["--journal", str(journal), "--max-seconds", "60"]
    host = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    joins: list[subprocess.Popen[str]] = []
    try:
        line = host.stdout.readline()
        found = re.search(r"on 127\.0\.0\.1:(\d+)", line)
        assert found, line + host.stderr.read()
        for seed in (1, 2):
            joins.append(
                subprocess.Popen(
                    [*BOARDWRIGHT, "join", f"{LOCAL}:{found.group(1)}", "--bot", "random", "--seed", str(seed)],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                )
            )
        for join in joins:
            out, err = join.communicate(timeout=60)
            assert join.returncode == 0, err
            assert "game over; winners:" in out
        out, err = host.communicate(timeout=30)
        assert host.returncode == 0, err
        assert "game over after" in out and "Traceback" not in err
    finally:
        for process in [host, *joins]:
            process.kill()
    replayed = subprocess.run(
        [*BOARDWRIGHT, "replay", str(journal), "--verify"], capture_output=True, text=True, timeout=60
    )
    assert replayed.returncode == 0 and "hashes verified" in replayed.stdout, replayed.stderr


def test_a_host_builds_connect_fours_one_board_once_an_action_for_seats_and_spectator(host, monkeypatch):
    """Connect Four's `boards` draws one board for everybody: over a real table with two
    seats and a spectator, each action costs the host one board, and every peer holds it."""
    engine = host.engine("connect_four")
    built: list[int | None] = []
    drawn = engine.game.board
    monkeypatch.setattr(engine.game, "board", lambda state, seat: built.append(seat) or drawn(state, seat))

    async def scenario():
        table = Table(engine, LiveGame(engine, 2, {}, seed=3), [OPEN, OPEN], {})
        port = await table.start(LOCAL, 0)
        seats = [Peer(LOCAL, port, f"p{i}", ping_every=0) for i in range(2)]
        watcher = Peer(LOCAL, port, "s", spectate=True, ping_every=0)
        try:
            for peer in [*seats, watcher]:
                await peer.connect()
            update = await seats[0].wait_for(lambda u: u["started"] and u["legal"], timeout=5)
            for ply in range(6):
                mover = seats[update["to_move"]]
                update = await mover.wait_for(lambda u, p=ply: u["ply"] == p and u["legal"], timeout=5)
                before = len(built)
                await mover.act(update["legal"][ply % len(update["legal"])])
                for peer in [*seats, watcher]:
                    await peer.wait_for(lambda u, p=ply + 1: u["ply"] == p, timeout=5)
                assert len(built) - before == 1
                # as the engine hands it out: with the seats' colours
                board = {**drawn(table.match.state, None), "seat_colours": engine.game.seat_colours(table.match.state)}
                assert all(peer.update["board"] == board for peer in [*seats, watcher])
                update = mover.update
        finally:
            for peer in [*seats, watcher]:
                await peer.close()
            await table.close()

    asyncio.run(scenario())


def test_the_last_peer_leaving_a_book_of_war_table_breaks_nothing(host, caplog):
    """When the last connection leaves, the host's broadcast has no seat to build boards
    for (`Game.boards` of no seats): no error, and the next peer to join is served."""
    engine = host.engine("book_of_war")

    async def scenario():
        table = Table(engine, LiveGame(engine, 2, {}, seed=3), [OPEN, OPEN], {})
        port = await table.start(LOCAL, 0)
        try:
            first = Peer(LOCAL, port, "anna", ping_every=0)
            await first.connect()
            await first.close()
            await asyncio.sleep(0.05)  # the host sees the leaving and broadcasts to nobody
            second = Peer(LOCAL, port, "boris", ping_every=0)
            await second.connect()
            update = await second.wait_for(lambda u: u["board"] is not None, timeout=5)
            await second.close()
            return update
        finally:
            await table.close()

    with caplog.at_level("WARNING"):
        update = asyncio.run(scenario())
    assert update["board"]["kind"] == "hex"
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")], caplog.text


class Blind(Faulty):
    """Its actions apply, but its board fails once the first one is played: a bug in the game."""

    def apply(self, state, action, log):
        state["n"] += 1

    def board(self, state, seat):
        if state["n"]:
            raise KeyError("a region the drawing code forgot")
        return {"items": [{"shape": "text", "at": [0, 0], "text": "start"}]}


def test_a_board_that_fails_is_one_warning_and_an_error_to_every_peer_not_a_traceback(caplog):
    async def scenario():
        async with _two_seats(Blind()) as (table, peers):
            update = await peers[0].wait_for(lambda u: u["started"] and u["legal"], timeout=5)
            await peers[0].act(update["legal"][0])
            for _ in range(100):  # bounded: each peer hears the error
                if all(peer.errors for peer in peers):
                    break
                await asyncio.sleep(0.02)
            await peers[0].close()  # a leaving seat makes the host broadcast once more
            await asyncio.sleep(0.1)
            return [peer.errors for peer in peers], table.match.plies

    with caplog.at_level("WARNING"):
        errors, plies = asyncio.run(scenario())
    assert plies == 1  # the action stands; only showing it failed
    assert all(e and e[0]["code"] == "internal" for e in errors)
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert any("could not show ply 1: KeyError" in w for w in warnings), warnings
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")], caplog.text
    assert "Traceback" not in caplog.text
