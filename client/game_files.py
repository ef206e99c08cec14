"""Undo, save, load and replays from the desktop. A part of `MainWindow`."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog, QMainWindow

from boardwright.framework import replay
from boardwright.framework.match import Match

from .i18n import tr
from .play_on import PlayOnDialog, played_on
from .remote import RemoteSession
from .report_view import NoReport, ReportDialog
from .session import Session

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QStackedWidget

    from boardwright.framework import PluginHost

    from .replay_view import ReplayPage
    from .session import TableSession
    from .settings import Settings
    from .table import TablePage

SAVE_SUFFIX = ".bwr"


# to the type checker the part is the window it belongs to; at run time, a plain mixin
if TYPE_CHECKING:
    _Window = QMainWindow
else:
    _Window = object


class GameFiles(_Window):
    """The window's undo, files and replays (mixed into `MainWindow`, whose parts it names below)."""

    if TYPE_CHECKING:
        lang: str
        host: PluginHost
        settings: Settings
        session: TableSession | None
        pages: QStackedWidget
        table: TablePage
        _replay: ReplayPage | None

        def show_error(self, title: str, text: str) -> None: ...
        def show_message(self, text: str) -> None: ...
        def show_table(self) -> None: ...
        def show_library(self) -> None: ...
        def current_game_id(self) -> str | None: ...
        def _update_enabled(self) -> None: ...
        def _update_title(self) -> None: ...
        def _plies(self) -> int: ...
        def _seat(self, match: Match, seat_kinds: list[str]) -> None: ...
        def confirm_leave(self, then: Callable[[], Any], quitting: bool = False) -> None: ...

    # --- undo, save, load ---

    def undo(self) -> int:
        if self.session is None or self.pages.currentWidget() is not self.table:
            return 0
        return self.session.undo()

    def choose_file_to_save(self) -> None:
        game_id = self.current_game_id()
        if game_id is None or not (isinstance(self.session, Session) or getattr(self.session, "save_game", None)):
            return
        name = f"{game_id}-{time.strftime('%Y%m%d-%H%M')}{SAVE_SUFFIX}"
        path, _filter = QFileDialog.getSaveFileName(
            self, tr("save", self.lang).replace("&", ""), str(Path(self.settings.folder) / name), tr("files", self.lang)
        )
        if path:
            self.save_to(path)

    def choose_file_to_open(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, tr("open", self.lang).replace("&", ""), self.settings.folder, tr("files", self.lang)
        )
        if path:
            self.load_from(path)

    def save_to(self, path: str | Path) -> bool:
        """Save the game at the table: a game played here, or a LAN table this window hosts."""
        session = self.session
        if isinstance(session, Session):
            save = session.match.save
        elif isinstance(session, RemoteSession) and session.save_game is not None:
            save = session.save_game
        else:
            return False
        try:
            save(path)
        except Exception as exc:  # a full disk or a bad folder is a message, not a crash
            self.show_error(tr("save_failed", self.lang), f"{type(exc).__name__}: {exc}")
            return False
        self.settings.folder = str(Path(path).parent)
        self._saved_plies = self._plies()
        self.show_message(tr("saved", self.lang, path=path))
        return True

    def load_from(self, path: str | Path) -> bool:
        """Open a save; a damaged file shows an error and the current game goes on."""
        try:
            record = replay.load(path)
            engine = self.host.engine(record.game)
            match = Match.load(engine, path)
        except Exception as exc:
            message = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
            self.show_error(tr("load_failed", self.lang), str(message))
            return False
        self.settings.folder = str(Path(path).parent)
        self._seat(match, list(match.record.seat_kinds))
        return True

    # --- replays ---

    def choose_replay_to_watch(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, tr("replay_open", self.lang).replace("&", ""), self.settings.folder, tr("files", self.lang)
        )
        if path:
            self.watch_replay(path)

    def choose_report_to_view(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, tr("report_open", self.lang).replace("&", ""), self.settings.folder
        )
        if folder:
            self.view_report(folder)

    def view_report(self, folder: str | Path) -> bool:
        """Show a balance report's text and charts (`simulate --report` writes them)."""
        try:
            dialog = ReportDialog(folder, self.lang, self)
        except NoReport as exc:
            self.show_error(tr("report_failed", self.lang), exc.message)
            return False
        self.report_dialog = dialog
        dialog.show()
        return True

    def watch_replay(self, path: str | Path) -> bool:
        """Open a save or a replay (`simulate --save-replays` writes them) on the timeline."""
        try:
            record = replay.load(path)
            match = Match.load(self.host.engine(record.game), path)
        except Exception as exc:
            message = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
            self.show_error(tr("load_failed", self.lang), str(message))
            return False
        self.settings.folder = str(Path(path).parent)
        self._show_replay(match, 0)
        return True

    def watch_current_game(self) -> None:
        """The game at the table, on the timeline (it stays at the table, unchanged)."""
        if isinstance(self.session, Session):
            self._show_replay(self.session.match, None)

    @property
    def replay(self) -> ReplayPage:
        """The replay page, made on first use: its module is a twentieth of the start-up."""
        if self._replay is None:
            from .replay_view import ReplayPage

            self._replay = ReplayPage()
            self._replay.closed.connect(self.close_replay)
            self._replay.play_on_requested.connect(self.play_on)
            self._replay.set_language(self.lang)
            self.pages.addWidget(self._replay)
        return self._replay

    def _show_replay(self, match: Match, ply: int | None) -> None:
        self.replay.set_match(match, self.host.board_painters(), ply)
        self.pages.setCurrentWidget(self.replay)
        self._update_title()
        self._update_enabled()

    def play_on(self, ply: int) -> None:
        """A new game from this moment of the replay, its seats chosen anew."""
        match = self._replay.match if self._replay is not None else None
        if match is None:
            return
        dialog = PlayOnDialog(self.host, match, ply, self.lang, self)
        self.play_on_dialog = dialog

        def chosen() -> None:
            kinds = dialog.seat_kinds()
            try:
                fresh = played_on(self.host, match, ply, kinds)
            except Exception as exc:  # a replay of another version of the game: said, nothing lost
                self.show_error(tr("start_failed", self.lang), getattr(exc, "message", None) or str(exc))
                return
            self._seat(fresh, kinds)

        dialog.accepted.connect(lambda: self.confirm_leave(chosen))
        dialog.open()

    def close_replay(self) -> None:
        if self._replay is not None:
            self._replay.timer.stop()
        if self.session is not None:
            self.show_table()
        else:
            self.show_library()
