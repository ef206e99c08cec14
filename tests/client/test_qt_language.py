"""Qt's own dialogs speak the window's language: in Russian the file dialog reads
"Перейти к:", "Типы файлов:" and "Отмена", and back in English "Look in:" and "Cancel"."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QLabel

from boardwright.client.app import MainWindow


def file_dialog_words(qtbot: Any) -> tuple[list[str], list[str]]:
    dialog = QFileDialog(None, "", "", "*.bwgame")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)  # Qt's own dialog, as under Xvfb
    qtbot.addWidget(dialog)
    labels = [dialog.findChild(QLabel, name).text() for name in ("lookInLabel", "fileNameLabel", "fileTypeLabel")]
    buttons = dialog.findChild(QDialogButtonBox, "buttonBox")
    return labels, [button.text() for button in buttons.buttons()]


def test_the_file_dialog_speaks_the_windows_language_and_changes_with_it(qtbot: Any, window: MainWindow) -> None:
    window.set_language("ru")
    try:
        labels, buttons = file_dialog_words(qtbot)
        assert labels == ["&Перейти к:", "&Имя файла:", "&Типы файлов:"] and "Отмена" in buttons, (labels, buttons)
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Отмена"
        assert QCoreApplication.translate("QAbstractFileIconProvider", "Folder") == "Папка", "a folder's type"
    finally:
        window.set_language("en")
    labels, buttons = file_dialog_words(qtbot)
    assert labels == ["&Look in:", "File &name:", "Files of &type:"] and "Cancel" in buttons, (labels, buttons)
