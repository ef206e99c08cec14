"""Bot benchmarks: how fast `mcts` thinks, and how strong it is in the long games.

    .venv/bin/python benchmarks/bench_bots.py                     # speed only, a few minutes
    .venv/bin/python benchmarks/bench_bots.py --strength 4        # + 4 games per seating per game
    .venv/bin/python benchmarks/bench_bots.py --out benchmarks/RESULTS-bots.md

1. One Connect Four move from the opening with 1000 simulations (goal: at most 0.15 s;
   OpenSpiel's Python MCTS bot takes 0.38 s on these machines, research/perf_anchors.md B).
2. Decisions per second of `greedy` and of `mcts` at each level in every registered game,
   over positions taken from a seeded random game.
3. With --strength N: `mcts` (normal) against `random` and `greedy`, N games in each seating,
   over --workers processes; with --short, of each game's short variant (as the tests play).
4. With --levels N: the level table, `mcts:hard` against `mcts:normal` and `mcts:normal`
   against `mcts:easy`, N games in each seating (--short as above; --option KEY=VALUE sets
   a game option for these runs, for instance `--option rounds=5` for a longer Signum).
5. With --simulate S: `boardwright simulate` with random bots in Connect Four beside a
   plain-Python Connect Four and the kernel's own loop (benchmarks/bench_kernel.py), taking
   turns 500 games at a time until plain Python has had S seconds of CPU time; the command
   as its own process between two plain-Python processes playing as many games, and beside
   a plain-Python process at the same time, each held to a core of its own.

Prints Markdown; --out also writes it to a file with the date and the machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from boardwright.bots.mcts import LEVELS, Budget, MctsBot
from boardwright.cli import versus
from boardwright.framework import PluginHost, kernel
from boardwright.framework.bots import Turn
from boardwright.framework.errors import BoardwrightError
from boardwright.framework.simulation import SeatBot, every_seating, run_many


def connect_four_move(host: PluginHost, runs: int) -> list[str]:
    engine = host.engine("connect_four")
    state = engine.new_game(2, {}, 0)
    times = []
    for seed in range(runs):
        bot = MctsBot(
            engine, 0, seed, Budget(iterations=1000, seconds=1e9, rollout_depth=1000, stop_when_settled=False)
        )
        started = time.perf_counter()
        bot.choose(Turn(engine, state, 0, engine.legal_actions(state)))
        times.append(time.perf_counter() - started)
        assert bot.iterations == 1000
    median = statistics.median(times)
    return [
        "## One Connect Four move, 1000 simulations, from the opening",
        "",
        "| runs | median s | min s | max s | simulations/s |",
        "|---:|---:|---:|---:|---:|",
        f"| {runs} | {median:.3f} | {min(times):.3f} | {max(times):.3f} | {1000 / median:,.0f} |",
        "",
        "Goal: at most 0.15 s. OpenSpiel's Python `MCTSBot` + random rollouts: 0.381 s; "
        "the C++ `MCTSBot`: 0.021 s (research/perf_anchors.md, section B).",
        "",
    ]


def positions(host: PluginHost, game_id: str, count: int, seed: int = 5) -> list[dict]:
    """States from one seeded random game in which the seat to move has a real choice."""
    engine = host.engine(game_id)
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = engine.new_game(engine.spec.players[0], dict(engine.game.simulation_options), rng.randrange(1 << 30))
        step = 0
        while not state["k"]["over"] and len(found) < count:
            legal = engine.legal_actions(state)
            if len(legal) > 1 and step % 5 == 0:
                found.append(kernel.clone(state))
            engine.apply_unchecked(state, rng.choice(legal))
            step += 1
    return found


def decision_speed(host: PluginHost, games: list[str], count: int) -> list[str]:
    lines = [
        "## Decisions per second",
        "",
        f"{count} positions per game from seeded random games (the smallest player count); "
        "`mcts` levels: "
        + "; ".join(f"{name} {b.iterations} iterations or {b.seconds} s" for name, b in LEVELS.items())
        + " (a game's game.toml may set its own, `[search.LEVEL]`: the iterations column shows what"
        " each decision spent). Iterations count 0 where the one-reply check decided alone.",
        "",
        "| game | bot | decisions/s | mean s | max s | mean iterations |",
        "|---|---|---:|---:|---:|---:|",
    ]
    kinds = host.bots()
    slowest = (0.0, "")  # the slowest normal decision: goal at most 1 s
    for game_id in games:
        engine = host.engine(game_id)
        try:
            states = positions(host, game_id, count)
        except Exception as exc:  # a game under construction: report it, go on
            lines.append(f"| {game_id} | – | error: {exc!r} | | | |")
            continue
        for label, kind, level in [("greedy", "greedy", "normal")] + [(f"mcts:{lv}", "mcts", lv) for lv in LEVELS]:
            times, iterations = [], []
            try:
                for index, state in enumerate(states):
                    seat = kernel.to_move(state)
                    bot = kinds[kind].make(engine, seat, index, level)
                    started = time.perf_counter()
                    bot.choose(Turn(engine, state, seat, engine.legal_actions(state)))
                    times.append(time.perf_counter() - started)
                    iterations.append(getattr(bot, "iterations", 0))
            except Exception as exc:
                lines.append(f"| {game_id} | {label} | error: {exc!r} | | | |")
                continue
            mean = statistics.fmean(times)
            if label == "mcts:normal":
                slowest = max(slowest, (max(times), game_id))
            its = f"{statistics.fmean(iterations):.0f}" if kind == "mcts" else "–"
            lines.append(f"| {game_id} | {label} | {1 / mean:,.1f} | {mean:.3f} | {max(times):.3f} | {its} |")
        print(lines[-1], file=sys.stderr)
    lines += ["", f"Slowest `mcts:normal` decision: {slowest[0]:.3f} s ({slowest[1]}); goal: at most 1 s."]
    return [*lines, ""]


def _variant(short: bool, options: dict[str, str]) -> str:
    variant = "short variant (`--short`)" if short else "standard game"
    return variant + "".join(f", {key} = {value}" for key, value in options.items())


def strength(
    host: PluginHost, game_ids: list[str], games: int, workers: int, short: bool, options: dict[str, str]
) -> list[str]:
    variant = _variant(short, options)
    lines = [
        f"## Strength: `mcts` (normal) against `random` and `greedy`, {games} games in each seating, {variant}",
        "",
        "Seconds: the time the games took, summed over the worker processes.",
        "",
        "| game | opponent | mcts wins | games | share | 95% CI | mean actions | seconds |",
        "|---|---|---:|---:|---:|---|---:|---:|",
    ]
    for game_id in game_ids:
        engine = host.engine(game_id)
        configs = {
            opponent: every_seating(engine, SeatBot("mcts"), SeatBot(opponent), games, short=short, options=options)
            for opponent in ("random", "greedy")
        }
        try:
            summaries = iter(run_many(host, [c for series in configs.values() for c in series], workers))
        except Exception as exc:
            lines.append(f"| {game_id} | – | error: {exc!r} | | | | | |")
            continue
        for opponent, series in configs.items():
            result, seconds = _tally("mcts", opponent, series, summaries)
            low, high = result["ci95"]
            lines.append(
                f"| {game_id} | {opponent} | {result['wins']} | {result['games']} | {result['rate']:.0%} "
                f"| {low:.0%}–{high:.0%} | {result['mean_actions']:.0f} | {seconds:.0f} |"
            )
            print(lines[-1], file=sys.stderr)
    return [*lines, ""]


def game_options(parser: argparse.ArgumentParser, pairs: list[str], engines: list, short: bool) -> dict[str, str]:
    """The --option KEY=VALUE pairs, checked against each game's options (over its short
    variant's with --short) before any game starts: a bad one is the parser's error."""
    options = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not key.strip():
            parser.error(f"--option takes KEY=VALUE, got {pair!r}")
        options[key.strip()] = value.strip()
    for engine in engines:
        game = engine.game
        try:
            engine.spec.resolve_options({**game.simulation_options, **(game.short_options if short else {}), **options})
        except BoardwrightError as exc:
            parser.error(str(exc))
    return options


def _tally(focus: str, other: str, series: list, summaries) -> tuple[dict, float]:
    """How the focus bot did (`boardwright versus`'s counts) over one series per seat, the
    focus bot in seat i of series i (`every_seating`), read from `summaries` in turn; and
    the seconds its games took, summed over the worker processes."""
    played = [next(summaries) for _ in series]
    return versus.tally(focus, other, played), sum(summary["play_seconds"] for summary in played)


def simulate_speed(host: PluginHost, seconds: float, runs: int) -> list[str]:
    """Random bots in Connect Four: plain Python, the kernel's loop, `simulation.run` and the
    command line, interleaved so that the machine's load hits all alike."""
    from bench_kernel import play_plain

    from boardwright.framework.simulation import Config, run

    engine = host.engine("connect_four")
    rng = random.Random(1)

    def plain() -> int:
        return play_plain(rng, 500)

    def kernel_loop() -> int:
        actions = 0
        for index in range(500):
            state = engine.new_game(seed=index)
            k = state["k"]
            while not k["over"]:
                legal = engine.legal_actions(state)
                engine.apply_unchecked(state, legal[rng.randrange(len(legal))])
                actions += 1
        return actions

    series = iter(range(10**9))

    def simulate_run() -> int:
        config = Config("connect_four", 2, [SeatBot("random")] * 2, games=500, seed=next(series))
        return round(run(host, config, keep_results=False)["mean_actions"] * 500)

    games = max(1000, round(seconds * 40_000))  # enough that start-up (about 0.3 s) is a small part

    def child_rate(command: list[str], actions: Callable[[str], float]) -> float:
        """Actions per CPU second of a child process; `actions` reads them from its output."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        return actions(out) / cpu

    plain_script = (
        f"import random, sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
        f"from bench_kernel import play_plain; print(play_plain(random.Random(1), {games}))"
    )
    cli = str(Path(sys.executable).with_name("boardwright"))
    cli_command = [cli, "simulate", "connect_four", "--games", str(games)]

    def cli_actions(out: str) -> float:
        return float(out.split("mean length ")[1].split(" actions")[0]) * games

    def plain_process() -> float:
        """Plain Python as its own process, as many games as the command plays."""
        return child_rate([sys.executable, "-c", plain_script], float)

    def command_line() -> float:
        """The whole `boardwright simulate` process, start-up and printing included (CPU time of the child)."""
        return child_rate(cli_command, cli_actions)

    # plain Python that plays until told to stop (SIGUSR1), then prints its actions per CPU second
    plain_until_stopped = (
        f"import random, signal, sys, time; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
        "from bench_kernel import play_plain; stop = []; "
        "signal.signal(signal.SIGUSR1, lambda *_: stop.append(1)); "
        "rng = random.Random(1); actions = 0; started = time.process_time(); print('ready', flush=True)\n"
        "while not stop:\n    actions += play_plain(rng, 20)\n"
        "print(actions / (time.process_time() - started))"
    )

    def side_by_side(flip: bool) -> float | None:
        """The command and plain Python at once, each held to a core of its own (swapped when
        `flip`), plain Python playing until the command ends: one window of the machine for
        both. The command's rate against plain Python's; None with fewer than two cores (or
        where a process cannot be held to one, as on macOS)."""
        cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
        if len(cores) < 2:
            return None
        mine, other = (cores[1], cores[0]) if flip else (cores[0], cores[1])
        plain = subprocess.Popen(
            [sys.executable, "-c", plain_until_stopped],
            stdout=subprocess.PIPE,
            text=True,
            preexec_fn=lambda: os.sched_setaffinity(0, {other}),
        )
        try:
            assert plain.stdout is not None and plain.stdout.readline().strip() == "ready"
            command = subprocess.Popen(
                cli_command, stdout=subprocess.PIPE, text=True, preexec_fn=lambda: os.sched_setaffinity(0, {mine})
            )
            assert command.stdout is not None
            out = command.stdout.read()
            _, status, usage = os.wait4(command.pid, 0)  # this child's own CPU time
            command.returncode = os.waitstatus_to_exitcode(status)
            command.stdout.close()
        finally:
            plain.send_signal(signal.SIGUSR1)
        plain_rate = float(plain.communicate(timeout=60)[0].split()[-1])
        if command.returncode != 0:
            raise RuntimeError(f"boardwright simulate ended with {command.returncode}")
        cpu = usage.ru_utime + usage.ru_stime
        return cli_actions(out) / cpu / plain_rate

    rates: dict[str, list[float]] = {"plain": [], "kernel": [], "run": [], "cli": []}
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    loops = {"plain": plain, "kernel": kernel_loop, "run": simulate_run}
    cli_ratios: list[float] = []
    together: list[float] = []  # the command beside plain Python, at once (`side_by_side`)
    for _ in range(runs):
        # the three in-process loops take turns a chunk (about 0.05 s) at a time, so that a
        # slow minute of a shared machine slows all three alike
        actions = dict.fromkeys(loops, 0)
        spent = dict.fromkeys(loops, 0.0)
        while spent["plain"] < seconds:
            for key, play in loops.items():
                started = time.process_time()
                actions[key] += play()
                spent[key] += time.process_time() - started
        for key in loops:
            rates[key].append(actions[key] / spent[key])
        # the command against plain Python as its own process too, as many games, played just
        # before and just after it: both start cold and are timed alike
        before = plain_process()
        command = command_line()
        cli_ratios.append(command / ((before + plain_process()) / 2))
        rates["cli"].append(command)
        for _ in range(2):
            ratio = side_by_side(flip=len(together) % 2 == 1)  # the cores swapped from one pair to the next
            if ratio is not None:
                together.append(ratio)
    rows = [
        ("plain Python Connect Four (bench_kernel.py)", "plain"),
        ("kernel loop: legal_actions + apply_unchecked", "kernel"),
        ("`simulation.run`, random bots, one process", "run"),
        ("`boardwright simulate connect_four --games N`, whole process", "cli"),
    ]
    lines = [
        f"## `simulate` with random bots against plain Python, Connect Four ({runs} runs)",
        "",
        f"Actions per CPU second. In each run the three loops in this process take turns a chunk "
        f"of 500 games at a time until plain Python has had {seconds} s, so that a slow minute of "
        "a shared machine slows them alike; then the command runs once as its own process (its "
        "CPU time, start-up included) between two processes of plain Python playing as many games, "
        "against whose mean it is set. Each run's rates are set against that run's plain Python: the median and the "
        f"range of those ratios. Load average at the start: {load}.",
        "",
        "The last row runs the command and plain Python at the same time, each held to a core of "
        "its own, twice a run with the cores swapped: plain Python plays until the command ends, "
        "so both are timed in the same minutes of the machine.",
        "",
        "| loop | actions/s, median | against plain, median | lowest | highest |",
        "|---|---:|---:|---:|---:|",
    ]
    for label, key in rows:
        ratios = [rate / plain for rate, plain in zip(rates[key], rates["plain"], strict=True)]
        if key == "cli":
            ratios = cli_ratios
        lines.append(
            f"| {label} | {statistics.median(rates[key]):,.0f} | {statistics.median(ratios):.2f}x "
            f"| {min(ratios):.2f}x | {max(ratios):.2f}x |"
        )
    if together:
        lines.append(
            f"| the same command beside plain Python, at once, a core each ({len(together)} pairs) | "
            f"| {statistics.median(together):.2f}x | {min(together):.2f}x | {max(together):.2f}x |"
        )
        lines += [
            "",
            "Each pair, in order (the cores swapped from one to the next): " + ", ".join(f"{r:.2f}x" for r in together),
        ]
    return [*lines, ""]


LEVEL_PAIRS = (("hard", "normal"), ("normal", "easy"))


def level_table(
    host: PluginHost,
    game_ids: list[str],
    games: int,
    workers: int,
    short: bool,
    seed: int = 100,
    pairs: tuple[tuple[str, str], ...] = LEVEL_PAIRS,
    options: dict[str, str] | None = None,
) -> list[str]:
    """Each level against the one below, the higher level in every seat in turn (series
    seeds `seed`, `seed + 1`, ...: another seed plays other games)."""
    options = options or {}
    variant = _variant(short, options)
    lines = [
        f"## Levels: `mcts` level against level, {games} games in each seating, {variant}",
        "",
        "Levels: "
        + "; ".join(f"{name} {b.iterations} iterations, rollouts of {b.rollout_depth}" for name, b in LEVELS.items())
        + f". Series seeds from {seed}. Load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}. "
        "Seconds: the time the "
        "games took, summed over the worker processes. A draw counts half.",
        "",
        "| game | higher | lower | higher wins | draws | games | score | 95% CI of wins | mean actions | seconds |",
        "|---|---|---|---:|---:|---:|---:|---|---:|---:|",
    ]
    for game_id in game_ids:
        engine = host.engine(game_id)
        configs = {
            pair: every_seating(
                engine, SeatBot("mcts", pair[0]), SeatBot("mcts", pair[1]), games, seed, short=short, options=options
            )
            for pair in pairs
        }
        try:
            summaries = iter(run_many(host, [c for series in configs.values() for c in series], workers))
        except Exception as exc:
            lines.append(f"| {game_id} | – | – | error: {exc!r} | | | | | | |")
            continue
        for (higher, lower), series in configs.items():
            result, seconds = _tally(f"mcts:{higher}", f"mcts:{lower}", series, summaries)
            low, high = result["ci95"]
            lines.append(
                f"| {game_id} | {higher} | {lower} | {result['wins']} | {result['draws']} | {result['games']} "
                f"| {result['score']:.0%} | {low:.0%}–{high:.0%} | {result['mean_actions']:.0f} | {seconds:.0f} |"
            )
            print(lines[-1], file=sys.stderr, flush=True)
    lines += ["", f"Load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}."]
    return [*lines, ""]


def machine() -> str:
    try:
        model = next(
            line.split(":", 1)[1].strip()
            for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines()
            if line.startswith("Model name")
        )
    except (OSError, StopIteration):
        model = platform.processor() or "unknown CPU"
    return (
        f"{os.cpu_count()} CPUs ({model}), Python {platform.python_version()}, {platform.system()} {platform.machine()}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed Connect Four moves")
    parser.add_argument("--positions", type=int, default=8, help="positions per game for decisions/s")
    parser.add_argument("--strength", type=int, default=0, metavar="N", help="games per seating in the strength runs")
    parser.add_argument("--levels", type=int, default=0, metavar="N", help="games per seating in the level table")
    parser.add_argument("--simulate", type=float, default=0.0, metavar="S", help="CPU seconds per simulate run")
    parser.add_argument("--short", action="store_true", help="strength and level runs on each game's short variant")
    parser.add_argument("--seed", type=int, default=100, help="the level table's first series seed")
    parser.add_argument(
        "--pair", action="append", metavar="HIGHER,LOWER", help="only these levels in the level table (repeatable)"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option for the strength and level runs, over the short variant's (repeatable)",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every registered game")
    parser.add_argument("--no-speed", action="store_true", help="skip the speed sections")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    host = PluginHost()
    lines = [
        "# Bot benchmarks",
        "",
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {machine()}.",
        "Command: `.venv/bin/python benchmarks/bench_bots.py " + " ".join(sys.argv[1:]) + "`.",
        "",
    ]
    games = args.game or sorted(host.games())
    options = game_options(parser, args.option, [host.engine(game_id) for game_id in games], args.short)
    if not args.no_speed:
        lines += connect_four_move(host, args.runs)
        lines += decision_speed(host, games, args.positions)
    if args.simulate:
        lines += simulate_speed(host, args.simulate, args.runs)
    if args.strength:
        lines += strength(host, games, args.strength, args.workers, args.short, options)
    if args.levels:
        pairs = tuple(tuple(p.split(",", 1)) for p in args.pair) if args.pair else LEVEL_PAIRS
        if any(len(pair) != 2 or not set(pair) <= set(LEVELS) for pair in pairs):
            parser.error(f"--pair takes two of the levels {', '.join(LEVELS)} as HIGHER,LOWER")
        lines += level_table(host, games, args.levels, args.workers, args.short, args.seed, pairs, options)
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
