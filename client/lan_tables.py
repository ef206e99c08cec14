"""LAN tables from the desktop: hosting one (this window takes the first person's seat) and
joining one (a free seat, the seat this person had, or watching). A part of `MainWindow`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QApplication, QMainWindow

from boardwright.framework import BoardwrightError

from .i18n import tr
from .lan_dialog import JoinDialog
from .new_game import GameConfig
from .remote import RemoteSession
from .session import HUMAN

if TYPE_CHECKING:
    from collections.abc import Callable

    from boardwright.framework import PluginHost

    from .session import TableSession
    from .settings import Settings

LAN_OPEN = "open"  # the protocol's seat kind for a person who joins over the network (net/PROTOCOL.md)


# to the type checker the part is the window it belongs to; at run time, a plain mixin
if TYPE_CHECKING:
    _Window = QMainWindow
else:
    _Window = object


class LanTables(_Window):
    """The window's LAN tables (mixed into `MainWindow`, whose parts it names below)."""

    if TYPE_CHECKING:
        lang: str
        host: PluginHost
        settings: Settings
        session: TableSession | None
        lan: Any
        lan_factory: Callable[[], Any] | None
        join_dialog: JoinDialog

        def show_error(self, title: str, text: str) -> None: ...
        def show_message(self, text: str) -> None: ...
        def _update_enabled(self) -> None: ...
        def _sit_at(self, session: TableSession, handover: bool) -> None: ...

    # --- LAN tables ---

    def _clear_stale_turn(self) -> None:
        """ "Your turn" leaves the status bar once the turn has passed on."""
        session = self.session
        if session is None or self.statusBar().currentMessage() != tr("your_turn", self.lang):
            return
        if session.to_move() is None or session.to_move() != session.viewer:
            self.statusBar().clearMessage()

    def _alert(self, key: str) -> None:
        """The turn came to this person at a LAN table: the taskbar entry asks for attention."""
        if key == "your_turn":
            QApplication.alert(self)

    def _remember_name(self, typed: str) -> str:
        """The name to play under: the one typed (kept for next time), else the one kept, else
        "Player" in the window's language (the dialogs' placeholder), never the computer's
        login name."""
        if typed.strip():
            self.settings.player_name = typed
        return self.settings.player_name or tr("your_name_default", self.lang)

    def _lan_service(self) -> Any:
        if self.lan is None:
            if self.lan_factory is None:
                raise BoardwrightError("LAN play is not available in this window", "no-lan")
            self.lan = self.lan_factory()
        return self.lan

    def host_lan_table(self, config: GameConfig) -> bool:
        """Open a table on the LAN: people's seats wait for players, and this window takes the first."""
        if HUMAN not in config.seat_kinds:
            self.show_error(tr("start_failed", self.lang), tr("lan_no_person", self.lang))
            return False
        kinds = [LAN_OPEN if kind == HUMAN else kind for kind in config.seat_kinds]
        name = self._remember_name(config.player_name)
        try:
            lan = self._lan_service()
            address, port = lan.host_table(
                config.game_id,
                config.players,
                config.options,
                config.seed,
                config.scenario,
                kinds,
                name,
                local_only=config.lan_local_only,
            )
        except Exception as exc:
            message = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
            self.show_error(tr("start_failed", self.lang), str(message))
            return False
        self.settings.remember_seat_kinds(config.game_id, config.seat_kinds)
        if not self.join_lan_table(address, port, config.seat_kinds.index(HUMAN)):
            return False
        if isinstance(self.session, RemoteSession):  # the host keeps the whole game: it may save it
            self.session.save_game = lambda path: lan.save_table(address, port, path)
            self._update_enabled()
        self.show_message(tr("lan_hosted", self.lang, name=name, address=address, port=port))
        return True

    def choose_table_to_join(self) -> None:
        try:
            lan = self._lan_service()
        except Exception as exc:
            self.show_error(tr("lan_failed", self.lang), f"{type(exc).__name__}: {exc}")
            return
        dialog = JoinDialog(self.host, lan, self.lang, self, self.settings.player_name)
        self.join_dialog = dialog

        def chosen() -> None:
            where = dialog.chosen()
            if where is None:
                self.show_error(tr("lan_failed", self.lang), tr("lan_bad_address", self.lang))
                return
            self._remember_name(dialog.player_name.text())
            self.join_lan_table(*where, spectate=dialog.spectate)

        dialog.accepted.connect(chosen)
        dialog.open()
        dialog.look()

    def join_lan_table(self, address: str, port: int, seat: int | None = None, spectate: bool = False) -> bool:
        """Sit at the table at `address:port` (a free seat, or `seat`), or watch it (`spectate`)."""
        session = RemoteSession()
        where = f"{address}:{port}"
        try:
            lan = self._lan_service()
            remote = None
            earlier = self.settings.lan_seat(where) if seat is None and not spectate else None
            if earlier is not None:  # this person sat here before: the same seat again
                try:
                    remote = lan.join(
                        address, port, self._remember_name(""), session.receive, earlier[0], earlier[1], ready=False
                    )
                except BoardwrightError:
                    remote = None  # another table on that port now, or the seat was given up
            if remote is None:
                remote = lan.join(
                    address, port, self._remember_name(""), session.receive, seat, spectate=spectate, ready=False
                )
            game = self.host.games().get(remote.game)
            if game is None:
                remote.close()
                raise BoardwrightError(f"this table plays {remote.game}, which is not installed here", "no-game")
        except Exception as exc:
            message = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
            self.show_error(tr("lan_failed", self.lang), str(message))
            return False
        session.attach(remote, game)
        if remote.token and remote.seat is not None:
            self.settings.remember_lan_seat(where, remote.seat, remote.token)
        self._sit_at(session, False)
        if session.seat is None:
            self.show_message(tr("lan_watching", self.lang, name=session.table_name))
        else:
            self.show_message(tr("lan_joined", self.lang, name=session.table_name, seat=session.seat + 1))
        return True
