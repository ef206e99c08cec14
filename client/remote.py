"""A seat at a LAN table, for the table page: the host decides, this shows and sends.

The network itself is not imported here (the client depends on the framework only): the
command line hands the window a LAN service (`boardwright.net.service.LanService`, or
anything with its methods), and the service calls `receive` on its own thread with every
message from the host. `receive` only emits a Qt signal, so everything else happens on
the window's thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal

from boardwright.framework import Game, NotYourTurn, render

from .i18n import tr
from .session import TableSession

TABLE_NOTICES = ("bot_fallback", "bot_stopped")  # chat lines from the table itself, in the client's words


class RemoteSession(TableSession):
    """What one seat sees at a hosted table: its view, its board, its moves, its events."""

    _received = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.game = None  # known once joined (the host names it)
        self.table_name = ""
        self.seat: int | None = None
        self.viewer = None
        self.humans = []
        self.bots = {}
        self.update: dict[str, Any] | None = None
        self.moment: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        # the log as it arrived: ("event", event) and ("chat", line), table chat among the events
        self.log_items: list[tuple[str, dict[str, Any]]] = []
        self.closed = False
        self.remote: Any = None  # the service's seat: act(action), close()
        self.save_game: Any = None  # set when this window hosts the table: save_game(path)
        self._received.connect(self._on_message)

    def attach(self, remote: Any, game: Game) -> None:
        """The service's seat, once joined, and the game its table plays."""
        self.remote = remote
        self.game = game
        self.table_name = str(remote.welcome.get("table", ""))
        self.seat = remote.seat  # None: watching
        self.viewer = self.seat
        self.humans = [self.seat] if self.seat is not None else []
        earlier = [("chat", dict(line)) for line in remote.welcome.get("chat") or [] if isinstance(line, dict)]
        self.log_items[0:0] = earlier  # what was said before this person came
        if self.update is not None:
            self._read_seats()
        self.changed.emit()

    def receive(self, message: dict[str, Any]) -> None:
        """Called by the LAN service on its own thread: hand the message to the window's thread."""
        self._received.emit(message)

    # --- messages from the host ---

    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        if kind == "update":
            if self.update is None or message.get("ply") != self.update.get("ply"):
                # the last move's own effect, where the host sent it; kept through the updates
                # of the same ply that follow (a chat line, a seat's news)
                self.moment = message.get("moment")
            self.update = message
            self.events.extend(message.get("events", []))
            self.log_items.extend(("event", event) for event in message.get("events", []))
            self._read_seats()
            self.bot_error = ""
            if message.get("turn"):  # the turn has just come to this seat
                self.notice.emit("your_turn")
        elif kind == "chat":
            self.log_items.append(("chat", message))
        elif kind in ("error", "refused"):
            self.move_refused.emit(str(message.get("message", kind)))
        elif kind == "closed":
            if not self.closed:  # the host went away (we did not leave): say so
                self.notice.emit("lan_closed")
            self.closed = True
        self.changed.emit()

    def _read_seats(self) -> None:
        """Seats played by bots at the host count as bots here; people elsewhere are people."""
        assert self.update is not None
        seats = self.update.get("seats", [])
        kinds = [str(s.get("kind", "open")) for s in seats]
        self.bots = {seat: None for seat, kind in enumerate(kinds) if kind != "open"}
        self.away = frozenset(seat for seat, info in enumerate(seats) if not info.get("connected", True))
        self.humans = [seat for seat in range(len(kinds)) if seat not in self.bots]

    # --- what the table page reads ---

    def _view(self) -> dict[str, Any]:
        return self.update["view"] if self.update else {}

    def view(self) -> dict[str, Any]:
        return self._view()

    def open_for_viewer(self) -> list[dict[str, Any]]:
        """What the host offered this seat to fill in (k cards of n, a point) on its turn."""
        if self.update is None or self.closed or self.seat is None:
            return []
        return list(self.update.get("open", []))

    def to_move(self) -> int | None:
        if self.update is None or self.update.get("outcome") is not None:
            return None
        return self.update.get("to_move")

    def legal_for_viewer(self) -> list[dict[str, Any]]:
        """What the host offered this seat: its moves on its turn, and free actions at any moment."""
        if self.update is None or self.closed or self.seat is None:
            return []
        return list(self.update.get("legal", [])) + list(self.update.get("free", []))

    def board(self) -> dict[str, Any]:
        if self.update is None:
            return {"items": []}
        return dict(self.update["board"])

    def awaiting_board(self) -> bool:
        return self.update is None

    def seat_names(self, lang: str) -> list[str]:
        if self.update is None or self.game is None:
            return []
        view = self._view()
        count = len(self.update.get("seats", []))
        people = self.people()
        names = []
        for seat in range(count):
            try:
                name = str(self.game.seat_name(view, seat, lang))
            except Exception:  # a view may lack what the game reads: fall back to the plain name
                name = tr("player_n", lang, n=seat + 1)
            person = people[seat] if seat < len(people) else None
            # the person's name beside the seat's, in the seat list, the log, the status and the banner
            names.append(f"{name} ({person})" if person and person != name else name)
        return names

    def readiness(self) -> list[bool | None]:
        if self.update is None or self.started():
            return []
        return [
            bool(seat.get("ready")) if seat.get("kind") == "open" else None
            for seat in self.update.get("seats", [])
            if isinstance(seat, dict)
        ]

    def people(self) -> list[str | None]:
        seats = self.update.get("seats", []) if self.update is not None else []
        return [
            str(seat["name"]) if seat.get("kind") == "open" and seat.get("name") else None
            for seat in seats
            if isinstance(seat, dict)
        ]

    def log_lines(self, lang: str) -> list[str]:
        if self.game is None:
            return []
        names = self.seat_names(lang)
        lines = []
        for kind, item in self.log_items:
            if kind == "chat" and item.get("key") in TABLE_NOTICES:  # a line from the table itself
                seat = item.get("seat")
                who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
                lines.append("⚠ " + tr(item["key"], lang, seat=who, error=item.get("error", "")))
            elif kind == "chat":
                lines.append(f"💬 {item.get('name', '')}: {item.get('text', '')}")
            else:
                lines.append(render(item, self.game.messages, lang, names))
        return lines

    def log_events(self) -> list[dict[str, Any] | None]:
        return [item if kind == "event" else None for kind, item in self.log_items] if self.game else []

    # --- the table's start, and its chat ---

    def started(self) -> bool:
        return bool(self.update.get("started", True)) if self.update else False

    def needs_ready(self) -> bool:
        """This person's seat waits for its Ready before the table starts."""
        if self.update is None or self.closed or self.seat is None or self.started():
            return False
        seats = self.update.get("seats", [])
        return self.seat < len(seats) and not seats[self.seat].get("ready", False)

    def say_ready(self) -> None:
        if self.remote is not None and not self.closed:
            self.remote.say_ready()

    def say(self, text: str) -> None:
        """A line of table chat (the host keeps up to 300 characters)."""
        text = text.strip()
        if text and self.remote is not None and not self.closed:
            self.remote.say(text[:300])

    def outcome(self) -> dict[str, Any] | None:
        return self.update.get("outcome") if self.update else None

    def ply(self) -> int:
        return int(self.update["ply"]) if self.update else 0

    def last_move(self) -> tuple[int | None, dict[str, Any] | None, dict[str, Any] | None]:
        """The mover of the last action and this seat's board and view after its own effect,
        as the host sent them with the update that followed it (None where it did not)."""
        moment = self.moment
        if not moment:
            return None, None, None
        return moment.get("mover"), moment.get("board"), moment.get("view")

    def describe(self, action: dict[str, Any], lang: str) -> str:
        try:
            assert self.game is not None
            return str(self.game.describe_action(self._view(), action, lang))
        except Exception:
            return str(action)

    # --- what the person does ---

    def play(self, action: dict[str, Any]) -> None:
        if self.remote is None or self.closed:
            raise NotYourTurn("not connected to the table")
        if self.seat is None:
            raise NotYourTurn("you are watching this table")
        if self.to_move() != self.seat and action.get("by") != self.seat:
            raise NotYourTurn("not your turn")
        self.remote.act(action)  # the host checks it; an update or an error comes back

    def stop(self) -> None:
        if self.remote is not None and not self.closed:
            self.closed = True
            try:
                self.remote.close()
            except Exception:  # leaving a table that is already gone is not an error
                pass
