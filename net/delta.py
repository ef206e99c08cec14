"""Updates as small deltas: what changed in a seat's view and board since the last update.

A delta is a list of operations on plain data (maps with text keys, lists, scalars):

- `[0, path, value]`: set the value at `path` (a list of keys and indices; an index equal
  to the list's length appends);
- `[1, path]`: remove the key at the end of `path` from its map;
- `[2, path, n]`: cut the list at `path` to its first `n` items.

The peer applies the operations to its copy and checks the result with `fingerprint`;
keys keep their order (a map whose keys moved is sent whole), so the peer's copy packs to
the same bytes as the host's and a mismatch means a lost or damaged update: the peer then
asks for a full resynchronisation.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgpack

from boardwright.framework.kernel import UNPACK_ERRORS, msgpack_ext, pack

SET, DELETE, CUT = 0, 1, 2
Path = list[Any]


def diff(old: Any, new: Any) -> list[list[Any]]:
    """The operations that turn `old` into `new`."""
    ops: list[list[Any]] = []
    if not _same(old, new):
        _diff(old, new, [], ops)
    return ops


def diff_at(old: Any, new: Any, path: Path) -> list[list[Any]]:
    """The operations that turn `old` into `new`, where both lie at `path` in a document."""
    ops: list[list[Any]] = []
    if not _same(old, new):
        _diff(old, new, list(path), ops)
    return ops


def sent_whole(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether a map whose keys changed is sent whole rather than key by key: when its keys
    moved (`new`'s are not `old`'s kept ones followed by the added ones, in order, which is
    the order a patch leaves), or when it lost most of its keys (a piece's tip that turned
    from a unit's figures into one line was five removals and two additions, one map now).
    The host's merge (`updates.py`) and `diff_at` decide alike."""
    kept = [key for key in old if key in new]
    if new and len(kept) * 2 < len(old):
        return True
    return kept + [key for key in new if key not in old] != list(new)


def _same(a: Any, b: Any) -> bool:
    """Equal, of one type (in Python 1 == 1.0 == True; on the wire they differ) and, for
    maps, with the keys in one order (equal maps pack differently otherwise). Deeper inside
    equal maps and lists such a difference is not looked for: the fingerprint catches it
    and the peer asks for the whole document."""
    return a is b or (type(a) is type(b) and a == b and (type(a) is not dict or list(a) == list(b)))


def _diff(old: Any, new: Any, path: Path, ops: list[list[Any]]) -> None:
    kind = type(new)
    if type(old) is not kind:
        ops.append([SET, path, new])
    elif kind is dict:
        if sent_whole(old, new):
            ops.append([SET, path, new])
            return
        for key in old:
            if key not in new:
                ops.append([DELETE, [*path, key]])
        for key, value in new.items():
            if key not in old:
                ops.append([SET, [*path, key], value])
            elif not _same(old[key], value):
                _diff(old[key], value, [*path, key], ops)
    elif kind is list:
        _diff_list(old, new, path, ops)
    elif old != new:
        ops.append([SET, path, new])


def mostly_changed(changed: int, length: int) -> bool:
    """Whether a list whose `changed` items of `length` differ is sent whole: an item inserted
    shifts all after it. Counted in items, not in the operations inside them: a short list of
    large items (a board's elements) with a few changes deep inside one is never sent whole."""
    return changed > max(4, length // 2)


def _diff_list(old: list[Any], new: list[Any], path: Path, ops: list[list[Any]]) -> None:
    start = len(ops)
    changed = 0
    if len(new) < len(old):
        ops.append([CUT, path, len(new)])
    for index, (a, b) in enumerate(zip(old, new, strict=False)):
        if not _same(a, b):
            changed += 1
            _diff(a, b, [*path, index], ops)
    for index in range(len(old), len(new)):
        ops.append([SET, [*path, index], new[index]])
    if mostly_changed(changed, len(new)):
        del ops[start:]
        ops.append([SET, path, new])


def patch(document: Any, ops: list[list[Any]]) -> Any:
    """A new document: `document` with the operations applied. The maps and lists on the
    changed paths are copied, never changed, so earlier documents stay as they were (a
    window may still be drawing one). Raises ValueError on an operation that does not fit."""
    fresh: set[int] = set()  # containers copied by this patch: changed in place from here on

    def own(container: Any) -> Any:
        if id(container) in fresh:
            return container
        copy = dict(container) if type(container) is dict else list(container)
        fresh.add(id(copy))
        return copy

    # the containers along the last operation's path to its parent (`parents[0]` the
    # document's copy) and the steps of that path: the operations of a delta come in the
    # order of the document, so the next one mostly starts where the last one went
    parents: list[Any] = []
    steps: list[Any] = []
    for op in ops:
        try:
            code, path = op[0], op[1]
            if not path:
                if code == SET:
                    document = op[2]
                elif code == CUT:
                    document = own(document)
                    del document[op[2] :]
                else:
                    raise ValueError("a whole document cannot be removed")
                parents, steps = [], []
                continue
            depth = len(path) - 1
            if parents and len(steps) == depth and path[:depth] == steps:
                parent = parents[-1]
            else:
                if not parents:
                    document = own(document)
                    parents, steps = [document], []
                shared, most = 0, min(depth, len(steps))
                while shared < most and steps[shared] == path[shared]:
                    shared += 1
                del parents[shared + 1 :], steps[shared:]
                parent = parents[-1]
                for step in path[shared:depth]:
                    child = own(parent[step])
                    parent[step] = child
                    parent = child
                    parents.append(child)
                    steps.append(step)
            last = path[-1]
            if code == SET:
                if type(parent) is list and last == len(parent):
                    parent.append(op[2])
                else:
                    parent[last] = op[2]
            elif code == DELETE:
                del parent[last]
            elif code == CUT:
                target = own(parent[last])
                parent[last] = target
                del target[op[2] :]
            else:
                raise ValueError(f"unknown delta operation {code!r}")
        except (KeyError, IndexError, TypeError) as exc:
            raise ValueError(f"a delta that does not fit ({type(exc).__name__})") from None
    return document


def fingerprint(document: Any) -> str:
    """A short digest of what a seat holds (its own view and board, nothing more): enough to
    notice a lost update, and no help in guessing anything the seat does not see."""
    return hashlib.blake2b(pack(document), digest_size=8).hexdigest()


def chain(previous: str, delta: bytes) -> str:
    """The hash of an update sent as a delta: the previous update's hash (8 bytes) and the
    delta's msgpack bytes, digested. A peer checks that it applied every delta in order
    without packing its whole document (nor the delta: its bytes come as they were packed,
    a msgpack bin inside the update); every `CHECK_EVERY`-th delta also carries the whole
    document's `fingerprint` (`check`), so a copy that went wrong is found too."""
    return hashlib.blake2b(bytes.fromhex(previous) + delta, digest_size=8).hexdigest()


def unpack_delta(delta: bytes) -> list[list[Any]]:
    """The operations of a delta as the update carries them (their msgpack bytes). Raises
    ValueError for bytes that are not a list of operations."""
    try:
        ops = msgpack.unpackb(delta, raw=False, strict_map_key=True, ext_hook=msgpack_ext)
    except (*UNPACK_ERRORS, RecursionError) as exc:
        raise ValueError(f"a delta that is not msgpack ({type(exc).__name__})") from None
    if type(ops) is not list:
        raise ValueError("a delta that is not a list of operations")
    return ops
