"""Every text of every board reads as a person sees it: each bundled game, at 1280x800 and
1920x1080, in English and Russian, at its start and after a dozen seeded moves, in the real
window. No board text is smaller on screen than the system's small font, an item's label
stays inside its item, no two texts cover each other, and no text is an id or a key."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

from boardwright.client.app import MainWindow
from boardwright.client.card_plan import small_font_px
from boardwright.client.items import BoardText
from boardwright.client.new_game import GameConfig
from boardwright.framework import PluginHost

GAMES = sorted(PluginHost().games())
SIZES = [(1280, 800), (1920, 1080)]
PLIES = 12
# what is still wrong, each to be fixed in its game's board (strict: a fix shows here)
NOT_YET: dict[tuple[str, str], str] = {}
AN_ID = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)+$")  # orc_warriors, zone_table: a key, not words


def shown_texts(window: MainWindow) -> list[tuple[BoardText, QRectF, float]]:
    """Each board text drawn now, its box on the screen and its size there in pixels."""
    view = window.table.view
    found = []
    for item in view.scene().items():
        if isinstance(item, BoardText) and item.isVisible() and item.text().strip():
            device = item.deviceTransform(view.viewportTransform())
            found.append((item, device.mapRect(item.boundingRect()), item.font().pixelSize() * device.m22()))
    return found


def ids_of(raw: Any) -> set[str]:
    """Every id and card id a board description names, however deep."""
    if isinstance(raw, list):
        return {found for part in raw for found in ids_of(part)}
    if not isinstance(raw, dict):
        return set()
    named = {str(raw[key]) for key in ("id", "card") if isinstance(raw.get(key), str)}
    return named.union(*(ids_of(value) for value in raw.values()))


def drawn(item: Any) -> bool:
    """Whether an item is seen itself (an unfilled, unstroked box only places its label)."""
    brush, pen = item.brush(), item.pen()
    return (brush.color().alpha() > 0 and brush.style() != Qt.BrushStyle.NoBrush) or (
        pen.style() != Qt.PenStyle.NoPen and pen.color().alpha() > 0
    )


def faults(window: MainWindow) -> list[str]:
    small = small_font_px()
    texts = shown_texts(window)
    ids = ids_of(window.session.board())
    found = []
    for item, box, px in texts:
        words = item.text()
        if px < small - 0.5:
            found.append(f"small: {words!r} at {px:.1f} px")
        parent = item.parentItem()
        if parent is not None and not isinstance(parent, QGraphicsSimpleTextItem) and drawn(parent):
            room = parent.deviceTransform(window.table.view.viewportTransform()).mapRect(parent.boundingRect())
            if box.width() > room.width() + 2:
                found.append(f"wider than its item: {words!r} ({box.width():.0f} px in {room.width():.0f})")
        if words in ids or any(AN_ID.match(line) for line in words.split()):
            found.append(f"an id: {words!r}")
    # the letters' boxes: a line's box less the room above capitals and below the baseline
    boxes = [(item.text(), box.adjusted(1, px * 0.2, -1, -px * 0.2)) for item, box, px in texts]
    for index, (words, box) in enumerate(boxes):
        for other, second in boxes[index + 1 :]:
            common = box.intersected(second)
            if common.width() > 1 and common.height() > 1:
                found.append(f"overlap: {words!r} and {other!r}")
    return found


def cases() -> list[Any]:
    """Every game at both sizes with its fewest players, and with its most where it has more."""
    found = []
    for game_id, game in sorted(PluginHost().games().items()):
        counts = sorted({game.spec.players[0], game.spec.players[-1]})
        for width, height in SIZES:
            for players in counts:
                name = f"{width}x{height}" + (f"-{players}p" if players != counts[0] else "")
                reason = NOT_YET.get((game_id, name))
                marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
                found.append(pytest.param(game_id, (width, height), players, id=f"{game_id}-{name}", marks=marks))
    return found


@pytest.mark.parametrize(("game_id", "size", "players"), cases())
def test_every_board_text_reads(
    qtbot: Any, host: PluginHost, window: MainWindow, game_id: str, size: tuple[int, int], players: int
):
    window.resize(*size)
    assert window.start_game(GameConfig(game_id, players, ["human"] * players, seed=3, handover=False))
    window.table.pace.setCurrentIndex(window.table.pace.findData("instant"))
    pick = random.Random(3)
    found: dict[str, list[str]] = {}
    try:
        for ply in range(PLIES + 1):
            QApplication.processEvents()
            if ply in (0, PLIES):
                for lang in ("en", "ru"):
                    window.set_language(lang)
                    QApplication.processEvents()
                    for fault in faults(window):
                        found.setdefault(fault, []).append(f"{lang} ply {ply}")
            if window.session.match.is_over() or not window.table.legal:
                break
            window.table.play(pick.choice(window.table.legal))
    finally:
        window.set_language("en")
    assert not found, "\n".join(f"{fault} ({', '.join(where)})" for fault, where in found.items())


def test_a_full_heroes_hand_leaves_every_pile_title_readable(qtbot: Any, window: MainWindow) -> None:
    """Six travel cards and five creatures in hand, at 1280x800 in Russian: widening the pile
    titles for the small font draws the table smaller, which needs them wider again; the
    layout goes on until none runs into the next, and every hand still lies in one row."""
    window.resize(1280, 800)
    window.set_language("ru")
    assert window.start_game(GameConfig("heroes_cards", 2, ["human", "human"], seed=1, handover=False))
    window.table.pace.setCurrentIndex(window.table.pace.findData("instant"))
    pick = random.Random(1)
    try:
        for _ in range(14):
            window.table.play(pick.choice(window.table.legal))
            QApplication.processEvents()
        match = window.session.match
        assert len(match.view(match.to_move())["zones"][f"travel:{match.to_move()}"]["items"]) == 6
        assert not faults(window)
    finally:
        window.set_language("en")
