"""A live game: state, history, undo, event log, save and load.

The client, the LAN host and the command line all drive games through `Match`; it
never lets an illegal action through and never leaves the state half-changed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import kernel, replay, zones
from .engine import FREE, Engine
from .errors import BoardwrightError, FileFormatError
from .events import EventLog, render
from .replay import Record

Listener = Callable[["Match"], None]


def _visible_items(state: dict[str, Any], seat: int) -> set[str]:
    """Every item `seat` can see or knows in the zones."""
    seen: set[str] = set()
    for zone in state.get("zones", {}).values():
        seen.update(repr(item) for item in zones.known_items(zone, seat))
    return seen


class Match:
    def __init__(
        self,
        engine: Engine,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        seed: int = 0,
        scenario: str | None = None,
        seat_kinds: list[str] | None = None,
    ) -> None:
        self.engine = engine
        self.log = EventLog()
        self.state = engine.new_game(players, options, seed, scenario, log=self.log)
        resolved = engine.spec.resolve_options(options)
        self.record = Record(
            game=engine.spec.id,
            game_version=engine.spec.version,
            players=kernel.seats(self.state),
            options=resolved,
            seed=seed,
            scenario=scenario,
            start_hash=kernel.state_hash(self.state),
            seat_kinds=list(seat_kinds or []),
        )
        self._snapshots = [kernel.clone(self.state)]
        # per action: did it use the random generator, and which seats saw items they had not seen
        self._seals: list[dict[str, Any]] = []
        self._listeners: list[Listener] = []

    # --- reading ---

    @property
    def game(self) -> Any:
        return self.engine.game

    def legal_actions(self) -> list[dict[str, Any]]:
        return self.engine.legal_actions(self.state)

    def to_move(self) -> int:
        return kernel.to_move(self.state)

    def is_over(self) -> bool:
        return kernel.is_over(self.state)

    def outcome(self) -> dict[str, Any] | None:
        return kernel.outcome(self.state)

    def next_in_series(self) -> dict[str, Any] | None:
        """Options for the next game of this game's series (see `Game.next_in_series`)."""
        return self.engine.next_in_series(self.state, self.record.options)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.engine.view(self.state, seat)

    def board(self, seat: int | None) -> dict[str, Any]:
        return self.engine.board(self.state, seat)

    def seat_names(self, lang: str = "en") -> list[str]:
        return [self.game.seat_name(self.state, s, lang) for s in range(kernel.seats(self.state))]

    def log_lines(self, seat: int | None, lang: str = "en") -> list[str]:
        names = self.seat_names(lang)
        return [render(e, self.game.messages, lang, names) for e in self.log.visible_to(seat)]

    # --- looking back (the replay timeline) ---

    @property
    def plies(self) -> int:
        """How many actions were played."""
        return len(self.record.actions)

    def state_at(self, ply: int) -> dict[str, Any]:
        """The state after the first `ply` actions (0: the set-up). Read it, do not change it."""
        if not 0 <= ply <= self.plies:
            raise IndexError(f"ply {ply} is outside 0..{self.plies}")
        return self._snapshots[ply]

    def board_at(self, ply: int, seat: int | None) -> dict[str, Any]:
        return self.engine.board(self.state_at(ply), seat)

    def log_lines_at(self, ply: int, seat: int | None, lang: str = "en") -> list[str]:
        """The event lines `seat` could read once `ply` actions were played."""
        state = self.state_at(ply)
        names = [self.game.seat_name(state, s, lang) for s in range(kernel.seats(state))]
        return [render(e, self.game.messages, lang, names) for e in self.log.visible_to(seat) if e["ply"] < ply]

    def mover_at(self, ply: int) -> int:
        """The seat that chose action number `ply` (counted from 0); a free action names its own."""
        action = self.record.actions[ply]
        if FREE in action:
            return int(action[FREE])
        return kernel.to_move(self.state_at(ply))

    def moment_of_move(self, ply: int, seat: int | None) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The board and the view `seat` would have after action number `ply`'s own effect,
        before the flow's steps ran (`Engine.apply_alone`); None where the game cannot draw
        that moment."""
        state = kernel.clone(self.state_at(ply))
        try:
            self.engine.apply_alone(state, self.record.actions[ply])
            return self.engine.board(state, seat), self.engine.view(state, seat)
        except Exception:  # a state between two steps that the game's board cannot read
            return None

    def free_actions(self, seat: int) -> list[dict[str, Any]]:
        return self.engine.free_actions(self.state, seat)

    # --- changing ---

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    def apply(self, action: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
        """Apply a legal action for `seat` (None: whoever is to move) and return it as the
        rules offered it (that, never the received object, is recorded). Raises IllegalAction."""
        rng_before = kernel.rng_state(self.state)
        seen_before = [_visible_items(self.state, s) for s in range(kernel.seats(self.state))]
        events = len(self.log.events)
        try:
            action = self.engine.try_apply(self.state, action, seat, self.log)
            digest = kernel.state_hash(self.state)
        except Exception as exc:
            # nothing of a refused or failed action stays: not its events, not its state
            del self.log.events[events:]
            self.state.clear()
            self.state.update(kernel.clone(self._snapshots[-1]))
            if isinstance(exc, BoardwrightError):
                raise
            raise BoardwrightError(
                f"{self.engine.spec.id} could not play this action ({type(exc).__name__}, a fault in "
                "the game); the game is as it was before it",
                code="internal",
            ) from exc
        self._seals.append(
            {
                "random": kernel.rng_state(self.state) != rng_before,
                "revealed": [s for s, before in enumerate(seen_before) if _visible_items(self.state, s) - before],
            }
        )
        self.record.actions.append(action)
        self.record.hashes.append(digest)
        self.record.outcome = kernel.outcome(self.state)
        self._snapshots.append(kernel.clone(self.state))
        self._changed()
        return action

    def undo(self, steps: int = 1) -> int:
        """Take back up to `steps` actions; returns how many were taken back."""
        steps = max(0, min(steps, len(self.record.actions)))
        if not steps:
            return 0
        keep = len(self.record.actions) - steps
        del self.record.actions[keep:]
        del self.record.hashes[keep:]
        del self._snapshots[keep + 1 :]
        del self._seals[keep:]
        self.state = kernel.clone(self._snapshots[-1])
        self.log.events = [e for e in self.log.events if e["ply"] < keep]
        self.record.outcome = kernel.outcome(self.state)
        self._changed()
        return steps

    def undo_blocked(self, keep: int, seats: list[int]) -> str | None:
        """Why going back to ply `keep` would be unfair to people at `seats`, or None.

        The policy of Board Game Arena's undo: never take back a roll of the dice or a
        shuffle, nor an action that showed one of these seats something it had not seen
        (a drawn card), so that undo cannot be used to look and choose again."""
        for seal in self._seals[keep:]:
            if seal["random"]:
                return "random"
            if any(s in seats for s in seal["revealed"]):
                return "revealed"
        return None

    def undo_to_seat(self, seat: int) -> int:
        """Take back everything since `seat` last had a choice (a person's 'undo my move')."""
        for keep in range(len(self.record.actions) - 1, -1, -1):
            if self.mover_at(keep) == seat:
                return self.undo(len(self.record.actions) - keep)
        return 0

    # --- files ---

    def save(self, path: str | Path) -> None:
        replay.save(path, self.record)

    @classmethod
    def load(cls, engine: Engine, path: str | Path) -> Match:
        """Load a save: replays it with hash checks, so a tampered file is refused whole."""
        where = str(path)
        record = replay.load(path)
        if record.game != engine.spec.id:
            raise FileFormatError(f"{where}: the file is a {record.game} game, not {engine.spec.id}")
        # a file saved by another version of the game whose replay no longer fits says so
        why = replay.version_note(record, engine)
        try:
            match = cls(engine, record.players, record.options, record.seed, record.scenario, record.seat_kinds)
        except BoardwrightError as exc:
            raise FileFormatError(f"{where}: cannot set the game up again{why}: {exc}") from None
        for index, action in enumerate(record.actions):
            try:
                match.apply(action)
            except BoardwrightError as exc:
                raise FileFormatError(f"{where}: action {index + 1} does not apply{why}: {exc}") from None
            if index < len(record.hashes) and match.record.hashes[index] != record.hashes[index]:
                raise FileFormatError(f"{where}: state after action {index + 1} differs from the stored hash{why}")
        return match
