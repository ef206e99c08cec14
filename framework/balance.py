"""Balance runs a designer can act on: every seating of the bots, the effects a single seating
cannot tell apart (seat, faction, bot), and whether two runs differ beyond chance.

A run with one seating confounds the seat with the bot in it: with greedy in seat 1 and
random in seat 2, "seat 1 wins 95%" measures the bot. `seatings` rotates the bots over the
seats so that each bot plays each seat equally often; `rotated` spreads a run's games over
those seatings (each with the run's seed, so the seatings play the same deals); `combine`
adds the seatings' summaries (`tally.Tally.summary`) into one, with the win rate per seat,
per bot, per faction, per faction in each seat, per bot with each faction and per card,
creature or unit a seat had in play (`Game.in_play`), each with its 95% interval, and the
spread of game lengths. `compare` tells which win rates of two runs
moved beyond chance.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import OptionError
from .tally import wilson_interval

if TYPE_CHECKING:
    from .simulation import Config, SeatBot

GROUPS = ("seat", "bot", "faction", "faction in seat", "bot with faction", "in play")
SIGNIFICANCE = 0.05  # a change is beyond chance when its Holm-adjusted p-value is below this


def seatings(bots: list[SeatBot]) -> list[list[SeatBot]]:
    """The bots rotated over the seats, each seating once: every bot takes every seat equally
    often (`[a, b]`: `[a, b]` and `[b, a]`). Bots all of one kind have one seating."""
    out: list[list[SeatBot]] = []
    for shift in range(len(bots)):
        seating = bots[shift:] + bots[:shift]
        if seating not in out:
            out.append(seating)
    return out


def rotated(config: Config) -> list[Config]:
    """`config`'s games spread over every seating of its bots (the first seatings take one
    game more when they do not divide evenly); each seating keeps the run's seed."""
    orders = seatings(config.bots)
    if config.games < len(orders):
        raise OptionError(
            f"{config.games} games cannot rotate {len(orders)} seatings: play at least {len(orders)}, or --no-rotate"
        )
    share, extra = divmod(config.games, len(orders))
    return [
        dataclasses.replace(config, bots=order, games=share + (number < extra)) for number, order in enumerate(orders)
    ]


def _rate(wins: int, games: int) -> dict[str, Any]:
    return {
        "games": games,
        "wins": wins,
        "rate": wins / games if games else 0.0,
        "ci95": list(wilson_interval(wins, games)),
    }


def _interval(info: dict[str, Any]) -> tuple[float, float]:
    low, high = info["ci95"]
    return float(low), float(high)


def _add(counts: dict[str, list[int]], key: str, games: int, wins: int) -> None:
    entry = counts.setdefault(key, [0, 0])
    entry[0] += games
    entry[1] += wins


def _length_stats(lengths: dict[str, int]) -> dict[str, float]:
    """The least, the 10th percentile, the median, the 90th percentile and the most actions."""
    values = sorted((int(n), count) for n, count in lengths.items())
    total = sum(count for _, count in values)
    if not total:
        return {}

    def percentile(share: float) -> float:
        rank, seen = share * (total - 1), 0
        for n, count in values:
            seen += count
            if seen > rank:
                return float(n)
        return float(values[-1][0])

    return {
        "min": float(values[0][0]),
        "p10": percentile(0.1),
        "median": percentile(0.5),
        "p90": percentile(0.9),
        "max": float(values[-1][0]),
    }


def combine(summaries: list[dict[str, Any]]) -> dict[str, Any]:
    """One summary of a run played in several seatings (one summary each, same game and
    players): the keys of each, added up, and the tables that tell seat, bot and faction
    apart. A run of one seating gets the same tables."""
    first = summaries[0]
    players, games = first["players"], sum(s["games"] for s in summaries)
    seats: dict[str, list[int]] = {}
    bots: dict[str, list[int]] = {}
    faction_seat: dict[str, dict[str, list[int]]] = {}
    bot_faction: dict[str, dict[str, list[int]]] = {}
    lengths: dict[int, int] = {}
    in_play: dict[str, list[int]] = {}
    capped_wins = [0] * players
    for summary in summaries:
        for seat in range(players):
            won = summary["wins"][str(seat)]
            _add(seats, str(seat), summary["games"], won)
            _add(bots, summary["bots"][seat], summary["games"], won)
            capped_wins[seat] += summary["capped_wins"][str(seat)]
        for faction, by_seat in summary["faction_seat"].items():
            for seat, counts in by_seat.items():
                _add(faction_seat.setdefault(faction, {}), seat, counts["games"], counts["wins"])
                _add(bot_faction.setdefault(summary["bots"][int(seat)], {}), faction, counts["games"], counts["wins"])
        for n, count in summary["lengths"].items():
            lengths[int(n)] = lengths.get(int(n), 0) + count
        for name, counts in summary.get("in_play", {}).items():
            _add(in_play, name, counts["games"], counts["wins"])
    factions = {f: [sum(c[0] for c in s.values()), sum(c[1] for c in s.values())] for f, s in faction_seat.items()}
    actions = sum(n * count for n, count in lengths.items())
    rounds = sum(s["mean_rounds"] * s["games"] for s in summaries)
    seconds = first["seconds"]  # the wall time of the whole run, which every seating's summary gives
    return {
        **first,
        "games": games,
        "seatings": [s["bots"] for s in summaries],
        "results": [result for s in summaries for result in s["results"]],
        "wins": {seat: wins for seat, (_, wins) in seats.items()},
        "win_rate": {seat: _rate(wins, g) for seat, (g, wins) in seats.items()},
        "bot_win_rate": {bot: _rate(wins, g) for bot, (g, wins) in bots.items()},
        "wins_by_faction": {f: wins for f, (_, wins) in sorted(factions.items())},
        "faction_win_rate": {f: _rate(wins, g) for f, (g, wins) in sorted(factions.items())},
        "faction_seat": {
            f: {seat: _rate(w, g) for seat, (g, w) in sorted(by_seat.items())}
            for f, by_seat in sorted(faction_seat.items())
        },
        "bot_faction": {
            bot: {f: _rate(w, g) for f, (g, w) in sorted(by_faction.items())} for bot, by_faction in bot_faction.items()
        },
        "in_play": {name: _rate(w, g) for name, (g, w) in sorted(in_play.items())},
        "lengths": {str(n): count for n, count in sorted(lengths.items())},
        "length": _length_stats({str(n): c for n, c in lengths.items()}),
        "draws": sum(s["draws"] for s in summaries),
        "capped": sum(s["capped"] for s in summaries),
        "capped_wins": {str(seat): n for seat, n in enumerate(capped_wins)},
        "capped_draws": sum(s["capped_draws"] for s in summaries),
        "unfinished": sum(s["unfinished"] for s in summaries),
        "mean_actions": actions / games if games else 0.0,
        "mean_rounds": rounds / games if games else 0.0,
        "games_per_s": round(games / seconds, 2) if seconds > 0 else None,
        "actions_per_s": round(actions / seconds, 1) if seconds > 0 else None,
        "play_seconds": round(sum(s.get("play_seconds", 0.0) for s in summaries), 3),
    }


@dataclass(frozen=True)
class Row:
    group: str  # one of GROUPS
    name: str  # as a person reads it: "seat 1 (greedy)"
    games: int
    wins: int
    rate: float
    low: float
    high: float
    key: str = ""  # the same rate in another run, whatever bot sat there: "seat 1" (the name if empty)


def rows(summary: dict[str, Any]) -> list[Row]:
    """Every win rate of a combined summary, group by group (`GROUPS`). A seat is named
    with its bot when the run had one seating; bots are listed when there were several."""
    one_seating = len(summary.get("seatings", [summary["bots"]])) == 1
    table: list[tuple[str, str, dict[str, Any]]] = []
    for seat, info in summary["win_rate"].items():
        name = f"seat {int(seat) + 1}" + (f" ({summary['bots'][int(seat)]})" if one_seating else "")
        table.append(("seat", name, {"games": summary["games"], "wins": summary["wins"][seat], **info}))
    keys = [f"seat {int(seat) + 1}" for seat in summary["win_rate"]]
    if len(summary.get("bot_win_rate", {})) > 1:
        table += [("bot", f"bot {bot}", info) for bot, info in summary["bot_win_rate"].items()]
    table += [
        ("faction", f, {"wins": summary["wins_by_faction"][f], **info})
        for f, info in summary["faction_win_rate"].items()
    ]
    for faction, by_seat in summary.get("faction_seat", {}).items():
        table += [("faction in seat", f"{faction} in seat {int(seat) + 1}", info) for seat, info in by_seat.items()]
    if len(summary.get("bot_win_rate", {})) > 1:
        for bot, by_faction in summary.get("bot_faction", {}).items():
            table += [("bot with faction", f"{bot} with {faction}", info) for faction, info in by_faction.items()]
    table += [("in play", name, info) for name, info in _by_rate(summary.get("in_play", {}))]
    keys += [name for _, name, _ in table[len(keys) :]]
    return [
        Row(group, name, int(info["games"]), int(info["wins"]), float(info["rate"]), *_interval(info), key=key)
        for (group, name, info), key in zip(table, keys, strict=True)
        if info["games"]
    ]


def _by_rate(rates: dict[str, dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """The cards, creatures or units in play, the highest win rate first (ties: the most games)."""
    return sorted(rates.items(), key=lambda item: (-item[1]["rate"], -item[1]["games"], item[0]))


@dataclass(frozen=True)
class Change:
    """One win rate in two runs, and whether it moved beyond chance."""

    group: str
    name: str  # the rate's key: "seat 1", "bot greedy", "order in seat 2"
    before: Row
    after: Row
    p_value: float  # two-sided, of a two-proportion z-test
    adjusted: float  # Holm-adjusted over every rate compared
    moved: bool


def _two_proportion_p(a: Row, b: Row) -> float:
    pooled = (a.wins + b.wins) / (a.games + b.games)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / a.games + 1 / b.games))
    if spread == 0:
        return 1.0
    return math.erfc(abs(b.rate - a.rate) / spread / math.sqrt(2))


def compare(before: dict[str, Any], after: dict[str, Any]) -> tuple[list[Change], list[str]]:
    """Every win rate both runs have, with its change and whether that is beyond chance
    (Holm's correction over all of them, so that twenty rates do not make one move by luck);
    and the names of the rates only one run has."""
    old = {(r.group, r.key): r for r in rows(before)}
    new = {(r.group, r.key): r for r in rows(after)}
    shared = [key for key in old if key in new]
    tested = sorted(((_two_proportion_p(old[k], new[k]), k) for k in shared), key=lambda pair: pair[0])
    adjusted: dict[tuple[str, str], float] = {}
    running = 0.0
    for rank, (p, key) in enumerate(tested):
        running = max(running, min(1.0, p * (len(tested) - rank)))
        adjusted[key] = running
    changes = [
        Change(k[0], k[1], old[k], new[k], p, adjusted[k], adjusted[k] < SIGNIFICANCE)
        for p, k in sorted(tested, key=lambda pair: shared.index(pair[1]))
    ]
    alone = [f"{name} (only in the first run)" for key, name in ((k, k[1]) for k in old) if key not in new]
    alone += [f"{name} (only in the second run)" for key, name in ((k, k[1]) for k in new) if key not in old]
    return changes, alone
