"""A balance report (`boardwright simulate --report FOLDER`) as a designer reads it in the
desktop client: the report's text with its tables, and its charts below it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from boardwright.framework import BoardwrightError, report

from .i18n import tr


class NoReport(BoardwrightError):
    code = "no-report"


def report_text(folder: Path) -> str:
    """The report's Markdown (its charts are pictures beside it, which it names)."""
    text_file = folder / report.TEXT
    try:
        return text_file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NoReport(
            f"{folder} holds no balance report ({report.TEXT}): `boardwright simulate GAME --report {folder}` writes one"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise NoReport(f"{text_file}: cannot be read ({exc})") from None


class ReportDialog(QDialog):
    """The report of one folder; raises NoReport for a folder without one."""

    def __init__(self, folder: str | Path, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.folder = Path(folder)
        self.setWindowTitle(tr("report_title", lang, folder=self.folder.name))
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        self.text.setSearchPaths([str(self.folder)])  # the charts beside the text
        self.text.setMarkdown(report_text(self.folder))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(900, 700)

    def chart_names(self) -> list[str]:
        """The charts the report shows that the document could load (for tests)."""
        document = self.text.document()
        found = []
        for name in (*report.CHARTS, report.IN_PLAY_CHART):
            resource: Any = document.resource(QTextDocument.ResourceType.ImageResource, QUrl(name))
            if resource is not None and not getattr(resource, "isNull", lambda: False)():
                found.append(name)
        return found
