"""The action bar beside the status line: a button for each move that has no place on the
board (pass, end the phase, a choice among options), as on Board Game Arena; and the move
list, collapsed by default, for the keyboard.

Which moves have a place is `selection.unplaced`: the board and this bar together offer every
legal move, and the move list offers them all once more, never the same entry twice.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QWidget,
)

from .i18n import tr
from .items import word_lines

MAX_BUTTONS = 8  # more moves without a place than this: the rest behind a "More" button
MANY_OF_A_KIND = 6  # more moves of one kind than this: one list to choose from
ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)


class FlowLayout(QLayout):
    """Widgets side by side that wrap onto a new line when the line is full (Qt's flow
    layout example)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            widget = item.widget()
            least = widget.narrowest() if isinstance(widget, MoveButton) else item.minimumSize()
            size = size.expandedTo(least)
        return size

    def _arrange(self, rect: QRect, move: bool) -> int:
        """Place the items in lines within `rect`; returns the height they take."""
        x, y, line = rect.x(), rect.y(), 0
        for item in self._items:
            widget = item.widget()
            if isinstance(widget, MoveButton):
                widget.fit(rect.width())
                item.invalidate()
            hint = item.sizeHint()
            hint.setWidth(min(hint.width(), max(rect.width(), 1)))
            if x + hint.width() > rect.right() + 1 and line > 0:
                x, y, line = rect.x(), y + line + self._spacing, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._spacing
            line = max(line, hint.height())
        return y + line - rect.y()


class MoveButton(QPushButton):
    """A move's button whose label breaks into lines between words where the bar is narrower
    than the label (a long move's label is never cut at the bar's edge)."""

    def __init__(self, label: str) -> None:
        super().__init__(label)
        self.label = label
        self._chrome = super().sizeHint().width() - self.fontMetrics().horizontalAdvance(label)

    def narrowest(self) -> QSize:
        """As narrow as its longest word allows."""
        metrics = self.fontMetrics()
        widest = max(metrics.horizontalAdvance(word) for word in self.label.split(" "))
        return QSize(widest + self._chrome, super().minimumSizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return self.narrowest()

    def fit(self, width: int) -> None:
        metrics, room = self.fontMetrics(), width - self._chrome
        fits = metrics.horizontalAdvance(self.label) <= room
        text = self.label if fits else "\n".join(word_lines(self.label, room, metrics))
        if text != self.text():
            self.setText(text)


class ActionBar(QWidget):
    """Buttons for the moves the board cannot make; `chosen(action)` when one is pressed."""

    chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.flow = FlowLayout(self)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.buttons: list[MoveButton] = []
        self.more: QToolButton | None = None
        self.lists: list[tuple[QComboBox, QPushButton]] = []  # many moves of one kind: a list and its button
        # many moves of one kind that differ in one number: a number to set, and its button
        self.numbers: list[tuple[QSpinBox, QPushButton, dict[int, tuple[str, Any]]]] = []
        self.offered: list[tuple[str, Any]] = []  # (label, what pressing it hands back)

    def set_moves(self, moves: list[tuple[str, Any]], lang: str) -> None:
        """`moves`: (label, what pressing hands back) of each move to offer, in the game's order.
        Many moves of one kind (a pile's size, a number of cards) are one list to choose from
        with a button beside it, not a wall of buttons."""
        while self.flow.count():
            taken = self.flow.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.buttons, self.more, self.lists, self.numbers = [], None, [], []
        self.offered = list(moves)
        kinds: dict[Any, list[tuple[str, Any]]] = {}
        for label, move in moves:
            kinds.setdefault(_kind(move), []).append((label, move))
        singles = [entry for entry in moves if len(kinds[_kind(entry[1])]) <= MANY_OF_A_KIND]
        widgets: list[QWidget] = []
        for label, action in singles[:MAX_BUTTONS]:
            button = MoveButton(label)
            button.setAutoDefault(False)
            button.setToolTip(label)
            button.clicked.connect(lambda _checked=False, chosen=action: self.chosen.emit(chosen))
            self.buttons.append(button)
            widgets.append(button)
        for entries in kinds.values():
            if len(entries) > MANY_OF_A_KIND:
                by_number = _by_number(entries)
                widgets.append(self._number(by_number, lang) if by_number else self._choice(entries, lang))
        if len(singles) > MAX_BUTTONS:
            more = QToolButton()
            more.setText(tr("more_moves", lang, count=len(singles) - MAX_BUTTONS))
            more.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
            menu = QMenu(more)
            for label, action in singles[MAX_BUTTONS:]:
                entry = menu.addAction(label)
                entry.triggered.connect(lambda _checked=False, chosen=action: self.chosen.emit(chosen))
            more.setMenu(menu)
            self.more = more
            widgets.append(more)
        for widget in widgets:
            self.flow.addWidget(widget)
        self.setVisible(bool(widgets))

    def _choice(self, entries: list[tuple[str, Any]], lang: str) -> QWidget:
        """One list of the moves of a kind, and a button that makes the one chosen."""
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        combo = QComboBox()
        # as wide as a short move reads, so its button stays beside it; the list shows all
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(24)
        for label, move in entries:
            combo.addItem(label, move)
            combo.setItemData(combo.count() - 1, label, Qt.ItemDataRole.ToolTipRole)
        button = QPushButton(tr("make_move", lang))
        button.setAutoDefault(False)
        button.clicked.connect(lambda _checked=False: self.chosen.emit(combo.currentData()))
        layout.addWidget(combo)
        layout.addWidget(button)
        self.lists.append((combo, button))
        return row

    def _number(self, by_number: dict[int, tuple[str, Any]], lang: str) -> QWidget:
        """A number to set (a pile's size, a count of cards) reading the move it makes, and a
        button that makes it: forty moves that differ in one number are not forty entries."""
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        spin = QSpinBox()
        spin.setRange(min(by_number), max(by_number))
        reading = QLabel()
        reading.setWordWrap(True)

        def show(value: int) -> None:
            reading.setText(by_number[value][0] if value in by_number else "")

        spin.valueChanged.connect(show)
        show(spin.value())
        button = QPushButton(tr("make_move", lang))
        button.setAutoDefault(False)
        button.clicked.connect(lambda _checked=False: self.chosen.emit(by_number[spin.value()][1]))
        layout.addWidget(spin)
        layout.addWidget(reading, 1)
        layout.addWidget(button)
        self.numbers.append((spin, button, by_number))
        return row

    def labels(self) -> list[str]:
        """Every move the bar offers, its lists and menu included (for tests and the status line)."""
        found = [button.label for button in self.buttons]
        for combo, _button in self.lists:
            found += [combo.itemText(index) for index in range(combo.count())]
        for _spin, _button, by_number in self.numbers:
            found += [label for label, _move in by_number.values()]
        if self.more is not None and self.more.menu() is not None:
            found += [entry.text() for entry in self.more.menu().actions()]
        return found

    def press(self, label: str) -> bool:
        """Make the move of that label, as a click on its button, list or menu entry would."""
        for button in self.buttons:
            if button.label == label:
                button.click()
                return True
        for combo, make in self.lists:
            index = combo.findText(label)
            if index >= 0:
                combo.setCurrentIndex(index)
                make.click()
                return True
        for spin, make, by_number in self.numbers:
            value = next((number for number, (text, _move) in by_number.items() if text == label), None)
            if value is not None:
                spin.setValue(value)
                make.click()
                return True
        menu = self.more.menu() if self.more is not None else None
        for entry in menu.actions() if menu is not None else []:
            if entry.text() == label:
                entry.trigger()
                return True
        return False


def _by_number(entries: list[tuple[str, Any]]) -> dict[int, tuple[str, Any]] | None:
    """The entries by the one whole number their moves differ in, when they are moves that
    differ in nothing else and the numbers run without a gap; else None."""
    moves = [move[0] if isinstance(move, list) and len(move) == 1 else move for _label, move in entries]
    if not all(isinstance(move, dict) for move in moves):
        return None
    keys = set(moves[0])
    if any(set(move) != keys for move in moves):
        return None
    differing = [key for key in keys if len({repr(move[key]) for move in moves}) > 1]
    if len(differing) != 1 or not all(type(move[differing[0]]) is int for move in moves):
        return None
    numbers = {move[differing[0]]: entry for move, entry in zip(moves, entries, strict=True)}
    if len(numbers) != len(entries) or set(numbers) != set(range(min(numbers), max(numbers) + 1)):
        return None
    return dict(sorted(numbers.items()))


def _kind(move: Any) -> Any:
    """The kind of move an entry stands for: its action's type (an entry may hold several
    moves that read the same)."""
    first = move[0] if isinstance(move, list) and move else move
    return first.get("type") if isinstance(first, dict) else None


class MoveList(QListWidget):
    """Every move as one entry (moves that read the same are one entry, which offers them all),
    for the arrow keys and Enter; a key held down plays one move, never a second.

    A held key repeats: as presses marked auto-repeated, or (under X without detectable
    auto-repeat) as a release and a press at the same moment (the X server's time of both is
    the same). So a press of Enter sooner after its release than `repeat_gap_ms`, by the
    events' own times, is the key still held, and is ignored."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)  # a long move wraps; the list never scrolls sideways
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.installEventFilter(self)
        self._released: dict[int, int] = {}  # an Enter key -> the time of its last release (ms)
        self.repeat_gap_ms = repeat_gap_ms()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self and isinstance(event, QKeyEvent) and event.key() in ENTER_KEYS:
            if event.type() == QEvent.Type.KeyPress and self._held(event):
                return True  # the key is held: the move it made is the only one
            if event.type() == QEvent.Type.KeyRelease:
                self._released[event.key()] = event.timestamp()
        return super().eventFilter(watched, event)

    def _held(self, event: QKeyEvent) -> bool:
        """Whether a press of an Enter key is the key held down, repeating (an event without
        a time, made up by a program, tells only by its auto-repeat flag)."""
        released = self._released.get(event.key(), 0)
        soon = bool(released and event.timestamp()) and 0 <= event.timestamp() - released < self.repeat_gap_ms
        return event.isAutoRepeat() or soon

    def set_moves(self, entries: list[tuple[str, Any]]) -> None:
        """`entries`: (label, data) in order; data is what activating the entry hands back."""
        self.clear()
        for label, data in entries:
            item = QListWidgetItem(label)
            item.setToolTip(label)
            item.setData(Qt.ItemDataRole.UserRole, data)
            self.addItem(item)
        if entries:
            self.setCurrentRow(0)  # arrow keys and Enter play without a mouse


def repeat_gap_ms() -> float:
    """How soon after a key's release a press of it is a repeat: a little longer than the
    system's repeat interval (a key pressed again by hand takes longer than that)."""
    rate = QGuiApplication.styleHints().keyboardAutoRepeatRateF() or 30.0
    return min(max(1500.0 / rate, 60.0), 150.0)


def unique_labels(labelled: list[tuple[str, Any]]) -> list[tuple[str, list[Any]]]:
    """Entries grouped by label, in first-seen order: a list never shows one label twice."""
    groups: dict[str, list[Any]] = {}
    for label, value in labelled:
        groups.setdefault(label, []).append(value)
    return list(groups.items())
