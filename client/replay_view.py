"""The replay page: step, jump and play through a finished or saved game.

A timeline (a slider; buttons to the start, one back, play/pause, one on, to the end) moves between the states after
each action; the board, the panels and the event log are those of the chosen ply, seen
by the chosen seat or by a spectator. Every state comes from the loaded `Match`, which
replayed the file with its hash checks, so what is shown is exactly what was played.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSlider,
    QSplitter,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from boardwright.framework import kernel
from boardwright.framework.match import Match

from .board_view import BoardView
from .i18n import localise, tr
from .layout import shown_board
from .panels import PanelsWidget, board_and_side

PLAY_INTERVAL_MS = 700
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)  # times the normal pace of one action each PLAY_INTERVAL_MS


class ReplayPage(QWidget):
    """Shows one match at any ply; nothing here changes the match."""

    closed = Signal()
    play_on_requested = Signal(int)  # a new game from the ply shown

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.match: Match | None = None
        self.lang = "en"
        self.board_painters: dict[str, Any] = {}
        self.ply = 0
        self.viewer: int | None = None

        self.view = BoardView()
        self.view.relaid.connect(self.refresh)  # laid out anew for a resized window
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setStyleSheet("font-weight: bold;")
        self.step_label = QLabel()
        self.step_label.setWordWrap(True)
        self.panels = PanelsWidget()
        self.panels_scroll = QScrollArea()
        self.panels_scroll.setWidgetResizable(True)
        self.panels_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.panels_scroll.setWidget(self.panels)
        self.log_box = QGroupBox()
        self.log = QListWidget()
        self.log.setWordWrap(True)
        QVBoxLayout(self.log_box).addWidget(self.log)
        self.seat_label = QLabel()
        self.seat_choice = QComboBox()
        self.seat_choice.currentIndexChanged.connect(self._on_seat_chosen)

        controls = self._build_controls()

        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.addWidget(self.status)
        side_layout.addWidget(self.step_label)
        seat_row = QHBoxLayout()
        seat_row.addWidget(self.seat_label)
        seat_row.addWidget(self.seat_choice, 1)
        side_layout.addLayout(seat_row)
        side_split = QSplitter(Qt.Orientation.Vertical)
        side_split.addWidget(self.panels_scroll)
        side_split.addWidget(self.log_box)
        side_split.setSizes([420, 300])
        side_layout.addWidget(side_split, 1)
        splitter = board_and_side(self.view, side)

        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(splitter, 1)

    # --- the match ---

    def _build_controls(self) -> QHBoxLayout:
        """The timeline: a slider, the media buttons and their keys, the speed, play on, close."""
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimum(0)
        self.slider.valueChanged.connect(self.go_to)
        # the style's media icons: no font on the machine needs to have the glyphs
        icon = self.style().standardIcon
        pixmap = QStyle.StandardPixmap
        self.first_button = QPushButton(icon(pixmap.SP_MediaSkipBackward), "")
        self.back_button = QPushButton(icon(pixmap.SP_MediaSeekBackward), "")
        self.play_button = QPushButton(icon(pixmap.SP_MediaPlay), "")
        self.forward_button = QPushButton(icon(pixmap.SP_MediaSeekForward), "")
        self.last_button = QPushButton(icon(pixmap.SP_MediaSkipForward), "")
        self.close_button = QPushButton()
        self.play_on_button = QPushButton()
        self.play_on_button.clicked.connect(lambda: self.play_on_requested.emit(self.ply))
        self.first_button.clicked.connect(lambda: self.go_to(0))
        self.back_button.clicked.connect(lambda: self.go_to(self.ply - 1))
        self.forward_button.clicked.connect(lambda: self.go_to(self.ply + 1))
        self.last_button.clicked.connect(lambda: self.go_to(self._plies()))
        self.play_button.clicked.connect(self.toggle_play)
        self.close_button.clicked.connect(self.closed)
        self.timer = QTimer(self)
        self.timer.setInterval(PLAY_INTERVAL_MS)
        self.timer.timeout.connect(self._tick)
        self.speed_label = QLabel()
        self.speed = QComboBox()
        for factor in SPEEDS:
            self.speed.addItem(f"{factor:g}×", factor)
        self.speed.setCurrentIndex(SPEEDS.index(1.0))
        self.speed.currentIndexChanged.connect(self._on_speed_chosen)
        self.speed.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for key, slot in (
            (QKeySequence(Qt.Key.Key_Left), lambda: self.go_to(self.ply - 1)),
            (QKeySequence(Qt.Key.Key_Right), lambda: self.go_to(self.ply + 1)),
            (QKeySequence(Qt.Key.Key_Home), lambda: self.go_to(0)),
            (QKeySequence(Qt.Key.Key_End), lambda: self.go_to(self._plies())),
            (QKeySequence(Qt.Key.Key_Space), self.toggle_play),
            (QKeySequence(Qt.Key.Key_Plus), lambda: self.set_speed_index(self.speed.currentIndex() + 1)),
            (QKeySequence(Qt.Key.Key_Equal), lambda: self.set_speed_index(self.speed.currentIndex() + 1)),
            (QKeySequence(Qt.Key.Key_Minus), lambda: self.set_speed_index(self.speed.currentIndex() - 1)),
        ):
            QShortcut(key, self, slot)

        controls = QHBoxLayout()
        for button in (self.first_button, self.back_button, self.play_button, self.forward_button, self.last_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the arrow keys stay with the timeline
            controls.addWidget(button)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.speed_label)
        controls.addWidget(self.speed)
        controls.addWidget(self.play_on_button)
        controls.addWidget(self.close_button)
        return controls

    def set_match(self, match: Match, painters: dict[str, Any], ply: int | None = None) -> None:
        """Show `match` (the whole of it stays available); at its end unless `ply` is given."""
        self.timer.stop()
        self.match = match
        self.board_painters = painters
        self.viewer = None
        self.slider.blockSignals(True)
        self.slider.setMaximum(match.plies)
        self.slider.blockSignals(False)
        self._fill_seats()
        self.go_to(match.plies if ply is None else ply, force=True)

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.log_box.setTitle(tr("log", lang))
        self.seat_label.setText(tr("replay_seat", lang))
        self.close_button.setText(tr("replay_close", lang))
        self.play_on_button.setText(tr("play_on", lang))
        self.play_button.setToolTip(tr("replay_play", lang))
        self.speed_label.setText(tr("replay_speed", lang))
        self.speed.setToolTip(tr("replay_speed_tip", lang))
        for button, key in (
            (self.first_button, "replay_first"),
            (self.back_button, "replay_back"),
            (self.forward_button, "replay_forward"),
            (self.last_button, "replay_last"),
        ):
            button.setToolTip(tr(key, lang))
        if self.match is not None:
            self._fill_seats()
            self.refresh()

    def _plies(self) -> int:
        return self.match.plies if self.match is not None else 0

    def _fill_seats(self) -> None:
        """Spectator first (public information only), then each seat by name."""
        match = self.match
        assert match is not None
        names = match.seat_names(self.lang)
        self.seat_choice.blockSignals(True)
        self.seat_choice.clear()
        self.seat_choice.addItem(tr("replay_spectator", self.lang), None)
        for seat, name in enumerate(names):
            self.seat_choice.addItem(name, seat)
        self.seat_choice.setCurrentIndex(0 if self.viewer is None else self.viewer + 1)
        self.seat_choice.blockSignals(False)

    def _on_seat_chosen(self, index: int) -> None:
        self.viewer = self.seat_choice.itemData(index)
        self.refresh()

    # --- moving along the timeline ---

    def go_to(self, ply: int, force: bool = False) -> None:
        ply = max(0, min(int(ply), self._plies()))
        if ply == self.ply and not force:
            return
        self.ply = ply
        if self.slider.value() != ply:
            self.slider.blockSignals(True)
            self.slider.setValue(ply)
            self.slider.blockSignals(False)
        self.refresh()

    def toggle_play(self) -> None:
        if self.timer.isActive():
            self.timer.stop()
        else:
            if self.ply >= self._plies():
                self.go_to(0)
            self.timer.start()
        self._show_play_state()

    def set_speed_index(self, index: int) -> None:
        """Play faster or slower (+ and - on the keyboard); the slider seeks at any speed."""
        self.speed.setCurrentIndex(max(0, min(index, len(SPEEDS) - 1)))

    def _on_speed_chosen(self, index: int) -> None:
        self.timer.setInterval(round(PLAY_INTERVAL_MS / SPEEDS[index]))

    def _tick(self) -> None:
        if self.ply >= self._plies():
            self.timer.stop()
            self._show_play_state()
            return
        self.go_to(self.ply + 1)

    def _show_play_state(self) -> None:
        pixmap = QStyle.StandardPixmap.SP_MediaPause if self.timer.isActive() else QStyle.StandardPixmap.SP_MediaPlay
        self.play_button.setIcon(self.style().standardIcon(pixmap))

    # --- drawing ---

    def refresh(self) -> None:
        match = self.match
        if match is None:
            return
        lang = self.lang
        ply, plies = self.ply, match.plies
        self.first_button.setEnabled(ply > 0)
        self.back_button.setEnabled(ply > 0)
        self.forward_button.setEnabled(ply < plies)
        self.last_button.setEnabled(ply < plies)
        state = match.state_at(ply)
        names = [match.game.seat_name(state, s, lang) for s in range(len(match.seat_names(lang)))]
        if ply == 0:
            step = tr("replay_start", lang, plies=plies)
        else:
            before = match.state_at(ply - 1)
            action = match.record.actions[ply - 1]
            mover = names[match.mover_at(ply - 1)]
            try:
                what = match.game.describe_action(before, action, lang)
            except Exception as exc:  # a game's label bug costs the label, not the page
                what = f"{action.get('type', '?')} ({type(exc).__name__})"
            step = tr("replay_step", lang, ply=ply, plies=plies, seat=mover, action=what)
        outcome = kernel.outcome(state)
        if outcome is not None:
            winners = [names[s] for s in outcome.get("winners", []) if s < len(names)]
            result = tr("winners_many" if len(winners) > 1 else "winners", lang, names=", ".join(winners))
            step += "\n" + tr("game_over", lang) + " — " + (result if winners else tr("draw", lang))
        self.step_label.setText(step)
        try:
            seen = match.engine.view(state, self.viewer)
            board = shown_board(
                match.game, match.board_at(ply, self.viewer), seen, lang, names, self.view.layout_screen()
            )
        except Exception as exc:  # a game's board bug must not close the window
            self.view.show_message(tr("board_failed", lang, error=f"{type(exc).__name__}: {exc}"))
            board = None
        if board is not None:
            self.view.show_board(board, lang, self.board_painters, (), tr("no_board", lang))
            self.status.setText(localise(board.get("status"), lang))
            self.panels.set_panels(board.get("panels", []), lang)
            self.panels_scroll.setVisible(bool(board.get("panels")))
        self.log.clear()
        try:
            self.log.addItems(match.log_lines_at(ply, self.viewer, lang))
        except Exception as exc:  # a broken message template costs the log, not the window
            self.log.addItem(f"{type(exc).__name__}: {exc}")
        self.log.scrollToBottom()
