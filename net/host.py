"""The table host: the authority for one game on the LAN.

Peers send intents; the host checks each with the kernel (`Match.apply`, so nothing
illegal and nothing out of turn is applied) and sends every peer only what its seat may
see: its own view, its own board, its own legal actions and the events it may read.
Bots for empty seats run here. Every applied action is written to the journal (a normal
save file, replaced atomically), so a restarted host resumes the table and peers rejoin
their seats with their tokens.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from boardwright.framework import BoardwrightError, Engine, FileFormatError, Turn, kernel
from boardwright.framework import replay as replay_files
from boardwright.framework.match import Match

from .protocol import FROM_PEER, PROTOCOL_VERSION, ProtocolError, read_message, send_message

log = logging.getLogger(__name__)

OPEN = "open"  # a seat for a person who joins over the network


@dataclass
class Connection:
    writer: asyncio.StreamWriter
    name: str
    seat: int | None  # None: a spectator
    events_sent: int = 0


@dataclass
class Seat:
    kind: str  # OPEN or a bot label such as "random" or "mcts:easy"
    token: str = field(default_factory=lambda: secrets.token_hex(16))
    name: str = ""
    connection: Connection | None = None


class Table:
    def __init__(
        self,
        engine: Engine,
        match: Match,
        seat_kinds: list[str],
        bot_kinds: dict[str, Any],
        name: str = "Boardwright table",
        journal: Path | None = None,
        bot_delay: float = 0.0,
    ) -> None:
        if len(seat_kinds) != kernel.seats(match.state):
            raise BoardwrightError(f"{len(seat_kinds)} seat kinds for {kernel.seats(match.state)} seats", "bad-seats")
        self.engine = engine
        self.match = match
        self.name = name
        self.journal = journal
        self.bot_delay = bot_delay
        self.seats = [Seat(kind) for kind in seat_kinds]
        self.bots: dict[int, Any] = {}
        for seat, kind in enumerate(seat_kinds):
            if kind != OPEN:
                bot_name, _, level = kind.partition(":")
                if bot_name not in bot_kinds:
                    raise BoardwrightError(
                        f"unknown bot {bot_name!r} (bots: {', '.join(sorted(bot_kinds))})", "bad-seats"
                    )
                seed = kernel.derive_seed(match.record.seed, 2000 + seat)
                self.bots[seat] = bot_kinds[bot_name].make(engine, seat, seed, level or "normal")
                self.seats[seat].name = bot_name
        self.spectators: list[Connection] = []
        self.server: asyncio.Server | None = None
        self.changed = asyncio.Event()
        self._bot_task: asyncio.Task[None] | None = None

    # --- journal ---

    @classmethod
    def resume(cls, engine: Engine, journal: Path, bot_kinds: dict[str, Any], **kwargs: Any) -> Table:
        """A table as it was before the host stopped: the game and the seats' tokens."""
        match = Match.load(engine, journal)
        seats_file = journal.with_name(journal.name + ".seats")
        try:
            seats = msgpack.unpackb(seats_file.read_bytes(), raw=False)
            kinds = [s["kind"] for s in seats]
        except (OSError, ValueError, KeyError, TypeError, msgpack.ExtraData) as exc:
            raise FileFormatError(f"{seats_file}: cannot read the seats of the table ({type(exc).__name__})") from None
        table = cls(engine, match, kinds, bot_kinds, journal=journal, **kwargs)
        for seat, saved in zip(table.seats, seats, strict=True):
            seat.token = saved["token"]
            seat.name = saved.get("name", "")
        return table

    def _write_journal(self) -> None:
        if self.journal is None:
            return
        self.match.save(self.journal)
        seats = [{"kind": s.kind, "token": s.token, "name": s.name} for s in self.seats]
        replay_files.write_atomic(self.journal.with_name(self.journal.name + ".seats"), msgpack.packb(seats))

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
        self._write_journal()
        self.server = await asyncio.start_server(self._serve, host, port)
        self._kick_bots()
        return int(self.server.sockets[0].getsockname()[1])

    async def close(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
            try:
                await self._bot_task
            except (asyncio.CancelledError, Exception):
                pass
        for conn in self._connections():
            conn.writer.close()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    def _connections(self) -> list[Connection]:
        return [s.connection for s in self.seats if s.connection is not None] + list(self.spectators)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn: Connection | None = None
        try:
            first = await asyncio.wait_for(read_message(reader, FROM_PEER), timeout=30)
            if first is None or first["t"] != "join":
                raise ProtocolError("the first message must be a join")
            conn = await self._join(first, writer)
            if conn is None:
                return
            while True:
                message = await read_message(reader, FROM_PEER)
                if message is None or message["t"] == "bye":
                    break
                if message["t"] == "ping":
                    await send_message(writer, {"t": "pong"})
                elif message["t"] == "act":
                    await self._act(conn, message)
                else:
                    raise ProtocolError(f"{message['t']} is not allowed after joining")
        except (ProtocolError, TimeoutError) as exc:
            error = exc if isinstance(exc, ProtocolError) else ProtocolError("no join within 30 s")
            log.info("closing a peer: %s", error)
            try:
                await send_message(writer, {"t": "error", **error.to_wire()})
            except (ConnectionError, OSError):
                pass
        except (ConnectionError, OSError):
            pass
        finally:
            self._leave(conn)
            writer.close()
            if conn is not None and conn.seat is not None and self.server is not None and self.server.is_serving():
                await self._broadcast()  # the others see the seat waiting for its person

    async def _join(self, message: dict[str, Any], writer: asyncio.StreamWriter) -> Connection | None:
        spec = self.engine.spec
        if message.get("protocol") != PROTOCOL_VERSION:
            await send_message(
                writer,
                {"t": "refused", "code": "protocol", "message": f"this table speaks protocol {PROTOCOL_VERSION}"},
            )
            return None
        if message.get("game") not in (None, spec.id) or message.get("version") not in (None, spec.version):
            await send_message(
                writer, {"t": "refused", "code": "game", "message": f"this table plays {spec.id} {spec.version}"}
            )
            return None
        name = str(message.get("name") or "guest")[:40]
        if message.get("spectate"):
            conn = Connection(writer, name, None)
            self.spectators.append(conn)
            await self._welcome(conn, None)
            return conn
        seat_index = message.get("seat")
        token = message.get("token")
        if token is not None:
            if (
                not isinstance(seat_index, int)
                or not 0 <= seat_index < len(self.seats)
                or self.seats[seat_index].token != token
            ):
                await send_message(
                    writer, {"t": "refused", "code": "token", "message": "that seat and token do not match"}
                )
                return None
            seat = self.seats[seat_index]
            if seat.connection is not None:  # the old connection is stale: the person came back
                seat.connection.writer.close()
        else:
            free = self.free_seats()
            if isinstance(seat_index, int):
                free = [i for i in free if i == seat_index]
            if not free:
                await send_message(writer, {"t": "refused", "code": "full", "message": "no free seat at this table"})
                return None
            seat_index = free[0]
            seat = self.seats[seat_index]
            seat.name = name
            self._write_journal()
        conn = Connection(writer, name, seat_index)
        seat.connection = conn
        await self._welcome(conn, seat.token)
        await self._broadcast()
        return conn

    async def _welcome(self, conn: Connection, token: str | None) -> None:
        spec = self.engine.spec
        record = self.match.record
        await send_message(
            conn.writer,
            {
                "t": "welcome",
                "seat": conn.seat,
                "token": token,
                "game": spec.id,
                "version": spec.version,
                "players": record.players,
                "options": record.options,
                "scenario": record.scenario,
                "table": self.name,
            },
        )
        await self._update(conn)

    def _leave(self, conn: Connection | None) -> None:
        if conn is None:
            return
        if conn in self.spectators:
            self.spectators.remove(conn)
        elif conn.seat is not None and self.seats[conn.seat].connection is conn:
            self.seats[conn.seat].connection = None  # the seat waits for its token

    async def _act(self, conn: Connection, message: dict[str, Any]) -> None:
        action = message.get("action")
        if conn.seat is None:
            await send_message(conn.writer, {"t": "error", "code": "spectator", "message": "spectators cannot act"})
            return
        if message.get("ply") not in (None, len(self.match.record.actions)):
            await send_message(conn.writer, {"t": "error", "code": "stale", "message": "the game moved on; look again"})
            await self._update(conn)
            return
        try:
            self.match.apply(action, seat=conn.seat)  # type: ignore[arg-type]
        except BoardwrightError as exc:
            await send_message(conn.writer, {"t": "error", **exc.to_wire()})
            return
        self._write_journal()
        await self._broadcast()
        self._kick_bots()

    # --- bots ---

    def _kick_bots(self) -> None:
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        loop = asyncio.get_running_loop()
        while not self.match.is_over():
            seat = self.match.to_move()
            bot = self.bots.get(seat)
            if bot is None:
                return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            turn = Turn(self.engine, self.match.state, seat, self.match.legal_actions())
            action = await loop.run_in_executor(None, bot.choose, turn)
            self.match.apply(action, seat=seat)
            self._write_journal()
            await self._broadcast()

    # --- updates: each seat gets only what it may see ---

    async def _update(self, conn: Connection) -> None:
        match = self.match
        seat = conn.seat
        events = match.log.events
        fresh = [e for e in events[conn.events_sent :] if e["to"] is None or (seat is not None and seat in e["to"])]
        conn.events_sent = len(events)
        to_move = None if match.is_over() else match.to_move()
        await send_message(
            conn.writer,
            {
                "t": "update",
                "ply": len(match.record.actions),
                "to_move": to_move,
                "view": match.view(seat),
                "board": match.board(seat),
                "legal": match.legal_actions() if seat is not None and seat == to_move else [],
                "open": match.engine.open_actions(match.state) if seat is not None and seat == to_move else [],
                "free": match.free_actions(seat) if seat is not None else [],
                "events": fresh,
                "outcome": match.outcome(),
                "seats": [
                    {"kind": s.kind, "name": s.name, "connected": s.connection is not None or s.kind != OPEN}
                    for s in self.seats
                ],
            },
        )

    async def _broadcast(self) -> None:
        for conn in self._connections():
            try:
                await self._update(conn)
            except (ConnectionError, OSError):
                self._leave(conn)
        self.changed.set()
        self.changed = asyncio.Event()
