"""Moves you can follow: what each seat's last move changed is marked in its colour, a new
piece drops in and a moved piece glides, at the pace the person chose."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtWidgets import QApplication

from boardwright.client.app import MainWindow
from boardwright.client.board_view import BoardView
from boardwright.client.new_game import GameConfig

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def _play(qtbot: Any, window: MainWindow, row: int) -> None:
    before = window.session.ply()
    window.table.action_list.setCurrentRow(row)
    qtbot.keyClick(window.table.action_list, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.session.ply() == before + 1, timeout=3000)


def test_each_seats_last_move_is_marked(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False))
    view = window.table.view
    assert view.last_move_marks() == {}
    _play(qtbot, window, 3)
    assert view.last_move_marks() == {0: 1}, "seat 1's disc"
    _play(qtbot, window, 4)
    assert view.last_move_marks() == {0: 1, 1: 1}
    window.table.action_list.setCurrentRow(2)  # choosing is not a move: the marks stay
    window.table.refresh()
    assert view.last_move_marks() == {0: 1, 1: 1}
    _play(qtbot, window, 3)
    assert view.last_move_marks() == {0: 1, 1: 1}, "seat 1's mark moved to its newest disc"
    ARTIFACTS.mkdir(exist_ok=True)
    assert window.grab().save(str(ARTIFACTS / "client_last_moves.png"))
    window.undo()
    assert view.last_move_marks() == {}, "after an undo nothing is marked as last"


def test_a_new_disc_drops_in_at_the_chosen_pace(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "random"], seed=1, handover=False))
    window.table.pace.setCurrentIndex(window.table.pace.findData("normal"))
    view = window.table.view
    _play(qtbot, window, 3)
    assert view.animation_ms == 320
    assert view.animating(), "the disc is on its way"
    qtbot.waitUntil(lambda: not view.animating(), timeout=2000)


def test_a_piece_with_the_same_id_glides_to_its_new_place(qtbot: Any) -> None:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(400, 400)
    view.show()
    view.animation_ms = 300
    piece = {"shape": "circle", "radius": 20, "fill": "#ff0000", "layer": "piece", "id": "knight"}
    board = {"size": [400, 400], "items": [{**piece, "center": [50, 50]}]}
    view.show_board(board, "en", moved_by=0)
    view.show_board({**board, "items": [{**piece, "center": [350, 350]}]}, "en", moved_by=0)
    (item,) = [i for i in view.scene().items() if i.zValue() >= 100 and i.boundingRect().width() == 40]
    assert view.animating()
    start = item.sceneBoundingRect().center()
    assert (start - QPointF(50, 50)).manhattanLength() < 1, "it starts where it was"
    qtbot.waitUntil(lambda: not view.animating(), timeout=2000)
    QApplication.processEvents()
    assert (item.sceneBoundingRect().center() - QPointF(350, 350)).manhattanLength() < 1
    assert view.last_move_marks() == {0: 1}


def test_the_log_line_under_the_mouse_lights_its_pieces(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False))
    _play(qtbot, window, 3)
    _play(qtbot, window, 5)
    table = window.table
    QApplication.processEvents()
    lines = [table.log.item(i).text() for i in range(table.log.count())]
    row = next(i for i, line in enumerate(lines) if "column 6" in line)
    rect = table.log.visualItemRect(table.log.item(row))
    qtbot.mouseMove(table.log.viewport(), rect.center())
    qtbot.waitUntil(lambda: bool(table.view._lit), timeout=2000)
    lit = {round(item.sceneBoundingRect().center().x()) for item in table.view._lit}
    assert lit == {550}, "the holes of column 6 (x from 500 to 600)"
    assert len(table.view._lit) == 6
    table.eventFilter(table.log.viewport(), QEvent(QEvent.Type.Leave))  # the mouse leaves the log
    assert table.view._lit == []


def test_a_card_played_from_the_hand_flies_to_the_line(qtbot: Any) -> None:
    """A known card is a piece: played from a hand to a battle line it glides there, and it
    is painted from a picture of it kept in Qt's pixmap cache (the same for any card that
    shows the same)."""
    import shiboken6
    from PySide6.QtGui import QImage, QPainter, QPixmap, QPixmapCache

    from boardwright.client.cards import CardItem
    from boardwright.client.layout import compose

    view = BoardView()
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    view.animation_ms = 300

    def board(hand: list[str], line: list[str]) -> dict[str, Any]:
        return compose(
            {
                "elements": [
                    {"type": "cards", "cards": line, "layout": "row", "title": "Line", "place": "top"},
                    {"type": "cards", "cards": hand, "layout": "row", "title": "Hand", "place": "bottom"},
                ]
            }
        )

    def card(name: str) -> CardItem:
        (found,) = [
            item
            for item in view._tops.values()
            if isinstance(item, CardItem) and view._ids[shiboken6.getCppPointer(item)[0]] == name
        ]
        return found

    view.show_board(board(["archer", "knight"], []), "en", moved_by=0)
    qtbot.waitUntil(lambda: not view.animating(), timeout=2000)  # the dealt cards drop in first
    QApplication.processEvents()
    in_hand = card("knight").sceneBoundingRect().center()
    view.show_board(board(["archer"], ["knight"]), "en", moved_by=0)
    knight = card("knight")
    image = QImage(200, 240, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    knight.paint(painter, None)  # type: ignore[arg-type]
    painter.end()
    assert QPixmapCache.find(f"boardwright-card:1.0000:{knight._look}", QPixmap()), "its picture is kept"
    assert view.animating(), "the card is on its way"
    assert (knight.sceneBoundingRect().center() - in_hand).manhattanLength() < 1, "it leaves the hand"
    qtbot.waitUntil(lambda: not view.animating(), timeout=2000)
    QApplication.processEvents()
    assert (knight.sceneBoundingRect().center() - in_hand).manhattanLength() > 50, "it lies in the line"
    assert view.last_move_marks() == {0: 1}, "the played card is marked; the card left in the hand did not move"


def test_a_card_painted_from_the_kept_picture_looks_as_painted_anew(qtbot: Any) -> None:
    from PySide6.QtGui import QColor, QImage, QPainter

    from boardwright.client.cards import CardItem

    spec = {"shape": "card", "rect": [0, 0, 120, 168], "face": {"title": "Archer", "cost": 3}, "back": None}
    images = []
    for _ in range(2):  # the first paints the picture, the second copies it
        image = QImage(130, 180, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.translate(4, 4)
        CardItem(spec).paint(painter, None)  # type: ignore[arg-type]
        painter.end()
        images.append(image)
    assert images[0] == images[1]
    assert images[1].pixelColor(60, 84) != QColor("white"), "the card is there"


def test_an_item_is_lit_by_its_also_ids_but_clicked_by_its_id(qtbot: Any) -> None:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(300, 300)
    view.show()
    cell = {"shape": "rect", "rect": [10, 10, 80, 80], "fill": "#336699", "id": "tower", "also": ["tower@0"]}
    other = {"shape": "rect", "rect": [150, 10, 80, 80], "fill": "#336699", "id": "tower@1"}
    view.show_board({"size": [300, 300], "items": [cell, other]}, "en")
    assert view.light(["tower@0"]) == 1 and view.light(["tower@1"]) == 1 and view.light(["tower"]) == 1
    assert view.light(["tower@2"]) == 0
    clicked: list[Any] = []
    view.clicked.connect(clicked.append)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.position_of("tower"))
    assert clicked == ["tower"], "a click names the id, never an `also` id"


def _rings(view: BoardView) -> list[Any]:
    """The dashed rings of the last-move marks, as drawn in the scene."""
    from boardwright.client.marks import MARK_Z

    return [item for item in view.scene().items() if item.zValue() == MARK_Z + 1]


def test_the_mark_stands_where_the_piece_comes_to_rest(qtbot: Any, window: MainWindow) -> None:
    from boardwright.client.marks import MARK_Z

    """A disc still dropping in is ringed at the hole it lands in, not half a cell above it."""
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False))
    window.table.view.animation_ms = 0
    window.set_pace("slow")
    _play(qtbot, window, 3)
    view = window.table.view
    assert view.animating(), "the disc is still dropping in"
    (ring,) = _rings(view)
    (rest,) = view.marked_places()[0]
    lit = [
        # the outlines (their target signs, at z - 7, stand near the top of what they light)
        item.sceneBoundingRect().center()
        for item in view.scene().items()
        if MARK_Z - 10 <= item.zValue() < MARK_Z - 8
    ]
    view._finish_animations()
    centres = [item.sceneBoundingRect().center() for item in view._tops.values()]
    assert lit and all(any((c - p).manhattanLength() < 1.0 for c in centres) for p in lit), (
        "what a click would act on is outlined where it stands, not where a disc is still falling"
    )
    landed = [item for item in view._tops.values() if item.sceneBoundingRect() == rest]
    assert landed, "the marked place is where the disc stands once it landed"
    assert (ring.sceneBoundingRect().center() - rest.center()).manhattanLength() < 1.0


def test_what_happened_on_its_own_is_marked_neutral(qtbot: Any) -> None:
    """Of the pieces a move changed, those the flow changed after it (a draw, an upkeep) are
    nobody's: they are ringed neutral, the move's own in its seat's colour."""
    view = BoardView()
    qtbot.addWidget(view)

    def disc(column: int, fill: str) -> dict[str, Any]:
        return {
            "shape": "circle",
            "center": [column * 100, 0],
            "radius": 40,
            "layer": "piece",
            "fill": fill,
            "id": column,
        }

    board = {"size": [800, 100], "items": [disc(0, "#d9342b")]}
    view.show_board(board, "en", moved_by=None)
    view.forget_moves()
    view.show_board(board, "en", moved_by=False)
    after = {"size": [800, 100], "items": [disc(0, "#d9342b"), disc(1, "#d9342b"), disc(5, "#f2c230")]}
    own = [disc(0, "#d9342b"), disc(1, "#d9342b")]  # the move put down column 1; the flow added column 5
    view.show_board(after, "en", moved_by=0, own_items=own)
    assert view.last_move_marks() == {0: 1, None: 1}
    view.show_board(after, "en", moved_by=False)
    assert view.last_move_marks() == {0: 1, None: 1}, "a redraw keeps the marks"


def test_hex_coordinates_show_only_when_asked(qtbot: Any, window: MainWindow) -> None:
    """Book of War's hexes carry their coordinates, drawn only after View → Hex coordinates."""
    assert window.start_game(GameConfig("book_of_war", 2, ["human", "human"], seed=3, handover=False))

    def texts() -> set[str]:
        return {item.text() for item in window.table.view.scene().items() if hasattr(item, "text")}

    assert "c2" not in texts(), "no coordinate a person did not ask for"
    window.coordinates_action.setChecked(True)
    assert "c2" in texts()
    window.coordinates_action.setChecked(False)
    assert "c2" not in texts()


def test_connect_four_marks_its_winning_four(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False))
    for column in (0, 1, 0, 1, 0, 1):
        window.table.on_id_clicked(column)
    view = window.table.view
    assert not view._specs, "nothing decided yet"
    window.table.on_id_clicked(0)  # the fourth red disc in column 1
    assert window.session.outcome()["winners"] == [0]
    won = sorted(spec["center"][1] for spec, _item in view._specs)
    assert len(won) == 4 and all(spec["fill"] == "#d9342b" for spec, _item in view._specs)
    assert len({spec["center"][0] for spec, _item in view._specs}) == 1, "the four of one column"


def _reply(qtbot: Any, window: MainWindow, label: str) -> None:
    """Play the list's entry `label` as seat 1, then wait for the bot's answer."""
    rows = [window.table.action_list.item(i).text() for i in range(window.table.action_list.count())]
    _play(qtbot, window, rows.index(label))
    qtbot.waitUntil(lambda: window.session.to_move() == 0 or window.session.outcome() is not None, timeout=5000)


def test_a_draft_marks_the_drafted_card_not_the_pool_spread_anew(qtbot: Any, window: MainWindow) -> None:
    """Bestiary: a drafted card leaves the pool, whose cards close up; they and the cards of
    the tableaus were not changed by the move and carry no mark; the creatures entering their
    castles on their own after the draft are marked neutral."""
    assert window.start_game(GameConfig("bestiary", 2, ["human", "greedy"], seed=5, handover=False))
    view = window.table.view
    _reply(qtbot, window, "Castle: Wasteland")
    _play(qtbot, window, 0)  # "Summon Saxum"
    assert view.last_move_marks() == {0: 1}, "the drafted card only, not the 24 of the pool"
    qtbot.waitUntil(lambda: window.session.to_move() == 0, timeout=5000)
    assert view.last_move_marks() == {0: 1, 1: 1}, "the bot's draft marks its card, not mine"
    _reply(qtbot, window, "Summon Carnifex")
    _reply(qtbot, window, "Summon Vinctum")
    marks = view.last_move_marks()
    assert marks.get(None), "the creatures entering their castles on their own: neutral"
    assert marks.get(0, 0) <= 1 and marks.get(1, 0) <= 1


def test_a_card_drawn_into_the_hand_marks_that_card_only(qtbot: Any, window: MainWindow) -> None:
    """Heroes: a drawn card joins the hand, which spreads anew; the cards that only moved
    aside are not marked (nor ringed over their neighbours' names)."""
    assert window.start_game(GameConfig("heroes_cards", 2, ["human", "greedy"], seed=5, handover=False))
    view = window.table.view
    _reply(qtbot, window, "Pile 1 gets 1, then the next pile")
    _reply(qtbot, window, "Pile 2 gets 1; pile 3 takes the other 38")
    _play(qtbot, window, 0)  # "Draw from pile 1"
    assert view.last_move_marks() == {0: 1}


def test_a_march_marks_the_marching_token_not_its_neighbours(qtbot: Any, window: MainWindow) -> None:
    """Reliquium: tokens that a region's crowd only moved aside are not marked."""
    assert window.start_game(
        GameConfig("reliquium", 2, ["human", "greedy"], {"factions": "legion,brotherhood"}, seed=5, handover=False)
    )
    _play(qtbot, window, 0)  # "March Ashen Peaks → Blackwood 1 warrior"
    assert window.table.view.last_move_marks() == {0: 1}


def test_a_land_kept_marks_that_card_not_the_hand(qtbot: Any, window: MainWindow) -> None:
    """Book of War: the other side's land draft marks what it took, not my units or hand."""
    assert window.start_game(GameConfig("book_of_war", 2, ["human", "greedy"], seed=5, handover=False))
    view = window.table.view
    _reply(qtbot, window, "Play the Legion of Chaos")
    _reply(qtbot, window, "Take the red army")
    _reply(qtbot, window, "Start with Swordsmen: outer castle (South)")
    assert view.last_move_marks().get(1, 0) <= 2, "the bot's start: its two units"
    _reply(qtbot, window, "Keep North, pass the others")
    assert view.last_move_marks().get(0) == 1, "the land kept"
    assert view.last_move_marks().get(1, 0) <= 2


def test_a_hand_spread_anew_is_not_marked(qtbot: Any) -> None:
    """A hand that grows by one card spreads anew: every card moves; only the new one is marked."""
    from boardwright.client.layout import compose

    view = BoardView()
    qtbot.addWidget(view)

    def board(hand: list[str]) -> dict[str, Any]:
        return compose({"elements": [{"type": "cards", "cards": hand, "layout": "fan", "title": "Hand"}]})

    view.show_board(board([f"card{n}" for n in range(6)]), "en", moved_by=None)
    view.forget_moves()
    view.show_board(board([f"card{n}" for n in range(6)]), "en", moved_by=False)
    view.show_board(board([f"card{n}" for n in range(7)]), "en", moved_by=1)
    assert view.last_move_marks() == {1: 1}


def test_a_board_s_faint_outlines_wait_while_a_disc_drops_in(qtbot: Any, window: MainWindow) -> None:
    """Connect Four's 42 holes are outlined faintly as clickable; while a disc drops in they
    are hidden (each frame of the glide painted them all), and shown again once it rests."""
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False))
    window.table.pace.setCurrentIndex(window.table.pace.findData("normal"))
    view = window.table.view

    window.table.play(window.table.legal[3])
    assert view.animating()
    outlines = [item for item in view._extras if shiboken6.isValid(item) and not item.isVisible()]
    assert len(outlines) >= 30, "the holes' outlines wait"
    qtbot.waitUntil(lambda: not view.animating(), timeout=3000)
    qtbot.waitUntil(lambda: all(item.isVisible() for item in outlines), timeout=1000)


def test_a_move_that_lays_the_board_out_anew_marks_only_what_it_changed(qtbot: Any, window: MainWindow) -> None:
    """Reliquium's summon takes a creature card off the row under the map, so the board is
    laid out at another scale: the pieces that stayed in their regions are no move's (they
    were known by where the layout put their region, and a summon ringed 27 of them)."""
    assert window.start_game(GameConfig("reliquium", 2, ["human", "human"], seed=3, handover=False))
    table, view = window.table, window.table.view
    for move in range(60):
        legal = table.legal
        action = legal[(move * 7) % len(legal)]
        table.play(action)
        if action["type"] == "summon":
            break
    assert action["type"] == "summon"
    marked = [pieces for seat, pieces in view._last_moves.items() if seat is not None]
    assert marked and all(len(pieces) <= 3 for pieces in marked), [len(p) for p in marked]
