"""LAN latency on 127.0.0.1: from one peer's intent until every other connection applied the update.

A host (`net.host.Table`) and its peers (`net.peer.Peer`, deltas applied and hash-checked)
run on one event loop in this process, so every figure includes the host's validation,
the journal (with `--journal`), the encoding, the loopback and every peer's work. Seats
play random legal actions, game after game, until `--actions` were played. Extra
connections: `--spectators` that read, `--stalled` spectators that join and never read
again, `--half-frames` sockets that send half a frame and hold it.

Run: .venv/bin/python benchmarks/bench_net.py connect_four --players 2 --spectators 2
     .venv/bin/python benchmarks/bench_net.py book_of_war --players 4 --actions 2000
Speed is measured here, never asserted by tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import struct
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from boardwright.framework import PluginHost
from boardwright.net.host import OPEN, Limits, Table
from boardwright.net.peer import Peer
from boardwright.net.protocol import PROTOCOL_VERSION, encode


class Clock:
    """When each connection applied the update of each ply."""

    def __init__(self) -> None:
        self.waiting: dict[int, asyncio.Future[None]] = {}
        self.target = -1
        self.remaining = 0

    def expect(self, ply: int, count: int) -> asyncio.Future[None]:
        self.target, self.remaining = ply, count
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting[ply] = future
        return future

    def listener(self) -> Any:
        def heard(message: dict[str, Any]) -> None:
            if message.get("t") == "update" and message["ply"] == self.target:
                self.remaining -= 1
                if self.remaining == 0 and not self.waiting[self.target].done():
                    self.waiting[self.target].set_result(None)

        return heard


async def _stalled_spectator(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(encode({"t": "join", "protocol": PROTOCOL_VERSION, "name": "stalled", "spectate": True}))
    await writer.drain()
    return reader, writer  # and never read again


async def _half_frame(port: int) -> asyncio.StreamWriter:
    _reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(struct.pack(">I", 200) + b"\x81\xa1t")  # a frame of 200 bytes, 4 of them sent
    await writer.drain()
    return writer


async def _game(table: Table, seats: list[Peer], clock: Clock, others: int, rng: random.Random) -> list[float]:
    """One game: every action timed until all `others` connections applied it."""
    times: list[float] = []
    match = table.match
    for _ in range(100_000):
        if match.is_over():
            break
        mover = seats[match.to_move()]
        update = await mover.wait_for(lambda u, p=match.plies: u["ply"] == p and u["started"], timeout=30)
        action = rng.choice(update["legal"])
        done = clock.expect(match.plies + 1, others)
        start = time.perf_counter()
        await mover.act(action)
        await asyncio.wait_for(done, 30)
        times.append(time.perf_counter() - start)
    return times


async def run(args: argparse.Namespace) -> dict[str, Any]:
    host = PluginHost()
    engine = host.engine(args.game)
    rng = random.Random(args.seed)
    journal_dir = tempfile.TemporaryDirectory(prefix="bench_net.") if args.journal else None
    times: list[float] = []
    memory: list[int] = []
    extras: list[Any] = []
    tracemalloc.start() if args.memory else None
    started = time.perf_counter()
    games = 0
    while len(times) < args.actions:
        journal = Path(journal_dir.name) / f"g{games}.bwr" if journal_dir else None
        limits = Limits(max_spectators=args.spectators + args.stalled + 1, max_queue_bytes=256 * 1024)
        table = Table.new(engine, args.players, {}, None, [OPEN] * args.players, {}, journal=journal, limits=limits)
        port = await table.start("127.0.0.1", 0)
        clock = Clock()
        seats = [Peer("127.0.0.1", port, f"p{i}", ping_every=0) for i in range(args.players)]
        watchers = [Peer("127.0.0.1", port, f"s{i}", spectate=True, ping_every=0) for i in range(args.spectators)]
        for peer in seats + watchers:
            peer.listener = clock.listener()
        try:
            for _ in range(args.stalled):
                extras.append(await _stalled_spectator(port))
            for _ in range(args.half_frames):
                extras.append(await _half_frame(port))
            for peer in seats + watchers:
                await peer.connect()
            times += await _game(table, seats, clock, args.players + args.spectators - 1, rng)
            games += 1
            if args.memory:
                memory.append(tracemalloc.get_traced_memory()[0])
        finally:
            for peer in seats + watchers:
                await peer.close()
            await table.close()
            for extra in extras:
                (extra[1] if isinstance(extra, tuple) else extra).close()
            extras.clear()
    elapsed = time.perf_counter() - started
    if journal_dir:
        journal_dir.cleanup()
    ordered = sorted(times)
    return {
        "game": args.game,
        "players": args.players,
        "spectators": args.spectators,
        "stalled": args.stalled,
        "half_frames": args.half_frames,
        "journal": bool(args.journal),
        "actions": len(times),
        "games": games,
        "median_ms": round(statistics.median(times) * 1000, 3),
        "p99_ms": round(ordered[int(len(ordered) * 0.99) - 1] * 1000, 3),
        "actions_per_s": round(len(times) / sum(times)),
        "with_setup_per_s": round(len(times) / elapsed),
        "memory_kib": [m // 1024 for m in memory[:: max(1, len(memory) // 5)]] if memory else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--spectators", type=int, default=0)
    parser.add_argument("--stalled", type=int, default=0, help="spectators that join and never read")
    parser.add_argument("--half-frames", type=int, default=0, help="sockets that hold half a frame")
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--journal", action="store_true", help="journal every action (fsync on a temporary dir)")
    parser.add_argument("--memory", action="store_true", help="traced memory after each game (slower)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args))))


if __name__ == "__main__":
    main()
