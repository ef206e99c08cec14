"""What each connection is sent after a change: its seat's view and board as a delta.

One `Snapshot` serves one broadcast, and the work is done once per distinct thing, not once
per connection: every seat's view and board is built once; a part equal to one already
built (another seat's, or the one this connection holds) is replaced by that object, so
equal parts are one object; each distinct part is packed once (`Packs`, kept across
broadcasts, so a part that did not change is never packed again), its fingerprint taken
from those bytes, and each distinct delta computed and packed once. A frame is put
together from the packed pieces; connections in the same position get the same bytes.
"""

from __future__ import annotations

import hashlib
import struct
from dataclasses import dataclass, field
from typing import Any

from .delta import SET, diff_at
from .live import LiveGame
from .protocol import encode_packed, pack, packed_key

SHARED_DEPTH = 3  # how deep equal items of seats' views and boards become one object
EVENTS_ON_JOIN = 200  # a connection that joins late reads the log's last events, not all of it
_VIEW, _BOARD = pack("view"), pack("board")
_NOTHING_TO_DO = [("legal", b"\x90"), ("open", b"\x90")]  # two empty lists
_DOCUMENT_HEADER = b"\x82"  # a msgpack map of two entries: {"view": ..., "board": ...}


@dataclass
class Seen:
    """What one connection holds: the document last sent and how far it read the log."""

    seat: int | None
    document: dict[str, Any] | None = None  # None: the next update is sent whole
    events_sent: int = 0
    mine: bool = False  # the last update asked this seat to move


class Packs:
    """Packed bytes of the parts sent lately, by identity (the object is kept with them, so
    an identity is never mistaken for another's). A map or list `depth` levels deep whose
    items were packed before is put together from their bytes: a part whose items are
    mostly the last update's costs only its new items. What the last two broadcasts did
    not use is let go (`turn`), so the cache holds about two updates' parts."""

    def __init__(self) -> None:
        self._now: dict[int, tuple[Any, bytes]] = {}
        self._before: dict[int, tuple[Any, bytes]] = {}

    def turn(self) -> None:
        """A new broadcast: what neither it nor the last one used is let go."""
        self._before, self._now = self._now, {}

    def _known(self, part: Any) -> bytes | None:
        key = id(part)
        found = self._now.get(key) or self._before.get(key)
        if found is None or found[0] is not part:
            return None
        self._now[key] = found
        return found[1]

    def packed(self, part: Any, depth: int = 0) -> bytes:
        data = self._known(part)
        if data is not None:
            return data
        kind = type(part)
        now, before = self._now, self._before
        if depth and kind is dict and any(id(v) in now or id(v) in before for v in part.values()):
            data = _header(0x80, b"\xde", b"\xdf", len(part)) + b"".join(
                packed_key(key) + self.packed(value, depth - 1) for key, value in part.items()
            )
        elif depth and kind is list and any(id(v) in now or id(v) in before for v in part):
            data = _header(0x90, b"\xdc", b"\xdd", len(part)) + b"".join(self.packed(v, depth - 1) for v in part)
        else:
            data = pack(part)
        self._now[id(part)] = (part, data)
        return data


def _header(fixed: int, small: bytes, large: bytes, count: int) -> bytes:
    """A msgpack map or array header, in the shortest form, as msgpack packs it."""
    if count < 16:
        return bytes([fixed | count])
    return small + struct.pack(">H", count) if count < 1 << 16 else large + struct.pack(">I", count)


def _shared(part: Any, candidates: list[Any], depth: int = SHARED_DEPTH) -> Any:
    """`part`, with every item (to `depth` levels) equal to the same item of a candidate
    replaced by that candidate's object; `part` itself is never changed (a copy is made)."""
    kind = type(part)
    for candidate in candidates:
        if candidate is part or (type(candidate) is kind and candidate == part):
            return candidate
    if not depth or not candidates:
        return part
    if kind is dict:
        return {
            key: _shared(value, [c[key] for c in candidates if type(c) is dict and key in c], depth - 1)
            for key, value in part.items()
        }
    if kind is list:
        return [
            _shared(value, [c[index] for c in candidates if type(c) is list and index < len(c)], depth - 1)
            for index, value in enumerate(part)
        ]
    return part


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
    packs: Packs = field(default_factory=Packs)
    documents: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    hashes: dict[tuple[int, int], str] = field(default_factory=dict)
    deltas: dict[tuple[int, ...], bytes] = field(default_factory=dict)
    frames: dict[tuple[Any, ...], bytes] = field(default_factory=dict)
    _common: list[tuple[str, bytes]] | None = None
    _to_move: list[tuple[str, bytes]] | None = None

    def document(self, seat: int | None, held: dict[str, Any] | None = None) -> dict[str, Any]:
        """The seat's view and board; parts equal to ones built already (or to `held`'s,
        what the connection has) are those objects."""
        found = self.documents.get(seat)
        if found is None:
            views = [d["view"] for d in self.documents.values()]
            boards = [d["board"] for d in self.documents.values()]
            if held is not None:
                views.append(held["view"])
                boards.append(held["board"])
            view = _shared(_redact_pending(self.game.view(seat), seat), views)
            board = _shared(self.game.board(seat), boards)
            found = self.documents[seat] = {"view": view, "board": board}
        return found

    def fingerprint(self, document: dict[str, Any]) -> str:
        """`delta.fingerprint(document)`, from the parts' packed bytes."""
        view, board = document["view"], document["board"]
        key = (id(view), id(board))
        found = self.hashes.get(key)
        if found is None:
            digest = hashlib.blake2b(digest_size=8)
            for piece in (
                _DOCUMENT_HEADER,
                _VIEW,
                self.packs.packed(view, SHARED_DEPTH),
                _BOARD,
                self.packs.packed(board, SHARED_DEPTH),
            ):
                digest.update(piece)
            found = self.hashes[key] = digest.hexdigest()
        return found

    def _delta(self, old: dict[str, Any], new: dict[str, Any]) -> bytes:
        key = (id(old["view"]), id(new["view"]), id(old["board"]), id(new["board"]))
        found = self.deltas.get(key)
        if found is None:
            ops = self._part_delta(old["view"], new["view"], "view") + self._part_delta(
                old["board"], new["board"], "board"
            )
            found = self.deltas[key] = pack(ops)
        return found

    def _part_delta(self, old: Any, new: Any, name: str) -> list[list[Any]]:
        ops = diff_at(old, new, [name])
        if not ops and old is not new and self.packs.packed(old, SHARED_DEPTH) != self.packs.packed(new, SHARED_DEPTH):
            ops = [[SET, [name], new]]  # equal, but its maps' keys moved deep inside: sent whole
        return ops

    def _common_fields(self) -> list[tuple[str, bytes]]:
        if self._common is None:
            game = self.game
            self._common = [
                ("ply", pack(game.plies)),
                ("to_move", pack(None if game.is_over() else game.to_move())),
                ("started", pack(self.started)),
                ("outcome", pack(game.outcome())),
                ("seats", pack(self.seats_info)),
            ]
        return self._common

    def frame(self, seen: Seen) -> bytes:
        """The update for one connection (and `seen` moved on to it)."""
        seat, game = seen.seat, self.game
        over = game.is_over()
        mine = seat is not None and self.started and not over and seat == game.to_move()
        held = seen.document
        document = self.document(seat, held)
        total = game.events_total
        first = seen.events_sent if held is not None else max(seen.events_sent, total - EVENTS_ON_JOIN)
        key = (
            seat,
            None if held is None else (id(held["view"]), id(held["board"])),
            first,
            mine and not seen.mine,
        )
        frame = self.frames.get(key)
        if frame is None:
            if mine and self._to_move is None:
                self._to_move = [("legal", pack(game.legal_actions())), ("open", pack(game.open_actions()))]
            fields = [
                ("t", pack("update")),
                *self._common_fields(),
                ("turn", pack(mine and not seen.mine)),  # the turn has just come to this seat: an alert
                *(self._to_move if mine and self._to_move else _NOTHING_TO_DO),
                ("free", pack(game.free_actions(seat) if seat is not None and self.started else [])),
                (
                    "events",
                    pack(
                        [
                            e
                            for e in game.events_since(first)
                            if e["to"] is None or (seat is not None and seat in e["to"])
                        ]
                    ),
                ),
                ("hash", pack(self.fingerprint(document))),
            ]
            if held is None:
                fields += [
                    ("view", self.packs.packed(document["view"], SHARED_DEPTH)),
                    ("board", self.packs.packed(document["board"], SHARED_DEPTH)),
                ]
            else:
                fields.append(("delta", self._delta(held, document)))
            frame = self.frames[key] = encode_packed(fields)
        seen.document = document
        seen.events_sent = total
        seen.mine = mine
        return frame
