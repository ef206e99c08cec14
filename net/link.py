"""One peer's outgoing frames: a bounded queue and a writer task of its own.

The table never waits on a socket: a frame goes to the socket at once while the socket
keeps up (a write that never blocks), else into the peer's queue. The writer task hands
queued frames to the socket and waits for it to drain, at most `write_timeout` seconds. A
peer that does not keep up (its queue over `max_bytes` or `max_frames`, or a drain that
times out) is dropped: the table is told once (`on_drop`), so one slow reader never slows
the others, and the peer is sent `error` `slow` behind what its socket holds, which it
reads if it ever reads again (the socket is aborted `part_timeout` later at the latest).
A queued frame counts `FRAME_COST` bytes beyond its own: a 12-byte frame costs Python
about 60 bytes of memory, and 4 MiB of them would cost 20.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable

from .protocol import encode

FRAME_COST = 64  # bytes of memory a queued frame costs beyond its own (the bytes object and its slot)
LINGER_BYTES = 2 << 20  # what a peer that was sent an error may still send before its socket closes


class Link:
    def __init__(
        self,
        writer: asyncio.StreamWriter,
        on_drop: Callable[[Link, str], None],
        max_bytes: int = 4 << 20,
        write_timeout: float = 10.0,
        max_frames: int = 4096,
        part_timeout: float = 2.0,
    ) -> None:
        self.writer = writer
        self.on_drop = on_drop
        self.max_bytes = max_bytes
        self.max_frames = max_frames
        self.write_timeout = write_timeout
        self.part_timeout = part_timeout
        self.closed = False
        self.reason = ""
        self._parting = False  # dropped with an error on its way: the socket closes once it is read
        self._frames: deque[bytes] = deque()
        self._queued = 0
        self._draining = False  # the writer task waits for the socket to take what it holds
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._pump())

    @property
    def queued(self) -> int:
        """What this queue costs in bytes, `FRAME_COST` a frame included (not counting the
        socket's own buffer)."""
        return self._queued

    def send(self, frame: bytes) -> bool:
        """Queue a frame; False (and the peer dropped) when it would go over a bound."""
        if self.closed:
            return False
        buffered = self.writer.transport.get_write_buffer_size()
        if self._queued + buffered + len(frame) + FRAME_COST > self.max_bytes:
            self.drop(f"it did not read {self._queued + buffered} bytes sent to it", "slow")
            return False
        if len(self._frames) >= self.max_frames:
            self.drop(f"it did not read {len(self._frames)} frames sent to it", "slow")
            return False
        if not self._frames and not buffered and not self._draining:
            # the socket keeps up: hand it the frame now (a write never blocks; what the
            # kernel does not take waits in the transport, and the writer task watches it)
            try:
                self.writer.write(frame)
            except (ConnectionError, OSError, RuntimeError):
                self.drop("its connection broke")
                return False
            if self.writer.transport.get_write_buffer_size():
                self._draining = True
                self._wake.set()
            return True
        self._frames.append(frame)
        self._queued += len(frame) + FRAME_COST
        self._wake.set()
        return True

    async def _pump(self) -> None:
        while not self.closed:
            await self._wake.wait()
            self._wake.clear()
            if not self._frames and not self._draining:
                continue
            batch = b"".join(self._frames)
            self._frames.clear()
            self._queued = 0
            try:
                self.writer.write(batch)
                async with asyncio.timeout(self.write_timeout):
                    await self.writer.drain()
            except TimeoutError:
                self.drop(f"it read nothing for {self.write_timeout:g} s", "slow")
            except (ConnectionError, OSError, RuntimeError):
                self.drop("its connection broke")
            self._draining = False

    def drop(self, reason: str, code: str = "") -> None:
        """Close the connection (waiting on no buffer) and tell the table, once. With a
        `code` the peer is sent `error` `code` behind what its socket holds, and the socket
        closes once that is read or `part_timeout` later; without one it is aborted."""
        if self.closed:
            return
        self.closed = True
        self.reason = reason
        self._frames.clear()
        self._queued = 0
        self._wake.set()
        transport = self.writer.transport
        if code and not transport.is_closing():
            self._parting = True
            transport.write(encode({"t": "error", "code": code, "message": f"dropped: {reason}"}))
            transport.close()
            asyncio.get_running_loop().call_later(self.part_timeout, transport.abort)
        else:
            transport.abort()
        self.on_drop(self, reason)

    async def finish(self, timeout: float = 1.0, reader: asyncio.StreamReader | None = None) -> None:
        """Send what is queued (within `timeout`), then close. Given the peer's `reader`
        (the peer was sent an error and may still be sending), the host's side is shut
        first and what the peer sends is read and dropped until it closes, within the same
        time and `LINGER_BYTES`: a socket closed with unread bytes answers with a reset,
        which may reach the peer before the error does and make it discard the error."""
        try:
            if not self.closed:
                with contextlib.suppress(TimeoutError, ConnectionError, OSError, RuntimeError):
                    async with asyncio.timeout(timeout):
                        await self._flush()
                        if reader is not None and self.writer.can_write_eof():
                            self.writer.write_eof()
                            await _discard(reader)
        finally:  # also when the table closes meanwhile (cancelled): no writer task left behind
            self.closed = True
            self._wake.set()
            if not self._parting:  # (a link dropped with an error closes once it is read: `drop`)
                if self.writer.transport.get_write_buffer_size():
                    self.writer.transport.abort()  # what it did not read in time it will not get
                else:
                    self.writer.close()
            await self.stop()

    async def _flush(self) -> None:
        if self._frames:
            batch = b"".join(self._frames)
            self._frames.clear()
            self._queued = 0
            self.writer.write(batch)
        await self.writer.drain()

    async def stop(self) -> None:
        """End the writer task (it never raises out of here)."""
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._task


async def _discard(reader: asyncio.StreamReader) -> None:
    read = 0
    while read < LINGER_BYTES:
        chunk = await reader.read(65536)
        if not chunk:
            return
        read += len(chunk)


def within_rate(times: deque[float], per_minute: int) -> bool:
    """True (and now counted in `times`) when fewer than `per_minute` came in the last minute."""
    now = asyncio.get_running_loop().time()
    while times and now - times[0] > 60:
        times.popleft()
    if len(times) >= per_minute:
        return False
    times.append(now)
    return True
