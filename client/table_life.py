"""The life of a table around its board: the bots' pace (and the next bot move when they go
one move at a time), a LAN table's Ready step and chat, and the banner when the game ends
with what comes next (the next game of a series, a rematch, the replay, a new game).
A part of `TablePage`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, SignalInstance
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from boardwright.framework import BoardwrightError

from .i18n import tr

if TYPE_CHECKING:
    from .session import TableSession

    _Page = QWidget
else:
    _Page = object

BANNER_STYLE = (
    "QLabel { background: #14532d; color: white; font-size: 18px; font-weight: bold;"
    " padding: 10px; border-radius: 6px; }"
)


def number_text(value: Any) -> str:
    """10 rather than 10.0 for a whole score."""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def _row(*widgets: QWidget) -> QWidget:
    """Widgets side by side, the first taking the spare room."""
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    for index, widget in enumerate(widgets):
        layout.addWidget(widget, 1 if index == 0 else 0)
    return row


# how bots' moves are shown: the time a chosen move waits before it is made, or one at a time
PACES = {"instant": 0, "fast": 250, "normal": 700, "slow": 1600, "step": -1}
# how long a piece takes to glide or drop in at each pace (ms; 0: it is there at once)
ANIMATION_MS = {"instant": 0, "fast": 150, "normal": 320, "slow": 520, "step": 320}


def pace_for_delay(delay_ms: int) -> str:
    """The pace nearest a delay (a window made with a given delay shows it in the list)."""
    return min((key for key in PACES if key != "step"), key=lambda key: abs(PACES[key] - delay_ms))


class TableLife(_Page):
    """The table's pace, Ready, chat and end-of-game rows (mixed into `TablePage`)."""

    if TYPE_CHECKING:
        session: TableSession | None
        lang: str
        next_game_requested: SignalInstance
        replay_requested: SignalInstance
        rematch_requested: SignalInstance
        new_game_requested: SignalInstance
        pace_chosen: SignalInstance
        message: SignalInstance

    def _build_rows(self) -> None:
        self.banner = QLabel()
        self.banner.setStyleSheet(BANNER_STYLE)
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # the next game of a series (the game's rules say who starts it and what carries over)
        self.next_button = QPushButton()
        self.next_button.clicked.connect(self.next_game_requested)
        self.replay_button = QPushButton()
        self.replay_button.clicked.connect(self.replay_requested)
        # the same game again with a fresh deal, or the new-game dialog
        self.rematch_button = QPushButton()
        self.rematch_button.clicked.connect(self.rematch_requested)
        self.new_game_button = QPushButton()
        self.new_game_button.clicked.connect(self.new_game_requested)
        self.banner_row = QWidget()
        banner_layout = QHBoxLayout(self.banner_row)
        banner_layout.setContentsMargins(0, 0, 0, 0)
        banner_layout.addWidget(self.banner, 1)
        banner_layout.addWidget(self.replay_button)
        banner_layout.addWidget(self.rematch_button)
        banner_layout.addWidget(self.new_game_button)
        banner_layout.addWidget(self.next_button)
        self.banner_row.hide()
        # a LAN table starts when every person has said Ready
        self.ready_row = QWidget()
        ready_layout = QHBoxLayout(self.ready_row)
        ready_layout.setContentsMargins(0, 0, 0, 0)
        self.ready_label = QLabel()
        self.ready_label.setStyleSheet(BANNER_STYLE)
        self.ready_button = QPushButton()
        self.ready_button.clicked.connect(self.say_ready)
        ready_layout.addWidget(self.ready_label, 1)
        ready_layout.addWidget(self.ready_button)
        self.ready_row.hide()

    def _build_pace(self) -> None:
        # bots' pace, and the next bot move when they go one move at a time
        self.pace_label = QLabel()
        self.pace = QComboBox()
        for key in PACES:
            self.pace.addItem(key, key)
        self.pace.currentIndexChanged.connect(lambda _i: self.pace_chosen.emit(self.pace.currentData()))
        self.next_move_button = QPushButton()
        self.next_move_button.clicked.connect(self.step_bot)
        self.next_move_shortcut = QShortcut(QKeySequence("N"), self, self.step_bot)
        self.next_move_shortcut.setAutoRepeat(False)  # a held key makes one move
        self.pace_row = QWidget()
        pace_layout = QHBoxLayout(self.pace_row)
        pace_layout.setContentsMargins(0, 0, 0, 0)
        pace_layout.addWidget(self.pace_label)
        pace_layout.addWidget(self.pace, 1)
        pace_layout.addWidget(self.next_move_button)
        self.pace_row.hide()

    def _build_chat(self) -> None:
        # table chat at a LAN table: a line typed here goes to everybody, and shows in the log
        self.chat_row = QWidget()
        chat_layout = QHBoxLayout(self.chat_row)
        chat_layout.setContentsMargins(0, 0, 0, 0)
        self.chat_line = QLineEdit()
        self.chat_line.setMaxLength(300)
        self.chat_line.returnPressed.connect(self.send_chat)
        self.chat_button = QPushButton()
        self.chat_button.clicked.connect(self.send_chat)
        chat_layout.addWidget(self.chat_line, 1)
        chat_layout.addWidget(self.chat_button)
        self.chat_row.hide()

    def set_pace(self, key: str) -> None:
        """Show `key` as the chosen pace (the window applies it to the session)."""
        index = self.pace.findData(key)
        if index >= 0 and index != self.pace.currentIndex():
            self.pace.blockSignals(True)
            self.pace.setCurrentIndex(index)
            self.pace.blockSignals(False)

    def step_bot(self) -> None:
        """Make the bot move that waits (bots going one move at a time)."""
        step = getattr(self.session, "step", None)
        if step is not None:
            step()

    def _show_pace(self) -> None:
        session = self.session
        local_bots = session is not None and bool(session.bots) and hasattr(session, "set_pace")
        self.pace_row.setVisible(local_bots)
        if not local_bots:
            return
        lang = self.lang
        self.pace_label.setText(tr("pace", lang))
        for index in range(self.pace.count()):
            self.pace.setItemText(index, tr(f"pace_{self.pace.itemData(index)}", lang))
        stepping = self.pace.currentData() == "step"
        self.next_move_button.setText(tr("next_move", lang))
        self.next_move_button.setVisible(stepping)
        self.next_move_button.setEnabled(getattr(session, "waiting_move", None) is not None)

    def _show_table_life(self) -> None:
        """A LAN table's Ready step and chat (a game played here has neither)."""
        session = self.session
        lang = self.lang
        chat = session is not None and hasattr(session, "say") and getattr(session, "seat", None) is not None
        self.chat_row.setVisible(chat)
        self.chat_button.setText(tr("chat_send", lang))
        self.chat_line.setPlaceholderText(tr("chat_hint", lang))
        waiting = session is not None and hasattr(session, "needs_ready") and session.needs_ready()
        self.ready_row.setVisible(waiting)
        self.ready_label.setText(tr("ready_hint", lang))
        self.ready_button.setText(tr("ready", lang))

    def say_ready(self) -> None:
        say_ready = getattr(self.session, "say_ready", None)
        if say_ready is not None:
            say_ready()  # the host's next update hides the row

    def send_chat(self) -> None:
        say = getattr(self.session, "say", None)
        text = self.chat_line.text().strip()
        if say is None or not text:
            return
        try:
            say(text)
        except BoardwrightError as exc:
            self.message.emit(tr("move_failed", self.lang, error=str(exc)))
            return
        self.chat_line.clear()

    def _show_gone(self) -> None:
        self.banner.setText(tr("lan_closed", self.lang))
        self.banner.setToolTip("")
        self.new_game_button.setText(tr("new_game", self.lang).replace("&", ""))
        for button in (self.next_button, self.replay_button, self.rematch_button):
            button.hide()
        self.new_game_button.show()
        self.banner_row.show()

    def _show_outcome(self, names: list[str]) -> None:
        session = self.session
        assert session is not None
        outcome = session.outcome()
        if not outcome and getattr(session, "closed", False):
            self._show_gone()  # the host went away: said where it stays in view, with a way on
            return
        if not outcome:
            self.banner_row.hide()
            return
        lang = self.lang
        winners = [names[s] for s in outcome.get("winners", []) if s < len(names)]
        if winners:
            result = tr("winners" if len(winners) == 1 else "winners_many", lang, names=", ".join(winners))
        else:
            result = tr("draw", lang)
        text = f"{tr('game_over', lang)} — {result}"
        scores = outcome.get("scores")
        if scores:
            shown = [f"{names[i]}: {number_text(score)}" for i, score in enumerate(scores) if i < len(names)]
            text += "  (" + ", ".join(shown) + ")"
        self.banner.setText(text)
        self.banner.setToolTip(str(outcome.get("reason", "")))
        try:
            following = session.next_in_series()
        except Exception:  # a game's bug here costs the button, not the window
            following = None
        self.next_button.setText(tr("next_in_series", lang))
        self.replay_button.setText(tr("watch_replay", lang))
        self.rematch_button.setText(tr("rematch", lang))
        self.new_game_button.setText(tr("new_game", lang).replace("&", ""))
        self.next_button.setVisible(following is not None)
        self.replay_button.setVisible(session.has_record)
        self.rematch_button.setVisible(session.has_record and following is None)
        self.banner_row.show()
