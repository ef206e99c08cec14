"""A LAN host's own work for one action, without the network: what `bench_net.py` times
less the sockets and the event loop.

For each game, seeded random games at its largest player count: per action the host's
`trial` (the legality check, the copy and the game's apply), `commit`, and the broadcast
(every seat's view and board, merged with what that seat was sent last, each connection's
frame packed), for every seat and `--spectators` spectators; and the peers' work: every
connection's peer reads its frame and applies it (`decode`, then `Peer._whole`: the delta
patched onto its copy and the hashes checked), summed over the connections. Processor time,
means per action, best of `--runs`.

Another tree (an earlier commit, `git archive` into DIR/boardwright) is measured by putting
it first on the path: `PYTHONPATH=DIR .venv/bin/python benchmarks/bench_updates.py`.

Run: .venv/bin/python benchmarks/bench_updates.py [--game book_of_war] [--actions 2000]
Speed is measured here, never asserted by tests.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from boardwright.framework import PluginHost
from boardwright.net.live import LiveGame
from boardwright.net.peer import Peer
from boardwright.net.protocol import FROM_HOST, decode
from boardwright.net.updates import Packs, Seen, Snapshot


def measure(host: PluginHost, game_id: str, actions: int, spectators: int, seed: int) -> dict[str, float]:
    engine = host.engine(game_id)
    players = engine.spec.players[-1]
    spent = {"trial": 0.0, "commit": 0.0, "broadcast": 0.0, "peers": 0.0}
    clock = time.process_time
    done = 0
    for game in range(10_000):
        if done >= actions:
            break
        match = LiveGame(engine, players, {}, seed=seed + game)
        packs = Packs()
        seens = [Seen(seat) for seat in range(players)] + [Seen(None) for _ in range(spectators)]
        peers = [Peer("127.0.0.1", 0) for _ in seens]
        pick = random.Random(seed + game)
        for _ in range(100_000):
            if match.is_over() or done >= actions:
                break
            action, seat = pick.choice(match.legal_actions()), match.to_move()
            started = clock()
            trial = match.trial(dict(action), seat=seat)
            checked = clock()
            match.commit(trial)
            committed = clock()
            packs.turn()
            snapshot = Snapshot(match, [], True, packs)
            if hasattr(snapshot, "prepare"):  # every seat's board at once (a tree before it has none)
                snapshot.prepare([seen.seat for seen in seens])
            frames = [snapshot.frame(seen) for seen in seens]
            broadcast = clock()
            for peer, frame in zip(peers, frames, strict=True):
                if not peer._whole(decode(frame[4:], FROM_HOST, check_shape=False)):
                    raise SystemExit(f"{game_id}: a peer could not apply its update at action {done + 1}")
            spent["trial"] += checked - started
            spent["commit"] += committed - checked
            spent["broadcast"] += broadcast - committed
            spent["peers"] += clock() - broadcast
            done += 1
    return {key: value / done * 1e6 for key, value in spent.items()} | {"players": players, "actions": done}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every game")
    parser.add_argument("--actions", type=int, default=1500, help="actions per game and run")
    parser.add_argument("--spectators", type=int, default=0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    host = PluginHost()
    for game_id in args.game or sorted(host.games()):
        runs = [measure(host, game_id, args.actions, args.spectators, args.seed) for _ in range(args.runs)]
        best: dict[str, Any] = min(runs, key=lambda r: r["trial"] + r["commit"] + r["broadcast"])
        total = best["trial"] + best["commit"] + best["broadcast"]
        row = {"game": game_id, "players": best["players"], "spectators": args.spectators, "actions": best["actions"]}
        row |= {f"{key}_us": round(best[key], 1) for key in ("trial", "commit", "broadcast")} | {
            "total_us": round(total),
            "peers_us": round(best["peers"], 1),  # every connection's, beside the host's total
        }
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
