"""LAN play for a desktop client: tables and seats driven from any thread.

The desktop client must not import the network (`client → framework` only), so the
command line hands it a `LanService`. The service runs one asyncio loop in a background
thread; its methods are plain calls that return when the network step is done, and
every message from a host (updates, errors, and {"t": "closed"} at the end) arrives
through the callback a seat was given, called on the loop's thread: a GUI hands it to
its own thread, as a Qt signal does.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import asdict
from typing import Any

from boardwright.framework import BoardwrightError, PluginHost, kernel

from .discovery import Advertiser, browse, local_addresses
from .host import OPEN, Table
from .live import LiveGame
from .peer import Peer, Refused

Update = dict[str, Any]
STEP_SECONDS = 15.0  # the longest one network step (start, join, close) may take


class LanError(BoardwrightError):
    code = "lan"


class RemoteSeat:
    """One seat (this process's person) at a table, possibly one this process hosts."""

    def __init__(self, service: LanService, peer: Peer, on_update: Callable[[Update], None]) -> None:
        self.service = service
        self.peer = peer
        self.on_update = on_update
        self.welcome: dict[str, Any] = {}
        self.seat: int | None = None  # None: a spectator
        self.token = ""  # what rejoins this seat after a dropped connection
        self.closed = False

    @property
    def game(self) -> str:
        return str(self.welcome.get("game", ""))

    def act(self, action: dict[str, Any]) -> None:
        """Send an intent; the host answers with an update (or an error, in `on_update`)."""
        if self.closed:
            raise LanError("the table is closed")
        self.service._call(self.peer.act(action))

    def say_ready(self) -> None:
        """This person is ready: the table starts when every person's seat is."""
        if not self.closed:
            self.service._call(self.peer.say_ready())

    def say(self, text: str) -> None:
        """A line of table chat."""
        if self.closed:
            raise LanError("the table is closed")
        self.service._call(self.peer.say(text))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.service._call(self.peer.close())


class LanService:
    """Host tables and join them from a program that has its own main thread."""

    def __init__(
        self,
        host: PluginHost,
        bind: str = "0.0.0.0",
        advertise_address: str | None = None,
        interfaces: list[str] | None = None,
        advertise: bool = True,
    ) -> None:
        self.host = host
        self.bind = bind
        self.advertise_address = advertise_address
        self.interfaces = interfaces
        self.advertise = advertise
        self.loop = asyncio.new_event_loop()  # asyncio's: the desktop's LAN is not where the time goes
        self._thread = threading.Thread(target=self.loop.run_forever, name="boardwright-lan", daemon=True)
        self._thread.start()
        self.tables: list[tuple[Table, Advertiser | None]] = []
        self.seats: list[RemoteSeat] = []
        self._announcers: list[asyncio.Task[None]] = []
        # a hosted table's address and port: the seat its person took there (None: not yet)
        self._hosting_seats: dict[tuple[str, int], int | None] = {}

    def _call(self, coroutine: Any, timeout: float = STEP_SECONDS) -> Any:
        future: Future[Any] = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        return future.result(timeout)

    # --- finding tables ---

    def browse(self, seconds: float = 2.0) -> list[dict[str, Any]]:
        """Tables announced on the LAN within `seconds` (blocking: call it off the GUI thread)."""
        return [asdict(ad) for ad in browse(seconds, self.interfaces or local_addresses())]

    # --- hosting ---

    def host_table(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        seed: int,
        scenario: str | None,
        seat_kinds: list[str],
        name: str,
        local_only: bool = False,
    ) -> tuple[str, int]:
        """Start a table (OPEN seats for people, bot labels for bots); returns its address and port.
        `seed` is not used: a hosted table's seed is secret (`host.secret_seed`), so that no
        peer can compute the hidden cards from it. `local_only`: the table listens on
        127.0.0.1 and is announced there only, so only people on this computer can join."""
        engine = self.host.engine(game)
        players = kernel.seats(engine.new_game(players, options, 1, scenario))
        if len(seat_kinds) != players:
            raise LanError(f"{len(seat_kinds)} seat kinds for {players} seats")
        table = Table.new(engine, players, options, scenario, seat_kinds, self.host.bots(), name=name, bot_delay=0.3)

        bind = "127.0.0.1" if local_only else self.bind
        joined_at = "127.0.0.1" if bind in ("0.0.0.0", "127.0.0.1") else bind  # where this program joins it

        async def start() -> tuple[int, Advertiser | None]:
            port = await table.start(bind, 0)
            self._hosting_seats[joined_at, port] = None
            advertiser = None
            if self.advertise:
                address = "127.0.0.1" if local_only else self.advertise_address or local_addresses()[0]
                interfaces = ["127.0.0.1"] if local_only else self.interfaces
                advertiser = Advertiser(port, address=address, interfaces=interfaces)
                await advertiser.start(table.info())
                self._announcers.append(
                    self.loop.create_task(self._keep_announced(table, advertiser, (joined_at, port)))
                )
            return port, advertiser

        port, advertiser = self._call(start())
        self.tables.append((table, advertiser))
        return joined_at, port

    def save_table(self, address: str, port: int, path: Any) -> None:
        """Write the game of the table this service hosts at `port` to a save file (atomic),
        on the loop's thread, so that no action lands halfway through."""
        for table, _advertiser in self.tables:
            if table.server is not None and table.server.sockets[0].getsockname()[1] == port:

                async def save(match: LiveGame = table.match) -> None:
                    match.save(path)

                self._call(save())
                return
        raise LanError(f"this program hosts no table at {address}:{port}")

    async def _keep_announced(self, table: Table, advertiser: Advertiser, where: tuple[str, int]) -> None:
        """Free seats change as people join: the announcement follows until the game ends or
        the person who hosts the table (the first seat this service took there) leaves it,
        and is then withdrawn: nobody should find a table whose game is over or whose host
        has gone (whoever knows the address may still come back to it)."""

        def host_left() -> bool:
            seat = self._hosting_seats.get(where)
            return seat is not None and table.seats[seat].connection is None

        while not table.match.is_over() and table.server is not None and table.server.is_serving():
            await table.changed.wait()
            if host_left():
                break
            try:
                await advertiser.update(table.info())
            except Exception:  # a lost announcement must not stop the table
                return
        if table.match.is_over() or host_left():
            with contextlib.suppress(Exception):
                await advertiser.close()

    # --- joining ---

    def join(
        self,
        address: str,
        port: int,
        name: str,
        on_update: Callable[[Update], None],
        seat: int | None = None,
        token: str | None = None,
        spectate: bool = False,
        ready: bool = True,
    ) -> RemoteSeat:
        """Take a free seat (or `seat`) at the table at `address:port`; with the seat's
        `token` (from an earlier join), sit there again after a dropped connection;
        `spectate` watches (public information only) without taking a seat; `ready` says
        ready at once (else the person does, with `RemoteSeat.say_ready`)."""
        peer = Peer(address, port, name, seat=seat, token=token, spectate=spectate, ready=ready, moments=True)
        remote = RemoteSeat(self, peer, on_update)
        peer.listener = on_update
        try:
            self._call(peer.connect(timeout=STEP_SECONDS))
        except Refused as exc:
            raise LanError(f"the table refused: {exc}") from None
        except (OSError, TimeoutError) as exc:
            raise LanError(f"cannot reach the table at {address}:{port} ({type(exc).__name__})") from None
        remote.welcome = dict(peer.welcome or {})
        seat_taken = remote.welcome.get("seat")
        remote.seat = int(seat_taken) if isinstance(seat_taken, int) else None
        remote.token = str(remote.welcome.get("token") or "")
        if (address, port) in self._hosting_seats and self._hosting_seats[address, port] is None:
            self._hosting_seats[address, port] = remote.seat  # the person hosting this table sits down
        self.seats.append(remote)
        return remote

    # --- the end ---

    def close(self) -> None:
        """Leave every seat, stop every table, stop the loop."""

        async def stop() -> None:
            for announcer in self._announcers:
                announcer.cancel()
            for remote in self.seats:
                remote.closed = True
                await remote.peer.close()
            for table, advertiser in self.tables:
                if advertiser is not None:
                    await advertiser.close()
                await table.close()
            # whatever still runs (connections closing, announcements, bots) ends here, not
            # with the loop: a moment to finish on its own, then it is cancelled
            others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            if others:
                _done, pending = await asyncio.wait(others, timeout=1.0)
                for task in pending:
                    task.cancel()
                await asyncio.gather(*pending, return_exceptions=True)

        if self.loop.is_running():
            try:
                self._call(stop())
            finally:
                self.loop.call_soon_threadsafe(self.loop.stop)
                self._thread.join(STEP_SECONDS)
                if not self._thread.is_alive():
                    self.loop.close()
        self.tables, self.seats = [], []


__all__ = ["OPEN", "LanError", "LanService", "RemoteSeat"]
