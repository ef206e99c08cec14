"""A game at the table: the `Match`, who sits in each seat, bots moving in a worker thread.

The session never edits game state itself: people's choices and bots' choices both go
through `Match.apply`, which checks them. The board is always drawn for the human seat
that is looking (`viewer`), so another seat's secrets never reach the screen.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

from boardwright.framework import Engine, Game, GameOver, NotYourTurn, Turn, kernel
from boardwright.framework.bots import Attempts
from boardwright.framework.engine import FREE
from boardwright.framework.match import Match

HUMAN = "human"


def bot_kind_name(seat_kind: str) -> tuple[str, str]:
    """("random", "normal") from "random:normal"; the level defaults to "normal"."""
    kind, _sep, level = seat_kind.partition(":")
    return kind, level or "normal"


class TableSession(QObject):
    """What the table page reads and calls: a game played here (`Session`) or a seat at a
    LAN table (`RemoteSession`). Subclasses fill in every method."""

    changed = Signal()
    bot_failed = Signal(str)
    move_refused = Signal(str)  # a LAN host refused a move this window sent
    notice = Signal(str)  # the key of a text for the status bar (client/i18n.py)

    game: Game | None = None  # the game played here (a LAN seat learns it when it joins)
    viewer: int | None = None
    humans: list[int]
    bots: dict[int, Any]
    bot_error = ""
    has_record = False  # a full record here: save, undo, replay
    away: frozenset[int] = frozenset()  # seats whose person is not connected (LAN tables)

    def to_move(self) -> int | None:
        raise NotImplementedError

    def view(self) -> dict[str, Any]:
        """What the viewing seat may know (its view of the zones draws the cards)."""
        raise NotImplementedError

    def human_to_move(self) -> bool:
        seat = self.to_move()
        return seat is not None and seat not in self.bots

    def legal_for_viewer(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def board(self) -> dict[str, Any]:
        raise NotImplementedError

    def awaiting_board(self) -> bool:
        """The board is still to come (a LAN table's first update): an empty one is no answer."""
        return False

    def open_for_viewer(self) -> list[dict[str, Any]]:
        """Open actions (k of n, a number, a point) the viewer may fill in now."""
        return []

    def log_lines(self, lang: str) -> list[str]:
        raise NotImplementedError

    def readiness(self) -> list[bool | None]:
        """Before a LAN table starts: whether each seat's person said Ready (None for a bot's
        seat, which needs not); empty once it started, or at a table played here."""
        return []

    def people(self) -> list[str | None]:
        """The name of the person in each seat, where people play under names (a LAN table);
        None for a bot's seat or an empty one."""
        return []

    def action_parts(self) -> dict[str, dict[str, str]]:
        """The parts of the game's action types (`Game.action_parts`); none while a LAN seat
        does not know its game yet."""
        return dict(getattr(self.game, "action_parts", None) or {})

    def scores(self) -> list[float]:
        """Each seat's score as the game counts it (`Game.scores`), from what the viewer may
        see; empty when the game keeps no score or cannot count it from a view."""
        if self.game is None:
            return []
        try:
            scores = [float(score) for score in self.game.scores(self.view())]
        except Exception:  # a score that needs hidden information is not shown
            return []
        return scores

    def log_events(self) -> list[dict[str, Any] | None]:
        """The event behind each line of `log_lines` (None for a line that is no event, such
        as table chat); an event's `at` parameter names the board ids it is about."""
        return []

    def seat_names(self, lang: str) -> list[str]:
        raise NotImplementedError

    def outcome(self) -> dict[str, Any] | None:
        raise NotImplementedError

    def next_in_series(self) -> dict[str, Any] | None:
        return None

    def describe(self, action: dict[str, Any], lang: str) -> str:
        raise NotImplementedError

    def ply(self) -> int:
        """Actions made so far (the table marks what each new one changed)."""
        return 0

    def last_move(self) -> tuple[int | None, dict[str, Any] | None, dict[str, Any] | None]:
        """Who made the last action, and the viewer's board and view after its own effect,
        before the flow's steps ran (None where not known: the table then marks all it changed
        for the seat that was to move)."""
        return None, None, None

    def start(self) -> None:
        self.changed.emit()

    def play(self, action: dict[str, Any]) -> None:
        raise NotImplementedError

    def undo(self) -> int:
        return 0

    def stop(self) -> None:
        return None


class Session(TableSession):
    """Drives one match for the window: human moves, bot moves, undo, the viewing seat."""

    has_record = True
    _bot_done = Signal(int, object, str)

    def __init__(self, match: Match, seat_kinds: list[str], bot_kinds: dict[str, Any], bot_delay_ms: int = 500) -> None:
        super().__init__()
        self.match = match
        self.game = match.game
        self.bot_delay_ms = bot_delay_ms
        seats = kernel.seats(match.state)
        kinds = list(seat_kinds) + [HUMAN] * (seats - len(seat_kinds))
        self.bots: dict[int, Any] = {}
        # bots get an engine of their own: the match's engine caches legality for the window's thread
        self._bot_engine = Engine(match.engine.game, list(match.engine.scenarios.values()))
        for seat, seat_kind in enumerate(kinds[:seats]):
            if seat_kind == HUMAN:
                continue
            name, level = bot_kind_name(seat_kind)
            maker = bot_kinds.get(name)
            if maker is None:
                continue  # a save made with a bot kind that is not installed any more: a person plays it
            # reproducible from the game's seed, and different for each seat
            seed = match.record.seed * 1009 + seat * 7919 + 1
            self.bots[seat] = maker.make(self._bot_engine, seat, seed, level)
        self.humans = [seat for seat in range(seats) if seat not in self.bots]
        self.viewer: int | None = None
        self._epoch = 0
        self._thinking = False
        self._stopped = False
        self.bot_error = ""  # the last bot failure, until the game moves on
        self._bot_failures = Attempts()  # of the decision a bot is asked now (by epoch)
        # one move at a time: a bot's chosen move waits for `step` (the person presses Next move)
        self.stepping = False
        self.waiting_move: tuple[int, dict[str, Any]] | None = None
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._bot_done.connect(self._on_bot_done)
        self._update_viewer()
        match.subscribe(self._on_match_changed)

    # --- reading ---

    def to_move(self) -> int | None:
        return None if self.match.is_over() else self.match.to_move()

    def legal_for_viewer(self) -> list[dict[str, Any]]:
        """The actions the people at this screen may take now: the moves when it is the
        viewer's turn, and the game's free actions (open at any moment) of every person's
        seat, the viewer's first (people sharing a screen act out of turn too)."""
        viewer = self.viewer
        if viewer is None or viewer in self.bots:
            return []
        moves = self.match.legal_actions() if self.human_to_move() and self.to_move() == viewer else []
        people = [viewer] + [seat for seat in self.humans if seat != viewer]
        return list(moves) + [action for seat in people for action in self.match.free_actions(seat)]

    def board(self) -> dict[str, Any]:
        return self.match.board(self.viewer)

    def view(self) -> dict[str, Any]:
        return self.match.view(self.viewer)

    def open_for_viewer(self) -> list[dict[str, Any]]:
        viewer = self.viewer
        if viewer is None or viewer in self.bots or not self.human_to_move() or self.to_move() != viewer:
            return []
        return self.match.engine.open_actions(self.match.state)

    def log_lines(self, lang: str) -> list[str]:
        return self.match.log_lines(self.viewer, lang)

    def log_events(self) -> list[dict[str, Any] | None]:
        return list(self.match.log.visible_to(self.viewer))

    def seat_names(self, lang: str) -> list[str]:
        return self.match.seat_names(lang)

    def outcome(self) -> dict[str, Any] | None:
        return self.match.outcome()

    def ply(self) -> int:
        return len(self.match.record.actions)

    def next_in_series(self) -> dict[str, Any] | None:
        return self.match.next_in_series()

    def last_move(self) -> tuple[int | None, dict[str, Any] | None, dict[str, Any] | None]:
        ply = self.match.plies - 1
        if ply < 0:
            return None, None, None
        moment = self.match.moment_of_move(ply, self.viewer)
        board, view = moment if moment is not None else (None, None)
        return self.match.mover_at(ply), board, view

    def describe(self, action: dict[str, Any], lang: str) -> str:
        try:
            label = str(self.match.game.describe_action(self.match.state, action, lang))
        except Exception:  # a game's label bug shows the raw action, not an error
            return str(action)
        by = action.get(FREE) if isinstance(action, dict) else None
        if isinstance(by, int) and by != self.viewer:  # another person's free action: say whose
            label = f"{self.seat_names(lang)[by]}: {label}"
        return label

    # --- changing ---

    def start(self) -> None:
        self._schedule_bot()
        self.changed.emit()

    def play(self, action: dict[str, Any]) -> None:
        """A person's choice for the seat to move; raises IllegalAction if it is not legal."""
        if isinstance(action, dict) and FREE in action:  # open at any moment to the people here
            if action[FREE] not in self.humans:
                raise NotYourTurn("a free action for a seat no person here plays")
            self.match.apply(action, action[FREE])
            return
        seat = self.to_move()
        if seat is None:
            raise GameOver("the game is over")
        if seat in self.bots:
            raise NotYourTurn(f"not your turn: seat {seat + 1} is played by a bot")
        self.match.apply(action, seat)

    def undo(self) -> int:
        """Back to the last choice a person made; returns how many actions were taken back.

        Not across dice, shuffles or cards a person has seen since (`Match.undo_blocked`):
        then nothing is taken back and `undo_refused` says why."""
        movers = self._movers()
        for index in range(len(movers) - 1, -1, -1):
            if movers[index] in self.humans:
                reason = self.match.undo_blocked(index, self.humans)
                if reason is not None:
                    self.notice.emit(f"undo_{reason}")
                    return 0
                return self.match.undo(len(movers) - index)
        return 0

    def set_pace(self, delay_ms: int, stepping: bool) -> None:
        """How long a bot's move stays in view before it is made, or (stepping) wait for `step`."""
        self.bot_delay_ms = max(0, int(delay_ms))
        self.stepping = stepping
        if not stepping and self.waiting_move is not None:
            self.step()

    def step(self) -> bool:
        """Make the bot's move that waits for the person; False when none waits."""
        waiting, self.waiting_move = self.waiting_move, None
        if waiting is None:
            return False
        self._apply_bot(*waiting)
        return True

    def stop(self) -> None:
        """Forget any bot move under way and wait for the worker (the window closes or a game replaces this)."""
        self._stopped = True
        self._epoch += 1
        self._pool.waitForDone(10000)

    # --- internals ---

    def _movers(self) -> list[int]:
        """Who chose each action so far, by replaying the record (cheap next to a person's pace)."""
        record = self.match.record
        engine = self.match.engine
        state = engine.new_game(record.players, record.options, record.seed, record.scenario)
        movers = []
        for action in record.actions:
            movers.append(action[FREE] if FREE in action else kernel.to_move(state))
            engine.apply_unchecked(state, action)
        return movers

    def _update_viewer(self) -> None:
        seat = self.to_move()
        if seat is not None and seat not in self.bots:
            self.viewer = seat
        elif self.viewer is None and self.humans:
            self.viewer = self.humans[0]

    def _on_match_changed(self, _match: Match) -> None:
        self._epoch += 1
        self.waiting_move = None
        self._thinking = False
        self.bot_error = ""
        self._update_viewer()
        self._schedule_bot()
        self.changed.emit()

    def _schedule_bot(self) -> None:
        seat = self.to_move()
        if self._stopped or seat is None or seat not in self.bots or self._thinking:
            return
        self._thinking = True
        epoch = self._epoch
        bot = self.bots[seat]
        state = kernel.clone(self.match.state)
        legal = list(self.match.legal_actions())
        engine = self._bot_engine
        started = time.monotonic()
        done = self._bot_done

        def think() -> None:
            try:
                action = bot.choose(Turn(engine, state, seat, legal))
                error = ""
            except Exception as exc:  # a bot's bug is reported, the table stays up
                action, error = None, f"{type(exc).__name__}: {exc}"
            waited_ms = int((time.monotonic() - started) * 1000)
            done.emit(epoch, {"action": action, "waited": waited_ms}, error)

        self._pool.start(think)

    def _on_bot_done(self, epoch: int, result: dict[str, Any], error: str) -> None:
        if epoch != self._epoch or self._stopped:
            return
        if error:
            if self._bot_failures.again(epoch):  # a search samples other hidden cards each time
                self._thinking = False
                self._schedule_bot()
                return
            self._fail(error)
            return
        if self.stepping:
            self.waiting_move = (epoch, result["action"])
            self.changed.emit()
            return
        remaining = self.bot_delay_ms - result["waited"]
        if remaining > 0:
            QTimer.singleShot(remaining, self, lambda: self._apply_bot(epoch, result["action"]))
        else:
            self._apply_bot(epoch, result["action"])

    def _apply_bot(self, epoch: int, action: dict[str, Any]) -> None:
        if epoch != self._epoch or self._stopped:
            return
        seat = self.to_move()
        try:
            self.match.apply(action, seat)
        except Exception as exc:
            self._fail(f"{type(exc).__name__}: {exc}")

    def _fail(self, error: str) -> None:
        """A bot failed: its seat waits (undo, save or a new game still work) and people are told."""
        self._thinking = False
        self.bot_error = error
        self.bot_failed.emit(error)
        self.changed.emit()
