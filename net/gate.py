"""What a peer may cost a host, and how the host says no to it.

`Limits` holds every bound (net/PROTOCOL.md says each). `Meter` counts the frames and bytes
one connection sends against its bounds a second: past either the peer is told `error`
`flood` and dropped. `Gate` is the table's accept loop: a connection over the cap is
refused `busy` before any stream is made for it, and when the process has no file
descriptor left the gate spends the one it keeps in reserve on refusing the connection that
waits, and says so in one log line every 10 s (asyncio's own accept loop logs a traceback
for each attempt and stops accepting for a second).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .protocol import HEADER, MAX_PEER_FRAME, ProtocolError, encode

log = logging.getLogger(__name__)

OUT_OF_DESCRIPTORS = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}
SAID_EVERY = 10.0  # seconds between two log lines about running out of descriptors
REFUSING_AT_ONCE = 4  # refusals that wait for the peer to read theirs (within the 16 descriptors a table
# keeps spare, `Table.start`); more are closed at once
BUSY = encode({"t": "refused", "code": "busy", "message": "the table has no room for more connections"})


def _flooded(seconds: float) -> bytes:
    return encode(
        {"t": "refused", "code": "flood", "message": f"this address sent too much: try again in {seconds:.0f} s"}
    )


@dataclass
class Limits:
    max_connections: int = 64  # sockets at once, joined or not (also bounded by the descriptors left)
    max_spectators: int = 16
    join_timeout: float = 10.0  # from connecting to a join
    idle_timeout: float = 90.0  # a joined peer silent this long is dropped (peers ping every 20 s)
    frame_timeout: float = 10.0  # from a frame's first byte to its last
    frames_per_second: float = 500.0  # what a peer may send, a second deep (a bot acts on each update)
    bytes_per_second: float = 256 * 1024  # the same in bytes (at least one frame of the largest size)
    max_queue_bytes: int = 4 << 20  # what may wait for one peer before it counts as not reading
    max_queue_frames: int = 4096  # the same in frames (each costs memory beyond its bytes)
    write_timeout: float = 10.0  # the longest one peer's socket may take to drain
    socket_buffer: int = 256 * 1024  # the kernel's send buffer per peer (bounded, so a stall shows)
    part_timeout: float = 2.0  # how long a peer sent an error may take to read it before its socket closes
    flood_cooldown: float = 10.0  # an address dropped for flooding is refused at once for this long
    chat_per_minute: int = 30
    chat_length: int = 300
    resyncs_per_minute: int = 10  # a whole view and board is costly: a peer may not ask it in a loop


class Flooding(ProtocolError):
    code = "flood"


class Meter:
    """One connection's frames and bytes against its bounds: token buckets one second deep."""

    def __init__(self, frames_per_second: float, bytes_per_second: float) -> None:
        self.frames_per_second = frames_per_second
        self.bytes_per_second = bytes_per_second
        self._frame_depth = max(frames_per_second, 1.0)
        self._byte_depth = max(bytes_per_second, float(MAX_PEER_FRAME + HEADER.size))
        self._frames = self._frame_depth
        self._bytes = self._byte_depth
        self._at = time.monotonic()

    def take(self, size: int) -> None:
        """Count a frame of `size` bytes; raises Flooding when it is over either bound."""
        now = time.monotonic()
        elapsed, self._at = now - self._at, now
        self._frames = min(self._frame_depth, self._frames + elapsed * self.frames_per_second) - 1
        self._bytes = min(self._byte_depth, self._bytes + elapsed * self.bytes_per_second) - size
        if self._frames < 0:
            raise Flooding(f"more than {self.frames_per_second:g} frames a second")
        if self._bytes < 0:
            raise Flooding(f"more than {self.bytes_per_second:g} bytes a second")


class Cooldowns:
    """Addresses dropped for flooding, and until when the gate refuses them: a flooder that
    connected again at once would cost the host a join, a welcome and a whole view and
    board each time; refused at the gate it costs an accept."""

    KEPT = 1024  # addresses remembered at once: a long list of them costs nothing to bound

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._until: dict[str, float] = {}

    def start(self, peer: Any) -> None:
        now = time.monotonic()
        if len(self._until) >= self.KEPT:
            self._until = {address: until for address, until in self._until.items() if until > now}
        if peer and len(self._until) < self.KEPT:
            self._until[str(peer[0])] = now + self.seconds

    def left(self, peer: Any) -> float:
        """Seconds before the address of `peer` (a socket's peer name) may connect; 0: now."""
        until = self._until.get(str(peer[0])) if peer else None
        return max(0.0, until - time.monotonic()) if until is not None else 0.0


def listening_socket(host: str, port: int) -> socket.socket:
    """A listening TCP socket on `host` (a name or an IPv4 or IPv6 address) and `port` (0: any)."""
    family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    listener = socket.create_server((host, port), family=family, backlog=128)
    listener.setblocking(False)
    return listener


def _reserve() -> int | None:
    try:
        return os.open(os.devnull, os.O_RDONLY)
    except OSError:
        return None


class Gate:
    """The accept loop of one table. `admit(sock)` takes a connection; `has_room()` says
    whether one more may come in. Like asyncio's Server it has `sockets` and `is_serving()`."""

    def __init__(
        self,
        listener: socket.socket,
        admit: Callable[[socket.socket], None],
        has_room: Callable[[], bool],
        cooldown: float = 10.0,
    ) -> None:
        self.sockets = [listener]
        self.cooldowns = Cooldowns(cooldown)
        self._admit = admit
        self._has_room = has_room
        self._reserve = _reserve()
        self._said_at = -SAID_EVERY
        self._refused_quietly = 0
        self._refusing: set[asyncio.Task[None]] = set()
        self._task = asyncio.get_running_loop().create_task(self._run())

    def is_serving(self) -> bool:
        return not self._task.done()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        listener = self.sockets[0]
        while True:
            try:
                sock, address = await loop.sock_accept(listener)
            except OSError as exc:
                if exc.errno in OUT_OF_DESCRIPTORS:
                    await self._refuse_with_reserve(listener)
                else:  # the peer gave up before it was accepted, or the system refused it
                    log.info("a connection could not be accepted: %s", exc.strerror or exc)
                continue
            sock.setblocking(False)
            waiting = self.cooldowns.left(address)
            if waiting:
                _refuse_now(sock, _flooded(waiting))
            elif self._has_room():
                self._admit(sock)
            elif len(self._refusing) < REFUSING_AT_ONCE:
                task = loop.create_task(self._refuse(sock))
                self._refusing.add(task)
                task.add_done_callback(self._refusing.discard)
            else:
                _refuse_now(sock)

    async def _refuse(self, sock: socket.socket) -> None:
        """`refused` `busy`, then the host's side shut and what the peer sent read until it
        closes (within a second): a socket closed with unread bytes resets, and a reset
        may reach the peer before the refusal does."""
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(1.0):
                await loop.sock_sendall(sock, BUSY)
                sock.shutdown(socket.SHUT_WR)
                while await loop.sock_recv(sock, 65536):
                    pass
        except (TimeoutError, OSError):
            pass
        finally:
            sock.close()

    async def _refuse_with_reserve(self, listener: socket.socket) -> None:
        """No descriptor left (and then accept fails whether a connection waits or not): the
        reserve one is closed to accept the waiting connection and refuse it, then kept
        again; with none waiting, the gate waits for one (a loop that retried at once would
        hold the event loop)."""
        now = time.monotonic()
        if now - self._said_at >= SAID_EVERY:
            log.warning(
                "out of file descriptors: connections are refused busy (%d since the last such line)",
                self._refused_quietly,
            )
            self._said_at, self._refused_quietly = now, 0
        if self._reserve is None:
            await asyncio.sleep(0.1)  # none held: wait for a connection to close
            self._reserve = _reserve()
            return
        os.close(self._reserve)
        try:
            sock, _address = listener.accept()
        except OSError:  # none waits (or another thread took the descriptor)
            self._reserve = _reserve()
            await _readable(listener)
            return
        _refuse_now(sock)
        self._refused_quietly += 1
        self._reserve = _reserve()
        await asyncio.sleep(0)  # the table's other tasks go on between two refusals

    async def close(self) -> None:
        self._task.cancel()
        for task in [self._task, *self._refusing]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.sockets[0].close()
        if self._reserve is not None:
            os.close(self._reserve)
            self._reserve = None


async def _readable(sock: socket.socket) -> None:
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(sock.fileno(), wake)
    try:
        await ready
    finally:
        loop.remove_reader(sock.fileno())


def _refuse_now(sock: socket.socket, refusal: bytes = BUSY) -> None:
    """`refusal` (`busy`) and close, reading first what the peer has sent already (a join, most
    likely): a socket closed with unread bytes resets, and the reset may overtake the refusal."""
    with contextlib.suppress(OSError):
        sock.setblocking(False)
        sock.send(refusal)
        sock.shutdown(socket.SHUT_WR)
        sock.recv(65536)
    sock.close()
