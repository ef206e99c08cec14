"""The machine's floor for `bench_net.py`: the same round trip with no game and no protocol.

A relay host in its own process reads a frame from one connection and writes a frame of
`--bytes` to every connection; the peers, on one event loop in this process, read theirs.
Timed as `bench_net.py` times an action: from one seat's frame until every other connection
has read the relayed one, the seats taking turns. What this costs is the loopback, the
processes' wake-ups and the event loop's streams: no Boardwright update can be faster, so
the gap between this and `bench_net.py` is what the host and the peers do themselves.

Run: .venv/bin/python benchmarks/bench_net_floor.py --connections 4 --actions 5000
Speed is measured here, never asserted by tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import struct
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
HEADER = struct.Struct(">I")


def _run(coroutine: Any, kind: str) -> Any:
    factory = asyncio.new_event_loop
    if kind != "asyncio":
        import uvloop

        factory = uvloop.new_event_loop
    with asyncio.Runner(loop_factory=factory) as runner:
        return runner.run(coroutine)


async def _read(reader: asyncio.StreamReader) -> bytes:
    (length,) = HEADER.unpack(await reader.readexactly(HEADER.size))
    return await reader.readexactly(length)


async def serve(args: argparse.Namespace) -> None:
    """Relay: every frame read from any connection goes, as `--bytes` bytes, to all of them."""
    writers: list[asyncio.StreamWriter] = []
    relayed = HEADER.pack(args.bytes) + b"u" * args.bytes

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writers.append(writer)
        writer.write(relayed)  # a welcome: once every connection has one, all get every relay
        try:
            for _ in range(10_000_000):
                await _read(reader)
                for each in writers:
                    each.write(relayed)
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            writers.remove(writer)  # the peers left, or the relay is closing

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    sys.stdout.write(json.dumps({"port": server.sockets[0].getsockname()[1]}) + "\n")
    sys.stdout.flush()
    cpu = time.process_time()
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until stdin closes
    sys.stdout.write(json.dumps({"cpu_s": time.process_time() - cpu}) + "\n")
    sys.stdout.flush()
    server.close()


async def measure(args: argparse.Namespace) -> dict[str, Any]:
    command = [sys.executable, str(HERE), "--serve", "--bytes", str(args.bytes), "--loop", args.loop]
    process = await asyncio.create_subprocess_exec(
        *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
    )
    assert process.stdout is not None and process.stdin is not None
    port = json.loads(await asyncio.wait_for(process.stdout.readline(), 30))["port"]
    connections = [await asyncio.open_connection("127.0.0.1", port) for _ in range(args.connections)]
    for reader, _writer in connections:
        await asyncio.wait_for(_read(reader), 30)  # the welcome
    arrived: asyncio.Queue[int] = asyncio.Queue()

    async def listen(index: int, reader: asyncio.StreamReader) -> None:
        for _ in range(10_000_000):
            await _read(reader)
            arrived.put_nowait(index)

    listeners = [asyncio.create_task(listen(i, r)) for i, (r, _w) in enumerate(connections)]
    intent = HEADER.pack(40) + b"a" * 40
    times: list[float] = []
    peers_cpu = time.process_time()
    started = time.perf_counter()
    for number in range(args.actions):
        mover = number % args.seats
        begun = time.perf_counter()
        connections[mover][1].write(intent)
        waiting = set(range(args.connections)) - {mover}
        heard_mover = False
        while waiting or not heard_mover:
            index = await asyncio.wait_for(arrived.get(), 30)
            if index == mover:
                heard_mover = True
            else:
                waiting.discard(index)
                if not waiting:
                    times.append(time.perf_counter() - begun)
    playing = time.perf_counter() - started
    peers_cpu = time.process_time() - peers_cpu
    process.stdin.close()
    host_cpu = json.loads(await asyncio.wait_for(process.stdout.readline(), 30))["cpu_s"]
    await asyncio.wait_for(process.wait(), 30)
    for task in listeners:
        task.cancel()
    for _reader, writer in connections:
        writer.close()
    ordered = sorted(times)
    return {
        "floor": True,
        "loop": args.loop,
        "connections": args.connections,
        "bytes": args.bytes,
        "actions": len(times),
        "median_ms": round(statistics.median(times) * 1000, 3),
        "p99_ms": round(ordered[int(len(ordered) * 0.99) - 1] * 1000, 3),
        "actions_per_s": round(len(times) / playing),
        "host_cpu_ms": round(host_cpu * 1000 / len(times), 3),
        "peers_cpu_ms": round(peers_cpu * 1000 / len(times), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, default=4, help="every connection, seats included")
    parser.add_argument("--seats", type=int, default=2, help="connections that take turns to send")
    parser.add_argument("--bytes", type=int, default=300, help="the relayed frame's size (an update's)")
    parser.add_argument("--actions", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--loop", choices=("asyncio", "uvloop"), default="uvloop")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        _run(serve(args), args.loop)
        return
    if not 0 < args.seats <= args.connections:
        parser.error("--seats must be between 1 and --connections")
    for _ in range(args.runs):
        print(json.dumps(_run(measure(args), args.loop)), flush=True)


if __name__ == "__main__":
    main()
