"""The game a table hosts: the state, the event log and the record, and nothing per ply.

`Match` keeps a snapshot of every ply for the desktop's timeline and undo; a host needs
neither, and keeps only the log's last events, so its memory stays flat however long the
game (but for the record's actions and hashes, which the journal and the save need). An action is applied to a copy
(`trial`, with its events kept apart), journalled, and only then made the table's state
and log (`commit`); a journal that cannot be written leaves both as they were.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardwright.framework import BoardwrightError, Engine, FileFormatError, kernel
from boardwright.framework import replay as replay_files
from boardwright.framework.engine import FREE
from boardwright.framework.events import EventLog
from boardwright.framework.replay import Record

EVENTS_KEPT = 1000  # the log's last events, kept for connections that join (they read the last 200)


class GameFault(BoardwrightError):
    """A legal action that the game itself failed to apply (a bug in the game, not the
    sender's fault); the table's state is unchanged. Its message is for the wire and names
    no value of the state; `detail` (the game's own exception) is for the host's log."""

    code = "internal"

    def __init__(self, message: str, detail: str) -> None:
        super().__init__(message)
        self.detail = detail


@dataclass
class Trial:
    action: dict[str, Any]  # the legal action the engine returned: the only thing journalled
    state: dict[str, Any]
    state_hash: str
    events: list[dict[str, Any]]  # shown to nobody before the commit


class LiveGame:
    def __init__(
        self,
        engine: Engine,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        seed: int = 1,
        scenario: str | None = None,
    ) -> None:
        self.engine = engine
        self.log = EventLog()  # its last events only: `events_dropped` came before them
        self.events_dropped = 0
        self.state = engine.new_game(players, options, seed, scenario, log=self.log)
        self._before: dict[str, Any] | None = None  # the state the last action was made in
        self._moment: dict[str, Any] | None = None  # after its own effect, before the flow's steps
        self.record = Record(
            game=engine.spec.id,
            game_version=engine.spec.version,
            players=kernel.seats(self.state),
            options=engine.spec.resolve_options(options),
            seed=seed,
            scenario=scenario,
            start_hash=kernel.state_hash(self.state),
        )

    @classmethod
    def resume(cls, engine: Engine, record: Record, where: str) -> LiveGame:
        """The game of a journal, every action checked by the engine and every hash compared."""
        if record.game != engine.spec.id:
            raise FileFormatError(f"{where}: the journal is a {record.game} game, not {engine.spec.id}")
        if len(record.hashes) != len(record.actions) or not record.start_hash:
            raise FileFormatError(
                f"{where}: the journal's state hashes are missing ({len(record.hashes)} for "
                f"{len(record.actions)} actions); a table resumes only from a verified journal"
            )
        note = replay_files.version_note(record, engine)
        try:
            game = cls(engine, record.players, record.options, record.seed, record.scenario)
        except BoardwrightError as exc:
            raise FileFormatError(f"{where}: cannot set the game up again{note}: {exc}") from None
        if game.record.start_hash != record.start_hash:
            raise FileFormatError(f"{where}: the starting position differs from the journal's{note}")
        for index, (action, expected) in enumerate(zip(record.actions, record.hashes, strict=True)):
            try:
                trial = game.trial(action)
            except BoardwrightError as exc:
                raise FileFormatError(f"{where}: action {index + 1} does not apply{note}: {exc}") from None
            if trial.state_hash != expected:
                raise FileFormatError(f"{where}: the state after action {index + 1} differs from the journal{note}")
            game.commit(trial)
        return game

    # --- reading ---

    def legal_actions(self) -> list[dict[str, Any]]:
        return self.engine.legal_actions(self.state)

    def open_actions(self) -> list[dict[str, Any]]:
        return self.engine.open_actions(self.state)

    def free_actions(self, seat: int) -> list[dict[str, Any]]:
        return self.engine.free_actions(self.state, seat)

    def to_move(self) -> int:
        return kernel.to_move(self.state)

    def is_over(self) -> bool:
        return kernel.is_over(self.state)

    def outcome(self) -> dict[str, Any] | None:
        return kernel.outcome(self.state)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.engine.view(self.state, seat)

    def board(self, seat: int | None) -> dict[str, Any]:
        return self.engine.board(self.state, seat)

    def boards(self, seats: list[int | None]) -> list[dict[str, Any]]:
        return self.engine.boards(self.state, seats)

    def shown(self, seats: list[int | None]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        return self.engine.shown(self.state, seats)

    def last_mover(self) -> int | None:
        """The seat that chose the last action (a free action names its own), None before any."""
        if self._before is None or not self.record.actions:
            return None
        action = self.record.actions[-1]
        return int(action[FREE]) if FREE in action else kernel.to_move(self._before)

    def moment(self, seat: int | None) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """`seat`'s view and board after the last action's own effect, before the flow's steps
        ran (`Engine.apply_alone`), built when first asked for; None where not known."""
        if self._before is None or not self.record.actions:
            return None
        if self._moment is None:
            state = kernel.clone(self._before)
            try:
                self.engine.apply_alone(state, self.record.actions[-1])
            except Exception:  # a state between two steps that the game cannot build
                self._before = None
                return None
            self._moment = state
        try:
            return self.engine.view(self._moment, seat), self.engine.board(self._moment, seat)
        except Exception:  # a board the game cannot draw at that moment
            return None

    @property
    def plies(self) -> int:
        return len(self.record.actions)

    # --- changing ---

    def trial(self, action: Any, seat: int | None = None) -> Trial:
        """Apply `action` for `seat` to a copy; raises IllegalAction (and the like) with the
        state and the log unchanged. The trial's action is the engine's legal one."""
        legal = self.engine.check(self.state, action, seat)
        state = kernel.clone(self.state)
        log = EventLog()
        try:
            self.engine.apply_unchecked(state, legal, log)
            state_hash = kernel.state_hash(state)
        except Exception as exc:  # a legal action the game cannot apply: the game's fault, not the sender's
            detail = f"{type(exc).__name__}: {exc}"
            raise GameFault(f"the game could not apply that {legal.get('type')} action", detail) from exc
        return Trial(legal, state, state_hash, log.events)

    def events_since(self, count: int) -> list[dict[str, Any]]:
        """The events after the first `count` of the game (those still kept)."""
        return self.log.events[max(0, count - self.events_dropped) :]

    @property
    def events_total(self) -> int:
        return self.events_dropped + len(self.log.events)

    def commit(self, trial: Trial) -> None:
        self._before, self._moment = self.state, None  # replaced, never changed: kept as it is
        self.state = trial.state
        events = self.log.events
        events.extend(trial.events)
        if len(events) > 2 * EVENTS_KEPT:  # every connection read them with the update of their ply
            self.events_dropped += len(events) - EVENTS_KEPT
            del events[:-EVENTS_KEPT]
        self.record.actions.append(trial.action)
        self.record.hashes.append(trial.state_hash)
        self.record.outcome = kernel.outcome(self.state)

    def save(self, path: str | Path) -> None:
        replay_files.save(path, self.record)
