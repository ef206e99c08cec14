"""The choices the rulebook leaves to a player in battle are that player's (digest 6.3):
which units die, and which units make the victory march, when some of them support."""

from __future__ import annotations

import pytest

from boardwright.plugins.reliquium.text import describe

SUPPORTER = [{"border": "boundless_expanse-wasteland", "units": [1, 0, 0]}]  # one warrior leaves that token


def supported_attack(table, defenders):
    """Legion attacks saxum_ridges from wasteland with two warriors, one of them assigned to
    the Legion's ranged token toward boundless_expanse, which the Brotherhood attacks later."""
    t = table()
    t.put("wasteland", "L", "WW").put("boundless_expanse", "L", "M", castle=True)
    t.put("saxum_ridges", "B", defenders).put("bone_highlands", "B", "D")
    t.token("L", "ranged", 1, "wasteland", "boundless_expanse")
    t.token("L", "melee", 1, "wasteland", "saxum_ridges").token("B", "melee", 1, "bone_highlands", "boundless_expanse")
    t.war()
    t.act({"type": "assign", "border": t.border("wasteland", "boundless_expanse"), "unit": "warrior"})
    t.act({"type": "support_done"})
    return t


@pytest.mark.parametrize(("supporter_dies", "defence"), [(True, 1), (False, 2)])
def test_the_owner_chooses_whether_the_supporter_dies(table, supporter_dies, defence):
    """6.3 step 5: "Each owner chooses which of their units die". The Legion's 5 lose to the
    three defenders' 6 and it loses one warrior: the one supporting boundless_expanse or the
    other; the supporter that lives still supports there in the Brotherhood's battle (D10)."""
    t = supported_attack(table, "DDD")
    choices = t.pending()["choices"]
    lose_supporter = {"type": "casualties", "units": [1, 0, 0], "supporting": SUPPORTER}
    lose_the_other = {"type": "casualties", "units": [1, 0, 0], "supporting": []}
    assert choices == [lose_the_other, lose_supporter]
    assert (
        describe(lose_supporter)
        == "Lose 1 warrior, of them 1 warrior from the token on Boundless Expanse – The Wasteland"
    )
    assert describe(lose_the_other, "ru") == "Потери: воин ×1, никто из поддержки"
    t.act(lose_supporter if supporter_dies else lose_the_other)
    assert t.units("wasteland") == "W"
    assert t.events("battle")[1]["defence"] == defence  # the mage's 1, and the warrior's support if it lives


@pytest.mark.parametrize(("supporter_marches", "defence"), [(True, 1), (False, 2)])
def test_the_owner_chooses_which_warrior_makes_the_victory_march(table, supporter_marches, defence):
    """6.3 step 7: A "may move any number (0 to all) of its units from X into Y"; "units that
    move in a victory march lose any support assignment" (D10), so which warrior goes is the
    Legion's choice: the one that stays supports boundless_expanse."""
    t = supported_attack(table, "M")
    supporter = {"type": "advance", "units": [1, 0, 0], "supporting": SUPPORTER}
    the_other = {"type": "advance", "units": [1, 0, 0], "supporting": []}
    both = {"type": "advance", "units": [2, 0, 0]}
    assert t.pending()["choices"] == [{"type": "advance", "units": [0, 0, 0]}, the_other, supporter, both]
    assert describe(the_other) == "Victory march with 1 warrior, none of them supporting"
    assert describe(supporter, "ru") == "Победный марш: воин ×1, из них воин ×1 с жетона Бескрайняя ширь – Пустошь"
    t.act(supporter if supporter_marches else the_other)
    assert t.units("saxum_ridges") == "W" and t.units("wasteland") == "W"
    assert t.events("battle")[1]["defence"] == defence


def test_defeated_defenders_are_not_asked_which_supporters_die(table):
    """6.3 step 6: a defeated defender's units all leave its region, so which of them
    supported does not matter: the casualties are chosen by class only."""
    t = table()
    t.put("saxum_ridges", "B", "WWW").put("wasteland", "L", "WW").put("boundless_expanse", "L", "M", castle=True)
    t.put("bone_highlands", "B", "D")
    t.token("L", "ranged", 1, "wasteland", "boundless_expanse")
    t.token("B", "melee", 2, "saxum_ridges", "wasteland").token("B", "melee", 1, "bone_highlands", "boundless_expanse")
    t.war()
    t.act({"type": "assign", "border": t.border("wasteland", "boundless_expanse"), "unit": "warrior"})
    t.act({"type": "support_done"})
    assert t.pending()["kind"] == "flee"  # the one warrior lost was not asked for
    assert t.events("losses")[0]["units"] == [
        {
            "key": "unit_one",
            "count": 1,
            "name": {"en": "warrior", "ru": "воин"},
            "plural": {"en": "warriors", "ru": "воины"},
        }
    ]
