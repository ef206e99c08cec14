"""Both themes as a person sees them: every text colour of the palette reads at WCAG's
4.5:1 on what it stands on, an unticked checkbox or radio button shows its outline at 3:1,
and the "(bot)" beside a seat's name is readable."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QCheckBox, QRadioButton, QWidget

from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig, SubsetList
from boardwright.client.theme import MUTED, apply_theme, muted_text

Role = QPalette.ColorRole
TEXT_ON = [
    (Role.WindowText, Role.Window),
    (Role.Text, Role.Base),
    (Role.Text, Role.AlternateBase),
    (Role.ButtonText, Role.Button),
    (Role.ToolTipText, Role.ToolTipBase),
    (Role.HighlightedText, Role.Highlight),
    (Role.PlaceholderText, Role.Base),
    (Role.Link, Role.Base),
    (Role.Link, Role.Window),
]


def luminance(colour: QColor) -> float:
    def channel(value: int) -> float:
        value_ = value / 255
        return value_ / 12.92 if value_ <= 0.03928 else ((value_ + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.red()) + 0.7152 * channel(colour.green()) + 0.0722 * channel(colour.blue())


def contrast(first: QColor, second: QColor) -> float:
    low, high = sorted((luminance(first), luminance(second)))
    return (high + 0.05) / (low + 0.05)


@pytest.fixture(params=["light", "dark"])
def theme(request: Any, qapp: QApplication) -> Iterator[str]:
    apply_theme(qapp, request.param)
    yield request.param
    apply_theme(qapp, "light")


def test_every_text_colour_reads_on_what_it_stands_on(theme: str, qapp: QApplication) -> None:
    palette = qapp.palette()
    for text, ground in TEXT_ON:
        colour = palette.color(text)
        if colour.alpha() < 255:  # a see-through colour (light placeholders): as drawn on the ground
            under = palette.color(ground)
            share = colour.alphaF()
            colour = QColor.fromRgbF(
                *(share * a + (1 - share) * b for a, b in zip(colour.getRgbF()[:3], under.getRgbF()[:3], strict=True))
            )
        assert contrast(colour, palette.color(ground)) >= 4.5, (theme, text, ground, colour.name())
    assert contrast(QColor(MUTED[theme]), palette.color(Role.Window)) >= 4.5
    assert muted_text() == MUTED[theme]


def outline_contrast(widget: QWidget, ground: QColor) -> float:
    """The strongest contrast of anything drawn in the widget (a text-less control: its
    indicator) against the ground it stands on."""
    widget.resize(widget.sizeHint())
    image = widget.grab().toImage()
    return max(contrast(image.pixelColor(x, y), ground) for x in range(image.width()) for y in range(image.height()))


@pytest.mark.parametrize("make", [QCheckBox, QRadioButton])
def test_an_unticked_control_shows_its_outline(qtbot: Any, theme: str, qapp: QApplication, make: type) -> None:
    control = make()
    qtbot.addWidget(control)
    assert outline_contrast(control, qapp.palette().color(Role.Window)) >= 3.0, theme


def test_an_unticked_row_of_a_list_to_tick_shows_its_box(qtbot: Any, theme: str, qapp: QApplication) -> None:
    ticks = SubsetList([("Saxum", "saxum")])
    qtbot.addWidget(ticks)
    ticks.show()
    qtbot.waitExposed(ticks)
    box = ticks.visualItemRect(ticks.item(0))
    image = ticks.viewport().grab(box.adjusted(0, 0, -box.width() + box.height(), 0)).toImage()
    ground = qapp.palette().color(Role.Base)
    strongest = max(
        contrast(image.pixelColor(x, y), ground) for x in range(image.width()) for y in range(image.height())
    )
    assert strongest >= 3.0, theme


def test_the_bot_marker_in_the_seat_list_is_readable(qtbot: Any, theme: str, window: MainWindow) -> None:
    window.set_theme(theme)
    assert window.start_game(GameConfig("connect_four", 2, ["human", "random:normal"], seed=1))
    text = window.table.seats.text()
    assert f"<span style='color:{MUTED[theme]}'>(bot)</span>" in text, text
