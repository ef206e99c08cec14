"""The table page: the board, the status, the panels, the legal actions and the event log.

Everything shown comes from the session's viewing seat: `board(state, viewer)`,
`log_lines(viewer, lang)` and, when that seat is to move, its legal actions.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QCursor, QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from boardwright.framework import BoardwrightError, events
from boardwright.framework.choices import CHOOSE

from . import field_points
from .action_bar import ActionBar, MoveList, unique_labels
from .board_view import BoardView
from .captions import CAPTION_MS, CaptionLayer, captions
from .i18n import localise, tr
from .layout import shown_board
from .marks import seat_sign
from .panels import PanelsWidget, board_and_side, seat_icon
from .selection import Outcome, Selection, id_key, placeholder, values_in
from .session import TableSession
from .table_field import TableField
from .table_life import ANIMATION_MS, TableLife, number_text
from .theme import muted_text


class TablePage(TableField, TableLife, QWidget):
    """Shows one session; a person plays by clicking the board, a card or an action."""

    message = Signal(str)
    next_game_requested = Signal()
    replay_requested = Signal()
    rematch_requested = Signal()
    new_game_requested = Signal()
    pace_chosen = Signal(str)  # a key of PACES

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: TableSession | None = None
        self._seen_ply: int | None = None  # the ply and the seat to move when the board was last drawn
        self._mover: int | None = None
        self.lang = "en"
        self.board_painters: dict[str, Any] = {}
        self.handover = False
        self.legal: list[dict[str, Any]] = []
        self.open: list[dict[str, Any]] = []
        self.selection = Selection([], [], {})
        self.shown_seat: int | None = None
        self.menu: QMenu | None = None
        self._build_rows()

        self.view = BoardView()
        self.captions = CaptionLayer(self.view, self.view.position_of)  # a battle's numbers float over it
        self._events_seen = 0  # log events already shown (a live action's new ones float their numbers)
        self._live_action = False  # the board was last drawn for exactly one new action
        self.view.clicked.connect(self.on_id_clicked)
        self.view.relaid.connect(self._relay_board)
        self.view.dropped.connect(self.on_dropped)
        self.view.dragged_to.connect(self.on_dragged_to)
        self.view.field_clicked.connect(self.on_field_clicked)
        self.points = field_points.FieldPoints([], {}, [])
        self.fields: list[dict[str, Any]] = []
        self.seat_colours: list[Any] = []  # the game's colour of each seat, from its board
        self.coordinates = False  # hex coordinates shown (View → Coordinates)
        self._build_pace()

        self.status = QLabel()
        status_font = QFont(self.status.font())
        status_font.setPointSizeF(status_font.pointSizeF() * 1.25)
        status_font.setBold(True)
        self.status.setFont(status_font)
        self.status.setWordWrap(True)
        self.seats = QLabel()
        self.seats.setWordWrap(True)
        self.seats.setTextFormat(Qt.TextFormat.RichText)
        self.panels = PanelsWidget()
        self.panels.clicked.connect(self.on_id_clicked)
        self._build_moves()
        self.log_box = QGroupBox()
        self.log = QListWidget()
        self.log.setWordWrap(True)
        self.log.setMouseTracking(True)  # the line under the mouse lights the pieces it is about
        self.log.itemEntered.connect(self._light_log_line)
        self.log.viewport().installEventFilter(self)
        self._log_events: list[dict[str, Any] | None] = []
        self._build_chat()
        log_layout = QVBoxLayout(self.log_box)
        log_layout.addWidget(self.log)
        log_layout.addWidget(self.chat_row)

        splitter = self._build_side()

        self._build_cover()

        self.stack = QStackedWidget()
        self.stack.addWidget(splitter)
        self.stack.addWidget(self.cover)

        layout = QVBoxLayout(self)
        layout.addWidget(self.banner_row)
        layout.addWidget(self.ready_row)
        layout.addWidget(self.stack, 1)

    def _build_moves(self) -> None:
        """The action bar, the note on whose move it is, k-of-n choosing and the move list."""
        # the moves with no place on the board, as buttons beside the status line
        self.action_bar = ActionBar()
        self.action_bar.chosen.connect(self.on_bar_chosen)
        self.action_bar.hide()
        self.actions_box = QGroupBox()
        self.action_list = MoveList()
        self.action_list.itemActivated.connect(self.on_action_activated)
        self._entries: list[list[Any]] = []  # the moves behind each entry of the move list
        self._groups: list[tuple[str, list[Any]]] = []  # the move list's entries, each label with its moves
        # the move list is for the keyboard: collapsed until asked for (Ctrl+M)
        self.list_toggle = QToolButton()
        self.list_toggle.setCheckable(True)
        self.list_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.list_toggle.toggled.connect(self.show_move_list)
        self.list_shortcut = QShortcut(QKeySequence("Ctrl+M"), self, self.list_toggle.toggle)
        self.action_list.hide()
        self.actions_note = QLabel()
        self.actions_note.setWordWrap(True)
        # choosing k items of n: the count so far, a confirm and a way back
        self.choose_row = QWidget()
        choose_layout = QHBoxLayout(self.choose_row)
        choose_layout.setContentsMargins(0, 0, 0, 0)
        self.choose_label = QLabel()
        self.confirm_button = QPushButton()
        self.confirm_button.clicked.connect(self.confirm_choice)
        self.cancel_button = QPushButton()
        self.cancel_button.clicked.connect(self.cancel_choice)
        choose_layout.addWidget(self.choose_label, 1)
        choose_layout.addWidget(self.confirm_button)
        choose_layout.addWidget(self.cancel_button)
        self.choose_row.hide()
        actions_layout = QVBoxLayout(self.actions_box)
        actions_layout.addWidget(self.actions_note)
        actions_layout.addWidget(self.list_toggle)
        actions_layout.addWidget(self.action_list, 1)

    def _build_side(self) -> QWidget:
        """The side beside the board: status, action bar, seats, pace, panels, moves and log."""
        # the panels scroll on their own, so the moves and the log always stay in sight
        self.panels_scroll = QScrollArea()
        self.panels_scroll.setWidgetResizable(True)
        self.panels_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.panels_scroll.setWidget(self.panels)
        self.side_splitter = QSplitter(Qt.Orientation.Vertical)
        for part in (self.panels_scroll, self.actions_box, self.log_box):
            self.side_splitter.addWidget(part)
        self.side_splitter.setSizes([360, 220, 220])
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.addWidget(self.status)
        side_layout.addWidget(self.action_bar)
        side_layout.addWidget(self.choose_row)  # choosing k of n: beside the status, as the bar
        side_layout.addWidget(self.seats)
        side_layout.addWidget(self.pace_row)
        side_layout.addWidget(self.side_splitter, 1)
        splitter = board_and_side(self.view, side)
        return splitter

    def _build_cover(self) -> None:
        """The hand-over screen between two people's turns at one screen."""
        self.cover = QWidget()
        cover_layout = QVBoxLayout(self.cover)
        self.cover_title = QLabel()
        self.cover_title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.cover_title.setStyleSheet("font-size: 22px; font-weight: bold;")
        self.cover_button = QPushButton()
        self.cover_button.clicked.connect(self.reveal)
        cover_layout.addStretch(1)
        cover_layout.addWidget(self.cover_title)
        cover_layout.addWidget(self.cover_button, 0, Qt.AlignmentFlag.AlignCenter)
        cover_layout.addStretch(1)

    # --- the session ---

    def set_session(self, session: TableSession, painters: dict[str, Any], handover: bool) -> None:
        self.session = session
        self._seen_ply, self._mover = None, None
        self._events_seen, self._live_action = 0, False
        self.captions.clear()
        self.board_painters = painters
        self.handover = handover and len(session.humans) > 1
        self.shown_seat = session.viewer
        session.changed.connect(self.refresh)
        session.bot_failed.connect(lambda error: self.message.emit(tr("bot_failed", self.lang, error=error)))
        session.move_refused.connect(lambda error: self.message.emit(tr("move_failed", self.lang, error=error)))
        session.notice.connect(lambda key: self.message.emit(tr(key, self.lang)))
        self.stack.setCurrentIndex(0)
        self.refresh()

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.refresh()

    def reveal(self) -> None:
        """The hand-over screen is passed: show the table to the seat now looking."""
        if self.session is not None:
            self.shown_seat = self.session.viewer
        self.stack.setCurrentIndex(0)
        self.refresh()

    # --- drawing ---

    def refresh(self) -> None:
        session = self.session
        lang = self.lang
        self.actions_box.setTitle(tr("actions", lang))
        self.log_box.setTitle(tr("log", lang))
        if session is None:
            return
        if self.handover and session.viewer != self.shown_seat:
            name = session.seat_names(lang)[session.viewer] if session.viewer is not None else ""
            self.cover_title.setText(tr("handover_title", lang, seat=name))
            self.cover_button.setText(tr("handover_button", lang, seat=name))
            self.stack.setCurrentIndex(1)
            self.legal = []
            return
        self.shown_seat = session.viewer
        names = session.seat_names(lang)
        self._show_pace()
        self._show_table_life()
        self.legal = session.legal_for_viewer()
        self.open = session.open_for_viewer()
        self.selection = Selection(self.legal, self.open, session.action_parts())
        self.selection.source = self.selection.only_source()
        self._draw_board(names)
        self._show_seats(names)
        self._show_actions(names)
        self._show_outcome(names)
        self.log.clear()
        try:
            self.log.addItems(session.log_lines(lang))
            self._log_events = session.log_events()
            self._sign_log_lines()
        except Exception as exc:  # a broken message template costs the log, not the window
            self.log.addItem(f"{type(exc).__name__}: {exc}")
            self._log_events = []
        self.log.scrollToBottom()
        self._float_numbers(names)

    def _sign_log_lines(self) -> None:
        """Each log line of a seat's doing starts with that seat's shape in its colour, as the
        seat list and the marks on the board show it."""
        px = max(12, round(self.log.fontMetrics().height() * 0.8))
        for row, event in enumerate(self._log_events[: self.log.count()]):
            seat = (event or {}).get("params", {}).get("seat")
            if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0:
                self.log.item(row).setIcon(seat_icon(self.seat_colours, seat, px))

    def _float_numbers(self, names: list[str]) -> None:
        """The numbers of the action just applied (damage, dice, strengths: its events' `show`)
        float over the items they are about, for as long as the chosen pace gives."""
        session = self.session
        fresh = self._log_events[self._events_seen :] if self._live_action else []
        self._events_seen, self._live_action = len(self._log_events), False
        duration = CAPTION_MS.get(self.pace.currentData(), 0)
        if not fresh or not duration or session is None:
            return
        messages = getattr(getattr(session, "game", None), "messages", {}) or {}
        try:
            shown = captions(fresh, messages, self.lang, names)
        except Exception:  # a game's bad `show` text costs the caption, not the window
            return
        self.captions.show(shown, duration)

    def _moved_by(self, names: list[str]) -> tuple[int | bool | None, list[dict[str, Any]] | None]:
        """Who made the moves since the board was last drawn: a seat, None (several seats),
        or False (no move: a selection or a language switch; or an undo, which unmarks all);
        and for one move, its board after its own effect (laid out), where the session knows it."""
        session = self.session
        assert session is not None
        ply, seen, mover = session.ply(), self._seen_ply, self._mover
        self._seen_ply, self._mover = ply, session.to_move()
        self._live_action = seen is not None and ply == seen + 1

        if seen is None or ply < seen:
            self.view.forget_moves()
            return False, None
        if ply == seen:
            return False, None
        if ply != seen + 1:
            return None, None
        seat, own_board, own_view = session.last_move()
        if own_board is None or own_view is None:
            return (mover if seat is None else seat), None
        try:
            own = shown_board(session.game, own_board, own_view, self.lang, names, self.view.layout_screen())
        except Exception:  # the moment between a move and its steps may not draw: all is the mover's
            return seat, None
        return seat, list(own.get("items", []))

    def _draw_board(self, names: list[str]) -> None:
        """The board with what a click would act on now and what is selected."""
        session = self.session
        assert session is not None
        lang = self.lang
        active_ids = self.selection.active_ids()
        try:
            raw = session.board()
            if self.coordinates:
                raw = {**raw, "show_coordinates": True}
            board = shown_board(session.game, raw, session.view(), lang, names, self.view.layout_screen())
        except Exception as exc:  # a game's bug in its board description must not close the window
            board = None
            self.view.show_message(tr("board_failed", lang, error=f"{type(exc).__name__}: {exc}"))
            self.status.setText("")
        if board is not None:
            marked = self.selection.marked_ids()
            self.view.animation_ms = ANIMATION_MS.get(self.pace.currentData(), 0)
            moved_by, own_items = self._moved_by(names)
            empty = tr("board_coming" if session.awaiting_board() else "no_board", lang)
            self.view.seat_colours = self.seat_colours = list(board.get("seat_colours") or [])
            lit = self.selection.lit_at_once()
            self.view.pickable = self.selection.pickable()
            self.view.show_board(board, lang, self.board_painters, active_ids, empty, marked, moved_by, own_items, lit)
            self.fields = list(board.get("fields", []))
            self._show_points()
            self.status.setText(localise(board.get("status"), lang))
            self.panels.set_panels(board.get("panels", []), lang, active_ids)
            self.panels_scroll.setVisible(bool(board.get("panels")))
        self._show_choosing()

    def _show_seats(self, names: list[str]) -> None:
        session = self.session
        assert session is not None
        lang = self.lang
        rows = []
        to_move = session.to_move()
        scores = session.scores()
        ready = session.readiness()  # the lobby of a LAN table: who sits where, who is ready
        for seat, name in enumerate(names):
            marker = tr("bot_marker" if seat in session.bots else "human_marker", lang)
            if seat in session.away:  # a LAN seat whose person is not connected: the table waits
                marker += ", " + tr("away_marker", lang)
            if seat < len(ready) and ready[seat] is not None:
                marker += ", " + tr("ready_marker" if ready[seat] else "not_ready_marker", lang)
            sign = seat_sign(self.seat_colours, seat)  # as its pieces and the marks on its last move
            row = f"{sign} {html.escape(name)} <span style='color:{muted_text()}'>({marker})</span>"
            if seat < len(scores):  # the score stays in view beside the name
                row += f" — <b>{number_text(scores[seat])}</b>"
            if seat == to_move:
                row = f"▶ <b>{row}</b>"
            rows.append(row)
        if session.viewer is None:
            # people play elsewhere (a LAN table watched from here), or only bots play
            rows.append(f"<i>{tr('watching' if session.humans else 'spectator', lang)}</i>")
        elif len(session.humans) > 1 or session.bots:
            rows.append(f"<i>{tr('you_view', lang, seat=names[session.viewer])}</i>")
        self.seats.setText("<br>".join(rows))

    def _show_actions(self, names: list[str]) -> None:
        session = self.session
        assert session is not None
        lang = self.lang
        to_move = session.to_move()
        if to_move is None:
            note = tr("game_over", lang)
        elif to_move in session.bots and session.bot_error:
            note = tr("bot_failed", lang, error=session.bot_error)
        elif to_move in session.bots:
            note = tr("thinking", lang, seat=names[to_move])
        elif to_move == session.viewer:
            note = tr("actions_hint", lang)
        else:
            note = tr("to_move", lang, seat=names[to_move])
        self.actions_note.setText(note)
        labelled = [(session.describe(action, lang), action) for action in self.legal]
        labelled += [
            (tr("choose_items", lang, action=session.describe(placeholder(picker), lang)), picker)
            for picker in self.selection.pickers
        ]
        groups = unique_labels(labelled)
        self._groups = groups
        self._entries = [moves for _label, moves in groups]
        self.action_list.set_moves([(label, index) for index, (label, _moves) in enumerate(groups)])
        self.list_toggle.setText(tr("move_list", lang, count=len(groups)))
        self.list_toggle.setArrowType(
            Qt.ArrowType.DownArrow if self.list_toggle.isChecked() else Qt.ArrowType.RightArrow
        )
        self._show_bar(groups)
        if to_move is not None and to_move == session.viewer and not self.action_bar.offered:
            self.actions_note.setText(tr("actions_hint_board", lang))  # no buttons to speak of
        self._fit_actions_box()

    def _show_bar(self, groups: list[tuple[str, list[Any]]]) -> None:
        """Buttons for the moves no click on the board makes (`Selection.reachable`), and for
        choosing k items of n where none of the items is drawn."""
        drawn = [*self.view.drawn_ids(), *self.panels.card_ids]
        on_board = {id(move) for move in self.selection.reachable(drawn)}
        keys = {id_key(item_id) for item_id in drawn}
        # the selected piece's own moves first, as buttons (its targets and points are lit)
        own = {id(move) for move in self.selection.selected_moves()}
        offered = [(label, moves) for label, moves in groups if any(id(move) in own for move in moves)]
        for label, moves in groups:
            if any(id(move) in own for move in moves):
                continue
            placed = [
                move
                for move in moves
                if id(move) in on_board
                or self.points.places(move)  # a point on the free field, where it is lit
                or (move in self.selection.pickers and self._picks_drawn(move, keys))
            ]
            if len(placed) < len(moves):
                offered.append((label, moves))
        self.action_bar.set_moves(offered, self.lang)

    def _picks_drawn(self, picker: dict[str, Any], drawn: set[Any]) -> bool:
        spec = next(v for v in picker.values() if isinstance(v, dict) and CHOOSE in v)
        return any(id_key(item) in drawn for item in spec[CHOOSE])

    def _relay_board(self) -> None:
        """The board laid out anew for the view's new shape (a resized window)."""
        if self.session is not None:
            self._draw_board(self.session.seat_names(self.lang))

    def show_coordinates(self, shown: bool) -> None:
        """Coordinates on the board and in texts, for a person who asked for them (View menu)."""
        self.coordinates = shown
        events.show_places(shown)  # the log and the moves name hexes with their coordinates too
        self.refresh()

    def show_move_list(self, shown: bool) -> None:
        self.action_list.setVisible(shown)
        self.list_toggle.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self._fit_actions_box()
        if shown:
            self.action_list.setFocus()

    def _fit_actions_box(self) -> None:
        """Collapsed, the moves box takes only the room of its note and its toggle."""
        box = self.actions_box
        if self.list_toggle.isChecked():
            box.setMaximumHeight(16777215)
            return
        layout = box.layout()
        if layout is None:
            return
        width = max(box.width(), 200)
        needed = layout.totalHeightForWidth(width) if layout.hasHeightForWidth() else layout.totalSizeHint().height()
        box.setMaximumHeight(needed + 8)

    def _light_log_line(self, item: QListWidgetItem) -> None:
        """Light on the board what the log line under the mouse is about (its event's `at` ids)."""
        row = self.log.row(item)
        event = self._log_events[row] if 0 <= row < len(self._log_events) else None
        at = (event or {}).get("params", {}).get("at") if isinstance(event, dict) else None
        self.view.light(at if isinstance(at, list) else [at] if at is not None else [])

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if watched is self.log.viewport() and event.type() == QEvent.Type.Leave:
            self.view.light([])
        return super().eventFilter(watched, event)

    # --- playing ---

    def on_id_clicked(self, item_id: Any) -> None:
        """A click on the board or a card: pick a source, complete an action at its target,
        or choose an item; an action is played at once, a menu only when two share the click."""
        if self._select_point_source(item_id):
            return
        self.handle(self.selection.click(item_id))

    def on_dragged_to(self, source: Any, target: Any) -> None:
        """A piece dragged onto a target: the same as clicking the one, then the other."""
        self.selection.cancel()
        if self.selection.click(source).what == "select":
            self.handle(self.selection.click(target))

    def handle(self, outcome: Outcome) -> None:
        if outcome.what == "play":
            self.play(outcome.actions[0])
        elif outcome.what == "menu":
            self.offer(outcome.actions)
        elif outcome.what in ("select", "toggle"):
            assert self.session is not None
            self._draw_board(self.session.seat_names(self.lang))
            self._show_bar(self._groups)  # the selected piece's own moves as buttons

    # --- points on the free field (client/field_points.py) ---

    def _show_choosing(self) -> None:
        chosen, count = self.selection.progress()
        choosing = self.selection.choosing is not None
        self.choose_row.setVisible(choosing)
        if choosing:
            self.choose_label.setText(tr("chosen_of", self.lang, chosen=chosen, count=count))
            self.confirm_button.setText(tr("confirm", self.lang))
            self.cancel_button.setText(tr("cancel", self.lang))
            self.confirm_button.setEnabled(self.selection.ready() is not None)

    def confirm_choice(self) -> None:
        filled = self.selection.ready()
        if filled is not None:
            self.selection.cancel()
            self.play(filled)

    def cancel_choice(self) -> None:
        self.selection.cancel()
        if self.session is not None:
            self._draw_board(self.session.seat_names(self.lang))
            self._show_bar(self._groups)

    def offer(self, actions: list[dict[str, Any]]) -> None:
        assert self.session is not None
        self.menu = QMenu(self)
        labels = [self.session.describe(action, self.lang) for action in actions]
        if len(set(labels)) < len(labels):
            # moves that read the same differ in where they go: the person choosing among
            # them is shown their places' coordinates, and each place lit under the mouse
            with events.showing_places():
                labels = [self.session.describe(action, self.lang) for action in actions]
        for number, (action, label) in enumerate(zip(actions, labels, strict=True), start=1):
            if labels.count(label) > 1:
                label = f"{label} ({number})"
            entry = self.menu.addAction(label)
            entry.triggered.connect(lambda _checked=False, chosen=action: self.play(chosen))
            entry.hovered.connect(lambda chosen=action: self.view.light(values_in(chosen)))
        self.menu.aboutToHide.connect(lambda: self.view.light([]))
        self.menu.popup(QCursor.pos())

    def on_action_activated(self, item: QListWidgetItem) -> None:
        index = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(index, int) and 0 <= index < len(self._entries):
            self.on_bar_chosen(self._entries[index])

    def on_bar_chosen(self, moves: list[dict[str, Any]]) -> None:
        """An entry of the move list or a button of the action bar: the moves behind it (one,
        or several that read the same, offered in a menu)."""
        if len(moves) > 1:
            self.offer(moves)
            return
        (move,) = moves
        if any(move is picker for picker in self.selection.pickers):
            self.selection.cancel()
            self.selection.choosing = move  # k items of n: chosen on the board, then confirmed
            assert self.session is not None
            self._draw_board(self.session.seat_names(self.lang))
            return
        self.play(move)

    def play(self, action: dict[str, Any]) -> str | None:
        """Play `action`; the reason it was refused, if it was."""
        if self.session is None:
            return None
        try:
            self.session.play(action)
        except BoardwrightError as exc:
            self.message.emit(tr("move_failed", self.lang, error=exc.message))
            return str(exc.message)
        return None
