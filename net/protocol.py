"""The wire format: length-prefixed msgpack frames with size limits (see PROTOCOL.md).

Every frame is a 4-byte big-endian length followed by one msgpack map with a "t" (type)
key. A frame that is too long, not msgpack, not a map, nested too deep, keyed by
anything but texts, or of an unknown type is a `ProtocolError`; the host answers it with
one `error` frame and closes that one peer, and the table goes on.
"""

from __future__ import annotations

import asyncio
import struct
import unicodedata
from collections.abc import Callable
from typing import Any

import msgpack

from boardwright.framework import BoardwrightError

# `pack`: one value in msgpack as `encode` packs it (msgpack's bytes, made by ormsgpack where
# it gives the same ones; ints beyond 64 bits as the kernel's `BIG_INT` extension)
from boardwright.framework.kernel import UNPACK_ERRORS, msgpack_ext, pack

PROTOCOL_VERSION = 4
MAX_FRAME = 1 << 20  # 1 MiB: far above any view, far below a memory problem
MAX_PEER_FRAME = 64 * 1024  # what a peer may send: an intent, a join, a chat line
MAX_DEPTH = 32  # maps and lists inside one another; no action needs more
HEADER = struct.Struct(">I")

# message types each side may send
FROM_PEER = {"join", "ready", "act", "chat", "resync", "undo", "bye", "ping"}
FROM_HOST = {"welcome", "update", "chat", "error", "refused", "pong"}


class ProtocolError(BoardwrightError):
    code = "protocol"


def encode(message: dict[str, Any]) -> bytes:
    body = pack(message)
    if len(body) > MAX_FRAME:
        raise ProtocolError(f"a {message.get('t')} message of {len(body)} bytes is over the {MAX_FRAME}-byte limit")
    return HEADER.pack(len(body)) + body


def encode_packed(fields: list[tuple[str, bytes]]) -> bytes:
    """A frame put together from packed values: the same bytes as `encode` of the map
    `{key: value}`, without packing again what was packed once for many connections."""
    count = len(fields)
    parts = [bytes([0x80 | count]) if count < 16 else b"\xde" + struct.pack(">H", count)]
    for key, value in fields:  # joined once: a whole view or board is not copied per field
        parts.append(packed_key(key))
        parts.append(value)
    body = b"".join(parts)
    if len(body) > MAX_FRAME:
        raise ProtocolError(f"a message of {len(body)} bytes is over the {MAX_FRAME}-byte limit")
    return HEADER.pack(len(body)) + body


_KEYS: dict[str, bytes] = {}
_KEYS_KEPT = 20_000  # map keys come from the games' data: a few thousand at most


def packed_key(key: str) -> bytes:
    """A map key in msgpack, packed once."""
    found = _KEYS.get(key)
    if found is None:
        found = pack(key)
        if len(_KEYS) < _KEYS_KEPT:
            _KEYS[key] = found
    return found


def _shape_ok(value: Any, limit: int = MAX_DEPTH) -> bool:
    """True when no map or list lies more than `limit` levels deep and every map key is a
    text (checked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if type(item) is dict:
            if depth > limit or not all(type(key) is str for key in item):
                return False
            stack.extend((v, depth + 1) for v in item.values())
        elif type(item) is list:
            if depth > limit:
                return False
            stack.extend((v, depth + 1) for v in item)
    return True


def decode(body: bytes, allowed: set[str], check_shape: bool = True) -> dict[str, Any]:
    """One message; `check_shape` (the host, reading peers) also bounds its nesting and
    requires text keys all the way down."""
    try:
        # text keys only: a list or a map as a key is refused here, not by a handler later
        message = msgpack.unpackb(body, raw=False, strict_map_key=True, ext_hook=msgpack_ext)
    except UNPACK_ERRORS as exc:
        raise ProtocolError(f"a frame that is not msgpack with text keys ({type(exc).__name__})") from None
    except RecursionError:
        raise ProtocolError("a frame nested too deep") from None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise ProtocolError("a frame that is not a message map with a type")
    if check_shape and not _shape_ok(message):
        raise ProtocolError(f"a frame nested more than {MAX_DEPTH} levels deep or with a key that is not a text")
    if message["t"] not in allowed:
        raise ProtocolError(f"unknown message type {message['t'][:40]!r}")
    return message


async def read_message(
    reader: asyncio.StreamReader,
    allowed: set[str],
    limit: int = MAX_FRAME,
    frame_timeout: float | None = None,
    check_shape: bool = True,
    meter: Callable[[int], None] | None = None,
) -> dict[str, Any] | None:
    """The next message, or None when the other side closed the connection cleanly.
    `frame_timeout`: the longest a frame may take once its first byte arrived; `meter` is
    told each frame's size (header and body) once its header is read, and may raise."""
    if frame_timeout is None:  # a peer reading its host: the header and the body, no timer
        try:
            header = await reader.readexactly(HEADER.size)
        except asyncio.IncompleteReadError as exc:
            if not exc.partial:
                return None
            raise ProtocolError("the connection closed inside a frame header") from None
        (length,) = HEADER.unpack(header)
        if length > limit:
            raise ProtocolError(f"a frame of {length} bytes is over the {limit}-byte limit")
        try:
            return decode(await reader.readexactly(length), allowed, check_shape)
        except asyncio.IncompleteReadError:
            raise ProtocolError("the connection closed inside a frame") from None
    try:
        first = await reader.readexactly(1)
    except asyncio.IncompleteReadError:
        return None
    try:
        async with asyncio.timeout(frame_timeout):
            rest = await _read_rest(reader, first, limit, meter)
    except TimeoutError:
        raise ProtocolError(f"a frame not finished within {frame_timeout:g} s") from None
    return decode(rest, allowed, check_shape)


async def _read_rest(
    reader: asyncio.StreamReader, first: bytes, limit: int, meter: Callable[[int], None] | None
) -> bytes:
    try:
        header = first + await reader.readexactly(HEADER.size - 1)
    except asyncio.IncompleteReadError:
        raise ProtocolError("the connection closed inside a frame header") from None
    (length,) = HEADER.unpack(header)
    if length > limit:
        raise ProtocolError(f"a frame of {length} bytes is over the {limit}-byte limit")
    if meter is not None:
        meter(HEADER.size + length)
    try:
        return await reader.readexactly(length)
    except asyncio.IncompleteReadError:
        raise ProtocolError("the connection closed inside a frame") from None


async def send_message(writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
    writer.write(encode(message))
    await writer.drain()


NAME_LENGTH = 40


def person_name(raw: Any) -> str:
    """The name a `join` gives, as the host keeps and shows it: a text, control characters
    (a terminal's escapes, line breaks) taken out, runs of spaces made one, at most
    `NAME_LENGTH` characters; "guest" when nothing is left."""
    if not isinstance(raw, str):
        return "guest"
    printable = "".join(c if unicodedata.category(c)[0] != "C" else " " for c in raw[: NAME_LENGTH * 4])
    return " ".join(printable.split())[:NAME_LENGTH].strip() or "guest"
