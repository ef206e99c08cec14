"""What each connection is sent after a change: its seat's view and board as a delta.

One `Snapshot` serves one broadcast: every seat's document (view and board) is built
once, spectators share theirs, and a delta is computed once for every connection that
holds the same earlier document (all spectators in step get the same bytes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .delta import diff, fingerprint
from .live import LiveGame
from .protocol import encode


@dataclass
class Seen:
    """What one connection holds: the document last sent and how far it read the log."""

    seat: int | None
    document: dict[str, Any] | None = None  # None: the next update is sent whole
    events_sent: int = 0
    mine: bool = False  # the last update asked this seat to move


def _redact_pending(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Other seats' pending decisions as `{seat, kind}` only, whatever the game's view kept."""
    k = view.get("k")
    pending = k.get("pending") if isinstance(k, dict) else None
    if pending and any(d.get("seat") != seat and len(d) > 2 for d in pending):
        k = dict(k)
        k["pending"] = [d if d.get("seat") == seat else {"seat": d.get("seat"), "kind": d.get("kind")} for d in pending]
        view = {**view, "k": k}
    return view


@dataclass
class Snapshot:
    game: LiveGame
    seats_info: list[dict[str, Any]]
    started: bool
    documents: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    hashes: dict[int | None, str] = field(default_factory=dict)
    frames: dict[tuple[Any, ...], bytes] = field(default_factory=dict)

    def document(self, seat: int | None) -> dict[str, Any]:
        found = self.documents.get(seat)
        if found is None:
            view = _redact_pending(self.game.view(seat), seat)
            found = self.documents[seat] = {"view": view, "board": self.game.board(seat)}
        return found

    def fingerprint(self, seat: int | None) -> str:
        found = self.hashes.get(seat)
        if found is None:
            found = self.hashes[seat] = fingerprint(self.document(seat))
        return found

    def frame(self, seen: Seen) -> bytes:
        """The update for one connection (and `seen` moved on to it)."""
        seat, game = seen.seat, self.game
        over = game.is_over()
        to_move = None if over else game.to_move()
        mine = seat is not None and seat == to_move and self.started
        key = (seat, id(seen.document), seen.events_sent)
        frame = self.frames.get(key) if seat is None else None
        document = self.document(seat)
        events = game.log.events
        if frame is None:
            message: dict[str, Any] = {
                "t": "update",
                "ply": game.plies,
                "to_move": to_move,
                "turn": mine and not seen.mine,  # the turn has just come to this seat: an alert
                "started": self.started,
                "legal": game.legal_actions() if mine else [],
                "open": game.open_actions() if mine else [],
                "free": game.free_actions(seat) if seat is not None and self.started else [],
                "events": [
                    e for e in events[seen.events_sent :] if e["to"] is None or (seat is not None and seat in e["to"])
                ],
                "outcome": game.outcome(),
                "seats": self.seats_info,
                "hash": self.fingerprint(seat),
            }
            if seen.document is None:
                message["view"], message["board"] = document["view"], document["board"]
            else:
                message["delta"] = diff(seen.document, document)
            frame = encode(message)
            if seat is None:
                self.frames[key] = frame
        seen.document = document
        seen.events_sent = len(events)
        seen.mine = mine
        return frame
