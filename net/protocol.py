"""The wire format: length-prefixed msgpack frames with size limits (see PROTOCOL.md).

Every frame is a 4-byte big-endian length followed by one msgpack map with a "t" (type)
key. A frame that is too long, not msgpack, not a map, or of an unknown type is a
`ProtocolError`; the host closes that one peer and keeps the table.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import msgpack

from boardwright.framework import BoardwrightError

PROTOCOL_VERSION = 1
MAX_FRAME = 1 << 20  # 1 MiB: far above any view, far below a memory problem
HEADER = struct.Struct(">I")

# message types each side may send
FROM_PEER = {"join", "act", "undo", "bye", "ping"}
FROM_HOST = {"welcome", "update", "error", "refused", "pong"}


class ProtocolError(BoardwrightError):
    code = "protocol"


def encode(message: dict[str, Any]) -> bytes:
    body = msgpack.packb(message, use_bin_type=True)
    if len(body) > MAX_FRAME:
        raise ProtocolError(f"a {message.get('t')} message of {len(body)} bytes is over the {MAX_FRAME}-byte limit")
    return HEADER.pack(len(body)) + body


def decode(body: bytes, allowed: set[str]) -> dict[str, Any]:
    try:
        message = msgpack.unpackb(body, raw=False, strict_map_key=False)
    except (msgpack.ExtraData, msgpack.FormatError, msgpack.StackError, ValueError) as exc:
        raise ProtocolError(f"a frame that is not msgpack ({type(exc).__name__})") from None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise ProtocolError("a frame that is not a message map with a type")
    if message["t"] not in allowed:
        raise ProtocolError(f"unknown message type {message['t']!r}")
    return message


async def read_message(reader: asyncio.StreamReader, allowed: set[str]) -> dict[str, Any] | None:
    """The next message, or None when the other side closed the connection cleanly."""
    try:
        header = await reader.readexactly(HEADER.size)
    except asyncio.IncompleteReadError as exc:
        if exc.partial:
            raise ProtocolError("the connection closed inside a frame header") from None
        return None
    (length,) = HEADER.unpack(header)
    if length > MAX_FRAME:
        raise ProtocolError(f"a frame of {length} bytes is over the {MAX_FRAME}-byte limit")
    try:
        body = await reader.readexactly(length)
    except asyncio.IncompleteReadError:
        raise ProtocolError("the connection closed inside a frame") from None
    return decode(body, allowed)


async def send_message(writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
    writer.write(encode(message))
    await writer.drain()
