"""LAN latency on 127.0.0.1: from one peer's intent until every other connection applied the update.

The host (`net.host.Table`) runs in a process of its own, as in real play (`serve`); the
peers (`net.peer.Peer`, deltas applied and hash-checked) run on one event loop in this
process. Every figure includes the host's validation, the journal (with `--journal`), the
encoding, the loopback and every peer's work. Seats play random legal actions, game after
game, until `--actions` were played. Extra connections: `--spectators` that read,
`--stalled` spectators that join and never read again, `--half-frames` sockets that send
half a frame and hold it. `--tables K` plays K tables of the one host at once (the host's
sustained rate: one table's actions wait for each other, different tables' do not).

`--flooders N` puts N spectators at every table that send pings as fast as their sockets
take them, each in a process of its own, reading what comes back (`--flood-unread`: never
reading); a flooder the host drops or refuses connects again `--flood-pause` seconds later
(0.5), so the table has N flooders for the whole game. Flooders connect from 127.0.0.2, as
from another machine (the host refuses a flooder's address for a while, not the players'). `--connections N` measures the host's memory per connection before the
first game: its VmRSS (read from /proc) before and after N spectators joined and were sent
the table. The host's highest VmRSS during the run is reported as `host_peak_kib`.

`--seeded` seeds the tables 1, 2, ... (a real table's seed is secret): with the peers'
`--seed`, base and new play the very same games, so their figures differ only by the code.

`--advertise` announces each table with zeroconf (on 127.0.0.1 only) and keeps the
announcement up to date after every change, as `boardwright host` and the desktop's host do.

`--base DIR` measures another tree (DIR/boardwright, e.g. `git archive` of an earlier
commit) as well, alternating base and new `--rounds` times, so both meet the same load;
each measurement runs in a process of its own whose peers and host come from one tree. `--rss` samples the host's VmRSS every 1,000 actions; `--profile FILE` writes the
host's cProfile statistics (FILE.base: the base host's).

Run: .venv/bin/python benchmarks/bench_net.py connect_four --players 2 --spectators 2
     .venv/bin/python benchmarks/bench_net.py book_of_war --players 4 --actions 2000
     .venv/bin/python benchmarks/bench_net.py connect_four --players 2 --spectators 2 --flooders 1 --connections 40
Speed is measured here, never asserted by tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import struct
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from boardwright.net.peer import Peer
from boardwright.net.protocol import PROTOCOL_VERSION, encode

HERE = Path(__file__).resolve()


class Clock:
    """When each connection applied the update of each ply."""

    def __init__(self) -> None:
        self.waiting: dict[int, asyncio.Future[None]] = {}
        self.target = -1
        self.remaining = 0

    def expect(self, ply: int, count: int) -> asyncio.Future[None]:
        self.target, self.remaining = ply, count
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting = {ply: future}
        return future

    def listener(self) -> Any:
        def heard(message: dict[str, Any]) -> None:
            if message.get("t") == "update" and message["ply"] == self.target:
                self.remaining -= 1
                if self.remaining == 0 and not self.waiting[self.target].done():
                    self.waiting[self.target].set_result(None)

        return heard


# --- the host's process ---


def _rss_kib() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


async def serve(args: argparse.Namespace) -> None:
    """Host tables one after another (`--tables` at once); print each table's port as a JSON
    line, and `{"rss_kib", "actions"}` every 1,000 actions with `--rss`. Ends when its
    standard input closes."""
    from boardwright.framework import PluginHost
    from boardwright.net.host import OPEN, Limits, Table

    engine = PluginHost().engine(args.game)
    journal_dir = tempfile.TemporaryDirectory(prefix="bench_net.") if args.journal else None
    loop = asyncio.get_running_loop()
    counted = [0, 1000]  # actions so far, the next sample

    def say(line: dict[str, Any]) -> None:
        sys.stdout.write(json.dumps(line) + "\n")
        sys.stdout.flush()

    async def tables(lane: int) -> None:
        for number in range(1_000_000):
            journal = Path(journal_dir.name) / f"t{lane}g{number}.bwr" if journal_dir else None
            watching = args.spectators + args.stalled + args.flooders + args.connections
            limits = Limits(max_spectators=watching + 1, max_queue_bytes=args.queue_bytes)
            options = json.loads(args.options)
            kinds = [OPEN] * args.players
            seed = 1 + 1000 * lane + number if args.seeded else None  # None: secret, as a real table's
            table = Table.new(engine, args.players, options, None, kinds, {}, seed=seed, journal=journal, limits=limits)
            port = await table.start("127.0.0.1", 0)
            advertiser = None
            if args.advertise:  # as `boardwright host` and the desktop's host do, on 127.0.0.1 only
                from boardwright.net.discovery import Advertiser

                advertiser = Advertiser(port, address="127.0.0.1", interfaces=["127.0.0.1"])
                await advertiser.start(table.info())
            say({"lane": lane, "port": port})
            seen = 0
            while not table.match.is_over():
                await table.changed.wait()
                if advertiser is not None:
                    await advertiser.update(table.info())
                counted[0] += table.match.plies - seen
                seen = table.match.plies
                if args.rss and counted[0] >= counted[1]:
                    counted[1] += 1000
                    say({"rss_kib": _rss_kib(), "actions": counted[0]})
            await asyncio.sleep(0.05)  # the peers read the end and leave
            if advertiser is not None:
                await advertiser.close()
            await table.close()

    collections = _count_full_collections()
    stdin_closed = loop.run_in_executor(None, sys.stdin.read)
    cpu = time.process_time()
    lanes = [loop.create_task(tables(lane)) for lane in range(args.tables)]
    await stdin_closed
    say({"cpu_s": time.process_time() - cpu, "actions": counted[0], "gc": collections})
    for lane in lanes:
        lane.cancel()
    await asyncio.gather(*lanes, return_exceptions=True)
    if journal_dir:
        journal_dir.cleanup()


def _run(coroutine: Any, kind: str) -> Any:
    """`asyncio.run` on uvloop's loop or asyncio's (`--loop`; "auto": uvloop when installed).
    The benchmark picks the loop itself, so a `--base` tree without `net/loop.py` runs too."""
    factory = asyncio.new_event_loop
    if kind != "asyncio":
        try:
            import uvloop

            factory = uvloop.new_event_loop
        except ImportError:
            if kind == "uvloop":
                raise
    with asyncio.Runner(loop_factory=factory) as runner:
        return runner.run(coroutine)


def _count_full_collections() -> dict[str, float]:
    """The host's full (generation 2) garbage collections: how many, their longest in ms."""
    import gc

    counted: dict[str, float] = {"full": 0, "longest_ms": 0.0}
    started = [0.0]

    def heard(phase: str, info: dict[str, int]) -> None:
        if info["generation"] == 2:
            if phase == "start":
                started[0] = time.perf_counter()
            else:
                counted["full"] += 1
                counted["longest_ms"] = max(counted["longest_ms"], (time.perf_counter() - started[0]) * 1000)

    gc.callbacks.append(heard)
    return counted


def serve_main(args: argparse.Namespace) -> None:
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
        try:
            _run(serve(args), args.loop)
        finally:
            profiler.disable()
            profiler.dump_stats(args.profile)
    else:
        _run(serve(args), args.loop)


# --- a flooder's process ---


async def flood(port: int, read: bool, pause: float) -> None:
    """A spectator that sends pings as fast as its socket takes them (reading what comes back
    unless `read` is False); dropped, it connects again `pause` seconds later. Ends when
    stdin closes."""
    join = encode({"t": "join", "protocol": PROTOCOL_VERSION, "name": "flood", "spectate": True})
    pings = encode({"t": "ping"}) * 512
    loop = asyncio.get_running_loop()
    stdin_closed = loop.run_in_executor(None, sys.stdin.read)
    said = False
    while not stdin_closed.done():
        try:
            # from 127.0.0.2, as from another machine: the host cools down a flooder's address
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0))
        except OSError:
            await asyncio.sleep(0.01)
            continue
        reading = loop.create_task(_discard(reader)) if read else None
        try:
            writer.write(join + pings)
            await writer.drain()
            if not said:  # the game starts once every flooder floods
                said = True
                sys.stdout.write("flooding\n")
                sys.stdout.flush()
            while not stdin_closed.done():
                writer.write(pings)
                await writer.drain()
                await asyncio.sleep(0)  # its reader reads what came back meanwhile
        except (ConnectionError, OSError):
            pass
        finally:
            writer.transport.abort()
            if reading is not None:
                reading.cancel()
        await asyncio.sleep(pause)


async def _discard(reader: asyncio.StreamReader) -> None:
    while await reader.read(1 << 16):
        pass


async def _flooders(args: argparse.Namespace, port: int, env: dict[str, str]) -> list[Any]:
    command = [sys.executable, str(HERE), args.game, "--flood", str(port)]
    command += ["--flood-pause", str(args.flood_pause)] + (["--flood-unread"] if args.flood_unread else [])
    flooders = [
        await asyncio.create_subprocess_exec(
            *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=env
        )
        for _ in range(args.flooders)
    ]
    for flooder in flooders:
        assert flooder.stdout is not None
        await asyncio.wait_for(flooder.stdout.readline(), 30)  # "flooding"
    return flooders


def _host_rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


async def _memory_per_connection(port: int, pid: int, count: int) -> float:
    """KiB of the host's VmRSS per spectator joined and sent the table (two samples, the
    collector run in neither process: what a connection keeps, not what it churns)."""
    await asyncio.sleep(0.3)
    before = _host_rss_kib(pid)
    watchers = [Peer("127.0.0.1", port, f"m{i}", spectate=True, ping_every=0) for i in range(count)]
    try:
        for peer in watchers:
            await peer.connect()
            await peer.wait_for(lambda u: True, timeout=30)
        await asyncio.sleep(0.3)
        return round((_host_rss_kib(pid) - before) / count, 1)
    finally:
        for peer in watchers:
            await peer.close()


# --- the peers' process ---


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


async def _game(seats: list[Peer], clock: Clock, others: int, rng: random.Random) -> list[float]:
    """One game: every action timed until all `others` connections applied it."""
    times: list[float] = []
    update = await seats[0].wait_for(lambda u: u["started"], timeout=30)
    for _ in range(100_000):
        if update["outcome"] is not None:
            break
        mover = seats[update["to_move"]]
        ply = update["ply"]
        update = await mover.wait_for(lambda u, p=ply: u["ply"] == p and u["started"], timeout=30)
        done = clock.expect(ply + 1, others)
        start = time.perf_counter()
        await mover.act(rng.choice(update["legal"]))
        await asyncio.wait_for(done, 30)
        times.append(time.perf_counter() - start)
        update = await mover.wait_for(lambda u, p=ply + 1: u["ply"] == p, timeout=30)
    return times


async def _lane(
    args: argparse.Namespace, ports: asyncio.Queue[int], times: list[float], rng: random.Random, host: Any
) -> float:
    """Games on the tables this lane is given; returns the time spent playing them."""
    playing = 0.0
    while len(times) < args.actions:
        port = await asyncio.wait_for(ports.get(), 30)
        if args.connections and "per_connection_kib" not in host.measured:
            host.measured["per_connection_kib"] = await _memory_per_connection(port, host.pid, args.connections)
        flooders = await _flooders(args, port, host.env)
        clock = Clock()
        seats = [Peer("127.0.0.1", port, f"p{i}", ping_every=0) for i in range(args.players)]
        watchers = [Peer("127.0.0.1", port, f"s{i}", spectate=True, ping_every=0) for i in range(args.spectators)]
        extras: list[Any] = []
        for peer in seats + watchers:
            peer.listener = clock.listener()
        try:
            for _ in range(args.stalled):
                extras.append(await _stalled_spectator(port))
            for _ in range(args.half_frames):
                extras.append(await _half_frame(port))
            for peer in seats + watchers:
                await peer.connect()
            started = time.perf_counter()
            times += await _game(seats, clock, args.players + args.spectators - 1, rng)
            playing += time.perf_counter() - started
        finally:
            for peer in seats + watchers:
                await peer.close()
            for extra in extras:
                (extra[1] if isinstance(extra, tuple) else extra).close()
            for flooder in flooders:
                assert flooder.stdin is not None
                flooder.stdin.close()
                await asyncio.wait_for(flooder.wait(), 30)
    return playing


def _host_command(args: argparse.Namespace, profile: str | None) -> list[str]:
    command = [sys.executable, str(HERE), args.game, "--serve", "--players", str(args.players)]
    command += ["--spectators", str(args.spectators), "--stalled", str(args.stalled), "--tables", str(args.tables)]
    command += ["--flooders", str(args.flooders), "--connections", str(args.connections)]
    command += ["--seeded"] if args.seeded else []
    command += ["--queue-bytes", str(args.queue_bytes)]
    command += ["--options", args.options, "--loop", args.loop]
    command += ["--journal"] if args.journal else []
    command += ["--advertise"] if args.advertise else []
    command += ["--rss"] if args.rss else []
    command += ["--profile", profile] if profile else []
    return command


async def run(args: argparse.Namespace, base: str | None = None) -> dict[str, Any]:
    """One measurement against a host process (from `base`'s tree when given)."""
    env = dict(os.environ)
    if base:
        env["PYTHONPATH"] = base
    process = await asyncio.create_subprocess_exec(
        *_host_command(args, args.profile and (args.profile + ".base" if base else args.profile)),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        env=env,
        limit=1 << 20,
    )
    assert process.stdout is not None and process.stdin is not None
    ports: asyncio.Queue[int] = asyncio.Queue()
    rss: list[tuple[int, int]] = []
    host_cpu: list[float] = []
    host_gc: list[dict[str, float]] = []

    async def listen() -> None:
        assert process.stdout is not None
        while line := await process.stdout.readline():
            said = json.loads(line)
            if "port" in said:
                ports.put_nowait(said["port"])
            elif "cpu_s" in said:
                host_cpu.append(said["cpu_s"])
                host_gc.append(said["gc"])
            else:
                rss.append((said["actions"], said["rss_kib"]))

    listener = asyncio.get_running_loop().create_task(listen())
    host = argparse.Namespace(pid=process.pid, env=env, measured={}, peak=0)

    async def sample() -> None:
        while True:
            host.peak = max(host.peak, _host_rss_kib(process.pid))
            await asyncio.sleep(0.1)

    sampler = asyncio.get_running_loop().create_task(sample())
    rng = random.Random(args.seed)
    times: list[float] = []
    peers_cpu = time.process_time()
    try:
        playing = await asyncio.gather(*(_lane(args, ports, times, rng, host) for _ in range(args.tables)))
    finally:
        sampler.cancel()
        process.stdin.close()
        try:
            await asyncio.wait_for(process.wait(), 30)
            host_exit = "stopped"
        except TimeoutError:  # still busy with what flooders sent it
            process.kill()
            await process.wait()
            host_exit = "killed: not stopped 30 s after its last game"
        await listener
    peers_cpu = time.process_time() - peers_cpu
    ordered = sorted(times)
    return {
        "host": args.label or ("base" if base else "new"),
        "loop": type(asyncio.get_running_loop()).__module__.split(".")[0],
        "game": args.game,
        "players": args.players,
        "spectators": args.spectators,
        "tables": args.tables,
        "journal": bool(args.journal),
        "advertise": bool(args.advertise),
        "actions": len(times),
        "median_ms": round(statistics.median(times) * 1000, 3),
        "p99_ms": round(ordered[int(len(ordered) * 0.99) - 1] * 1000, 3),
        # every table plays at once: the actions over one lane's time at the tables
        "actions_per_s": round(len(times) / statistics.mean(playing)),
        # processor time per action (user + system), less sensitive to a shared machine's load
        # than the wall clock: the host's process, and the benchmark's (every peer's) process
        "host_cpu_ms": round(host_cpu[0] * 1000 / len(times), 3) if host_cpu else None,
        "peers_cpu_ms": round(peers_cpu * 1000 / len(times), 3),
        "host_full_gc": host_gc[0] if host_gc else None,
        "rss_kib": rss or None,
        "host_exit": host_exit,
        "seeded": bool(args.seeded),
        "flooders": args.flooders,
        "flood_unread": bool(args.flood_unread),
        "flood_pause": args.flood_pause,
        "host_peak_kib": host.peak,
        "per_connection_kib": host.measured.get("per_connection_kib"),
    }


async def compare(args: argparse.Namespace) -> None:
    for _ in range(args.rounds):
        for base in ([args.base] if args.base else []) + [None]:
            if args.base:
                print(await _measure_apart(base), flush=True)
            else:
                print(json.dumps(await run(args, base)), flush=True)


async def _measure_apart(base: str | None) -> str:
    """One measurement in a process of its own, its peers and its host both from `base`'s
    tree (or this one): the two sides of the protocol always of one version."""
    env = dict(os.environ)
    if base:
        env["PYTHONPATH"] = base
    argv, skip = [], False
    for arg in sys.argv[1:]:
        if skip or arg in ("--base", "--rounds"):
            skip = not skip and arg in ("--base", "--rounds")
            continue
        argv.append(arg)
    child = await asyncio.create_subprocess_exec(
        sys.executable, str(HERE), *argv, "--label", "base" if base else "new", stdout=asyncio.subprocess.PIPE, env=env
    )
    out, _ = await child.communicate()
    return out.decode().strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--spectators", type=int, default=0)
    parser.add_argument("--stalled", type=int, default=0, help="spectators that join and never read")
    parser.add_argument("--half-frames", type=int, default=0, help="sockets that hold half a frame")
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=1, help="tables played at once on the one host")
    parser.add_argument("--options", default="{}", help="the game's options as JSON")
    parser.add_argument("--journal", action="store_true", help="journal every action (fsync on a temporary dir)")
    parser.add_argument(
        "--advertise", action="store_true", help="announce each table with zeroconf on 127.0.0.1, as a real host does"
    )
    parser.add_argument("--rss", action="store_true", help="the host's VmRSS every 1,000 actions")
    parser.add_argument("--profile", help="write the host's cProfile statistics here")
    parser.add_argument("--base", help="also run the host from this tree (holding boardwright/), alternating")
    parser.add_argument("--rounds", type=int, default=1, help="alternations of base and new")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--seeded", action="store_true", help="tables seeded 1, 2, ...: base and new play the same games"
    )
    parser.add_argument(
        "--loop", choices=("auto", "asyncio", "uvloop"), default="auto", help="the event loop of the host and peers"
    )
    parser.add_argument("--flooders", type=int, default=0, help="spectators at every table flooding pings")
    parser.add_argument("--flood-unread", action="store_true", help="flooders that never read")
    parser.add_argument("--flood-pause", type=float, default=0.5, help="seconds before a dropped flooder comes back")
    parser.add_argument("--connections", type=int, default=0, help="measure the host's memory per connection")
    parser.add_argument(
        "--queue-bytes", type=int, default=256 * 1024, help="the host's send-queue bound (a real host's: 4194304)"
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--flood", type=int, help=argparse.SUPPRESS)  # a flooder's process, at this port
    parser.add_argument("--label", help=argparse.SUPPRESS)  # a measurement for --base, in a process of its own
    args = parser.parse_args()
    if args.serve:
        serve_main(args)
    elif args.flood:
        _run(flood(args.flood, not args.flood_unread, args.flood_pause), args.loop)
    else:
        _run(compare(args), args.loop)


if __name__ == "__main__":
    main()
