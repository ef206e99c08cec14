"""A table that lasts: resync floods, a 10,000-action game, a descriptor budget, peers killed.

Everything on 127.0.0.1; every loop bounded in count and time.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import subprocess
import sys
import textwrap

import pytest

from boardwright.framework import Engine, Game, GameSpec, PluginHost, kernel
from boardwright.framework import replay as replay_files
from boardwright.net.host import OPEN, PAUSE, Limits, Table
from boardwright.net.live import LiveGame
from boardwright.net.peer import Peer, play_with_bot
from boardwright.net.protocol import FROM_HOST, PROTOCOL_VERSION, decode, encode, read_message
from boardwright.net.updates import Packs, Seen, Snapshot

LOCAL = "127.0.0.1"


class Long(Game):
    """Two seats count in turn to `goal`; every count leaves an event and changes the board."""

    spec = GameSpec(id="long", version="1", title_en="Long", title_ru="Долгая", players=(2,))
    messages = {"en": {"count": "{seat} counts"}, "ru": {"count": "{seat} считает"}}
    goal = 10_000

    def setup(self, state, setup):
        state["count"] = 0

    def legal_actions(self, state):
        return [{"type": "count"}]

    def apply(self, state, action, log):
        state["count"] += 1
        log.emit("count", seat=kernel.active(state))
        if state["count"] >= self.goal:
            kernel.finish(state, winners=[0])
        else:
            kernel.set_active(state, 1 - kernel.active(state))

    def board(self, state, seat):
        cells = [{"at": [i % 8, i // 8], "text": str((state["count"] + i) % 10)} for i in range(16)]
        return {"kind": "cards", "items": cells, "status": f"{state['count']}"}


def run(coro, seconds=60):
    return asyncio.run(asyncio.wait_for(coro, timeout=seconds))


def test_resync_requests_are_limited_and_the_peer_stays():
    engine = Engine(Long())

    async def scenario():
        table = Table(engine, LiveGame(engine, seed=3), [OPEN, OPEN], {}, limits=Limits(resyncs_per_minute=3))
        port = await table.start(LOCAL, 0)
        reader, writer = await asyncio.open_connection(LOCAL, port)
        try:
            writer.write(encode({"t": "join", "protocol": PROTOCOL_VERSION, "name": "greedy"}))
            for _ in range(6):
                writer.write(encode({"t": "resync"}))
            writer.write(encode({"t": "ping"}))
            await writer.drain()
            seen = []
            for _ in range(20):
                message = await asyncio.wait_for(read_message(reader, FROM_HOST), 5)
                seen.append(message)
                if message["t"] == "pong":
                    break
            return seen
        finally:
            writer.close()
            await table.close()

    seen = run(scenario())
    whole = [m for m in seen if m["t"] == "update" and "view" in m]
    refused = [m for m in seen if m["t"] == "error"]
    assert len(whole) == 1 + 3  # the join's, then three resyncs
    assert [m["code"] for m in refused] == ["resync"] * 3
    assert "3 resyncs a minute" in refused[0]["message"]
    assert seen[-1]["t"] == "pong"  # still served


def _rss_kib():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def test_host_memory_stays_flat_over_a_10000_action_game():
    """The host's path for every action (check, apply, commit, one update per connection,
    a broadcast's cache turned) without sockets; VmRSS sampled every 1,000 actions."""
    engine = Engine(Long())
    game = LiveGame(engine, seed=5)
    packs = Packs()
    seens = [Seen(0), Seen(1), Seen(None)]
    samples = []
    for ply in range(Long.goal):
        game.commit(game.trial({"type": "count"}, seat=game.to_move()))
        packs.turn()
        snapshot = Snapshot(game, [], True, packs)
        frames = [snapshot.frame(seen) for seen in seens]
        if (ply + 1) % 1000 == 0:
            samples.append(_rss_kib())
    assert game.is_over() and len(samples) == 10
    assert len(game.log.events) <= 2000  # the log keeps its tail only
    assert len(decode(frames[0][4:], FROM_HOST, False)["events"]) == 1
    assert len(packs._now) + len(packs._before) < 400  # two broadcasts' parts
    # what still grows is the record: an action and a hash a ply (about 0.3 KiB)
    assert samples[-1] - samples[1] < 4096, samples


HOST_WITH_FEW_DESCRIPTORS = textwrap.dedent(
    """
    import asyncio, resource, sys
    from pathlib import Path
    resource.setrlimit(resource.RLIMIT_NOFILE, (int(sys.argv[2]), resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    from boardwright.framework import PluginHost
    from boardwright.net.host import OPEN, Limits, Table

    async def main():
        engine = PluginHost().engine("connect_four")
        limits = Limits(max_connections=1000, max_spectators=1000)
        table = Table.new(engine, 2, {}, None, [OPEN, OPEN], {}, journal=Path(sys.argv[1]), limits=limits)
        port = await table.start("127.0.0.1", 0)
        print(port, table.max_connections, flush=True)
        while not table.match.is_over():
            await table.changed.wait()
        await asyncio.sleep(0.2)
        await table.close()

    asyncio.run(main())
    """
)


def test_connections_over_the_descriptor_budget_are_refused_and_the_table_plays(tmp_path):
    journal = tmp_path / "fd.bwr"
    host = subprocess.Popen(
        [sys.executable, "-c", HOST_WITH_FEW_DESCRIPTORS, str(journal), "72"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        port, budget = map(int, host.stdout.readline().split())
        assert 8 <= budget < 72

        async def scenario():
            seats = [Peer(LOCAL, port, f"p{i}", ping_every=0) for i in range(2)]
            for peer in seats:
                await peer.connect()
            flood, answers = [], []
            for _ in range(budget + 40):
                reader, writer = await asyncio.open_connection(LOCAL, port)
                writer.write(encode({"t": "join", "protocol": PROTOCOL_VERSION, "name": "w", "spectate": True}))
                flood.append(writer)
                answers.append(await asyncio.wait_for(read_message(reader, FROM_HOST), 5))
            rng = random.Random(4)
            outcomes = await asyncio.gather(*(play_with_bot(p, lambda u: rng.choice(u["legal"])) for p in seats))
            for writer in flood:
                writer.close()
            for peer in seats:
                await peer.close()
            return answers, outcomes

        answers, outcomes = run(scenario())
        refused = [a for a in answers if a["t"] == "refused"]
        assert refused and all(a["code"] == "busy" and "no room" in a["message"] for a in refused)
        assert len(answers) - len(refused) <= budget  # the welcomed ones
        assert outcomes[0] is not None and outcomes[0] == outcomes[1]
        host.wait(timeout=20)
        assert "Traceback" not in host.stderr.read()
        record = replay_files.load(journal)  # the finished game, every action saved
        assert record.outcome == outcomes[0]
    finally:
        host.kill()
        host.wait(timeout=10)


PEER_PROCESS = textwrap.dedent(
    """
    import asyncio, random, sys
    from boardwright.net.peer import Peer, play_with_bot

    async def main(port, seat, token):
        peer = Peer("127.0.0.1", port, "bot", seat=seat, token=token, ping_every=0)
        welcome = await peer.connect()
        print("token", welcome["token"], flush=True)
        rng = random.Random(seat)
        await play_with_bot(peer, lambda update: rng.choice(update["legal"]))
        await peer.close()

    asyncio.run(main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else None))
    """
)


def _join(port, seat, token=None):
    """A peer in a process of its own, playing random legal actions."""
    return subprocess.Popen(
        [sys.executable, "-c", PEER_PROCESS, str(port), str(seat), *([token] if token else [])],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize("on_drop", [PAUSE, "random"])
def test_peer_processes_killed_at_random_points_lose_no_acknowledged_action(tmp_path, on_drop):
    """Both seats are peer processes; one is killed with SIGKILL at a random ply.
    With `pause` its seat waits and a new process rejoins it with its token; with a bot the
    stand-in plays on. A spectator notes every ply it is shown: all are in the journal."""
    plugins = PluginHost()
    engine = plugins.engine("connect_four")
    journal = tmp_path / "kill.bwr"
    rng = random.Random(on_drop)
    options: dict = {}

    async def scenario():
        table = Table.new(
            engine, 2, options, None, [OPEN, OPEN], plugins.bots(), journal=journal, on_drop=on_drop, bot_delay=0.01
        )
        port = await table.start(LOCAL, 0)
        watcher = Peer(LOCAL, port, "watch", spectate=True, ping_every=0)
        await watcher.connect()
        shown = []
        watcher.listener = lambda m: shown.append(m["ply"]) if m.get("t") == "update" else None
        loop = asyncio.get_running_loop()
        processes = [await loop.run_in_executor(None, _join, port, seat) for seat in (0, 1)]
        victim = rng.randrange(2)
        tokens = {}
        try:
            for seat, process in enumerate(processes):
                line = await loop.run_in_executor(None, process.stdout.readline)
                tokens[seat] = re.search(r"token (\w+)", line).group(1)
            target = rng.randrange(2, 7)
            for _ in range(2000):
                if table.match.plies >= target or table.match.is_over():
                    break
                await asyncio.wait_for(table.changed.wait(), 10)
            assert not table.match.is_over(), "the game ended before the kill"
            os.kill(processes[victim].pid, signal.SIGKILL)
            killed_at = table.match.plies
            for _ in range(100):
                if table.seats[victim].connection is None:
                    break
                await asyncio.sleep(0.02)
            assert table.seats[victim].connection is None
            if on_drop == PAUSE:
                await asyncio.sleep(0.3)
                assert table.match.plies <= killed_at + 1  # the seat waits for its person
                processes.append(await loop.run_in_executor(None, _join, port, victim, tokens[victim]))
            for _ in range(4000):
                if table.match.is_over():
                    break
                await asyncio.wait_for(table.changed.wait(), 10)
            await asyncio.sleep(0.1)
            return table.match.plies, shown, killed_at
        finally:
            await watcher.close()
            await table.close()
            for process in processes:
                process.kill()
                process.wait(timeout=10)

    plies, shown, killed_at = run(scenario(), 90)
    assert 0 < killed_at < plies
    record = replay_files.load(journal)
    assert len(record.actions) == plies and record.outcome is not None
    assert set(range(1, plies + 1)) <= set(shown)  # every ply shown, and each one saved
    game = LiveGame.resume(engine, record, str(journal))  # every action and hash checks out
    assert game.plies == plies and game.is_over()
