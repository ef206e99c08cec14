"""The name a person plays under at a LAN table: never the computer's login name. The field
starts with the name kept from last time, else empty with "Player" as its placeholder, and
an empty field plays as "Player" in the window's language."""

from __future__ import annotations

import getpass
from typing import Any

import pytest

from boardwright.client.app import MainWindow

from .conftest import make_window


@pytest.mark.parametrize(("lang", "default"), [("en", "Player"), ("ru", "Игрок")])
def test_a_new_player_gets_an_empty_field_and_plays_as_player(qtbot: Any, window: MainWindow, lang, default) -> None:
    window.set_language(lang)
    window.request_new_game("connect_four")
    field = window.dialog.player_name
    assert field.text() == "" and field.placeholderText() == default
    assert getpass.getuser() not in (field.text(), field.placeholderText())
    assert window._remember_name("") == default and window.settings.player_name == ""


def test_the_kept_name_fills_the_field(qtbot: Any, host, settings) -> None:
    settings.player_name = "Anna"
    window = make_window(qtbot, host, settings)
    window.request_new_game("connect_four")
    assert window.dialog.player_name.text() == "Anna"
    assert window._remember_name("  ") == "Anna", "an emptied field keeps the kept name"
    assert window._remember_name("Boris") == "Boris" and window.settings.player_name == "Boris"
