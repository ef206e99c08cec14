"""Headless bot games: `boardwright simulate`, balance reports, and the conformance suite.

Results depend only on (game, version, options, scenario, seed, bots): the same
configuration prints the same results on any machine and with any number of workers.
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from typing import Any

from . import cluster, kernel
from .bots import LEVELS, BotKind, Turn
from .engine import Engine, Prepared, exact_index
from .errors import BoardwrightError, GameFailed, OptionError
from .game import Game
from .plugins import PluginHost
from .replay import Record
from .tally import Tally

DEFAULT_MAX_ACTIONS = 200_000
AHEAD = 4  # tasks submitted per worker beyond the one waited on (`_ahead`)
TASK_SECONDS = 0.05  # about how long one worker's task plays, once games are timed (`_Tasks`)
DROP_SECONDS = 10.0  # how long a stopped Ray run waits for the tasks it cancelled
MAX_TASK_GAMES = 1000


@dataclass(frozen=True)
class SeatBot:
    kind: str
    level: str = "normal"

    @classmethod
    def parse(cls, text: str, kinds: dict[str, BotKind], person: str | None = None) -> SeatBot:
        """The bot `text` names (`KIND` or `KIND:LEVEL`); OptionError for an unknown kind or
        level. `person`: the word for a seat a person takes where the text comes from (human,
        open, pause), named in the refusal of a text that is neither it nor a bot."""
        name, _, level = text.strip().partition(":")
        if name not in kinds:
            bots = ", ".join(sorted(kinds))
            if person is not None:
                raise OptionError(f"{text!r} is neither {person} nor a bot ({bots})")
            raise OptionError(f"unknown bot {name!r} (bots: {bots})")
        level = level or "normal"
        if level not in kinds[name].levels and level not in LEVELS:
            raise OptionError(f"bot {name} has no level {level!r} (levels: {', '.join(kinds[name].levels)})")
        return cls(name, level)

    def label(self) -> str:
        return self.kind if self.level == "normal" else f"{self.kind}:{self.level}"


@dataclass
class Config:
    game: str
    players: int
    bots: list[SeatBot]
    games: int = 1
    seed: int = 0
    scenario: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    max_actions: int = DEFAULT_MAX_ACTIONS
    keep_records: bool = False


def every_seating(
    engine: Engine,
    focus: SeatBot,
    others: SeatBot,
    games: int,
    seed: int = 100,
    short: bool = False,
    options: dict[str, Any] | None = None,
    players: int | None = None,
) -> list[Config]:
    """One series per seat that `focus` takes, `others` in every other seat (`players`, by
    default the smallest player count), so that no side keeps the first move; `short` plays
    the game's short variant, `options` over its own. Series number i has the seed `seed + i`."""
    players = players or engine.spec.players[0]
    game = engine.game
    return [
        Config(
            engine.spec.id,
            players,
            [focus if seat == focus_seat else others for seat in range(players)],
            games=games,
            seed=seed + focus_seat,
            scenario=game.short_scenario if short else None,
            options={**(game.short_options if short else {}), **(options or {})},
        )
        for focus_seat in range(players)
    ]


def seat_bots(specs: list[str], players: int, kinds: dict[str, BotKind]) -> list[SeatBot]:
    """One bot per seat: one name serves every seat; otherwise exactly one per seat."""
    parsed = [SeatBot.parse(s, kinds) for s in specs] or [SeatBot("random")]
    if len(parsed) == 1:
        return parsed * players
    if len(parsed) != players:
        raise OptionError(f"{len(parsed)} bots for {players} players: give one bot, or one per seat")
    return parsed


def play_game(
    engine: Engine,
    kinds: dict[str, BotKind],
    config: Config,
    index: int,
) -> tuple[dict[str, Any], Record | None]:
    """Play game number `index` of a series; returns its result (and its replay record).
    A bot or a game that fails raises `GameFailed`, which says which game, seat and bot (its
    cause is the original error). A series of many games is cheaper through one `Series`."""
    return Series(engine, kinds, config).play(index)


class _Stopped(Exception):
    """Why a game stopped, in a person's words (`Series.play` says which game)."""


class Series:
    """The games of one series, with what they share worked out once: the game's set-up
    (players, options, scenario checked: `Engine.prepare`), each seat's bot maker, and
    whether the game names factions. In a balance run of short games (Connect Four with
    random bots: about 20 actions) that per-game work was a tenth of the run."""

    def __init__(self, engine: Engine, kinds: dict[str, BotKind], config: Config) -> None:
        self.engine = engine
        self.config = config
        self._kinds = kinds
        self._prepared: Prepared | None = None  # on the first game, whose errors name it
        self._makers: list[tuple[Callable[[Engine, int, int, str], Any], str]] | None = None
        self._factions = type(engine.game).faction is not Game.faction
        self._in_play = type(engine.game).in_play is not Game.in_play
        self._labels = [b.label() for b in config.bots]

    def play(self, index: int) -> tuple[dict[str, Any], Record | None]:
        """Game number `index` of the series (`play_game`)."""
        config = self.config
        seed = kernel.derive_seed(config.seed, index)
        try:
            return self._play(index, seed)
        except _Stopped as stopped:
            raise GameFailed(f"game {index + 1} of the series (series seed {config.seed}) stopped: {stopped}") from (
                stopped.__cause__ or stopped
            )

    def _play(self, index: int, seed: int) -> tuple[dict[str, Any], Record | None]:
        engine, config = self.engine, self.config
        try:
            prepared = self._prepared
            if prepared is None:
                # a scenario's own options win over the game's defaults for bot games
                scenario = engine.scenario(config.scenario)
                chosen = scenario.options if scenario else {}
                options = {k: v for k, v in engine.game.simulation_options.items() if k not in chosen}
                options.update(config.options)
                prepared = self._prepared = engine.prepare(config.players, options, config.scenario)
            state = prepared.new_game(seed)
        except BoardwrightError:
            raise  # an option or scenario the game refuses: the series' own error, said as it is
        except Exception as exc:
            raise _Stopped(f"the game could not be set up: {type(exc).__name__}: {exc}") from exc
        record = None
        if config.keep_records:
            record = Record(
                game=engine.spec.id,
                game_version=engine.spec.version,
                players=config.players,
                options=dict(prepared.options),
                seed=seed,
                scenario=config.scenario,
                start_hash=kernel.state_hash(state),
                seat_kinds=[b.label() for b in config.bots],
            )
        try:
            makers = self._makers
            if makers is None:
                makers = self._makers = [(self._kinds[b.kind].make, b.level) for b in config.bots]
            derive = kernel.derive_seed
            bots = [make(engine, seat, derive(seed, 1000 + seat), level) for seat, (make, level) in enumerate(makers)]
        except BoardwrightError:
            raise
        except Exception as exc:
            raise _Stopped(f"its bots could not be made: {type(exc).__name__}: {exc}") from exc
        actions = _play_out(engine, state, bots, config, record)
        k = state["k"]
        outcome = k["outcome"]
        players = config.players
        if outcome:
            winners, draw, capped, reason = (
                list(outcome["winners"]),
                bool(outcome["draw"]),
                bool(outcome["capped"]),
                outcome["reason"],
            )
        else:
            winners, draw, capped, reason = [], False, False, "action limit"
        result = {
            "index": index,
            "seed": seed,
            "finished": bool(k["over"]),
            "winners": winners,
            "draw": draw,
            "capped": capped,
            "reason": reason,
            "actions": actions,
            "rounds": int(k["round"]),
            "hash": kernel.state_hash(state),
            "factions": [engine.game.faction(state, s) for s in range(players)] if self._factions else [None] * players,
            "bots": list(self._labels),
        }
        if self._in_play:
            result["in_play"] = [sorted(set(engine.game.in_play(state, s))) for s in range(players)]
        if record is not None:
            record.outcome = outcome
        return result, record


def _play_out(
    engine: Engine,
    state: dict[str, Any],
    bots: list[Any],
    config: Config,
    record: Record | None,
) -> int:
    """Ask the seat to move for each action until the game ends or `config.max_actions`;
    returns the number of actions. The loop between the kernel and the bots is kept lean:
    with random bots it is most of the time a balance run spends outside the rules. Every
    seat answers with an index into the legal actions: a bot with `pick` (framework/bots.py
    `Picker`) by itself, with no `Turn` and no check, any other through `_picker`. The legal
    actions are `Engine.legal_actions` without its one-entry cache, which a playout never
    hits; a kept record is written by the apply step (`_recording`)."""
    game_legal = engine.game.legal_actions
    apply = engine.apply_unchecked if record is None else _recording(engine, record)
    k = state["k"]
    pickers = [_picker(engine, state, seat, bot, config) for seat, bot in enumerate(bots)]
    for actions in range(config.max_actions):
        if k["over"]:
            return actions
        pending = k["pending"]
        if pending:
            decision = pending[-1]
            legal, seat = decision.get("choices", []), decision["seat"]
        else:
            legal = game_legal(state)
            seat = k["active"]
        if not legal:
            raise _Stopped(f"{engine.spec.id} has no legal action in a running game (action {actions + 1})")
        action = legal[pickers[seat](legal)]
        try:
            apply(state, action)
        except Exception as exc:
            raise _Stopped(
                f"{engine.spec.id} failed on action {actions + 1} {action!r}: {type(exc).__name__}: {exc}"
            ) from exc
    return config.max_actions


def _picker(engine: Engine, state: dict[str, Any], seat: int, bot: Any, config: Config) -> Callable[[list[Any]], int]:
    """The seat's bot as a function from the legal actions to the index of its choice: its
    own `pick`, or its `choose` asked with a `Turn` and its answer found among the legal
    actions, with the same types (`engine.exact_index`: a bot's 1.0 for a 1 is refused, as
    from a peer). A bot that fails or answers with anything else stops the game."""
    pick = getattr(bot, "pick", None)
    if pick is not None:
        return pick
    choose = bot.choose

    def chosen(legal: list[Any]) -> int:
        try:
            action = choose(Turn(engine, state, seat, legal))
        except Exception as exc:
            label = config.bots[seat].label()
            raise _Stopped(f"the bot of seat {seat + 1} ({label}) failed: {type(exc).__name__}: {exc}") from exc
        index = exact_index(legal, action)
        if index is None:
            label = config.bots[seat].label()
            raise _Stopped(f"the bot of seat {seat + 1} ({label}) chose an illegal action {action!r}")
        return index

    return chosen


def _recording(engine: Engine, record: Record) -> Callable[[dict[str, Any], Any], None]:
    """`engine.apply_unchecked` that also writes each action and the state's hash after it to `record`."""
    apply, actions, hashes, state_hash = engine.apply_unchecked, record.actions, record.hashes, kernel.state_hash

    def applied(state: dict[str, Any], action: Any) -> None:
        apply(state, action)
        actions.append(action)
        hashes.append(state_hash(state))

    return applied


# --- worker processes: each builds its own plugin host once ---

_worker: dict[str, Any] = {}


def _init_worker() -> None:
    host = PluginHost()
    _worker["host"] = host
    _worker["engines"] = {}
    _worker["kinds"] = host.bots()


Outcome = tuple[dict[str, Any], Record | None, float]  # a game's result, its record, its seconds


Played = tuple[list[Outcome], GameFailed | None]  # a task's games, and the failure that stopped it


def _play_in_worker(config: Config, first: int, count: int) -> Played:
    """Games `first` .. `first + count - 1` of the series, in a worker process; a game that
    fails ends the task, and the games before it are still counted."""
    engines = _worker["engines"]
    if config.game not in engines:
        engines[config.game] = _worker["host"].engine(config.game)
    series = Series(engines[config.game], _worker["kinds"], config)
    outcomes: list[Outcome] = []
    for index in range(first, first + count):
        try:
            outcomes.append(_timed_game(series, index))
        except GameFailed as failed:
            return outcomes, failed
    return outcomes, None


def _play_in_ray_task(config: Config, first: int, count: int) -> Played:
    """Games of a series on a Ray worker (each worker process sets its host up once)."""
    if "host" not in _worker:
        _init_worker()
    return _play_in_worker(config, first, count)


class _Tasks:
    """The games of several series as tasks for workers, in order: one game a task at first,
    then, once games have been timed, as many as take about `TASK_SECONDS`. A worker's task
    costs a message each way (and Ray's scheduling), more than a whole short game: one game
    a task made two workers slower than one in Connect Four. Long games stay one a task, so
    the last ones still spread over every worker."""

    def __init__(self, configs: list[Config]) -> None:
        self.configs = configs
        self.size = 1

    def __iter__(self) -> Iterator[tuple[int, int, int]]:
        for number, config in enumerate(self.configs):
            first = 0
            while first < config.games:
                count = min(self.size, config.games - first)
                yield number, first, count
                first += count

    def timed(self, outcomes: list[Outcome]) -> None:
        """Size the next tasks from how long these games took."""
        mean = sum(seconds for _, _, seconds in outcomes) / len(outcomes)
        self.size = max(1, min(MAX_TASK_GAMES, int(TASK_SECONDS / max(mean, 1e-6))))


def _ray_outcomes(configs: list[Config], tasks: _Tasks, workers: int) -> Generator[tuple[int, Played], None, None]:
    """The games as Ray tasks, in order: on the cluster at `RAY_ADDRESS`, else on a local Ray
    instance with `workers` CPUs (`cluster.connect`). A cluster gets tasks ahead for each of
    its CPUs, whatever `workers` says."""
    cluster.connect(workers)
    import ray

    play = ray.remote(_play_in_ray_task)
    spread = max(workers, int(ray.cluster_resources().get("CPU", 1)))
    handed = _ahead(
        iter(tasks),
        lambda number, first, count: (play.remote(configs[number], first, count), first, count),
        spread,
        drop=lambda handles: _drop_ray_tasks(ray, handles),
    )
    try:
        for number, (reference, first, count) in handed:
            try:
                played = ray.get(reference)
            except ray.exceptions.RayError as exc:  # a node without the game, a worker that died
                said = (str(exc).strip().splitlines() or [type(exc).__name__])[-1][:300]
                raise BoardwrightError(
                    f"a Ray task of {_games_named(first, count)} failed: {said}", "worker-lost"
                ) from None
            yield number, played
    finally:  # a run that stopped early plays none of the tasks handed out ahead
        handed.close()


def _drop_ray_tasks(ray: Any, handles: list[Any]) -> None:
    """Cancel the Ray tasks handed out ahead, then read each (for at most `DROP_SECONDS`):
    Ray prints a task that failed and was never read as an error nobody handled, and the
    run has said its one error already."""
    references = [handle[0] for handle in handles]
    for reference in references:
        ray.cancel(reference, force=True)
    ready, _ = ray.wait(references, num_returns=len(references), timeout=DROP_SECONDS)
    for reference in ready:
        try:
            ray.get(reference, timeout=0)
        except Exception:  # cancelled, or failed as well
            pass


def _ahead(
    tasks: Iterator[tuple[int, int, int]],
    submit: Callable[[int, int, int], Any],
    workers: int,
    drop: Callable[[list[Any]], None] | None = None,
) -> Generator[tuple[int, Any], None, None]:
    """(series number, handle) of each task in order, submitting a few ahead of the one
    waited on: enough to keep every worker busy, never a handle (and its results) for every
    game of a long run at once. Closed before its end, it `drop`s the handles not yet given."""
    window: deque[tuple[int, Any]] = deque()
    try:
        for number, first, count in tasks:
            window.append((number, submit(number, first, count)))
            if len(window) > workers * AHEAD:
                yield window.popleft()
        while window:
            yield window.popleft()
    finally:
        if drop is not None and window:
            drop([handle for _, handle in window])


def _games_named(first: int, count: int) -> str:
    """Games `first` .. `first + count - 1` of a series, as a person counts them."""
    return f"game {first + 1} of the series" if count == 1 else f"games {first + 1}-{first + count} of the series"


def _stop_workers(pool: Any) -> None:
    """End a process pool's work now. `ProcessPoolExecutor` passes the tasks handed to it on
    to its workers as they come, so they count as running: they cannot be cancelled, and its
    own shutdown waits until every one of them was played (for long bot games, minutes after
    the failure that ended the run). Its worker processes are ended instead, as Python 3.14's
    `terminate_workers` does."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())  # shutdown forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _timed_game(series: Series, index: int) -> Outcome:
    started = time.perf_counter()
    result, record = series.play(index)
    return result, record, time.perf_counter() - started


def run(
    host: PluginHost,
    config: Config,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    on_game: Callable[[dict[str, Any], Record | None], None] | None = None,
    backend: str = "local",
    keep_results: bool = True,
) -> dict[str, Any]:
    """Play `config.games` games; returns the summary (see `tally.Tally.summary`)."""
    return run_many(host, [config], workers, progress, on_game, backend, keep_results)[0]


def run_many(
    host: PluginHost,
    configs: list[Config],
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    on_game: Callable[[dict[str, Any], Record | None], None] | None = None,
    backend: str = "local",
    keep_results: bool = True,
) -> list[dict[str, Any]]:
    """Play every game of several series in one pool of `workers` processes; one summary per config.

    `backend="ray"` plays them as Ray tasks instead (a cluster at `RAY_ADDRESS`, else a
    local Ray instance with `workers` CPUs): each game depends only on its config and
    index, so the results are the same as the local run's.

    One pool keeps every worker busy until the last game, where series played one after
    another would leave workers idle at the end of each. A summary's `seconds` is the
    wall time of the whole call; `play_seconds` sums the time of its own games. Each
    summary lists its games' results unless `keep_results` is False (then `results` is empty
    and the run holds only counts: a long run's memory stays flat).
    """
    for config in configs:
        host.engine(config.game)  # an unknown game fails here, before any process starts
    kinds = host.bots()
    total = sum(config.games for config in configs)
    tallies = [Tally(config, keep_results) for config in configs]
    started = time.perf_counter()
    workers = max(1, min(workers, total, os.cpu_count() or 1))
    done = 0

    def count(number: int, outcome: Outcome) -> None:
        nonlocal done
        result, record, seconds = outcome
        tallies[number].add(result, seconds)
        if on_game:
            on_game(result, record)
        done += 1
        if progress:
            progress(done, total)

    if workers == 1 and backend != "ray":
        engines = {config.game: host.engine(config.game) for config in configs}
        for number, config in enumerate(configs):
            series = Series(engines[config.game], kinds, config)
            for index in range(config.games):
                count(number, _timed_game(series, index))
    else:
        tasks = _Tasks(configs)

        def collect(outcomes: Iterator[tuple[int, Played]]) -> None:
            for number, (played, failure) in outcomes:
                for outcome in played:
                    count(number, outcome)
                if failure is not None:
                    raise failure
                tasks.timed(played)

        if backend == "ray":
            outcomes = _ray_outcomes(configs, tasks, workers)
            try:
                collect(outcomes)
            finally:
                outcomes.close()
        else:
            # only a run with workers starts processes
            from concurrent.futures import ProcessPoolExecutor
            from concurrent.futures.process import BrokenProcessPool

            with ProcessPoolExecutor(workers, initializer=_init_worker) as pool:

                def submit(number: int, first: int, games: int) -> Any:
                    return pool.submit(_play_in_worker, configs[number], first, games), first

                def played() -> Iterator[tuple[int, Played]]:
                    for number, (future, first) in _ahead(iter(tasks), submit, workers):
                        try:
                            yield number, future.result()
                        except BrokenProcessPool:
                            raise BoardwrightError(
                                "a worker process stopped without a word (killed, or out of memory?) before"
                                f" game {first + 1} of the series was played; the games before it were counted",
                                "worker-lost",
                            ) from None

                try:
                    collect(played())
                except BaseException:  # a game that failed, or Ctrl-C: the games handed out ahead are not played
                    _stop_workers(pool)
                    raise
    seconds = time.perf_counter() - started
    summaries = []
    for tally in tallies:
        summary = tally.summary(seconds)
        summary["play_seconds"] = round(tally.play_seconds, 3)
        summaries.append(summary)
    return summaries
