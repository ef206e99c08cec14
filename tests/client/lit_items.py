"""What the client can light for an event: the click ids of the items it draws for a board.

A game's events name the board items they are about (`at=[click ids]`); the client lights
those items while the mouse is over the event's log line (client/table.py). The plugin tests
play seeded games and check, with `play_checking_at`, that every id an event names is drawn
for a seat that may read the event, on the board just before or just after the action.
No Qt here: the layout is the client's own (client/layout.py), without a window.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from boardwright.client.layout import shown_board
from boardwright.framework import Engine, EventLog, kernel

# actions that end a turn or let it go: a seeded game that prefers the others sees more fighting
QUIET = frozenset({"end", "end_turn", "pass", "skip", "hold", "done", "hire_done", "support_done"})


def drawn_ids(engine: Engine, state: dict[str, Any], seat: int | None) -> set[str]:
    """The click ids (as repr) of every item the client draws for `seat`, board and panels."""
    names = [f"seat {s + 1}" for s in range(kernel.seats(state))]
    board = shown_board(engine.game, engine.board(state, seat), engine.view(state, seat), "en", names)
    found = {repr(item["id"]) for item in board.get("items", []) if item.get("id") is not None}
    return found


def _readers(event: dict[str, Any], seats: int) -> list[int | None]:
    return list(event["to"]) if event["to"] is not None else [None, *range(seats)]


class _Drawn:
    """The ids drawn for a seat before or after one action, composed only when an event asks."""

    def __init__(self, engine: Engine, before: dict[str, Any], after: dict[str, Any]) -> None:
        self.engine, self.states = engine, (before, after)
        self.found: dict[int | None, set[str]] = {}

    def ids(self, seat: int | None) -> set[str]:
        if seat not in self.found:
            self.found[seat] = set().union(*(drawn_ids(self.engine, state, seat) for state in self.states))
        return self.found[seat]


def busy_choice(rng: random.Random) -> Callable[[list[dict[str, Any]]], dict[str, Any]]:
    """A random legal action, nine times in ten one that does something (not an end or a pass)."""

    def choose(legal: list[dict[str, Any]]) -> dict[str, Any]:
        doing = [action for action in legal if action.get("type") not in QUIET]
        return rng.choice(doing if doing and rng.random() < 0.9 else legal)

    return choose


def play_checking_at(
    game: Any,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    plies: int = 300,
) -> tuple[Counter[str], Counter[str], list[dict[str, Any]]]:
    """Play a seeded game of busy random actions; every id an event's `at` names must be drawn
    for a seat that may read the event, before or after the action. Returns how many events of
    each key there were, how many of them named board items, and the events."""
    engine = Engine(game)
    log = EventLog()
    state = engine.new_game(players, options or {}, seed, None, log=log)
    choose = busy_choice(random.Random(seed))
    seats = kernel.seats(state)
    events: Counter[str] = Counter()
    with_at: Counter[str] = Counter()
    for ply in range(plies):
        if kernel.is_over(state):
            break
        before = kernel.clone(state)
        first = len(log.events)
        log.ply = ply
        action = engine.apply(state, choose(engine.legal_actions(state)), log=log)
        drawn = _Drawn(engine, before, state)
        for event in log.events[first:]:
            events[event["key"]] += 1
            at = event["params"].get("at")
            if at is None:
                continue
            with_at[event["key"]] += 1
            assert isinstance(at, list) and at, f"{event}: `at` is a list of click ids"
            missing = {repr(item) for item in at}
            for seat in _readers(event, seats):  # a spectator first: most ids are drawn for everyone
                missing -= drawn.ids(seat)
                if not missing:
                    break
            assert not missing, f"ply {ply}, {action}: {event['key']} names {missing}, not drawn for its readers"
    return events, with_at, log.events
