"""The "Join a LAN table" dialog: tables heard on the LAN, or an address typed by hand.

Listening for tables takes a moment, so it runs in a worker thread; the list fills in
when it is done. The dialog only chooses: the window joins.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QThreadPool, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from boardwright.framework import PluginHost

from .i18n import tr

BROWSE_SECONDS = 2.0


def parse_address(text: str) -> tuple[str, int] | None:
    """("192.168.1.5", 40123) from "192.168.1.5:40123"; None for anything else."""
    address, sep, port = text.strip().rpartition(":")
    if not sep or not address or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return address, int(port)


class JoinDialog(QDialog):
    _heard = Signal(object)

    def __init__(
        self, host: PluginHost, lan: Any, lang: str, parent: QWidget | None = None, player_name: str = ""
    ) -> None:
        super().__init__(parent)
        self.host = host
        self.lan = lan
        self.lang = lang
        self.tables: list[dict[str, Any]] = []
        self.setWindowTitle(tr("lan_join_title", lang))
        self.note = QLabel(tr("lan_looking", lang))
        self.note.setWordWrap(True)
        self.list = QListWidget()
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        self.list.currentRowChanged.connect(self._on_row)
        self.again = QPushButton(tr("lan_look_again", lang))
        self.again.clicked.connect(self.look)
        self.address = QLineEdit()
        self.address.setPlaceholderText("192.168.1.5:40123")
        # the name the others see beside this seat, in the seat list, the log and the chat
        self.player_name = QLineEdit(player_name)
        self.player_name.setMaxLength(40)
        self.player_name.setPlaceholderText(tr("your_name_default", lang))  # the name when none is typed
        self.player_name.setToolTip(tr("your_name_hint", lang))
        form = QFormLayout()
        form.addRow(tr("your_name", lang), self.player_name)
        form.addRow(tr("lan_address", lang), self.address)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("lan_join_button", lang))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("cancel", lang))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.spectate = False  # Watch: join without a seat
        watch = buttons.addButton(tr("lan_watch_button", lang), QDialogButtonBox.ButtonRole.AcceptRole)
        watch.clicked.connect(self._watch)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.again)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(520, 380)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._heard.connect(self._show_tables)

    def look(self) -> None:
        """Listen for tables in a worker thread."""
        self.again.setEnabled(False)
        self.note.setText(tr("lan_looking", self.lang))
        heard = self._heard
        lan = self.lan

        def listen() -> None:
            try:
                tables = lan.browse(BROWSE_SECONDS)
            except Exception as exc:  # no network at all: say so, keep the dialog
                tables = exc
            heard.emit(tables)

        self._pool.start(listen)

    def _show_tables(self, tables: Any) -> None:
        self.again.setEnabled(True)
        self.list.clear()
        if isinstance(tables, Exception):
            self.tables = []
            self.note.setText(f"{type(tables).__name__}: {tables}")
            return
        self.tables = [t for t in tables if t.get("game") in self.host.games()]
        for table in self.tables:
            game = self.host.games()[table["game"]].spec
            text = tr(
                "lan_table_row",
                self.lang,
                name=table["name"],
                game=game.title_ru if self.lang == "ru" else game.title_en,
                free=table["free"],
                players=table["players"],
            )
            self.list.addItem(QListWidgetItem(text))
        self.note.setText(tr("lan_join_title", self.lang) if self.tables else tr("lan_none", self.lang))
        if self.tables:
            self.list.setCurrentRow(0)

    def _on_row(self, row: int) -> None:
        if 0 <= row < len(self.tables):
            table = self.tables[row]
            self.address.setText(f"{table['address']}:{table['port']}")

    def _watch(self) -> None:
        self.spectate = True

    def chosen(self) -> tuple[str, int] | None:
        return parse_address(self.address.text())

    def done(self, result: int) -> None:
        self._pool.waitForDone(int(BROWSE_SECONDS * 1000) + 3000)
        super().done(result)
