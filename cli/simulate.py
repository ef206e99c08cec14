"""`boardwright simulate` and `boardwright compare`: bot series headless, and what a balance
run tells a designer (`framework/balance.py`)."""

from __future__ import annotations

import argparse
import json
import os
import socket
import sys
import time
from pathlib import Path
from typing import Any

from boardwright.cli.arguments import UsageError, folder, option_pairs
from boardwright.framework import BoardwrightError, PluginHost, balance, cluster, simulation
from boardwright.framework import replay as replay_files

PROBE_SECONDS = 3.0  # how long a Ray head's port may take to answer at all


class _ProgressBar:
    """`[#####.....] 12/40 games, 3s left` on stderr, redrawn in place at most ten times a
    second (thousands of short games a second would otherwise spend their time redrawing)."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.drawn = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.drawn < 0.1:
            return
        self.drawn = now
        width = 30
        filled = width * done // total
        elapsed = time.monotonic() - self.started
        left = f", {elapsed * (total - done) / done:.0f}s left" if done < total else f" in {elapsed:.0f}s"
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games{left}\033[K")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


class _Lines:
    """Lines for stdout, written a batch at a time: at most every 0.2 s while games finish, and
    at the end. One write per game would cost more than a short game (stdout is unbuffered
    under PYTHONUNBUFFERED, and a pipe's reader wakes for each write)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.written = time.monotonic()

    def add(self, line: str) -> None:
        self.lines.append(line)
        if time.monotonic() - self.written >= 0.2:
            self.flush()

    def flush(self) -> None:
        if self.lines:
            sys.stdout.write("\n".join(self.lines) + "\n")
            sys.stdout.flush()
            self.lines = []
        self.written = time.monotonic()


def _config(host: PluginHost, args: argparse.Namespace) -> simulation.Config:
    """The run the flags describe, every flag checked before a game is played."""
    engine = host.engine(args.game)
    spec = engine.spec
    if args.short and args.scenario is None:
        args.scenario = engine.game.short_scenario
    scenario = engine.scenario(args.scenario)
    players = args.players
    if players is None:
        players = scenario.players[0] if scenario and scenario.players else spec.players[0]
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    engine.prepare(players, scenario=args.scenario)  # a player count the game has not is refused first
    options = option_pairs(args.option)
    if args.short:
        options = {**engine.game.short_options, **options}
    spec.resolve_options({**engine.game.simulation_options, **options})
    bots = simulation.seat_bots([b for b in args.bots.split(",") if b] if args.bots else [], players, host.bots())
    return simulation.Config(
        game=args.game,
        players=players,
        bots=bots,
        games=args.games,
        seed=args.seed,
        scenario=args.scenario,
        options=options,
        keep_records=bool(args.save_replays),
    )


def cmd_simulate(host: PluginHost, args: argparse.Namespace) -> int:
    config = _config(host, args)
    rotate = args.rotate if args.rotate is not None else len(set(config.bots)) > 1
    configs = balance.rotated(config) if rotate else [config]
    replay_dir = folder(Path(args.save_replays), "--save-replays") if args.save_replays else None
    report_dir = folder(Path(args.report), "--report") if args.report else None
    played = 0  # games so far, numbered across the seatings in the order they are counted

    def on_game(result: dict[str, Any], record: Any) -> None:
        nonlocal played
        played += 1
        if replay_dir is not None and record is not None:
            replay_files.save(replay_dir / f"{args.game}-{played - 1:04d}.bwr", record)
        if not args.json:
            if result["finished"]:
                who = "draw" if result["draw"] else "winners " + ",".join(str(s + 1) for s in result["winners"])
            else:
                who = "unfinished"
            capped = " (round cap)" if result["capped"] else ""
            seating = f" [{','.join(result['bots'])}]" if len(configs) > 1 else ""
            lines.add(f"game {played}{seating}: {who}{capped}, {result['actions']} actions, hash {result['hash'][:12]}")

    if args.backend == "ray":  # before any game: a cluster that cannot be joined is the run's one line
        _probe_head(os.environ.get("RAY_ADDRESS", "").strip())
        cluster.connect(args.workers, verbose=args.verbose)
    lines = _Lines()
    show_progress = sys.stderr.isatty() and args.games >= 10
    progress = _ProgressBar() if show_progress else None
    try:
        # only --json prints every game's result; the lines above are written as games end
        summaries = simulation.run_many(
            host, configs, args.workers, progress, on_game, backend=args.backend, keep_results=args.json
        )
    finally:
        lines.flush()  # the games played so far, also when the run stops early
    summary = balance.combine(summaries)
    written = _write_report(summary, report_dir) if report_dir is not None else []
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    _print_summary(summary)
    if written:
        print(f"  report: {', '.join(str(path) for path in written)}")
    return 0


def _probe_head(address: str) -> None:
    """A Ray head's port that does not answer is said at once (Ray itself would try it for
    minutes). No address, or one Ray resolves itself (`auto`, `ray://...`): nothing to ask."""
    host, _, port = address.rpartition(":")
    if "://" in address or not host or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), PROBE_SECONDS).close()
    except OSError as exc:
        raise BoardwrightError(
            f"no Ray cluster answers at {address} (RAY_ADDRESS): {exc.strerror or exc}; start its head with"
            " `ray start --head`, or set RAY_ADDRESS to the address the head printed",
            "no-cluster",
        ) from None


def _write_report(summary: dict[str, Any], report_dir: Path) -> list[Path]:
    from boardwright.cli.charts import write_png
    from boardwright.framework import report

    try:
        written = report.write(summary, report_dir)
        return written + [write_png(path) for path in written if path.suffix == ".svg"]
    except OSError as exc:
        raise UsageError(f"--report {report_dir}: {exc.strerror or exc}") from None


def _print_summary(summary: dict[str, Any]) -> None:
    seatings = summary["seatings"]
    rotated = f", seats rotated over {len(seatings)} seatings" if len(seatings) > 1 else ""
    print(
        f"{summary['games']} games of {summary['game']}, {summary['players']} players, "
        f"bots {', '.join(summary['bots'])}{rotated}"
    )
    for row in balance.rows(summary):
        if row.group in ("seat", "bot", "faction"):
            print(f"  {row.name}: {row.wins} wins in {row.games} ({row.rate:.0%}, 95% CI {row.low:.0%}-{row.high:.0%})")
    in_play = [row for row in balance.rows(summary) if row.group == "in play"]
    if in_play:
        fair = 1 / summary["players"]
        above = ", ".join(f"{row.name} {row.rate:.0%}" for row in in_play if row.low > fair) or "none"
        below = ", ".join(f"{row.name} {row.rate:.0%}" for row in in_play if row.high < fair) or "none"
        print(
            f"  in play: {len(in_play)} cards, creatures or units; win rate above the fair share beyond"
            f" chance (95% CI): {above}; below: {below}"
        )
    length = summary["length"]
    spread = f", median {length['median']:.0f} (10%-90%: {length['p10']:.0f}-{length['p90']:.0f})" if length else ""
    capped_wins = ", ".join(f"seat {int(s) + 1} {n}" for s, n in summary["capped_wins"].items() if n)
    capped = f" (won by {capped_wins}; {summary['capped_draws']} without a winner)" if summary["capped"] else ""
    print(
        f"  draws {summary['draws']}, capped {summary['capped']}{capped}, mean length {summary['mean_actions']:.1f} actions"
        + (f" ({summary['mean_rounds']:.1f} rounds)" if summary["mean_rounds"] > 1 else "")
        + spread
        + f"; {summary['games_per_s']} games/s, {summary['actions_per_s']} actions/s"
    )


def cmd_compare(host: PluginHost, args: argparse.Namespace) -> int:
    """Two runs' win rates side by side, each change said to be beyond chance or not."""
    from boardwright.framework import report

    runs = []
    for given in (args.before, args.after):
        try:
            runs.append(report.read(Path(given)))
        except OSError as exc:
            raise UsageError(f"{given}: {exc.strerror or exc} (a --report folder or a simulate --json file)") from None
        except ValueError as exc:
            raise UsageError(f"{given}: not a run's summary ({exc})") from None
    before, after = runs
    if before.get("game") != after.get("game"):
        raise UsageError(f"the runs are of different games: {before.get('game')} and {after.get('game')}")
    try:
        changes, alone = balance.compare(before, after)
    except (KeyError, TypeError) as exc:
        raise UsageError(f"not a run's summary: it has no {exc}") from None
    print(f"{before['game']}: {before['games']} games before, {after['games']} after")
    for change in changes:
        verdict = "moved" if change.moved else "within chance"
        print(
            f"  {change.name}: {change.before.rate:.0%} ({change.before.games}) -> {change.after.rate:.0%}"
            f" ({change.after.games}), {change.after.rate - change.before.rate:+.0%},"
            f" p={change.p_value:.3f} (Holm {change.adjusted:.3f}): {verdict}"
        )
    for name in alone:
        print(f"  {name}")
    moved = [change.name for change in changes if change.moved]
    print(f"moved beyond chance (95%, Holm-corrected): {', '.join(moved) if moved else 'none'}")
    return 0
