"""The cards' pictures in Qt's pixmap cache: those of the cards a board shows are kept (a card
that moves is copied, not painted again), the others let go (a long game of Heroes painted
380 of them, 13 MB)."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QImage, QPainter, QPixmap, QPixmapCache

from boardwright.client.board_view import BoardView
from boardwright.client.cards import CardItem
from boardwright.client.layout import compose


def _board(cards: list[str]) -> dict[str, Any]:
    return compose(
        {"elements": [{"type": "cards", "cards": cards, "layout": "row", "title": "Hand", "place": "bottom"}]}
    )


def _painted(view: BoardView) -> dict[str, str]:
    """Paint the view; the cache key of each card's picture, by the card's title."""
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    view.render(painter)
    painter.end()
    scale = f"{view.transform().m11():.4f}"
    cards = [item for item in view.scene().items() if isinstance(item, CardItem)]
    return {str(card.face): f"boardwright-card:{scale}:{card._look}" for card in cards}


def test_the_pictures_of_cards_no_longer_shown_are_let_go(qtbot: Any) -> None:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    view.show_board(_board(["archer", "knight"]), "en")
    first = _painted(view)
    assert all(QPixmapCache.find(key, QPixmap()) for key in first.values())
    view.show_board(_board(["knight", "scout"]), "en")
    second = _painted(view)
    kept = set(first.values()) & set(second.values())
    assert kept and all(QPixmapCache.find(key, QPixmap()) for key in second.values()), "the knight's is kept"
    gone = set(first.values()) - kept
    assert gone and not any(QPixmapCache.find(key, QPixmap()) for key in gone), "the archer's is let go"
