"""A series' counts, kept up game by game, and their summary: what `simulate` prints and a
balance report (`report.py`, `balance.py`) reads. A run keeps counts, not every game, so a
million games take no more memory than a hundred."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .simulation import Config


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate (Wilson score interval)."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


class Tally:
    """A series' counts, kept up game by game: a run of a million games holds its counts, not
    a million results (`keep` also keeps each result, for `summary["results"]`)."""

    def __init__(self, config: Config, keep: bool = True) -> None:
        self.config = config
        self.keep = keep
        self.results: list[dict[str, Any]] = []
        self.games = self.draws = self.capped = self.unfinished = self.actions = self.rounds = 0
        self.wins = [0] * config.players
        self.faction_games: dict[str, int] = {}
        self.faction_wins: dict[str, int] = {}
        # faction -> [games, wins] for each seat: how a faction does from each seat
        self.faction_seat: dict[str, list[list[int]]] = {}
        self.lengths: dict[int, int] = {}  # actions -> games that long: the spread, not only the mean
        self.capped_wins = [0] * config.players  # who the round cap's games went to
        self.capped_draws = 0
        # card, creature or unit -> [games a seat had it in play, games that seat won]
        self.in_play: dict[str, list[int]] = {}
        self.play_seconds = 0.0

    def add(self, result: dict[str, Any], seconds: float = 0.0) -> None:
        winners = result["winners"]
        wins, faction_games, faction_wins = self.wins, self.faction_games, self.faction_wins
        for seat in winners:
            wins[seat] += 1
        for seat, faction in enumerate(result["factions"]):
            if faction is None:
                continue
            faction_games[faction] = faction_games.get(faction, 0) + 1
            by_seat = self.faction_seat.setdefault(faction, [[0, 0] for _ in wins])[seat]
            by_seat[0] += 1
            if seat in winners:
                faction_wins[faction] = faction_wins.get(faction, 0) + 1
                by_seat[1] += 1
        for seat, names in enumerate(result.get("in_play", ())):
            won = seat in winners
            for name in names:
                counts = self.in_play.setdefault(name, [0, 0])
                counts[0] += 1
                counts[1] += won
        self.games += 1
        self.actions += result["actions"]
        self.lengths[result["actions"]] = self.lengths.get(result["actions"], 0) + 1
        self.rounds += result["rounds"]
        self.play_seconds += seconds
        if not result["finished"]:
            self.unfinished += 1
        elif result["draw"]:
            self.draws += 1
        if result["capped"]:
            self.capped += 1
            for seat in winners:
                self.capped_wins[seat] += 1
            self.capped_draws += not winners
        if self.keep:
            self.results.append(result)

    def summary(self, seconds: float) -> dict[str, Any]:
        config, games = self.config, self.games
        faction_wins = self.faction_wins
        return {
            "game": config.game,
            "players": config.players,
            "bots": [b.label() for b in config.bots],
            "games": games,
            "seed": config.seed,
            "scenario": config.scenario,
            "options": config.options,
            "results": self.results,
            "wins": {str(seat): n for seat, n in enumerate(self.wins)},
            "win_rate": {
                str(seat): {"rate": n / games if games else 0.0, "ci95": list(wilson_interval(n, games))}
                for seat, n in enumerate(self.wins)
            },
            "wins_by_faction": {f: faction_wins.get(f, 0) for f in sorted(self.faction_games)},
            "faction_win_rate": {
                f: {
                    "games": g,
                    "rate": faction_wins.get(f, 0) / g,
                    "ci95": list(wilson_interval(faction_wins.get(f, 0), g)),
                }
                for f, g in sorted(self.faction_games.items())
            },
            "faction_seat": {
                f: {str(seat): {"games": g, "wins": w} for seat, (g, w) in enumerate(seats)}
                for f, seats in sorted(self.faction_seat.items())
            },
            "in_play": {name: {"games": g, "wins": w} for name, (g, w) in sorted(self.in_play.items())},
            "lengths": {str(n): count for n, count in sorted(self.lengths.items())},
            "draws": self.draws,
            "capped": self.capped,
            "capped_wins": {str(seat): n for seat, n in enumerate(self.capped_wins)},
            "capped_draws": self.capped_draws,
            "unfinished": self.unfinished,
            "mean_actions": self.actions / games if games else 0.0,
            "mean_rounds": self.rounds / games if games else 0.0,
            "seconds": round(seconds, 3),
            "games_per_s": round(games / seconds, 2) if seconds > 0 else None,
            "actions_per_s": round(self.actions / seconds, 1) if seconds > 0 else None,
        }


def summarise(config: Config, results: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    """The summary of a series from its games' results (`summary["results"]` holds them)."""
    tally = Tally(config)
    for result in results:
        tally.add(result)
    return tally.summary(seconds)
