"""Turn orders: clockwise, fixed initiative, by score, team alternation, with skipping."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def clockwise(first: int, players: int) -> list[int]:
    return [(first + i) % players for i in range(players)]


def by_score(scores: Sequence[float], highest_first: bool = True, tiebreak: Sequence[int] | None = None) -> list[int]:
    """Seats ordered by score; ties broken by position in `tiebreak` (default: seat order)."""
    rank = {seat: i for i, seat in enumerate(tiebreak)} if tiebreak is not None else {}
    sign = -1 if highest_first else 1
    return sorted(range(len(scores)), key=lambda s: (sign * scores[s], rank.get(s, s)))


def team_alternation(teams: Sequence[Sequence[int]], first_team: int = 0) -> list[int]:
    """One seat of each team in turn: [[0, 2], [1, 3]] -> 0, 1, 2, 3."""
    ordered = list(teams[first_team:]) + list(teams[:first_team])
    out = []
    for i in range(max(len(t) for t in ordered)):
        for team in ordered:
            if i < len(team):
                out.append(team[i])
    return out


def next_seat(order: Sequence[int], current: int, skip: Callable[[int], bool] | None = None) -> int | None:
    """The seat after `current` in a cyclic `order`, skipping seats where `skip(seat)`; None if all skip."""
    n = len(order)
    start = order.index(current)
    for step in range(1, n + 1):
        seat = order[(start + step) % n]
        if skip is None or not skip(seat):
            return seat
    return None


def first_seat(order: Sequence[int], skip: Callable[[int], bool] | None = None) -> int | None:
    for seat in order:
        if skip is None or not skip(seat):
            return seat
    return None
