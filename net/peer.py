"""A peer: one seat (or a spectator) at a hosted table.

The peer holds only what the host sent it: its seat's view, board, legal actions and
the events it may read. The host sends the view and the board as deltas; the peer applies
them, checks the result against the update's `hash` and asks for the whole again
(`resync`) on a mismatch, so a listener always gets whole updates with `view` and `board`.
It sends intents; the host decides. It pings the host while it waits, so the host's idle
timeout drops only peers that are gone.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from boardwright.framework import BoardwrightError

from .delta import chain, fingerprint, patch, unpack_delta
from .protocol import FROM_HOST, PROTOCOL_VERSION, ProtocolError, read_message, send_message

PING_EVERY = 20.0  # seconds; the host drops a peer it has not heard from in 90
SILENT_PINGS = 3  # a host that answered none of this many pings is gone (its machine off, its cable out)


class Refused(BoardwrightError):
    code = "refused"


class Peer:
    def __init__(
        self,
        address: str,
        port: int,
        name: str = "guest",
        seat: int | None = None,
        token: str | None = None,
        spectate: bool = False,
        game: str | None = None,
        version: str | None = None,
        ready: bool = True,
        ping_every: float = PING_EVERY,
        moments: bool = False,
    ) -> None:
        self.address = address
        self.port = port
        self.name = name
        self.seat = seat
        self.token = token
        self.spectate = spectate
        self.game = game
        self.version = version
        self.ready = ready  # say ready at once after joining (else call `say_ready`)
        self.ping_every = ping_every
        self.moments = moments  # ask for each move's moment: the view and board before the flow's steps
        self.document: dict[str, Any] | None = None  # the view and board as last applied
        self._hash = ""  # the hash of the last update applied: the next delta's goes on from it
        self.chat: list[dict[str, Any]] = []
        self.resyncs = 0
        self._held: list[dict[str, Any]] = []  # events of updates that did not apply
        self._resyncing = False
        self.welcome: dict[str, Any] | None = None
        self.update: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self._error_heard = asyncio.Event()  # set with every error; `act` clears it
        self.events: list[dict[str, Any]] = []
        # called with every message from the host (updates and errors) and with
        # {"t": "closed"} at the end, on the event loop's thread; set it before `connect`
        self.listener: Any = None
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._updates: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._pinger: asyncio.Task[None] | None = None
        self._send_lock = asyncio.Lock()
        self._heard_at = 0.0  # the event loop's time of the host's last frame

    async def connect(self, timeout: float = 10) -> dict[str, Any]:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(self.address, self.port), timeout)
        self._reader, self._writer = reader, writer
        join: dict[str, Any] = {"t": "join", "protocol": PROTOCOL_VERSION, "name": self.name}
        for key in ("seat", "token", "game", "version"):
            if getattr(self, key) is not None:
                join[key] = getattr(self, key)
        if self.spectate:
            join["spectate"] = True
        if self.moments:
            join["moments"] = True
        await send_message(writer, join)
        first = await asyncio.wait_for(read_message(reader, FROM_HOST), timeout)
        if first is not None and first["t"] == "welcome":
            self.chat.extend(first.get("chat") or [])
        if first is None:
            raise Refused("the host closed the connection")
        if first["t"] in ("refused", "error"):
            raise Refused(str(first.get("message", "refused")), str(first.get("code", "refused")))
        if first["t"] != "welcome":
            raise ProtocolError(f"expected a welcome, got {first['t']}")
        self.welcome = first
        self.seat = first["seat"]
        self.token = first["token"]
        loop = asyncio.get_running_loop()
        self._heard_at = loop.time()
        self._task = loop.create_task(self._listen())
        if self.ping_every:
            self._pinger = loop.create_task(self._ping())
        if self.ready and self.seat is not None:
            await self.say_ready()
        return first

    async def _send(self, message: dict[str, Any]) -> None:
        assert self._writer is not None
        async with self._send_lock:
            await send_message(self._writer, message)

    async def _ping(self) -> None:
        """Ping the host; a host that answers nothing for `SILENT_PINGS` pings is gone without
        closing its socket (which TCP alone notices only after many minutes): the connection
        is closed, so whoever waits for an update hears that it ended."""
        loop = asyncio.get_running_loop()
        try:
            while True:
                await asyncio.sleep(self.ping_every)
                if loop.time() - self._heard_at > SILENT_PINGS * self.ping_every and self._writer is not None:
                    self._writer.transport.abort()
                    return
                await self._send({"t": "ping"})
        except (ConnectionError, OSError, RuntimeError):  # RuntimeError: uvloop's closed transport
            pass

    def _whole(self, message: dict[str, Any]) -> bool:
        """Apply an update's delta; False when the result does not match the host's hash."""
        if "delta" in message:
            if self.document is None:
                return False
            delta = message.pop("delta")
            check = message.pop("check", None)
            if type(delta) is not bytes or chain(self._hash, delta) != message.get("hash"):
                return False  # an update missed or damaged
            try:
                document = patch(self.document, unpack_delta(delta))
            except (ValueError, TypeError):
                return False
            if check is not None and fingerprint(document) != check:
                return False  # the copy went wrong somewhere: ask for the whole
        else:
            document = {"view": message.get("view"), "board": message.get("board")}
            if fingerprint(document) != message.get("hash"):
                return False
        self.document = document
        self._hash = message["hash"]
        message["view"], message["board"] = document["view"], document["board"]
        self._moment(message, document)
        return True

    @staticmethod
    def _moment(message: dict[str, Any], document: dict[str, Any]) -> None:
        """An update's `moment` made whole: {"mover", "view", "board"} after the last action's
        own effect (dropped when it does not fit the document: the marks then go by the mover)."""
        moment = message.pop("moment", None)
        if not isinstance(moment, dict) or not isinstance(moment.get("ops"), list):
            return
        try:
            before = patch(document, moment["ops"])
        except (ValueError, TypeError, KeyError, IndexError):
            return
        mover = moment.get("mover")
        message["moment"] = {"mover": mover if type(mover) is int else None, **before}

    async def _listen(self) -> None:
        assert self._reader is not None
        try:
            while True:
                message = await read_message(self._reader, FROM_HOST, check_shape=False)
                if message is None:
                    break
                self._heard_at = asyncio.get_running_loop().time()
                if message["t"] == "update":
                    if not self._whole(message):
                        # ask for the whole once; the events wait for the update that is whole
                        if not self._resyncing:
                            self._resyncing = True
                            self.resyncs += 1
                            await self._send({"t": "resync"})
                        self.document = None
                        self._held.extend(message["events"])
                        continue
                    self._resyncing = False
                    if self._held:
                        message["events"] = self._held + message["events"]
                        self._held = []
                if self.listener is not None:
                    self.listener(message)
                if message["t"] == "update":
                    self.update = message
                    self.events.extend(message["events"])
                    await self._updates.put(message)
                elif message["t"] == "chat":
                    self.chat.append(message)
                elif message["t"] in ("error", "refused"):
                    self.errors.append(message)
                    self._error_heard.set()
        except (ProtocolError, ConnectionError, OSError):
            pass
        finally:
            if self.listener is not None:
                self.listener({"t": "closed"})
            await self._updates.put(None)

    async def next_update(self, timeout: float | None = 10) -> dict[str, Any] | None:
        """The next update from the host; None once the connection is gone."""
        if not self._updates.empty():  # one already here: no timer, no task
            return self._updates.get_nowait()
        return await asyncio.wait_for(self._updates.get(), timeout)

    async def wait_for(self, predicate: Any, timeout: float = 10, max_updates: int = 10_000) -> dict[str, Any]:
        """Wait until the latest update satisfies `predicate(update)`; raises TimeoutError."""
        if self.update is not None and predicate(self.update):
            return self.update
        for _ in range(max_updates):
            update = await self.next_update(timeout)
            if update is None:
                raise ConnectionError("the host closed the connection")
            if predicate(update):
                return update
        raise TimeoutError(f"no such update within {max_updates} updates")

    async def act(self, action: dict[str, Any]) -> None:
        """Send an intent; an error heard from now on is its answer (`next_update_or_refusal`)."""
        self._error_heard.clear()
        ply = self.update["ply"] if self.update else None
        await self._send({"t": "act", "action": action, "ply": ply})

    async def say_ready(self) -> None:
        """This seat is ready: the table starts when every person's seat is."""
        await self._send({"t": "ready"})

    async def say(self, text: str) -> None:
        """A line of table chat (everybody at the table reads it)."""
        await self._send({"t": "chat", "text": text})

    async def close(self) -> None:
        if self._pinger is not None:
            self._pinger.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pinger
        if self._writer is not None:
            with contextlib.suppress(ConnectionError, OSError, RuntimeError):  # RuntimeError: uvloop's closed transport
                await self._send({"t": "bye"})
            self._writer.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


async def play_with_bot(
    peer: Peer, choose: Any, max_updates: int = 100_000, timeout: float | None = 30
) -> dict[str, Any] | None:
    """Answer every update that asks this seat to move with `choose(update)`; returns the
    outcome, or None when the connection ended first. An action the host refuses (other
    than as `stale`, which a fresh update follows) raises `Refused` with the host's reason:
    nothing would move on after it. `timeout`: the longest wait for one update (None: as
    long as the connection lives, for a seat whose table waits on people)."""
    update = peer.update
    acted_at = -1  # queued updates may repeat a position this seat already answered
    for _ in range(max_updates):
        if update is None:
            update = await next_update_or_refusal(peer, timeout)
            if update is None:
                return None
        if update["outcome"] is not None:
            return update["outcome"]
        if update["to_move"] == peer.seat and update["legal"] and update["ply"] > acted_at:
            acted_at = update["ply"]
            await peer.act(choose(update))
        update = None
    raise ProtocolError(f"no end after {max_updates} updates")


async def next_update_or_refusal(peer: Peer, timeout: float | None) -> dict[str, Any] | None:
    """The next update; raises `Refused` when the host refused this seat's action instead."""
    next_update = asyncio.ensure_future(peer.next_update(timeout))
    try:
        for _ in range(100):  # each turn of the loop hears one error; `stale` ones are passed over
            heard = asyncio.ensure_future(peer._error_heard.wait())
            try:
                await asyncio.wait({next_update, heard}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                heard.cancel()
            if next_update.done():
                return next_update.result()
            peer._error_heard.clear()
            error = peer.errors[-1]
            if error.get("code") != "stale":
                who = "this seat" if peer.seat is None else f"seat {peer.seat + 1}"
                raise Refused(f"the host refused the action of {who}: {error.get('message')}", str(error.get("code")))
        return await next_update
    finally:
        next_update.cancel()
