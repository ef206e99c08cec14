"""A game state as plain data: packed to msgpack's bytes, hashed, copied. The kernel names
these too (`kernel.pack`, `kernel.clone`, ...), where games and the engine call them."""

from __future__ import annotations

import hashlib
import marshal
import math
import pickle
import threading
from collections.abc import Callable
from typing import Any

import msgpack
import ormsgpack

State = dict[str, Any]


# --- whole-state helpers ---


BIG_INT = 1  # msgpack extension type: an int beyond msgpack's 64 bits, signed big-endian bytes


def msgpack_default(value: Any) -> Any:
    """What msgpack cannot pack itself: an int beyond 64 bits (a wide board's bitboard,
    e.g. Connect Four's 12 columns of 11 bits) as a `BIG_INT` extension; anything else
    is an error, as it was."""
    if type(value) is int:
        return msgpack.ExtType(BIG_INT, value.to_bytes(value.bit_length() // 8 + 1, "big", signed=True))
    raise TypeError(f"can not serialize {type(value).__name__!r} object")


# what msgpack raises for bytes that are no msgpack value (or, read with `strict_map_key`, a
# map keyed by something other than text): a frame, a delta or a file that is damaged
UNPACK_ERRORS = (msgpack.ExtraData, msgpack.FormatError, msgpack.StackError, ValueError, TypeError)


def msgpack_ext(code: int, data: bytes) -> Any:
    """The value of a msgpack extension: a `BIG_INT` back to the int; others as they came."""
    if code == BIG_INT:
        return int.from_bytes(data, "big", signed=True)
    return msgpack.ExtType(code, data)


_PACKERS = threading.local()  # one packer a thread: a packer is reused, never shared

# ormsgpack (Rust) packs plain data about three times as fast as msgpack's packer, to the
# same bytes: maps in their order, each int, text and float in the same form. Whatever it
# does not pack exactly as msgpack does is left to msgpack (`_beyond_ormsgpack`), so `pack`
# gives msgpack's bytes, or raises msgpack's error, for every value.
# tests/framework/test_pack.py holds the two to the same bytes.
_INT64_MIN, _UINT64_MAX = -(1 << 63), (1 << 64) - 1
_ORMSGPACK_OPTIONS = (
    ormsgpack.OPT_NON_STR_KEYS  # int keys, as msgpack
    | ormsgpack.OPT_PASSTHROUGH_BIG_INT
    | ormsgpack.OPT_PASSTHROUGH_SUBCLASS  # an int, text, map or list subclass: msgpack decides
    | ormsgpack.OPT_PASSTHROUGH_ENUM
    | ormsgpack.OPT_PASSTHROUGH_DATACLASS
    | ormsgpack.OPT_PASSTHROUGH_DATETIME
    | ormsgpack.OPT_PASSTHROUGH_UUID
)


class _LeftToMsgpack(Exception):
    """A value ormsgpack does not pack as msgpack does (see `pack`)."""


def _beyond_ormsgpack(value: Any) -> Any:
    """ormsgpack's `default`: an int beyond 64 bits as the `BIG_INT` extension
    (`msgpack_default`); anything else is left to msgpack."""
    if type(value) is int and (value > _UINT64_MAX or value < _INT64_MIN):
        return ormsgpack.Ext(BIG_INT, value.to_bytes(value.bit_length() // 8 + 1, "big", signed=True))
    raise _LeftToMsgpack


def pack(state: Any) -> bytes:
    """The state (or any plain value) in msgpack, ints beyond 64 bits as `BIG_INT` extensions:
    what a state hash, a save and every LAN frame are made of. ormsgpack packs it where it
    gives the same bytes; otherwise (a value ormsgpack does not take, or one it would pack
    differently) msgpack's packer, made once per thread, does, and its error is the error.
    A packer that fails is reset by msgpack, so the next value packs cleanly."""
    try:
        return ormsgpack.packb(state, default=_beyond_ormsgpack, option=_ORMSGPACK_OPTIONS)
    except ormsgpack.MsgpackEncodeError:
        pass
    try:
        packer = _PACKERS.packer
    except AttributeError:
        packer = _PACKERS.packer = msgpack.Packer(use_bin_type=True, default=msgpack_default)
    return packer.pack(state)


def unpack(data: bytes) -> State:
    return msgpack.unpackb(data, raw=False, strict_map_key=False, ext_hook=msgpack_ext)


def state_hash(state: State) -> str:
    """A stable fingerprint of the whole state (128-bit blake2b of its msgpack form)."""
    return hashlib.blake2b(pack(state), digest_size=16).hexdigest()


_LEAVES = (str, int, bool, type(None))  # written as their repr, which reads back exactly
_CONSTRUCTOR_DEPTH = 60  # deeper plain data is copied otherwise: the compiler's nesting has a limit


def constructor(value: Any) -> Callable[[], Any] | None:
    """A function that returns a new deep copy of `value` at each call, compiled from it as
    one literal of maps and lists (a part shared in two places is built once and shared in
    the copy, as in `clone`). The interpreter builds such a literal without a step per
    item: a started Connect Four state in about a third of `marshal.loads`' time. For a state
    copied many times, as the start of every game of a series (`engine.Prepared`). None
    when `value` holds anything but maps, lists, texts, whole numbers, finite floats, true,
    false and None, or nests deeper than 60."""
    uses: dict[int, int] = {}

    def count(part: Any, depth: int) -> bool:
        kind = type(part)
        if kind is dict or kind is list:
            if depth > _CONSTRUCTOR_DEPTH:
                return False
            seen = uses.get(id(part), 0)
            uses[id(part)] = seen + 1
            if seen:
                return True
            if kind is dict:
                return all(type(key) in _LEAVES for key in part) and all(count(v, depth + 1) for v in part.values())
            return all(count(item, depth + 1) for item in part)
        return kind in _LEAVES or (kind is float and math.isfinite(part))

    if not count(value, 0):
        return None
    lines: list[str] = []
    names: dict[int, str] = {}

    def literal(part: Any) -> str:
        kind = type(part)
        if kind is dict or kind is list:
            name = names.get(id(part))
            if name is not None:
                return name
            if kind is dict:
                text = "{" + ", ".join(f"{key!r}: {literal(item)}" for key, item in part.items()) + "}"
            else:
                text = "[" + ", ".join(literal(item) for item in part) + "]"
            if uses[id(part)] > 1:
                name = names[id(part)] = f"_{len(names)}"
                lines.append(f"    {name} = {text}")
                return name
            return text
        return repr(part)

    body = literal(value)
    namespace: dict[str, Any] = {}
    exec(compile("\n".join(["def construct():", *lines, f"    return {body}"]), "<constructor>", "exec"), namespace)
    built: Callable[[], Any] = namespace["construct"]
    return built


def clone(state: State) -> State:
    """A deep copy for search and undo: a `marshal` round trip (a state is plain data: maps,
    lists, texts, numbers, as `pack` requires), about 7x cheaper than ``copy.deepcopy`` on a
    typical state and 0.7x a pickle round trip (benchmarks/bench_kernel.py); shared parts stay
    shared. A state holding anything else (which no save could hold) is copied by pickle."""
    try:
        return marshal.loads(marshal.dumps(state))
    except ValueError:
        return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
