"""The bot contract: a bot sees what its seat may see and picks one of the legal actions.

Bots never touch the true state: `Turn` hands them the legal actions and, on demand,
their seat's view. Search bots rebuild a full state from that view with
`Game.determinize`, so they cannot peek at hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .engine import Engine

Action = dict[str, Any]

LEVELS = ("easy", "normal", "hard")

# How often a table asks a bot that failed on one decision before giving up on it: a search
# samples other hidden cards each time, so a rare failure in a sampled world seldom comes
# twice (a LAN host then plays a random legal action for it, the desktop says the bot failed)
BOT_ATTEMPTS = 3


class Attempts:
    """A table's count of a bot's failures on the decision it is asked now (`decision`: any
    value that changes when the game moves on, such as the ply)."""

    def __init__(self) -> None:
        self._decision: object = None
        self.failed = 0

    def again(self, decision: object) -> bool:
        """After a failure on `decision`: whether the bot is asked once more."""
        self.failed = self.failed + 1 if decision == self._decision else 1
        self._decision = decision
        return self.failed < BOT_ATTEMPTS


class Turn:
    """One decision a bot is asked to make."""

    __slots__ = ("_state", "_view", "engine", "legal", "seat")

    def __init__(self, engine: Engine, state: dict[str, Any], seat: int, legal: list[Action]) -> None:
        self.engine = engine
        self.seat = seat
        self.legal = legal
        self._state = state
        self._view: dict[str, Any] | None = None

    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self.engine.view(self._state, self.seat)
        return self._view


class Bot(Protocol):
    def choose(self, turn: Turn) -> Action: ...


class Picker(Protocol):
    """A bot that looks at the legal actions alone (never the view) may also offer `pick`:
    the index of its choice in `legal`, the same choice `choose` would make. Balance runs
    call it instead of `choose`, with no `Turn` to build and no choice to check: an index
    into the list is legal by construction."""

    def pick(self, legal: list[Action]) -> int: ...


@dataclass(frozen=True)
class BotKind:
    """A named way to make bots, registered through the `boardwright_bots` hook."""

    name: str
    title_en: str
    title_ru: str
    make: Callable[[Engine, int, int, str], Bot]  # (engine, seat, seed, level) -> bot
    levels: tuple[str, ...] = ("normal",)
