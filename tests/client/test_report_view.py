"""A balance report opened in the desktop client: the report `simulate --report` writes, with
its text and every chart shown; a folder without one is one clear message."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from boardwright.client.app import MainWindow
from boardwright.client.report_view import ReportDialog

BOARDWRIGHT = Path(sys.executable).with_name("boardwright")


def test_a_report_simulate_wrote_opens_with_its_text_and_charts(qtbot: Any, window: MainWindow, tmp_path: Path):
    folder = tmp_path / "run"
    done = subprocess.run(
        [str(BOARDWRIGHT), "simulate", "bestiary", "--games", "4", "--short", "--report", str(folder)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert window.view_report(folder)
    dialog = window.report_dialog
    assert isinstance(dialog, ReportDialog) and dialog.isVisible()
    assert "run" in dialog.windowTitle()
    shown = dialog.text.toPlainText()
    assert "bestiary" in shown.lower() and "95%" in shown
    assert {"balance.svg", "lengths.svg", "in_play.svg"} <= set(dialog.chart_names()), dialog.chart_names()


def test_a_folder_without_a_report_says_so_in_one_message(qtbot: Any, window: MainWindow, tmp_path: Path):
    assert not window.view_report(tmp_path)
    assert "holds no balance report" in window.last_error and "--report" in window.last_error
