"""Each seat's pick before the game (`Option.per_seat`, `seat_picks.deal`): named values
kept in seat order, the seats left to chance dealt the others, bad texts refused."""

from __future__ import annotations

import pytest

from boardwright.framework import OptionError, PluginHost, seat_picks
from boardwright.framework.spec import Option

VALUES = ("castle", "orcs", "necropolis", "rampart")


def test_named_seats_keep_their_values_and_the_rest_are_dealt_the_others():
    engine = PluginHost().engine("heroes_cards")
    state = engine.new_game(3, {}, 5)
    dealt = seat_picks.deal(state, "races", "lot,necropolis,lot", VALUES, 3)
    assert dealt[1] == "necropolis" and len(set(dealt)) == 3 and set(dealt) <= set(VALUES)
    assert seat_picks.deal(state, "races", "castle,orcs", VALUES, 2) == ["castle", "orcs"]


@pytest.mark.parametrize("text", ["castle,castle", "castle", "castle,orcs,rampart", "castle,elves"])
def test_a_text_that_does_not_name_one_value_for_each_seat_is_refused(text: str):
    state = PluginHost().engine("heroes_cards").new_game(2, {}, 5)
    with pytest.raises(OptionError, match="option races"):
        seat_picks.deal(state, "races", text, VALUES, 2)


def test_the_option_refuses_an_unknown_value_before_the_game():
    option = Option("races", "lot", per_seat=VALUES)
    assert option.parse("castle,lot") == "castle,lot"
    with pytest.raises(OptionError, match="'elves' is not one of"):
        option.parse("castle,elves")
