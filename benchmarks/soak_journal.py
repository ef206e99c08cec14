"""A soak of the journal: `boardwright host --journal F` killed with SIGKILL at random points
of play and of resuming, many times; after every kill the journal must read, hold every
action two peers were shown, and keep every action it held before in its place.

Each round starts the host on the journal (a resume after the first), and either kills it
after a random time within its start (resuming) or lets two peers play a few random
actions and kills it with one more in flight. Games that end start again on a new file.

Run: .venv/bin/python benchmarks/soak_journal.py --kills 200
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from boardwright.net.journal import read_journal
from boardwright.net.peer import Peer

BOARDWRIGHT = [sys.executable, "-m", "boardwright.cli.main"]


def start(journal: Path) -> subprocess.Popen[str]:
    command = [*BOARDWRIGHT, "host", "connect_four", "--bind", "127.0.0.1", "--no-advertise", "--port", "0"]
    command += ["--seats", "open,open", "--journal", str(journal), "--max-seconds", "60"]
    for key, value in (("columns", 12), ("rows", 10), ("connect", 6)):
        command += ["--option", f"{key}={value}"]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def port_of(host: subprocess.Popen[str]) -> int | None:
    assert host.stdout is not None
    for _ in range(3):
        found = re.search(r"on 127\.0\.0\.1:(\d+)", host.stdout.readline())
        if found:
            return int(found.group(1))
    return None


async def play(port: int, tokens: list[tuple[int | None, str | None]], moves: int, rng: random.Random) -> int:
    """`moves` random actions shown to both seats, then one more sent; the last ply both saw."""
    peers = [Peer("127.0.0.1", port, f"P{i}", seat=tokens[i][0], token=tokens[i][1], ping_every=0) for i in (0, 1)]
    try:
        for number, peer in enumerate(peers):
            await peer.connect()
            tokens[number] = (peer.seat, peer.token)
        update = await peers[0].wait_for(lambda u: u["started"])
        for _ in range(moves):
            if update["outcome"] is not None:
                break
            mover = peers[update["to_move"]]
            mine = await mover.wait_for(lambda u, p=update["ply"]: u["ply"] == p and u["legal"])
            await mover.act(rng.choice(mine["legal"]))
            update = await peers[0].wait_for(lambda u, p=update["ply"]: u["ply"] == p + 1)
        seen = update["ply"]
        if update["outcome"] is None:  # one more in flight when the host dies
            mover = peers[update["to_move"]]
            if mover.update and mover.update["ply"] == seen and mover.update["legal"]:
                await mover.act(rng.choice(mover.update["legal"]))
        return int(seen)
    finally:
        for peer in peers:
            if peer._writer is not None:
                peer._writer.transport.abort()  # the peers die too: no bye
            await peer.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    folder = tempfile.TemporaryDirectory(prefix="soak_journal.")
    journal, games, kills, resumes_killed, plies_checked = Path(folder.name) / "t0.bwr", 0, 0, 0, 0
    held: list[dict] = []
    tokens: list[tuple[int | None, str | None]] = [(None, None), (None, None)]
    started = time.monotonic()
    while kills < args.kills:
        host = start(journal)
        seen = len(held)
        try:
            if held and rng.random() < 0.5:  # killed while it resumes
                time.sleep(rng.uniform(0.0, 0.4))
                resumes_killed += 1
            else:
                port = port_of(host)
                if port is None:
                    raise SystemExit(f"the host did not start on {journal}")
                seen = asyncio.run(asyncio.wait_for(play(port, tokens, rng.randint(0, 4), rng), 60))
        finally:
            host.kill()
            host.wait(timeout=10)
        kills += 1
        record = read_journal(journal).record
        if record.actions[: len(held)] != held or len(record.actions) < seen:
            raise SystemExit(f"kill {kills}: an acknowledged action was lost ({len(record.actions)} < {seen})")
        held = list(record.actions)
        plies_checked += len(held)
        if record.outcome is not None or len(held) > 100:  # a new game on a new file
            games += 1
            journal, held, tokens = Path(folder.name) / f"t{games}.bwr", [], [(None, None), (None, None)]
    elapsed = time.monotonic() - started
    print(
        f"{kills} kills ({resumes_killed} while resuming) over {games + 1} games in {elapsed:.0f} s:"
        f" no acknowledged action lost, every journal read ({plies_checked} actions checked)"
    )
    folder.cleanup()


if __name__ == "__main__":
    main()
