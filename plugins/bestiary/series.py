"""Series of games (digest §3.2): bans stay out of the pool for the rest of the series, the
first player moves on (or goes to the loser), and the series ends when the pool no longer
holds a whole draft."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .catalogue import CONFIG, ROSTERS

State = dict[str, Any]


def excluded_after(state: State, excluded: list[str]) -> list[str]:
    """Cards out of the pool for the next game: earlier exclusions plus this game's bans."""
    return [*excluded, *state["draft"]["banned"]]


def next_first(state: State, rule: str = "alternate") -> int:
    """The next game's first player: the next seat, or (rule "loser") the next seat that lost."""
    winners = (kernel.outcome(state) or {}).get("winners") or []
    players = kernel.seats(state)
    after = [(state["first_player"] + step) % players for step in range(1, players + 1)]
    if rule == "loser" and winners:
        return next(seat for seat in after if seat not in winners)
    return after[0]


def continues(roster: str, excluded: list[str]) -> bool:
    """A series ends when fewer cards remain than 6 bans and 6 picks need."""
    return len([c for c in ROSTERS[roster] if c not in excluded]) >= CONFIG["series_min_pool"]


def next_options(state: State, options: dict[str, Any]) -> dict[str, Any] | None:
    """The next game's options; None when the pool is too small for another."""
    excluded = [x.strip() for x in str(options["series_excluded"]).split(",") if x.strip()]
    excluded = excluded_after(state, excluded)
    if not continues(state["settings"]["roster"], excluded):
        return None
    first = next_first(state, str(options["series_first"]))
    return {**options, "series_excluded": ",".join(excluded), "first_player": str(first + 1)}
