"""The seats stay in view with their colour and their score, as the game counts it."""

from __future__ import annotations

from typing import Any

from boardwright.client.app import MainWindow
from boardwright.client.marks import SEAT_SHAPES
from boardwright.client.new_game import GameConfig


def test_each_seat_shows_its_mark_colour_and_score(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("book_of_war", 2, ["human", "human"], {"target_vp": 10}, seed=4))
    text = window.table.seats.text()
    assert SEAT_SHAPES[0] in text and SEAT_SHAPES[1] in text, "each seat has a shape as well as a colour"
    assert text.count("— <b>0</b>") == 2, text
    state = window.session.match.state
    state["vp"][1] = 7  # as if the second side had scored: the line follows the game's count
    window.table.refresh()
    assert "— <b>7</b>" in window.table.seats.text()


def test_seat_colours_are_the_pieces_colours(qtbot: Any, window: MainWindow) -> None:
    """Connect Four's Yellow is marked yellow, as its discs are, not in a stand-in colour."""
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=4))
    game = window.session.game
    red, yellow = game.seat_colours(window.session.match.state)
    text = window.table.seats.text()
    assert f"color:{red}" in text and f"color:{yellow}" in text
    window.table.on_id_clicked(3)
    assert window.table.view.seat_colours == [red, yellow]


def test_a_game_without_a_score_shows_none(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=4))
    assert "—" not in window.table.seats.text()


def test_a_lan_seat_whose_view_the_game_cannot_name_shows_plain_names(qtbot: Any) -> None:
    """A LAN seat names the seats from its view; where the game cannot read a name there, the
    plain one shows in the window's language."""
    from boardwright.client.remote import RemoteSession
    from boardwright.framework import PluginHost

    class Unnamed(type(PluginHost().engine("connect_four").game)):
        def seat_name(self, state: Any, seat: int, lang: str = "en") -> str:
            raise KeyError("names")

    session = RemoteSession()
    session.game = Unnamed()
    session.update = {"view": {}, "seats": [{}, {}]}
    assert session.seat_names("en") == ["Player 1", "Player 2"]
    assert session.seat_names("ru") == ["Игрок 1", "Игрок 2"]


def test_the_window_keeps_its_size_and_place(qtbot: Any, host: Any, settings: Any) -> None:
    first = MainWindow(host, settings, bot_delay_ms=0)
    qtbot.addWidget(first)
    first.show()
    first.resize(740, 560)  # within the offscreen screen, which a restored window must fit
    qtbot.waitUntil(lambda: first.width() == 740)
    first.quit_now()
    again = MainWindow(host, settings, bot_delay_ms=0)
    qtbot.addWidget(again)
    assert (again.width(), again.height()) == (740, 560)


def test_the_dark_theme_reaches_the_library(qtbot: Any, window: MainWindow) -> None:
    """The library's list and title follow the dark theme, not only the plain widgets."""
    window.show_library()

    def list_lightness() -> int:
        image = window.library.games.viewport().grab().toImage()
        return image.pixelColor(image.width() // 2, image.height() - 5).lightness()

    def title_has_light_text() -> bool:
        image = window.library.title.grab().toImage()
        return any(
            image.pixelColor(x, y).lightness() > 180 for x in range(0, image.width(), 3) for y in range(image.height())
        )

    assert list_lightness() > 200
    window.set_theme("dark")
    assert list_lightness() < 80, "the list's empty rows are dark"
    assert title_has_light_text(), "the title is written light on dark"
    window.set_theme("light")
    assert list_lightness() > 200
