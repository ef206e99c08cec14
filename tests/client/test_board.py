"""Drawing the board vocabulary and acting on clicks, with a made-up game (tests/client/conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsEllipseItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
)

from boardwright.client.app import MainWindow
from boardwright.client.items import colour
from boardwright.client.new_game import GameConfig
from boardwright.client.selection import mentions
from boardwright.framework import PluginHost, hookimpl

from .made_up_bots import register_bot


def start_tokens(window: MainWindow, seat_kinds: list[str] | None = None) -> None:
    assert window.start_game(GameConfig("token_test", 2, seat_kinds or ["human", "human"], handover=False))


def actions(window: MainWindow) -> list[dict[str, Any]]:
    assert window.session is not None
    return window.session.match.record.actions


def test_every_shape_is_drawn(token_window: MainWindow) -> None:
    start_tokens(token_window)
    items = token_window.table.view.scene().items()
    kinds = {type(item) for item in items}
    assert {
        QGraphicsPolygonItem,
        QGraphicsPathItem,
        QGraphicsRectItem,
        QGraphicsEllipseItem,
        QGraphicsSimpleTextItem,
    } <= kinds
    texts = {item.text() for item in items if isinstance(item, QGraphicsSimpleTextItem)}
    assert {"Tokens", "A", "B", "hex", "M"} <= texts
    piece = next(item for item in items if isinstance(item, QGraphicsEllipseItem))
    shadows = [child for child in piece.childItems() if isinstance(child, QGraphicsPathItem)]
    assert shadows and shadows[0].brush().color().alpha() > 0, "pieces cast a shadow"
    hexagon = next(item for item in items if isinstance(item, QGraphicsPolygonItem) and item.toolTip() == "a hex")
    assert hexagon.polygon().count() == 6


def test_a_click_shared_by_several_actions_offers_a_menu(token_window: MainWindow, click: Any) -> None:
    start_tokens(token_window)
    click(token_window, 120, 200)  # token "a": take it for 1 or for 2
    menu = token_window.table.menu
    assert menu is not None and menu.isVisible()
    labels = [entry.text() for entry in menu.actions()]
    assert labels == ["Take a for 1", "Take a for 2"]
    menu.actions()[1].trigger()
    menu.close()
    assert actions(token_window) == [{"type": "take", "token": "a", "count": 2}]


def test_clicking_empty_board_does_nothing(token_window: MainWindow, click: Any) -> None:
    start_tokens(token_window)
    click(token_window, 560, 30)
    assert actions(token_window) == []


def test_cards_are_buttons_and_a_track_is_shown(qtbot: Any, token_window: MainWindow) -> None:
    start_tokens(token_window)
    panels = token_window.table.panels
    assert [box.title() for box in panels.boxes] == ["Hand", "Track"]
    (card,) = panels.card_buttons
    assert card.text() == "Card one" and card.toolTip() == "plays c1"
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
    assert actions(token_window) == [{"type": "play", "card": "c1"}]
    assert token_window.table.panels.card_buttons == []
    token_window.set_language("ru")
    assert [box.title() for box in panels.boxes] == ["Рука", "Track"]


def test_game_over_shows_winners_and_scores(token_window: MainWindow, click: Any) -> None:
    start_tokens(token_window)
    token_window.table.play({"type": "take", "token": "a", "count": 2})
    token_window.table.play({"type": "take", "token": "b", "count": 1})
    token_window.table.play({"type": "play", "card": "c1"})
    banner = token_window.table.banner
    assert banner.isVisible()
    assert banner.text() == "Game over — Winner: Player 1  (Player 1: 2, Player 2: 1)"


def test_a_refused_move_is_a_message(token_window: MainWindow) -> None:
    start_tokens(token_window)
    token_window.table.play({"type": "take", "token": "z", "count": 1})
    assert "refused" in token_window.statusBar().currentMessage()
    assert actions(token_window) == []


def test_a_failing_bot_is_reported_and_the_window_stays(
    qtbot: Any, token_host: PluginHost, token_window: MainWindow
) -> None:
    def broken(turn: Any) -> Any:
        raise RuntimeError("no idea")

    register_bot(token_host, "broken", broken)
    start_tokens(token_window, ["broken:normal", "human"])
    qtbot.waitUntil(lambda: "no idea" in token_window.statusBar().currentMessage())
    assert "no idea" in token_window.table.actions_note.text()
    assert actions(token_window) == []


def test_a_bot_that_fails_is_asked_again_before_the_window_says_so(
    qtbot: Any, token_host: PluginHost, token_window: MainWindow
) -> None:
    """A search may meet a sampled world its game did not expect: asked again, it samples
    others. Two failures on a decision, then a move: the game goes on and nobody is told."""
    calls = [0]

    def flaky(turn: Any) -> Any:
        calls[0] += 1
        if calls[0] % 3:
            raise RuntimeError("a sampled world it did not expect")
        return turn.legal[0]

    register_bot(token_host, "flaky", flaky)
    start_tokens(token_window, ["flaky:normal", "human"])
    qtbot.waitUntil(lambda: len(actions(token_window)) == 1)
    assert calls[0] == 3 and token_window.session.bot_error == ""
    assert "sampled world" not in token_window.statusBar().currentMessage()


def test_a_painter_draws_its_kind(token_host: PluginHost, token_window: MainWindow, click: Any) -> None:
    class Painters:
        @hookimpl
        def boardwright_board_painters(self) -> dict[str, Any]:
            return {"tokens": lambda board: [(QGraphicsRectItem(0, 0, 600, 400), "b"), QGraphicsRectItem(0, 0, 5, 5)]}

    token_host.register(Painters(), name="painters")
    start_tokens(token_window)
    items = token_window.table.view.scene().items()
    assert not any(isinstance(item, QGraphicsEllipseItem) for item in items)
    click(token_window, 120, 200)
    assert token_window.table.menu is not None
    assert [entry.text() for entry in token_window.table.menu.actions()] == ["Take b for 1", "Take b for 2"]
    token_window.table.menu.close()


def test_a_failing_painter_falls_back_to_the_generic_drawing(token_host: PluginHost, token_window: MainWindow) -> None:
    def broken(board: dict[str, Any]) -> Any:
        raise ValueError("bad painter")

    class Painters:
        @hookimpl
        def boardwright_board_painters(self) -> dict[str, Any]:
            return {"tokens": broken}

    token_host.register(Painters(), name="painters")
    start_tokens(token_window)
    assert "bad painter" in (token_window.table.view.painter_error or "")
    assert any(isinstance(item, QGraphicsEllipseItem) for item in token_window.table.view.scene().items())


def test_the_board_scales_with_the_window(qtbot: Any, token_window: MainWindow) -> None:
    start_tokens(token_window)
    view = token_window.table.view
    before = view.transform().m11()
    token_window.resize(800, 600)
    qtbot.waitUntil(lambda: view.transform().m11() < before)
    corner = view.mapFromScene(QPointF(600, 400))
    assert 0 < corner.x() <= view.viewport().width()
    assert 0 < corner.y() <= view.viewport().height()


@pytest.mark.parametrize(
    ("text", "rgba"),
    [("#ff000080", (255, 0, 0, 128)), ("#00ff00", (0, 255, 0, 255)), ("#abc", (170, 187, 204, 255))],
)
def test_colours_put_alpha_last(text: str, rgba: tuple[int, int, int, int]) -> None:
    value = colour(text)
    assert value is not None
    assert (value.red(), value.green(), value.blue(), value.alpha()) == rgba
    assert colour("not a colour") is None


def test_a_click_matches_ids_anywhere_in_an_action() -> None:
    action = {"type": "march", "from": "r12", "units": [3, {"id": "u7"}], "flag": True}
    assert mentions(action, "r12") and mentions(action, 3) and mentions(action, "u7")
    assert not mentions(action, "march")
    assert not mentions(action, 1)  # True is not the id 1


def test_the_wheel_zooms_and_a_redraw_keeps_the_zoom(qtbot: Any, token_window: MainWindow, click: Any) -> None:
    start_tokens(token_window)
    view = token_window.table.view
    fitted = view.transform().m11()
    centre = view.viewport().rect().center()
    wheel = QWheelEvent(
        QPointF(centre),
        QPointF(view.viewport().mapToGlobal(centre)),
        QPoint(0, 0),
        QPoint(0, 240),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), wheel)
    assert view.zoom == pytest.approx(1.5625)
    assert view.transform().m11() == pytest.approx(fitted * 1.5625)
    token_window.table.play({"type": "play", "card": "c1"})
    assert view.transform().m11() == pytest.approx(fitted * 1.5625)
    view.set_zoom(1.0)
    assert view.transform().m11() == pytest.approx(fitted)


def test_the_board_is_only_ever_drawn_for_a_person_seat(
    qtbot: Any, token_host: PluginHost, token_window: MainWindow, monkeypatch: Any
) -> None:
    game = token_host.game("token_test")
    drawn_for: list[int | None] = []
    original = type(game).board

    def recording_board(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        drawn_for.append(seat)
        return original(game, state, seat)

    monkeypatch.setattr(game, "board", recording_board)
    start_tokens(token_window, ["random:normal", "human"])
    qtbot.waitUntil(lambda: len(actions(token_window)) == 1)
    token_window.table.play(token_window.table.legal[0])
    qtbot.waitUntil(lambda: token_window.session is not None and token_window.session.match.is_over())
    assert set(drawn_for) == {1}


def test_hovering_a_playable_item_outlines_it(qtbot: Any, token_window: MainWindow) -> None:
    start_tokens(token_window)
    view = token_window.table.view
    qtbot.mouseMove(view.viewport(), view.mapFromScene(QPointF(300, 200)))  # token "b"
    qtbot.waitUntil(lambda: view.hover_outline is not None)
    assert view.hover_outline.path().boundingRect().contains(QPointF(300, 200))
    assert view.viewport().cursor().shape() == Qt.CursorShape.PointingHandCursor
    qtbot.mouseMove(view.viewport(), view.mapFromScene(QPointF(560, 30)))  # nothing to do there
    qtbot.waitUntil(lambda: view.hover_outline is None)
    assert view.viewport().cursor().shape() == Qt.CursorShape.ArrowCursor


def test_a_save_of_a_game_that_is_not_installed_is_refused(
    qtbot: Any, token_window: MainWindow, host: PluginHost, settings: Any, tmp_path: Any
) -> None:
    start_tokens(token_window)
    path = tmp_path / "tokens.bwr"
    assert token_window.save_to(path)
    other = MainWindow(host, settings, bot_delay_ms=0)
    qtbot.addWidget(other)
    assert not other.load_from(path)
    assert "token_test" in other.last_error
    assert other.session is None
    assert other.pages.currentWidget() is other.library


def test_a_board_that_fails_is_a_note_and_the_moves_still_work(
    token_host: PluginHost, token_window: MainWindow, monkeypatch: Any
) -> None:
    def broken_board(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        raise KeyError("cells")

    monkeypatch.setattr(token_host.game("token_test"), "board", broken_board)
    start_tokens(token_window)
    texts = [item.text() for item in token_window.table.view.scene().items() if hasattr(item, "text")]
    assert any("KeyError" in text for text in texts)
    assert token_window.table.action_list.count() == 5
    token_window.table.play({"type": "play", "card": "c1"})
    assert actions(token_window) == [{"type": "play", "card": "c1"}]


def test_the_board_drawn_after_a_note_takes_the_note_away(
    token_host: PluginHost, token_window: MainWindow, monkeypatch: Any
) -> None:
    """A note in place of the board (a board that failed, a LAN table's first position on
    its way) goes when the next board is drawn: nothing is left behind it."""
    game = token_host.game("token_test")
    working, broken = game.board, [True]

    def board(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        if broken[0]:
            raise KeyError("cells")
        return working(state, seat)

    monkeypatch.setattr(game, "board", board)
    start_tokens(token_window)

    def texts() -> list[str]:
        return [item.text() for item in token_window.table.view.scene().items() if hasattr(item, "text")]

    assert any("KeyError" in text for text in texts())
    broken[0] = False
    token_window.table.play({"type": "play", "card": "c1"})
    assert texts() and not any("KeyError" in text for text in texts())


def test_an_empty_board_says_whether_the_game_draws_none_or_a_table_waits_for_it(
    token_host: PluginHost, token_window: MainWindow, monkeypatch: Any
) -> None:
    monkeypatch.setattr(token_host.game("token_test"), "board", lambda state, seat: {"items": []})
    start_tokens(token_window)

    def texts() -> list[str]:
        return [item.text() for item in token_window.table.view.scene().items() if hasattr(item, "text")]

    assert any("draws no board" in text for text in texts())
    monkeypatch.setattr(token_window.session, "awaiting_board", lambda: True)  # a LAN table's first update
    token_window.table.play({"type": "play", "card": "c1"})
    assert any("on its way" in text for text in texts()) and not any("draws no board" in text for text in texts())


def test_panels_keep_the_height_their_lines_need(qtbot: Any, window: Any) -> None:
    """Long wrapped lines and many cards scroll in the side area; no panel is squashed."""
    import random

    from boardwright.client.panels import TrackWidget

    assert window.start_game(GameConfig("book_of_war", 2, ["human", "human"], handover=False, seed=3))
    match = window.session.match
    rng = random.Random(1)
    for _ in range(60):
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    QApplication.processEvents()
    panels = window.table.panels
    assert len(panels.boxes) >= 3
    for box in panels.boxes:
        if box.hasHeightForWidth():
            assert box.height() >= box.heightForWidth(box.width()), box.title()
    assert panels.height() >= sum(box.height() for box in panels.boxes)
    # a 101-box track in a panel numbers every 10th box at a panel's width
    track = TrackWidget({"length": 101, "marks": [{"at": 40, "label": "A"}]}, "en")
    track.resize(300, track.minimumHeight())
    assert track._step() == 10
