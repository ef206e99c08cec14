"""Cards a person can read: every bundled game, seeded random positions, both languages, in
a board view of the size the table gives it at 1280x800. Every card's texts are measured as
they are drawn (client/card_plan.py): each fits its box by QFontMetrics, none is smaller than
the system's small font, none overlaps another, a card of the viewer's hand shows its name
and cost in the part its neighbour leaves, and no text is a card's id or its art's name. The
preview of a card under the mouse shows every part of it, opaque; the card rises."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QColor, QFontInfo, QFontMetricsF, QMouseEvent
from PySide6.QtWidgets import QApplication

from boardwright.client import card_plan
from boardwright.client.board_view import BoardView
from boardwright.client.card_layout import data_folder
from boardwright.client.cards import CardItem, CardPreview, face_colour
from boardwright.client.layout import shown_board
from boardwright.client.rules_dialog import rules_text
from boardwright.framework import PluginHost, kernel

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
CARD_GAMES = ["bestiary", "book_of_war", "heroes_cards", "reliquium", "signum"]
VIEW_SIZE = (808, 739)  # the board's part of a 1280x800 window


def positions(game_id: str) -> tuple[Any, list[dict[str, Any]]]:
    """A few states of a seeded random game, each with cards in a hand or on the table."""
    engine = PluginHost().engine(game_id)
    pick = random.Random(3)
    state = engine.new_game(2, {}, 3)
    found = []
    for step in range(90):
        if kernel.is_over(state):
            break
        if step % 15 == 14:
            found.append(kernel.clone(state))
        engine.apply(state, pick.choice(engine.legal_actions(state)))
    return engine, found


def drawn_cards(qtbot: Any, engine: Any, state: dict[str, Any], lang: str) -> tuple[BoardView, list[CardItem]]:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(*VIEW_SIZE)
    view.show()
    names = [f"seat {s + 1}" for s in range(kernel.seats(state))]
    board = shown_board(engine.game, engine.board(state, 0), engine.view(state, 0), lang, names)
    view.show_board(board, lang)
    return view, [item for item in view.scene().items() if isinstance(item, CardItem)]


def check_parts(plan: card_plan.Plan, small: float, forbidden: set[str]) -> None:
    check_parts_of(plan.parts, small, forbidden)


def check_parts_of(parts: list[card_plan.Part], small: float, forbidden: set[str]) -> None:
    """Each text fits its box, at no less than the small font, is no id, and overlaps no other."""
    boxes = []
    for part in parts:
        assert QFontInfo(part.font).pixelSize() >= round(small), (part.kind, part.text)
        used = QFontMetricsF(part.font).boundingRect(part.rect, part.flags, part.text)
        assert used.width() <= part.rect.width() + 1 and used.height() <= part.rect.height() + 1, (part.text, used)
        assert part.text not in forbidden, part.text
        if part.kind != "cost":
            boxes.append(part.rect.adjusted(0.5, 0.5, -0.5, -0.5))
    for index, box in enumerate(boxes):
        assert not any(box.intersects(other) for other in boxes[index + 1 :]), [p.text for p in parts]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_every_card_reads_at_1280x800(qtbot: Any, game_id: str, lang: str) -> None:
    engine, states = positions(game_id)
    small = card_plan.small_font_px()
    hands = 0
    for state in states:
        view, cards = drawn_cards(qtbot, engine, state, lang)
        scale = view.transform().m11()
        for card in cards:
            w, h = card.rect.width() * scale, card.rect.height() * scale
            if card.face is None:
                check_back(card, w, h, small)
                continue
            whole = CardPreview(card.face, None).plan()  # the large card shows all of it
            assert whole is not None and whole.complete, card.face
            check_parts(whole, small, set())
            visible = float(card.extra.get("visible", 1.0))
            plan = card_plan.Plan(card.face, w, h, small, visible)
            check_parts(plan, small, ids_and_art(engine, state))
            if card.lifts:
                hands += 1
                kinds = {part.kind for part in plan.parts}
                assert "title" in kinds, (card.face["title"], w, h)
                assert "cost" in kinds or "cost" not in card.face
                # the next card covers no text
                assert all(part.rect.right() <= visible * w + 0.5 for part in plan.parts)
        view.close()
    assert hands or game_id in ("bestiary", "reliquium")  # their cards lie in rows, not in hands


def check_back(card: CardItem, w: float, h: float, small: float) -> None:
    """What a back tells fits its band, above the count badge."""
    if not card.extra.get("back_label"):
        return
    bottom = h - card_plan.badge_size(w, small) - w * 0.04 if card.extra.get("count") else h
    label = card_plan.back_label(str(card.extra["back_label"]), w, h, small, bottom)
    if label is not None:
        check_parts_of([label], small, set())
        assert label.rect.bottom() <= bottom + 0.5


def ids_and_art(engine: Any, state: dict[str, Any]) -> set[str]:
    """What no card may show: the ids of the cards in the zones and the names of their art."""
    items = {str(item) for zone in engine.view(state, 0).get("zones", {}).values() for item in zone.get("items", [])}
    art = {str((engine.game.card_face(item) or {}).get("art")) for item in items}
    return items | art


@pytest.mark.parametrize("game_id", ["signum", "heroes_cards"])
def test_a_card_under_the_mouse_rises_and_shows_all_of_it(qtbot: Any, game_id: str) -> None:
    engine, states = positions(game_id)
    view, cards = drawn_cards(qtbot, engine, states[0], "ru")
    card = next(card for card in cards if card.lifts and card.face is not None)
    point = view.mapFromScene(card.mapToScene(card.rect.center()))
    move = QMouseEvent(
        QEvent.Type.MouseMove, QPointF(point), QPointF(view.viewport().mapToGlobal(point)),
        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
    )  # fmt: skip
    QApplication.sendEvent(view.viewport(), move)
    assert card.lifted and view.preview is not None
    plan = view.preview.plan()
    assert plan is not None and plan.complete
    check_parts(plan, card_plan.small_font_px(), set())
    shown = view.mapFromScene(view.preview.scenePos())
    assert view.viewport().rect().contains(shown + QPoint(0, round(view.preview.boundingRect().height()) - 1))
    ARTIFACTS.mkdir(exist_ok=True)
    assert view.grab().save(str(ARTIFACTS / f"client_card_preview_{game_id}.png"))
    away = QMouseEvent(
        QEvent.Type.MouseMove, QPointF(2, 2), QPointF(view.viewport().mapToGlobal(QPoint(2, 2))),
        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
    )  # fmt: skip
    QApplication.sendEvent(view.viewport(), away)
    assert not card.lifted and view.preview is None


def test_a_see_through_face_colour_is_printed_on_paper() -> None:
    colour = face_colour("#1d4ed855", "#e9dfc7")
    assert colour.alpha() == 255
    assert colour != QColor("#1d4ed8") and colour.blue() > colour.red()


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_card_art_is_a_shipped_icon_with_its_credits(game_id: str) -> None:
    game = PluginHost().engine(game_id).game
    folder = data_folder(game)
    assert folder is not None
    credits = (folder / "icons" / "ATTRIBUTION.md").read_text(encoding="utf-8")
    shipped = sorted(path.name.removesuffix(".svg") for path in (folder / "icons" / "game_icons").iterdir())
    assert shipped and all(f"| {name} | " in credits for name in shipped)
    assert "CC BY 3.0" in credits and (folder / "icons" / "LICENCE.txt").is_file()
    page = rules_text(game, "ru")
    assert page is not None and "game-icons.net" in page


def _mouse_at(view: BoardView, point: QPoint) -> None:
    move = QMouseEvent(
        QEvent.Type.MouseMove, QPointF(point), QPointF(view.viewport().mapToGlobal(point)),
        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
    )  # fmt: skip
    QApplication.sendEvent(view.viewport(), move)


@pytest.mark.parametrize("game_id", ["signum", "heroes_cards"])
def test_a_hand_spreads_for_the_card_under_the_mouse(qtbot: Any, game_id: str) -> None:
    """The cards beside the one under the mouse move aside, briefly animated, so that it
    shows whole and covers none of its neighbour's name and cost; the board is not laid out
    anew; once the mouse leaves, every card is back in its place."""
    engine, states = positions(game_id)
    for state in states:
        view, cards = drawn_cards(qtbot, engine, state, "ru")
        hand = sorted(
            (c for c in cards if c.lifts and float(c.extra.get("visible", 1.0)) < 1.0), key=lambda c: c.rect.x()
        )
        if hand:
            break
        view.close()
    else:
        pytest.skip("no overlapped hand in these positions")
    card = hand[len(hand) // 2]  # covered at rest by its right neighbour
    row = sorted(
        (c for c in cards if c.lifts and abs(c.rect.y() - card.rect.y()) < card.rect.height() / 2),
        key=lambda c: c.rect.x(),
    )
    after = row[row.index(card) + 1]
    rest = {id(c): c.sceneBoundingRect() for c in row}
    board, items = view.board_rect, len(view.scene().items())
    _mouse_at(view, view.mapFromScene(card.mapToScene(card.rect.topLeft() + QPointF(8, card.rect.height() / 2))))
    assert card.lifted and view.spread.running(), "the neighbours move aside, animated"
    qtbot.waitUntil(lambda: not view.spread.running(), timeout=1000)
    lifted = card.mapToScene(card.rect).boundingRect()
    beside = after.mapToScene(after.rect).boundingRect()
    assert beside.left() >= lifted.right() - 0.5, "the card under the mouse shows whole, its neighbour's name too"
    left = row[row.index(card) - 1] if row.index(card) else None
    if left is not None:
        shown = card.mapToScene(card.rect).boundingRect().left() - left.mapToScene(left.rect).boundingRect().left()
        assert shown >= float(left.extra.get("visible", 1.0)) * left.rect.width() - 0.5, "the left one keeps its part"
    assert view.board_rect == board and len(view.scene().items()) == items + 1, "no new layout: only the preview"
    assert view.preview is not None
    size = view.preview.boundingRect().size().toSize()  # screen pixels, whatever the zoom
    preview = QRect(view.mapFromScene(view.preview.scenePos()), size)
    assert not preview.intersects(view.mapFromScene(lifted).boundingRect()), "the enlarged card leaves it in sight"
    assert view.viewport().rect().contains(preview.adjusted(0, 0, -1, -1)), "and is whole on the screen"
    ARTIFACTS.mkdir(exist_ok=True)
    assert view.grab().save(str(ARTIFACTS / f"client_hand_spread_{game_id}.png"))
    _mouse_at(view, QPoint(2, 2))
    qtbot.waitUntil(lambda: not view.spread.running(), timeout=1000)
    assert all(c.sceneBoundingRect() == rest[id(c)] for c in row), "back in place"


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_the_enlarged_card_shows_its_picture(qtbot: Any, game_id: str) -> None:
    """Every card with a picture shows it in the enlarged card too: its art box is not empty
    (Book of War's Hammerers once showed an empty frame)."""
    from PySide6.QtGui import QImage, QPainter

    engine, states = positions(game_id)
    faces: dict[str, dict[str, Any]] = {}
    for state in states:
        view, cards = drawn_cards(qtbot, engine, state, "en")
        faces.update({repr(card.face): card.face for card in cards if card.face and "picture" in card.face})
        view.close()
    pictured = 0
    for item, face in sorted(faces.items()):
        preview = CardPreview(face, None)
        plan = preview.plan()
        assert plan is not None and plan.art is not None, item
        image = QImage(int(preview.boundingRect().width()), int(preview.height), QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        preview.paint(painter, None)  # type: ignore[arg-type]
        painter.end()
        box = plan.art.adjusted(6, 6, -6, -6)
        ground = image.pixelColor(round(box.left()), round(box.top()))
        inked = sum(
            image.pixelColor(x, y) != ground
            for x in range(round(box.left()), round(box.right()), 2)
            for y in range(round(box.top()), round(box.bottom()), 2)
        )
        assert inked > 40, (item, face["picture"])
        pictured += 1
    assert pictured, "the game's cards carry pictures"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_drafted_creature_shows_its_numbers(qtbot: Any, lang: str) -> None:
    """Bestiary's draft at 1280x800: every creature of the pool shows its strength, health
    and cooldowns on the card itself, so a player compares them without hovering each."""
    engine = PluginHost().engine("bestiary")
    state = engine.new_game(2, {}, 3)
    while kernel.phase(state) != "draft":
        engine.apply(state, engine.legal_actions(state)[0])
    view, cards = drawn_cards(qtbot, engine, state, lang)
    scale = view.transform().m11()
    small = card_plan.small_font_px()
    faces = [card for card in cards if card.face is not None and card.face.get("stats")]
    assert len(faces) >= 20
    for card in faces:
        plan = card_plan.Plan(card.face, card.rect.width() * scale, card.rect.height() * scale, small)
        shown = [part.text for part in plan.parts if part.kind == "stat"]
        assert shown == [card_plan.stat_label(stat) for stat in card.face["stats"]], card.face["title"]
    view.close()
