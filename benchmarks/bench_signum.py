"""Random playouts of Legends of Signum: actions per second (goal: 5k/s), by the clock and
in CPU time (the second is steadier on a shared machine), and whole games per second (a move
is two actions since a creature is chosen first: the games say as much as the actions).

.venv/bin/python benchmarks/bench_signum.py [games]
"""

from __future__ import annotations

import random
import sys
import time

from boardwright.framework import kernel
from boardwright.framework.engine import Engine
from boardwright.plugins.signum.rules import Signum


def main(games: int = 10) -> None:
    engine = Engine(Signum())
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        state = engine.new_game(seed=seed)
        rng = random.Random(seed)
        while not kernel.is_over(state):
            legal = engine.legal_actions(state)
            engine.apply_unchecked(state, legal[rng.randrange(len(legal))])
            actions += 1
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"{games} games, {actions} actions, {seconds:.2f} s, {actions / seconds:.0f} actions/s, "
        f"{games / seconds:.1f} games/s; CPU {cpu:.2f} s, {actions / cpu:.0f} actions/s"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
