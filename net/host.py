"""The table host: the authority for one game on the LAN.

Peers send intents; the host checks each with the engine (nothing illegal or out of turn
is applied, and only the legal action the engine returned is kept) and sends every peer
only what its seat may see, as a delta of its own view and board. Every peer has its own
bounded send queue (`link.py`): a peer that stops reading is dropped and never slows the
others. Limits bound the connections, the spectators and a peer's silence. An action is
journalled and synced before anybody is shown it; a write that fails refuses the action
to its sender. A table's seed comes from `secrets` and never leaves the host. Bots for
empty seats run here.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import random
import secrets
import socket
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardwright.framework import BoardwrightError, Engine, FileFormatError, kernel
from boardwright.framework.bots import Attempts

from .gate import Flooding, Gate, Limits, Meter, listening_socket
from .journal import MAGIC, Journal, clean_temporaries, read_journal, save_finished
from .link import Link, within_rate
from .live import GameFault, LiveGame, Trial
from .loop import descriptors_left, freeze_startup_objects
from .protocol import FROM_PEER, MAX_PEER_FRAME, PROTOCOL_VERSION, ProtocolError, encode, person_name, read_message
from .table_bots import OPEN, PAUSE, TableBots
from .updates import Packs, Seen, Snapshot

log = logging.getLogger(__name__)

CHAT_KEEP = 100  # chat lines a newcomer is shown
PONG = encode({"t": "pong"})  # one frame for every ping: a peer's pings queue no copies


def secret_seed() -> int:
    """A table's seed: 64 random bits from the operating system, never 0."""
    return secrets.randbits(64) or 1


@dataclass
class Connection:
    link: Link
    name: str
    seat: int | None  # None: a spectator
    seen: Seen = field(init=False)
    ready: bool = False
    chat_times: deque[float] = field(default_factory=lambda: deque(maxlen=64))
    resync_times: deque[float] = field(default_factory=lambda: deque(maxlen=64))

    def __post_init__(self) -> None:
        self.seen = Seen(self.seat)

    def send(self, message: dict[str, Any]) -> None:
        self.link.send(encode(message))


@dataclass
class Seat:
    kind: str  # OPEN or a bot label such as "random" or "mcts:easy"
    token: str = field(default_factory=lambda: secrets.token_hex(16))
    name: str = ""
    connection: Connection | None = None
    ready: bool = False

    def saved(self) -> dict[str, Any]:
        return {"kind": self.kind, "token": self.token, "name": self.name}


class Table(TableBots):
    def __init__(
        self,
        engine: Engine,
        match: LiveGame,
        seat_kinds: list[str],
        bot_kinds: dict[str, Any],
        name: str = "Boardwright table",
        journal: Path | None = None,
        bot_delay: float = 0.0,
        limits: Limits | None = None,
        on_drop: str = PAUSE,
        ready_step: bool = True,
        durable: bool = True,
    ) -> None:
        if len(seat_kinds) != kernel.seats(match.state):
            raise BoardwrightError(f"{len(seat_kinds)} seat kinds for {kernel.seats(match.state)} seats", "bad-seats")
        self.engine = engine
        self.match = match
        self.match.record.seat_kinds = list(seat_kinds)
        self.name = name
        self.journal_path = journal
        self.journal: Journal | None = None
        self.journal_tail: int | None = None  # the whole records' bytes of the journal resumed
        self.durable = durable
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.bot_kinds = bot_kinds
        self.on_drop = on_drop
        self.seats = [Seat(kind) for kind in seat_kinds]
        self.bots: dict[int, Any] = {}
        for seat, kind in enumerate(seat_kinds):
            if kind != OPEN:
                self.bots[seat] = self._make_bot(kind, seat)
                self.seats[seat].name = kind.partition(":")[0]
        if on_drop != PAUSE:
            self._bot_kind(on_drop, PAUSE)  # an unknown stand-in is refused now, not when somebody drops
        self.stand_ins: dict[int, Any] = {}
        self._bot_failures = Attempts()  # of the decision a bot is asked now
        self._fallback = random.Random(secret_seed())  # the random legal action of a bot that failed
        self.started = not ready_step or match.plies > 0 or OPEN not in seat_kinds
        self.spectators: list[Connection] = []
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEEP)
        self.server: Gate | None = None
        self.changed = asyncio.Event()
        self.max_connections = self.limits.max_connections
        self._links: set[Link] = set()
        self._handlers: set[asyncio.Task[None]] = set()
        self._lock = asyncio.Lock()
        self._bot_task: asyncio.Task[None] | None = None
        self._closing = False
        self._packs = Packs()  # the parts sent lately, packed once

    @classmethod
    def new(
        cls,
        engine: Engine,
        players: int | None,
        options: dict[str, Any] | None,
        scenario: str | None,
        seat_kinds: list[str],
        bot_kinds: dict[str, Any],
        seed: int | None = None,
        **kwargs: Any,
    ) -> Table:
        """A table for a new game; its seed is secret unless one is given (tests)."""
        match = LiveGame(engine, players, options, secret_seed() if seed is None else seed, scenario)
        return cls(engine, match, seat_kinds, bot_kinds, **kwargs)

    # --- journal ---

    @classmethod
    def resume(cls, engine: Engine, journal: Path, bot_kinds: dict[str, Any], **kwargs: Any) -> Table:
        """A table as it was before the host stopped: the game, verified action by action
        against the journal's hashes, and the seats' tokens."""
        record, seats, size, current = read_journal(journal)
        if seats is None:
            raise FileFormatError(f"{journal}: the journal names no seats (no {journal.name}.seats beside it)")
        if len(seats) != record.players:
            raise FileFormatError(f"{journal}: {len(seats)} seats for a {record.players}-player game")
        match = LiveGame.resume(engine, record, str(journal))
        table = cls(engine, match, [s["kind"] for s in seats], bot_kinds, journal=journal, **kwargs)
        for seat, saved in zip(table.seats, seats, strict=True):
            seat.token = saved["token"]
            seat.name = saved.get("name", "")
        table.journal_tail = size if current else None
        return table

    async def _open_journal(self) -> None:
        if self.journal_path is None:
            return
        clean_temporaries(self.journal_path)
        if self.match.is_over():  # a finished game's journal is its save file, or is made one
            if self.journal_path.exists() and self.journal_path.read_bytes().startswith(MAGIC):
                # the host was stopped after the last action was journalled, before the save
                seats = [s.saved() for s in self.seats]
                await asyncio.get_running_loop().run_in_executor(
                    None, save_finished, self.journal_path, self.match.record, seats
                )
            return
        self.journal = Journal(self.journal_path, self.durable)
        if self.journal_tail is not None:  # the journal verified on resume: it goes on where it ends
            self.journal.reopen(self.journal_tail)
        else:  # a new game, or a journal of an older form: written whole, then renamed into place
            self.journal.create(self.match.record, [s.saved() for s in self.seats])

    async def _journal_seats(self) -> None:
        if self.journal is not None:
            try:
                await self.journal.append({"r": "seats", "seats": [s.saved() for s in self.seats]})
            except OSError as exc:
                log.warning("the journal could not record the seats: %s", exc.strerror or exc)

    # --- what a table shows on the LAN ---

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == OPEN and s.connection is None and not s.name]

    def info(self) -> dict[str, Any]:
        spec = self.engine.spec
        return {
            "name": self.name,
            "game": spec.id,
            "version": spec.version,
            "players": kernel.seats(self.match.state),
            "free": len(self.free_seats()),
            "protocol": PROTOCOL_VERSION,
        }

    # --- serving ---

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        freeze_startup_objects()
        await self._open_journal()
        self.max_connections = min(self.limits.max_connections, descriptors_left() - 16)
        listener = listening_socket(host, port)
        self.server = Gate(
            listener, self._admit, lambda: len(self._handlers) < self.max_connections, self.limits.flood_cooldown
        )
        self._kick_bots()
        return int(listener.getsockname()[1])

    async def close(self) -> None:
        self._closing = True
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task
        if self.server is not None:
            await self.server.close()
        for link in list(self._links):
            await link.finish(0.5)
        for task in list(self._handlers):
            task.cancel()
        if self._handlers:
            await asyncio.gather(*self._handlers, return_exceptions=True)
        if self.journal is not None:
            await self.journal.close()
            self.journal = None

    def _connections(self) -> list[Connection]:
        return [s.connection for s in self.seats if s.connection is not None] + list(self.spectators)

    def _admit(self, sock: socket.socket) -> None:
        """A connection the gate let in (counted from now: its task is one of the handlers)."""
        task = asyncio.get_running_loop().create_task(self._accept(sock))
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)

    async def _accept(self, sock: socket.socket) -> None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.socket_buffer)
            # a small frame goes at once (asyncio sets this only on sockets it accepts itself):
            # else the second of two small frames waits for the peer's delayed ACK, 40 ms
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            reader, writer = await asyncio.open_connection(sock=sock)
            await self._serve(reader, writer)
        except asyncio.CancelledError:
            pass  # the table is closing: nothing to report
        except OSError as exc:
            sock.close()
            log.info("a connection could not be served: %s", exc.strerror or exc)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        limits = self.limits
        link = Link(
            writer,
            self._dropped,
            limits.max_queue_bytes,
            limits.write_timeout,
            limits.max_queue_frames,
            limits.part_timeout,
        )
        self._links.add(link)
        meter = Meter(limits.frames_per_second, limits.bytes_per_second)
        conn: Connection | None = None
        told = True  # the peer was sent an error or a refusal: it is given time to read it
        try:
            async with asyncio.timeout(self.limits.join_timeout):  # no inner task: nothing left unretrieved
                first = await self._read(reader, meter)
            if first is None:
                told = False
                return
            if first["t"] != "join":
                raise ProtocolError("the first message must be a join")
            conn = await self._join(first, link)
            if conn is not None:
                told = await self._converse(conn, reader, meter)
        except ProtocolError as exc:
            log.info("closing a peer: %s", exc)
            if isinstance(exc, Flooding) and self.server is not None:
                self.server.cooldowns.start(link.writer.get_extra_info("peername"))
            link.send(encode({"t": "error", **exc.to_wire()}))
        except TimeoutError:
            silent = self.limits.join_timeout if conn is None else self.limits.idle_timeout
            link.send(encode({"t": "error", "code": "idle", "message": f"nothing heard for {silent:g} s"}))
        except (ConnectionError, OSError):
            told = False
        except Exception as exc:  # a bug must cost one peer, never the table, and never print a traceback
            log.warning("closing a peer after an internal error: %s: %s", type(exc).__name__, exc)
            link.send(encode({"t": "error", "code": "internal", "message": "the host could not handle that"}))
        finally:
            self._links.discard(link)
            self._leave(conn)
            if conn is not None and conn.seat is not None and not self._closing:
                self._broadcast()  # the others see the seat waiting for its person
                self._kick_bots()  # or its stand-in playing
            await link.finish(limits.part_timeout, reader if told else None)

    async def _read(self, reader: asyncio.StreamReader, meter: Meter) -> dict[str, Any] | None:
        return await read_message(reader, FROM_PEER, MAX_PEER_FRAME, self.limits.frame_timeout, meter=meter.take)

    async def _converse(self, conn: Connection, reader: asyncio.StreamReader, meter: Meter) -> bool:
        """The peer's messages until it leaves (False) or its link is dropped (True: it was
        sent an error on the way)."""
        while not conn.link.closed:
            async with asyncio.timeout(self.limits.idle_timeout):
                message = await self._read(reader, meter)
            kind = message["t"] if message is not None else "bye"
            if kind == "bye":
                return False
            if kind == "ping":
                conn.link.send(PONG)
            elif kind == "act":
                await self._act(conn, message.get("action"), message.get("ply"))  # type: ignore[union-attr]
            elif kind == "ready":
                self._ready(conn)
            elif kind == "chat":
                self._chat(conn, message.get("text"))  # type: ignore[union-attr]
            elif kind == "resync":
                self._resync(conn)
            elif kind == "undo":
                conn.send({"t": "error", "code": "no-undo", "message": "a LAN table takes nothing back"})
            else:
                raise ProtocolError(f"{kind} is not allowed after joining")
        return True

    def _dropped(self, link: Link, reason: str) -> None:
        """A peer that could not keep up: its seat waits (or a stand-in plays), the rest go on."""
        for conn in self._connections():
            if conn.link is link:
                log.info("dropped %s (seat %s): %s", conn.name, conn.seat, reason)
                self._leave(conn)
                if conn.seat is not None and not self._closing:
                    asyncio.get_running_loop().call_soon(self._broadcast)
                    self._kick_bots()

    # --- joining ---

    async def _join(self, message: dict[str, Any], link: Link) -> Connection | None:
        spec = self.engine.spec

        def refuse(code: str, text: str) -> None:
            link.send(encode({"t": "refused", "code": code, "message": text}))

        if message.get("protocol") != PROTOCOL_VERSION:
            refuse("protocol", f"this table speaks protocol {PROTOCOL_VERSION}")
            return None
        if message.get("game") not in (None, spec.id) or message.get("version") not in (None, spec.version):
            refuse("game", f"this table plays {spec.id} {spec.version}")
            return None
        name = person_name(message.get("name"))
        if message.get("spectate") is True:
            if len(self.spectators) >= self.limits.max_spectators:
                refuse("full", f"no room for more spectators ({self.limits.max_spectators})")
                return None
            conn = Connection(link, name, None)
            conn.seen.moments = message.get("moments") is True
            self.spectators.append(conn)
            self._welcome(conn, None)
            return conn
        seat_index, token = message.get("seat"), message.get("token")
        if seat_index is not None and (type(seat_index) is not int or not 0 <= seat_index < len(self.seats)):
            refuse(
                "seat", f"there is no seat {seat_index!r:.20} at this table (its seats are 0 to {len(self.seats) - 1})"
            )
            return None
        if token is not None:
            if (
                not isinstance(token, str)
                or seat_index is None
                or not secrets.compare_digest(self.seats[seat_index].token, token)
            ):
                refuse("token", "that seat and token do not match")
                return None
            seat = self.seats[seat_index]
            if seat.connection is not None:  # the old connection is stale: the person came back
                old = seat.connection
                self._leave(old)
                old.link.drop("its person joined again")
        else:
            free = [i for i in self.free_seats() if seat_index is None or i == seat_index]
            if not free:
                refuse("full", "no free seat at this table")
                return None
            seat_index = free[0]
            seat = self.seats[seat_index]
            seat.name = name
            async with self._lock:
                await self._journal_seats()
        conn = Connection(link, seat.name or name, seat_index)
        conn.seen.moments = message.get("moments") is True
        seat.connection = conn
        self.stand_ins.pop(seat_index, None)
        self._welcome(conn, seat.token)
        self._broadcast()
        return conn

    def _welcome(self, conn: Connection, token: str | None) -> None:
        spec = self.engine.spec
        record = self.match.record
        conn.send(
            {
                "t": "welcome",
                "seat": conn.seat,
                "name": conn.name,
                "token": token,
                "game": spec.id,
                "version": spec.version,
                "players": record.players,
                "options": record.options,
                "scenario": record.scenario,
                "table": self.name,
                "chat": list(self.chat),
            }
        )
        conn.link.send(self._snapshot().frame(conn.seen))

    def _leave(self, conn: Connection | None) -> None:
        if conn is None:
            return
        if conn in self.spectators:
            self.spectators.remove(conn)
        elif conn.seat is not None and self.seats[conn.seat].connection is conn:
            seat = self.seats[conn.seat]
            seat.connection = None  # the seat waits for its token
            if not self.started:
                seat.ready = False

    # --- the table's life: ready, chat ---

    def _ready(self, conn: Connection) -> None:
        if conn.seat is None or self.started:
            return
        self.seats[conn.seat].ready = True
        if all(s.kind != OPEN or (s.connection is not None and s.ready) for s in self.seats):
            self.started = True
            self._kick_bots()
        self._broadcast()

    def _resync(self, conn: Connection) -> None:
        per_minute = self.limits.resyncs_per_minute
        if not within_rate(conn.resync_times, per_minute):
            conn.send({"t": "error", "code": "resync", "message": f"at most {per_minute} resyncs a minute"})
            return
        conn.seen.document = None
        conn.link.send(self._snapshot().frame(conn.seen))

    def _chat(self, conn: Connection, text: Any) -> None:
        limits = self.limits
        if not isinstance(text, str) or not text.strip():
            conn.send({"t": "error", "code": "chat", "message": "a chat line is a text"})
            return
        if not within_rate(conn.chat_times, limits.chat_per_minute):
            conn.send({"t": "error", "code": "chat", "message": f"at most {limits.chat_per_minute} lines a minute"})
            return
        said = text.strip()[: limits.chat_length]
        line = {"t": "chat", "name": conn.name, "seat": conn.seat, "ply": self.match.plies, "text": said}
        self._say(line)

    # --- acting ---

    async def _act(self, conn: Connection, action: Any, ply: Any) -> None:
        if conn.seat is None:
            conn.send({"t": "error", "code": "spectator", "message": "spectators cannot act"})
            return
        if not self.started:
            conn.send({"t": "error", "code": "not-started", "message": "the table starts when every seat is ready"})
            return
        async with self._lock:
            if ply is not None and ply != self.match.plies:
                conn.send({"t": "error", "code": "stale", "message": "the game moved on; look again"})
                conn.link.send(self._snapshot().frame(conn.seen))
                return
            try:
                trial = self.match.trial(action, seat=conn.seat)
            except BoardwrightError as exc:
                if isinstance(exc, GameFault):
                    log.warning("%s (%s); the table goes on without it", exc, exc.detail)
                conn.send({"t": "error", **exc.to_wire()})
                return
            except Exception as exc:  # the game's own checks met something they did not expect
                log.info("refused an action the game could not check: %s: %s", type(exc).__name__, exc)
                conn.send({"t": "error", "code": "illegal-action", "message": "that action is not legal here"})
                return
            committed = await self._commit(trial, conn)
        if committed:
            self._kick_bots()

    async def _commit(self, trial: Trial, actor: Connection | None) -> bool:
        """Journal the legal action, then make it the table's and show it; a journal that
        cannot be written refuses the action to its sender and shows it to nobody."""
        if self.journal is not None:
            try:
                await self.journal.append({"r": "act", "a": trial.action, "h": trial.state_hash})
            except OSError as exc:
                why = exc.strerror or str(exc)
                log.warning("an action was refused: the journal could not be written (%s)", why)
                if actor is not None:
                    actor.send(
                        {"t": "error", "code": "journal", "message": f"the host could not save that action ({why})"}
                    )
                return False
        self.match.commit(trial)
        if self.journal is not None and self.match.is_over():
            try:
                await self.journal.finish(self.match.record, [s.saved() for s in self.seats])
            except OSError as exc:
                log.warning("the finished game could not be saved as a replay: %s", exc.strerror or exc)
        self._broadcast(last=actor)
        return True

    def _notice(self, key: str, seat: int, ply: int, error: str) -> None:
        """A line from the table itself in everybody's log: a chat line with no name whose
        `key` names the client's text for it (`text` is the English one, for any other reader)."""
        texts = {
            "bot_fallback": "The bot of seat {seat} could not decide ({error}) and played a random legal move",
            "bot_stopped": "The bot of seat {seat} stopped: none of its legal moves could be played ({error})",
        }
        text = texts[key].format(seat=seat + 1, error=error)
        self._say({"t": "chat", "name": "", "seat": seat, "ply": ply, "text": text, "key": key, "error": error})

    def _say(self, line: dict[str, Any]) -> None:
        """A chat line to everybody at the table, kept for those who join later."""
        self.chat.append(line)
        frame = encode(line)
        for other in self._connections():
            other.link.send(frame)

    # --- updates: each seat gets only what it may see ---

    def _seats_info(self) -> list[dict[str, Any]]:
        return [
            {
                "kind": s.kind,
                "name": s.name,
                "connected": s.connection is not None or s.kind != OPEN,
                "ready": s.ready or s.kind != OPEN,
            }
            for s in self.seats
        ]

    def _snapshot(self) -> Snapshot:
        return Snapshot(self.match, self._seats_info(), self.started, self._packs)

    def _broadcast(self, last: Connection | None = None) -> None:
        """Queue every connection's update (seats first, but `last`, the peer whose action
        this shows, after everyone else: it knows its own move, the others learn it
        sooner); waits on no socket. The collector waits meanwhile: it would keep the
        thousands of short-lived objects of the seats' views and boards for its older
        generations (whose collections cost 10-20 ms)."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            self._packs.turn()
            snapshot = self._snapshot()
            connections = [conn for conn in self._connections() if not conn.link.closed and conn is not last]
            if last is not None and not last.link.closed:
                connections.append(last)
            snapshot.prepare([conn.seat for conn in connections])
            for conn in connections:
                conn.link.send(snapshot.frame(conn.seen))
        except Exception as exc:  # the game's view or board failed: a bug in the game, said once
            log.warning("the game could not show ply %d: %s: %s", self.match.plies, type(exc).__name__, exc)
            for conn in self._connections():
                conn.send({"t": "error", "code": "internal", "message": "the host could not show the table"})
        finally:
            if collecting:
                gc.enable()
        self.changed.set()
        self.changed = asyncio.Event()
