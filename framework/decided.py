"""What decided a finished game, for the boards' `"decided": true` marks (client/README.md):
the reason and the winners the game gave `kernel.finish`, and copies of board items marked.

Boards are read-only data that a game may share between seats and cache between boards,
so an item is never marked in place: `mark` gives a marked copy and leaves the rest the
same objects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from . import kernel

Item = dict[str, Any]


def end(state: dict[str, Any]) -> tuple[str, list[int]] | None:
    """(reason, winners) of a finished game, as the game gave `kernel.finish`; None while it
    runs. No winners is a draw."""
    if not kernel.is_over(state):
        return None
    outcome = kernel.outcome(state) or {}
    return str(outcome.get("reason") or ""), list(outcome.get("winners") or [])


def mark(items: Iterable[Item], which: Callable[[Item], bool]) -> list[Item]:
    """The items, each one `which` chooses as a copy with `"decided": True`."""
    return [{**item, "decided": True} if which(item) else item for item in items]
