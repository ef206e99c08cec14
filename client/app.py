"""The desktop client's main window: the library, the new-game dialog and the table.

`boardwright play [GAME]` opens it through `launch.run_client`.
"""

from __future__ import annotations

import contextlib
import linecache
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QFileSystemWatcher
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox, QStackedWidget, QWidget

from boardwright.framework import PluginHost, kernel, replay
from boardwright.framework.match import Match

from .game_files import GameFiles
from .i18n import LANGUAGES, tr, use_qt_language
from .lan_tables import LanTables
from .library import LibraryPage
from .new_game import GameConfig, NewGameDialog
from .remote import RemoteSession
from .rules_dialog import RulesDialog
from .session import Session, TableSession
from .settings import Settings
from .table import TablePage
from .table_life import PACES, pace_for_delay
from .theme import apply_theme

if TYPE_CHECKING:
    from .replay_view import ReplayPage

ZOOM_KEY_STEP = 1.25  # Ctrl++ and Ctrl+- zoom the board by this much


class MainWindow(LanTables, GameFiles, QMainWindow):
    def __init__(
        self,
        host: PluginHost,
        settings: Settings | None = None,
        bot_delay_ms: int = 700,
        parent: QWidget | None = None,
        lan: Callable[[], Any] | None = None,
    ) -> None:
        super().__init__(parent)
        self.host = host
        # makes the LAN service (boardwright.net.service.LanService) on first use; the
        # command line provides it, so that the client itself imports no network code
        self.lan_factory = lan
        self.lan: Any = None
        self.settings = settings or Settings()
        self.bot_delay_ms = bot_delay_ms
        self.lang = self.settings.lang
        self.session: TableSession | None = None
        self.handover = True
        self.dialog: NewGameDialog | None = None
        self.error_box: QMessageBox | None = None
        self.last_error = ""

        self.library = LibraryPage(host)
        self.library.new_game_requested.connect(self.request_new_game)
        self.library.open_requested.connect(lambda: self.confirm_leave(self.choose_file_to_open))
        self.library.back_requested.connect(self.show_table)
        self.table = TablePage()
        self.table.message.connect(self.show_message)
        self.table.next_game_requested.connect(self.start_next_in_series)
        self.table.replay_requested.connect(self.watch_current_game)
        self.table.rematch_requested.connect(self.rematch)
        self.table.pace_chosen.connect(self.set_pace)
        self.table.new_game_requested.connect(lambda: self.request_new_game(self.current_game_id()))
        self.library.resume_requested.connect(self.resume_last_game)
        self.library.rules_requested.connect(self.show_rules)
        self.rules_dialog: RulesDialog | None = None
        self.leave_box: QMessageBox | None = None
        self._closing = False  # the person confirmed quitting: close without asking again
        self._autosaved_plies = -1
        self._saved_plies = -1
        self._replay: ReplayPage | None = None  # made when a replay is first watched (see `replay`)
        self.series_number = 1  # which game of a series is at the table
        self.pages = QStackedWidget()
        self.pages.addWidget(self.library)
        self.pages.addWidget(self.table)
        self.setCentralWidget(self.pages)
        self._build_menus()
        self._restore_geometry()
        # the status bar is there from the start: a message never resizes the board under the mouse
        self.statusBar().showMessage("")
        self.set_language(self.lang)
        self.theme = "light"
        self.set_theme(str(self.settings.data.get("theme", "light")))
        # scenario files in the user's folders: a new or changed one shows at once
        self.scenario_watcher = QFileSystemWatcher(self)
        self.scenario_watcher.directoryChanged.connect(self._scenarios_changed)
        self.scenario_watcher.fileChanged.connect(self._scenarios_changed)
        self._watch_scenarios()
        linecache.clearcache()  # see _sit_at

    # --- menus ---

    def _build_menus(self) -> None:
        def action(shortcut: QKeySequence.StandardKey | str | None, slot: Any) -> QAction:
            entry = QAction(self)
            if shortcut is not None:
                entry.setShortcut(QKeySequence(shortcut))
            entry.triggered.connect(slot)
            return entry

        self.new_action = action(QKeySequence.StandardKey.New, lambda: self.request_new_game(self.current_game_id()))
        self.open_action = action(QKeySequence.StandardKey.Open, lambda: self.confirm_leave(self.choose_file_to_open))
        self.replay_action = action("Ctrl+R", self.choose_replay_to_watch)
        self.report_action = action("Ctrl+B", self.choose_report_to_view)
        self.join_action = action("Ctrl+J", lambda: self.confirm_leave(self.choose_table_to_join))
        self.join_action.setVisible(self.lan_factory is not None)
        self.save_action = action(QKeySequence.StandardKey.Save, self.choose_file_to_save)
        self.undo_action = action(QKeySequence.StandardKey.Undo, self.undo)
        self.library_action = action("Ctrl+L", self.show_library)
        self.quit_action = action(QKeySequence.StandardKey.Quit, self.close)
        self.game_menu = self.menuBar().addMenu("")
        for entry in (
            self.new_action,
            self.open_action,
            self.replay_action,
            self.report_action,
            self.join_action,
            self.save_action,
            self.undo_action,
        ):
            self.game_menu.addAction(entry)
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.library_action)
        self.game_menu.addAction(self.quit_action)
        self.zoom_in_action = action(QKeySequence.StandardKey.ZoomIn, lambda: self._zoom(ZOOM_KEY_STEP))
        self.zoom_out_action = action(QKeySequence.StandardKey.ZoomOut, lambda: self._zoom(1 / ZOOM_KEY_STEP))
        self.fit_action = action("Ctrl+0", lambda: self._zoom(0))
        self.dark_action = QAction(self, checkable=True)
        self.dark_action.toggled.connect(lambda dark: self.set_theme("dark" if dark else "light"))
        self.view_menu = self.menuBar().addMenu("")
        for entry in (self.zoom_in_action, self.zoom_out_action, self.fit_action):
            self.view_menu.addAction(entry)
        self.coordinates_action = QAction(self, checkable=True)
        self.coordinates_action.setShortcut(QKeySequence("Ctrl+K"))
        self.coordinates_action.toggled.connect(self.table.show_coordinates)
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.coordinates_action)
        # the field's tools (client/field_tools.py): one at a time, or neither
        self.tool_actions: dict[str, QAction] = {}
        for tool, key in (("ruler", "R"), ("sight", "V")):
            entry = action(key, lambda _checked=False, chosen=tool: self._choose_tool(chosen))
            entry.setCheckable(True)
            self.view_menu.addAction(entry)
            self.tool_actions[tool] = entry
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.dark_action)
        self.rules_action = action(QKeySequence.StandardKey.HelpContents, self.show_rules)
        self.language_menu = self.menuBar().addMenu("")
        group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for code, name in LANGUAGES.items():
            entry = QAction(name, self, checkable=True)
            entry.triggered.connect(lambda _checked=False, chosen=code: self.set_language(chosen))
            group.addAction(entry)
            self.language_menu.addAction(entry)
            self.language_actions[code] = entry
        self.help_menu = self.menuBar().addMenu("")
        self.help_menu.addAction(self.rules_action)

    def set_language(self, lang: str) -> None:
        """Switch every text of the window, the game's texts included."""
        self.lang = lang
        use_qt_language(lang)  # Qt's own dialogs (opening a file) speak it too
        if self.settings.lang != lang:
            self.settings.lang = lang
        self.language_actions[lang].setChecked(True)
        self.game_menu.setTitle(tr("menu_game", lang))
        self.language_menu.setTitle(tr("menu_language", lang))
        self.view_menu.setTitle(tr("menu_view", lang))
        self.help_menu.setTitle(tr("menu_help", lang))
        self.rules_action.setText(tr("rules", lang))
        self.zoom_in_action.setText(tr("zoom_in", lang))
        self.zoom_out_action.setText(tr("zoom_out", lang))
        self.fit_action.setText(tr("zoom_fit", lang))
        self.dark_action.setText(tr("dark_theme", lang))
        self.coordinates_action.setText(tr("coordinates", lang))
        for tool, entry in self.tool_actions.items():
            entry.setText(tr(f"tool_{tool}", lang))
        self.new_action.setText(tr("new_game", lang))
        self.open_action.setText(tr("open", lang))
        self.replay_action.setText(tr("replay_open", lang))
        self.report_action.setText(tr("report_open", lang))
        self.join_action.setText(tr("lan_join", lang))
        self.save_action.setText(tr("save", lang))
        self.undo_action.setText(tr("undo", lang))
        self.library_action.setText(tr("library", lang))
        self.quit_action.setText(tr("quit", lang))
        self.library.set_language(lang)
        self.table.set_language(lang)
        if self._replay is not None:
            self._replay.set_language(lang)
        self._update_library()
        self._update_title()
        self._update_enabled()

    def _update_title(self) -> None:
        title = tr("app_title", self.lang)
        page = self.pages.currentWidget()
        match = None
        spec = None
        if page is self.table and isinstance(self.session, Session):
            match = self.session.match
        elif page is self.table and isinstance(self.session, RemoteSession) and self.session.game is not None:
            spec = self.session.game.spec
        elif page is not None and page is self._replay:
            match = self._replay.match
        if match is not None:
            spec = match.engine.spec
        if spec is not None:
            title = f"{spec.title_ru if self.lang == 'ru' else spec.title_en} — {title}"
        self.setWindowTitle(title)

    def _update_enabled(self) -> None:
        at_table = self.session is not None and self.pages.currentWidget() is self.table
        has_record = at_table and self.session is not None and self.session.has_record
        hosting = at_table and isinstance(self.session, RemoteSession) and self.session.save_game is not None
        self.save_action.setEnabled(has_record or hosting)
        self.undo_action.setEnabled(has_record)

    def current_game_id(self) -> str | None:
        if isinstance(self.session, Session) and self.pages.currentWidget() is self.table:
            return self.session.match.engine.spec.id
        if (
            isinstance(self.session, RemoteSession)
            and self.session.game is not None
            and self.pages.currentWidget() is self.table
        ):
            return self.session.game.spec.id
        return self.library.selected_game()

    def show_library(self) -> None:
        self.library.back_button.setVisible(self.session is not None)
        self._update_library()
        self.pages.setCurrentWidget(self.library)
        self._update_title()
        self._update_enabled()

    def show_table(self) -> None:
        if self.session is not None:
            self.pages.setCurrentWidget(self.table)
            self._update_title()
            self._update_enabled()

    def set_pace(self, key: str) -> None:
        """The person chose how bots' moves are shown (kept in the settings for later games)."""
        if key not in PACES:
            return
        self.settings.data["bot_pace"] = key
        self.settings.save()
        if self.session is not None:
            self._apply_pace(self.session)
        self.table.refresh()

    def _apply_pace(self, session: TableSession) -> None:
        """The pace the person chose last, else this window's own bot delay."""
        chosen = self.settings.data.get("bot_pace")
        key = chosen if chosen in PACES else None
        self.table.set_pace(key or pace_for_delay(self.bot_delay_ms))
        if isinstance(session, Session):
            if key is None:
                session.set_pace(self.bot_delay_ms, stepping=False)
            else:
                session.set_pace(max(PACES[key], 0), stepping=key == "step")

    def set_theme(self, theme: str) -> None:
        """Light or dark for the whole window, remembered for the next start."""
        app = QApplication.instance()
        if isinstance(app, QApplication):
            theme = apply_theme(app, theme)
        self.theme = theme
        if self.settings.data.get("theme") != theme:
            self.settings.data["theme"] = theme
            self.settings.save()
        self.dark_action.blockSignals(True)
        self.dark_action.setChecked(theme == "dark")
        self.dark_action.blockSignals(False)

    def show_rules(self, game_id: str | None = None) -> RulesDialog | None:
        """The rules of the game at the table, or of the game chosen in the library (F1)."""
        game_id = game_id or self.current_game_id()
        game = self.host.games().get(game_id) if game_id else None
        if game is None:
            return None
        dialog = RulesDialog(game, self.lang, self)
        self.rules_dialog = dialog
        dialog.show()
        return dialog

    def _watch_scenarios(self) -> None:
        """Watch every scenario folder (made if missing), its subfolders and its files."""
        paths: list[str] = []
        for folder in getattr(self.host, "scenario_folders", []):
            with contextlib.suppress(OSError):
                folder.mkdir(parents=True, exist_ok=True)
            if folder.is_dir():
                paths.append(str(folder))
                paths.extend(str(p) for p in sorted(folder.rglob("*")) if p.is_dir() or p.suffix == ".toml")
        known = set(self.scenario_watcher.directories()) | set(self.scenario_watcher.files())
        fresh = [path for path in paths if path not in known]
        if fresh:
            self.scenario_watcher.addPaths(fresh)

    def _scenarios_changed(self, _path: str = "") -> None:
        """A scenario file came, changed or went: the library and the next new game show it."""
        self._watch_scenarios()
        self.library.set_language(self.lang)
        self._update_library()
        self.show_message(tr("scenarios_changed", self.lang))

    def _choose_tool(self, tool: str) -> None:
        """Switch a field tool on (the other off) or off again."""
        chosen = self.tool_actions[tool].isChecked()
        for other, entry in self.tool_actions.items():
            if other != tool:
                entry.setChecked(False)
        self.table.view.field_tools.set_mode(tool if chosen else None)

    def _zoom(self, factor: float) -> None:
        """Zoom the board on the page in view by `factor`; 0 fits the whole board to the window."""
        page = self.pages.currentWidget()
        view = getattr(page, "view", None)
        if view is not None:
            view.set_zoom(view.zoom * factor if factor else 1.0)

    # --- starting games ---

    def request_new_game(self, game_id: str | None) -> None:
        """Open the new-game dialog (not modal-blocking: it starts the game when accepted),
        after the person agreed to leave a game in progress."""
        chosen = game_id or self.library.selected_game() or next(iter(sorted(self.host.games())), None)
        if chosen is None:
            return
        self.confirm_leave(lambda: self._open_new_game_dialog(chosen))

    def _open_new_game_dialog(self, game_id: str) -> None:
        try:
            dialog = NewGameDialog(
                self.host,
                game_id,
                self.lang,
                self.settings.seat_kinds(game_id),
                self,
                lan_available=self.lan_factory is not None,
                player_name=self.settings.player_name,
            )
        except Exception as exc:  # a broken game must not close the library
            self.show_error(tr("start_failed", self.lang), f"{type(exc).__name__}: {exc}")
            return
        dialog.accepted.connect(lambda: self.start_game(dialog.config()))
        dialog.other_game.connect(self._open_new_game_dialog)
        self.dialog = dialog
        dialog.open()

    def start_game(self, config: GameConfig) -> bool:
        if config.lan:
            return self.host_lan_table(config)
        try:
            engine = self.host.engine(config.game_id)
            match = Match(engine, config.players, config.options, config.seed, config.scenario, config.seat_kinds)
        except Exception as exc:
            self.show_error(tr("start_failed", self.lang), f"{type(exc).__name__}: {exc}")
            return False
        self.settings.remember_seat_kinds(config.game_id, config.seat_kinds)
        self.handover = config.handover
        self.series_number = 1
        self._seat(match, config.seat_kinds)
        return True

    def start_next_in_series(self) -> bool:
        """The next game of the series: same game, seats and scenario; the rules give its options."""
        if not isinstance(self.session, Session):
            return False
        match = self.session.match
        try:
            options = match.next_in_series()
        except Exception as exc:
            self.show_error(tr("start_failed", self.lang), f"{type(exc).__name__}: {exc}")
            return False
        if options is None:
            return False
        record = match.record
        number = self.series_number + 1
        config = GameConfig(
            game_id=record.game,
            players=record.players,
            seat_kinds=list(record.seat_kinds),
            options=options,
            scenario=record.scenario,
            seed=kernel.derive_seed(record.seed, number),
            handover=self.handover,
        )
        if not self.start_game(config):
            return False
        self.series_number = number
        self.show_message(tr("series_started", self.lang, number=number))
        return True

    def rematch(self) -> bool:
        """The finished game again: same game, players, seats, scenario and options, a new deal."""
        if not isinstance(self.session, Session):
            return False
        record = self.session.match.record
        config = GameConfig(
            game_id=record.game,
            players=record.players,
            seat_kinds=list(record.seat_kinds),
            options=dict(record.options),
            scenario=record.scenario,
            seed=secrets.randbelow(2**31),
            handover=self.handover,
        )
        return self.start_game(config)

    # --- nothing is lost: autosave, resume, asking before a game is left ---

    def game_in_progress(self) -> bool:
        """A game someone would miss: a local one with moves made and no result yet, or a LAN seat."""
        session = self.session
        if isinstance(session, Session):
            return bool(session.match.record.actions) and not session.match.is_over()
        if isinstance(session, RemoteSession):
            return session.outcome() is None
        return False

    def confirm_leave(self, then: Callable[[], Any], quitting: bool = False) -> None:
        """Run `then` at once when no game is in progress, else after the person agrees (a
        window-modal box that does not block the event loop: bots keep moving meanwhile)."""
        if not self.game_in_progress():
            then()
            return
        lang = self.lang
        if isinstance(self.session, RemoteSession):
            hosting = getattr(self.session, "save_game", None) is not None
            text = tr("leave_hosted_table" if hosting else "leave_table", lang)
        else:
            text = tr("leave_quit" if quitting else "leave_replace", lang)
        box = QMessageBox(QMessageBox.Icon.Question, tr("app_title", lang), tr("leave_title", lang), parent=self)
        box.setInformativeText(text)
        leave = box.addButton(
            tr("quit" if quitting else "leave", lang).replace("&", ""), QMessageBox.ButtonRole.AcceptRole
        )
        save = None
        if not quitting and isinstance(self.session, Session):
            save = box.addButton(tr("save_first", lang), QMessageBox.ButtonRole.ActionRole)
        box.addButton(tr("cancel", lang), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(leave)

        def answered() -> None:
            clicked = box.clickedButton()
            self.leave_box = None
            if clicked is leave:
                then()
            elif save is not None and clicked is save:
                self.choose_file_to_save()
                if not self.game_in_progress() or self._saved_plies == self._plies():
                    then()

        box.finished.connect(answered)
        self.leave_box = box
        box.open()

    def _plies(self) -> int:
        return len(self.session.match.record.actions) if isinstance(self.session, Session) else -1

    def _autosave(self) -> None:
        """Save the local game at the table after each action; a finished game leaves no autosave."""
        session = self.session
        if not isinstance(session, Session) or (
            self._replay is not None and self.pages.currentWidget() is self._replay
        ):
            return
        plies = self._plies()
        if plies == self._autosaved_plies:
            return
        self._autosaved_plies = plies
        path = self.settings.autosave_path
        try:
            if session.match.is_over() or not plies:
                path.unlink(missing_ok=True)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                session.match.save(path)
        except OSError as exc:  # a full disk is a message, once per action, not a crash
            self.show_message(tr("save_failed", self.lang) + f": {exc.strerror or exc}")

    def last_game(self) -> tuple[str, int] | None:
        """(the game's title, the number of moves) of the autosaved game, or None."""
        path = self.settings.autosave_path
        if not path.exists():
            return None
        try:
            record = replay.load(path)
            spec = self.host.games()[record.game].spec
        except Exception:
            return None
        return (spec.title_ru if self.lang == "ru" else spec.title_en), len(record.actions)

    def resume_last_game(self) -> bool:
        """Open the autosaved game where it was left."""
        path = self.settings.autosave_path
        if not path.exists():
            return False
        try:
            record = replay.load(path)
            match = Match.load(self.host.engine(record.game), path)
        except Exception as exc:  # kept aside, so that the next start does not stumble on it again
            message = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
            with contextlib.suppress(OSError):
                path.replace(path.with_name(path.name + ".broken"))
            self.show_message(tr("resume_failed", self.lang, error=message))
            self._update_library()
            return False
        self.handover = True
        self._seat(match, list(match.record.seat_kinds))
        self._autosaved_plies = len(match.record.actions)
        saved = time.strftime("%H:%M", time.localtime(path.stat().st_mtime))
        self.show_message(tr("resumed", self.lang, time=saved))
        return True

    def _update_library(self) -> None:
        self.library.set_resume(None if self.session is not None else self.last_game())

    def _seat(self, match: Match, seat_kinds: list[str]) -> None:
        self._sit_at(Session(match, seat_kinds, self.host.bots(), self.bot_delay_ms), self.handover)

    def _sit_at(self, session: TableSession, handover: bool) -> None:
        if self.session is not None:
            self.session.stop()
            self.session.deleteLater()
        self.session = session
        self._autosaved_plies = -1
        self._saved_plies = -1
        session.changed.connect(self._autosave)
        session.changed.connect(self._clear_stale_turn)
        session.notice.connect(self._alert)
        self._apply_pace(session)
        self.table.set_session(session, self.host.board_painters(), handover)
        self.show_table()
        session.start()
        # PySide6 reads the source of every module imported after it (looking for its own name)
        # and leaves the lines in linecache: 4-9 MB once the game's modules are in, which nothing
        # reads again (a traceback reads the lines it shows anew)
        linecache.clearcache()

    # --- messages ---

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def show_error(self, title: str, text: str) -> None:
        """A window-modal message box that does not block the event loop (bots keep moving)."""
        self.last_error = text
        box = QMessageBox(QMessageBox.Icon.Warning, tr("error", self.lang), title, QMessageBox.StandardButton.Ok, self)
        box.setInformativeText(text)
        self.error_box = box
        box.open()

    def _restore_geometry(self) -> None:
        """The size and place the window had when it was last closed (1200x800 at first)."""
        self.resize(1200, 800)
        saved = self.settings.data.get("window")
        if isinstance(saved, str):
            try:
                self.restoreGeometry(QByteArray.fromBase64(saved.encode("ascii")))
            except (UnicodeEncodeError, ValueError):
                pass  # a damaged setting: the default size

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._closing and self.game_in_progress():
            event.ignore()  # asked first; closes again once the person agrees
            self.confirm_leave(self.quit_now, quitting=True)
            return
        self.settings.data["window"] = bytes(self.saveGeometry().toBase64().data()).decode("ascii")
        self.settings.save()
        if self.session is not None:
            self.session.stop()
        if self.lan is not None:
            self.lan.close()
            self.lan = None
        super().closeEvent(event)

    def quit_now(self) -> None:
        """Close without asking (the person agreed, or the program is ending)."""
        self._closing = True
        self.close()
