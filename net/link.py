"""One peer's outgoing frames: a bounded queue and a writer task of its own.

The table never waits on a socket: a frame goes to the socket at once while the socket
keeps up (a write that never blocks), else into the peer's queue. The writer task hands
queued frames to the socket and waits for it to drain, at most `write_timeout` seconds. A peer that does not keep up (its queue over `max_bytes`, or a
drain that times out) is dropped: its socket is aborted and the table is told once
(`on_drop`), so one slow reader never slows the others.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable


class Link:
    def __init__(
        self,
        writer: asyncio.StreamWriter,
        on_drop: Callable[[Link, str], None],
        max_bytes: int = 4 << 20,
        write_timeout: float = 10.0,
    ) -> None:
        self.writer = writer
        self.on_drop = on_drop
        self.max_bytes = max_bytes
        self.write_timeout = write_timeout
        self.closed = False
        self.reason = ""
        self._frames: deque[bytes] = deque()
        self._queued = 0
        self._draining = False  # the writer task waits for the socket to take what it holds
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._pump())

    @property
    def queued(self) -> int:
        """Bytes waiting in this queue (not counting the socket's own buffer)."""
        return self._queued

    def send(self, frame: bytes) -> bool:
        """Queue a frame; False (and the peer dropped) when it would go over the bound."""
        if self.closed:
            return False
        buffered = self.writer.transport.get_write_buffer_size()
        if self._queued + buffered + len(frame) > self.max_bytes:
            self.drop(f"it did not read {self._queued + buffered} bytes sent to it")
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
        self._queued += len(frame)
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
                self.drop(f"it read nothing for {self.write_timeout:g} s")
            except (ConnectionError, OSError, RuntimeError):
                self.drop("its connection broke")
            self._draining = False

    def drop(self, reason: str) -> None:
        """Abort the connection (no waiting on its buffer) and tell the table, once."""
        if self.closed:
            return
        self.closed = True
        self.reason = reason
        self._wake.set()
        self.writer.transport.abort()
        self.on_drop(self, reason)

    async def finish(self, timeout: float = 1.0) -> None:
        """Send what is queued (within `timeout`), then close."""
        if not self.closed:
            with contextlib.suppress(TimeoutError, ConnectionError, OSError, RuntimeError):
                async with asyncio.timeout(timeout):
                    await self._flush()
        self.closed = True
        self._wake.set()
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


def within_rate(times: deque[float], per_minute: int) -> bool:
    """True (and now counted in `times`) when fewer than `per_minute` came in the last minute."""
    now = asyncio.get_running_loop().time()
    while times and now - times[0] > 60:
        times.popleft()
    if len(times) >= per_minute:
        return False
    times.append(now)
    return True
