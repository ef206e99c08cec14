"""What each connection is sent after a change: its seat's view and board as a delta.

One `Snapshot` serves one broadcast, and the work is done once per distinct thing, not once
per connection. Every seat's view and board is built once and merged with the document
that seat was sent last (`merge`): one walk finds the operations that turn the old into
the new and keeps the old objects of every part that did not change; seats that see the
same share one document (and one merge from then on). A delta's hash chains the last
hash and the delta's bytes (`delta.chain`), so no whole document is packed for an update
but every `CHECK_EVERY`-th one, whose `check` is the whole document's fingerprint. Parts
are packed once (`Packs`, by identity); connections in the same position get the same
frame.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from itertools import compress, count
from operator import ne
from typing import Any

from .delta import CUT, DELETE, SET, chain, diff_at, mostly_changed, sent_whole
from .live import LiveGame
from .protocol import encode_packed, pack

CHECK_EVERY = 16  # every 16th delta a connection gets also carries its whole document's fingerprint
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
    hash: str = ""  # the hash of the last update: the next delta's hash goes on from it
    deltas: int = 0  # deltas since the whole document's fingerprint was last sent
    moments: bool = False  # the connection asked for each move's moment (`Snapshot.moment`)
    ply: int = -1  # the ply of the last update sent


class Packs:
    """Packed bytes of the parts sent lately, by identity (the object is kept with them, so
    an identity is never mistaken for another's), and each seat's last document. A part is
    packed whole by msgpack's C packer (putting a part together from its items' kept bytes
    was measured slower for the games' views and boards). What the last two broadcasts did
    not use is let go (`turn`), so the cache holds about two updates' parts. Parts sent must
    not change after they were packed: a host's view and board are built anew for every
    broadcast (the table's state is replaced, never changed, by an action) and a peer's
    patch copies what it changes."""

    def __init__(self) -> None:
        self._now: dict[int, tuple[Any, bytes]] = {}
        self._before: dict[int, tuple[Any, bytes]] = {}
        self.last: dict[int | None, dict[str, Any]] = {}  # each seat's document of the last broadcast

    def turn(self) -> None:
        """A new broadcast: what neither it nor the last one used is let go."""
        self._before, self._now = self._now, {}

    def packed(self, part: Any) -> bytes:
        key = id(part)
        found = self._now.get(key)
        if found is None:
            found = self._before.get(key)
            if found is not None:
                self._now[key] = found
        if found is not None and found[0] is part:
            return found[1]
        data = pack(part)
        if type(part) is dict or type(part) is list:  # a scalar packs again for less than its keeping
            self._now[key] = (part, data)
        return data

    def fingerprint(self, document: dict[str, Any]) -> str:
        """`delta.fingerprint(document)` from the parts' packed bytes."""
        digest = hashlib.blake2b(digest_size=8)
        for piece in (_DOCUMENT_HEADER, _VIEW, self.packed(document["view"]), _BOARD, self.packed(document["board"])):
            digest.update(piece)
        return digest.hexdigest()


def merge(old: Any, new: Any, path: list[Any], ops: list[list[Any]], memo: Memo | None = None) -> Any:
    """`new`, with every part equal to the same part of `old` made that object of `old`;
    appends to `ops` what turns `old` into the result (`delta.patch`). Equal means what
    Python's == says: a part that differs only in 1 against 1.0 or in its maps' key order
    keeps the old, and the peer holds exactly what the result packs to.

    `memo` (kept by the caller while `old` and `new` live) remembers each pair of parts
    merged: seats that were sent the same part and see the same new one (a map, the public
    part of a view) share one merge of it, and its result, from then on."""
    if old is new:
        return old
    if type(new) is dict or type(new) is list:  # compared item by item there, once
        return _merge(old, new, path, ops, {} if memo is None else memo)
    return old if type(old) is type(new) and old == new else _merge(old, new, path, ops, {})


# (id(old part), id(new part)): (merged, its ops, its path); (0, id(new part)): (the first
# old part merged with it, [], [])
Memo = dict[tuple[int, int], tuple[Any, list[list[Any]], list[Any]]]


def _merge(old: Any, new: Any, path: list[Any], ops: list[list[Any]], memo: Memo) -> Any:
    """`merge` of two parts (the old one itself when nothing differs). The items that
    differ are found by `!=` in C (`map(ne, ...)`), so an unchanged item costs no Python
    step: most of a board's cells and pieces stay as they were from one update to the next."""
    kind = type(new)
    if type(old) is not kind or (kind is not dict and kind is not list):
        ops.append([SET, path, new])
        return new
    key = (id(old), id(new))
    found = memo.get(key)
    if found is None:
        # another seat's merge of this new part, from a part equal to this old one: theirs
        # (the two seats hold equal parts from then on, and share one merge of them)
        first = memo.get((0, id(new)))
        if first is None:
            memo[0, id(new)] = (old, [], [])
        elif first[0] is not old and first[0] == old:
            found = memo[key] = memo[id(first[0]), id(new)]
    if found is not None:
        merged, done, at = found
        if at == path:
            ops.extend(done)
        else:
            cut = len(at)
            ops.extend([[op[0], [*path, *op[1][cut:]], *op[2:]] for op in done])
        return merged
    start = len(ops)
    merged = _merge_dict(old, new, path, ops, memo) if kind is dict else _merge_list(old, new, path, ops, memo)
    memo[key] = (merged, ops[start:], path)
    return merged


def _merge_dict(old: dict[str, Any], new: dict[str, Any], path: list[Any], ops: list[list[Any]], memo: Memo) -> Any:
    if len(old) == len(new) and list(old) == list(new):  # the same keys, in the same order
        changed = list(compress(new, map(ne, old.values(), new.values())))
        if not changed:
            return old
        merged = old.copy()
        for key in changed:
            merged[key] = _merge(old[key], new[key], [*path, key], ops, memo)
        return merged
    if sent_whole(old, new):
        ops.append([SET, path, new])  # its keys moved, or most of them went
        return new
    for key in old:
        if key not in new:
            ops.append([DELETE, [*path, key]])
    merged = {}
    for key, value in new.items():
        if key not in old:
            ops.append([SET, [*path, key], value])
            merged[key] = value
            continue
        was = old[key]
        merged[key] = was if was is value or was == value else _merge(was, value, [*path, key], ops, memo)
    return merged


def _merge_list(old: list[Any], new: list[Any], path: list[Any], ops: list[list[Any]], memo: Memo) -> Any:
    start = len(ops)
    if len(new) < len(old):
        ops.append([CUT, path, len(new)])
        items = old[: len(new)]
    else:
        items = old.copy()
    changed = list(compress(count(), map(ne, old, new)))
    if not changed and len(old) == len(new):
        return old
    for index in changed:
        items[index] = _merge(old[index], new[index], [*path, index], ops, memo)
    for index in range(len(old), len(new)):
        ops.append([SET, [*path, index], new[index]])
        items.append(new[index])
    if mostly_changed(len(changed), len(new)):  # an item inserted shifts the rest: sent whole
        del ops[start:]
        ops.append([SET, path, items])
    return items


def _redact_pending(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Other seats' pending decisions as `{seat, kind}` only, whatever the game's view kept."""
    k = view.get("k")
    pending = k.get("pending") if isinstance(k, dict) else None
    if isinstance(k, dict) and pending and any(d.get("seat") != seat and len(d) > 2 for d in pending):
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
    built: dict[int | None, tuple[Any, Any]] = field(default_factory=dict)  # the game's, before merging
    bases: dict[int | None, dict[str, Any] | None] = field(default_factory=dict)  # what each seat was sent last
    merges: dict[tuple[int, int], tuple[Any, list[list[Any]]]] = field(default_factory=dict)
    parts: Memo = field(default_factory=dict)  # every part merged in this broadcast (`merge`)
    ops: dict[tuple[int, int], list[list[Any]]] = field(default_factory=dict)  # (old part, merged part)
    hashes: dict[tuple[int, int], str] = field(default_factory=dict)
    deltas: dict[tuple[int, ...], bytes] = field(default_factory=dict)
    frames: dict[tuple[Any, ...], tuple[bytes, str]] = field(default_factory=dict)  # and the hash it carries
    _common: list[tuple[str, bytes]] | None = None
    _to_move: list[tuple[str, bytes]] | None = None
    _shown: dict[int | None, tuple[Any, Any]] | None = None  # every seat's view and board, built at once (`prepare`)
    _moments: dict[int | None, bytes | None] = field(default_factory=dict)

    def document(self, seat: int | None) -> dict[str, Any]:
        """The seat's view and board, merged with the document this seat was sent last:
        what did not change is that document's objects (and its delta known). A part that
        packs to another seat's bytes becomes that seat's object, so seats that see the same
        (that joined apart, or spectators) share one document and one merge from then on."""
        found = self.documents.get(seat)
        if found is None:
            view, board = self._seen(seat)
            view = _redact_pending(view, seat)
            base = self.packs.last.get(seat)
            if base is not None:
                for other, (other_view, other_board) in self.built.items():
                    other_base = self.bases[other]  # shared before: most likely equal again
                    if other_base is not None and other_base["view"] is base["view"] and other_view == view:
                        view = other_view
                    if other_base is not None and other_base["board"] is base["board"] and other_board == board:
                        board = other_board
            self.built[seat], self.bases[seat] = (view, board), base
            if base is not None:
                view = self._merged(base["view"], view, "view")
                board = self._merged(base["board"], board, "board")
            for other_document in self.documents.values():
                view = self._adopt(base and base["view"], view, other_document["view"])
                board = self._adopt(base and base["board"], board, other_document["board"])
            found = self.documents[seat] = {"view": view, "board": board}
            self.packs.last[seat] = found
        return found

    def prepare(self, seats: list[int | None]) -> None:
        """Build the views and boards of all these seats at once (`Game.shown`: what they
        share is built once), before their frames are asked for."""
        wanted = list(dict.fromkeys(seats))
        self._shown = dict(zip(wanted, self.game.shown(wanted), strict=True)) if wanted else {}

    def _seen(self, seat: int | None) -> tuple[Any, Any]:
        if self._shown is not None and seat in self._shown:
            return self._shown[seat]
        return self.game.view(seat), self.game.board(seat)

    def _merged(self, old: Any, new: Any, name: str) -> Any:
        key = (id(old), id(new))
        found = self.merges.get(key)
        if found is None:
            ops: list[list[Any]] = []
            merged = merge(old, new, [name], ops, self.parts)
            found = self.merges[key] = (merged, ops)
            self.ops[id(old), id(merged)] = ops
        return found[0]

    def _adopt(self, old: Any, part: Any, other: Any) -> Any:
        """`other` (another seat's part) for `part` when they are equal; the delta from
        `old` to `part` serves `other` as well."""
        if other is part or type(other) is not type(part) or other != part:
            return part
        if old is not None:
            self.ops[id(old), id(other)] = self.ops[id(old), id(part)]
        return other

    def fingerprint(self, document: dict[str, Any]) -> str:
        """`delta.fingerprint(document)`, from the parts' packed bytes."""
        key = (id(document["view"]), id(document["board"]))
        found = self.hashes.get(key)
        if found is None:
            found = self.hashes[key] = self.packs.fingerprint(document)
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
        known = self.ops.get((id(old), id(new)))
        if known is not None:
            return known
        if old is new:
            return []
        ops = diff_at(old, new, [name])  # a connection a broadcast behind (it joined or asked again)
        if not ops and self.packs.packed(old) != self.packs.packed(new):
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

    def moment(self, seat: int | None) -> bytes | None:
        """The packed `moment` of an update for `seat`: the last action's mover and the
        operations that turn the seat's document into its view and board after that
        action's own effect, before the flow's steps (what happened on its own is what they
        undo); None where the game cannot tell."""
        if seat not in self._moments:
            found = self.game.moment(seat)
            packed = None
            if found is not None:
                document = self.document(seat)
                view, board = _redact_pending(found[0], seat), found[1]
                ops = diff_at(document["view"], view, ["view"]) + diff_at(document["board"], board, ["board"])
                packed = pack({"mover": self.game.last_mover(), "ops": ops})
            self._moments[seat] = packed
        return self._moments[seat]

    def frame(self, seen: Seen) -> bytes:
        """The update for one connection (and `seen` moved on to it)."""
        seat, game = seen.seat, self.game
        over = game.is_over()
        mine = seat is not None and self.started and not over and seat == game.to_move()
        held = seen.document
        document = self.document(seat)
        total = game.events_total
        first = seen.events_sent if held is not None else max(seen.events_sent, total - EVENTS_ON_JOIN)
        check = held is not None and seen.deltas + 1 >= CHECK_EVERY
        # the moment of the move only to a connection that asked and saw the state before it
        moment = self.moment(seat) if seen.moments and seen.ply == game.plies - 1 else None
        key = (
            seat,
            None if held is None else (id(held["view"]), id(held["board"]), seen.hash, check),
            first,
            mine and not seen.mine,
            moment is not None,
        )
        found = self.frames.get(key)
        if found is None:
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
            ]
            if held is None:
                digest = self.fingerprint(document)
                fields += [
                    ("hash", pack(digest)),
                    ("view", self.packs.packed(document["view"])),
                    ("board", self.packs.packed(document["board"])),
                ]
            else:
                delta = self._delta(held, document)
                digest = chain(seen.hash, delta)
                fields += [("hash", pack(digest)), ("delta", pack(delta))]  # its bytes, as a bin
                if check:
                    fields.append(("check", pack(self.fingerprint(document))))
            if moment is not None:
                fields.append(("moment", moment))
            found = self.frames[key] = (encode_packed(fields), digest)
        seen.document = document
        seen.events_sent = total
        seen.mine = mine
        seen.hash = found[1]
        seen.deltas = 0 if held is None or check else seen.deltas + 1
        seen.ply = game.plies
        return found[0]
