"""Starting the desktop client: `boardwright play` opens the window (`run_client`), or
renders its first frame to a picture (`screenshot`); a machine with no display is told so
in one line before Qt could abort.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication

from boardwright.framework import BoardwrightError, PluginHost

from .app import MainWindow
from .new_game import GameConfig
from .settings import Settings


def _quiet_offscreen(mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """Qt's messages on stderr, less the offscreen platform's note on every window."""
    if "propagateSizeHints" not in message:
        sys.stderr.write(message + "\n")


def _display_problem() -> str | None:
    """Why no window can open here (a Linux machine with no display), before Qt aborts with
    a message about its platform plugin; None when one can."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if not sys.platform.startswith("linux") or (platform and not platform.startswith(("xcb", "wayland"))):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): start it "
        "from a desktop session, or render a picture with --screenshot FILE"
    )


def _open(window: MainWindow, start: GameConfig | Path | None, game_id: str | None) -> bool:
    """Open what the command line asked for: a set-up game, a saved file, or the dialog."""
    if isinstance(start, GameConfig):
        return window.start_game(start)
    if isinstance(start, Path):
        return window.load_from(start)
    if game_id:
        window.request_new_game(game_id)
    elif window.last_game() is not None:
        window.resume_last_game()
    else:
        window.show_library()
    return True


def run_client(
    host: PluginHost,
    game_id: str | None = None,
    lan: Callable[[], Any] | None = None,
    start: GameConfig | Path | None = None,
    lang: str | None = None,
    theme: str | None = None,
) -> int:
    """Show the window (the new-game dialog first when a game is named, the game itself when
    `start` sets one up or names a file); returns the exit status.

    `lan` makes the LAN service on first use (the command line passes one)."""
    problem = _display_problem()
    if problem is not None:
        raise BoardwrightError(problem, "display")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Boardwright")
    window = MainWindow(host, lan=lan)
    if lang:
        window.set_language(lang)
    if theme:
        window.set_theme(theme)
    if start is not None or (not game_id and window.last_game() is not None):
        window.pages.setCurrentWidget(window.table)  # see screenshot
    window.show()
    _open(window, start, game_id)
    if window.session is None and window.pages.currentWidget() is window.table:
        window.show_library()  # the game did not open: its error is over the library
    # what the process holds now (Qt's wrappers, the modules, every game's data and
    # scenarios) lives as long as the window: moved out of the collector's way, each full
    # collection scans only what came since, so a game no longer stalls the window for the
    # 18-50 ms a full pass over it all took (benchmarks/RESULTS.md, 2026-11-26)
    gc.freeze()
    return int(app.exec())


def screenshot(
    host: PluginHost,
    start: GameConfig | Path,
    path: Path,
    size: tuple[int, int],
    lang: str | None = None,
    theme: str | None = None,
) -> int:
    """Set the game up (or load the file), render the window's first frame to the PNG `path`
    and return 0; a game that does not open or a picture that cannot be written raises
    BoardwrightError, and no file is left half-written."""
    # a picture needs no screen: without a platform chosen, render offscreen
    if not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    qInstallMessageHandler(_quiet_offscreen)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Boardwright")
    # the person's own settings are neither read nor changed: the picture is the same everywhere
    scratch = tempfile.TemporaryDirectory(prefix="boardwright-shot-")
    window = MainWindow(host, Settings(Path(scratch.name) / "settings.json"), bot_delay_ms=3_600_000)
    if lang:
        window.set_language(lang)
    window.set_theme(theme or "light")
    window.resize(*size)
    # the window shows at the table the game will be at: the library's list of every game (and
    # their scenarios) is read only when the library is shown
    window.pages.setCurrentWidget(window.table)
    window.show()
    try:
        if not _open(window, start, None):
            raise BoardwrightError(window.last_error or "the game did not open", "screenshot")
        app.processEvents()
        image = window.grab()
        partial = path.with_name(path.name + ".part")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if not image.save(str(partial), "PNG"):
                raise OSError("Qt could not write it")
            partial.replace(path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                partial.unlink(missing_ok=True)
            raise BoardwrightError(f"cannot write the picture {path}: {exc.strerror or exc}", "screenshot") from None
    finally:
        if window.session is not None:
            window.session.stop()
        window.close()
        window.deleteLater()
        app.processEvents()
        scratch.cleanup()
    return 0
