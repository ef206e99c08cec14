"""The digest's worked examples (section 9) and the rules they exercise."""

from __future__ import annotations

import pytest

from boardwright.framework import Engine, EventLog, kernel, zones
from boardwright.framework.conformance import check_short_game
from boardwright.plugins.heroes_cards import army, battle, capital, spells, war
from boardwright.plugins.heroes_cards.catalog import SPELLS, strength
from boardwright.plugins.heroes_cards.rules import HeroesCards

GAME = HeroesCards()
ENGINE = Engine(GAME)
LEVEL = {"pikemen": 1, "archers": 2, "griffins": 3, "swordsmen": 4, "monks": 5, "cavaliers": 6, "angels": 7}


def unit(name: str, copies: int = 1, seat: int = 0) -> list[str]:
    return [f"{seat}:{name}:{n}" for n in range(copies)]


def castle_game(players: int = 2) -> dict:
    state = ENGINE.new_game(players, {}, 1)
    state["race"][0] = "castle"
    return state


def stack_deck(state: dict, seat: int, cards: list[str]) -> None:
    """Put these cards on top of the seat's creature deck, the first one drawn first."""
    deck = zones.items(state, f"deck:{seat}")
    for card in cards:
        for zone in state["zones"].values():
            if card in zone["items"]:
                zone["items"].remove(card)
    deck.extend(reversed(cards))


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["pikemen", "swordsmen", "angels"], ("manoeuvre", 12)),  # E4
        (["pikemen", "archers", "griffins"], ("royal", 18)),  # E5a
        (["monks", "swordsmen", "griffins"], ("royal", 18)),  # E5b
        (["pikemen", "griffins", "archers"], ("manoeuvre", 12)),  # E5c
        (["pikemen", "archers", "griffins", "swordsmen"], ("royal", 24)),  # E5d
        (["pikemen", "archers", "griffins", "pikemen"], ("none", 0)),  # E5e
        (["archers", "monks", "pikemen", "swordsmen"], ("line", 2)),  # E6
        (["archers", "monks", "archers"], ("line", 3)),  # E6
    ],
)
def test_formations(names, expected):
    units = [[f"0:{name}:{i}"] for i, name in enumerate(names)]
    assert army.formation_bonus(units) == expected


def test_column_damage_e7():
    state = castle_game()
    capital_row = state["capital"][0]
    capital_row[capital.PLOTS.index("barracks1")] = 0
    side = battle.new_side(0)
    side["units"] = [unit("pikemen", 3)]
    stack_deck(state, 0, ["0:pikemen:3"])  # mark 2
    battle.reveal_slot(state, side, EventLog())
    assert side["total"] == 9
    side = battle.new_side(0)
    side["units"] = [unit("pikemen", 3)]
    stack_deck(state, 0, ["0:pikemen:8"])  # blank
    battle.reveal_slot(state, side, EventLog())
    assert side["total"] == 3 and side["routed"] == [0]


@pytest.mark.parametrize(("gold", "drawn"), [(20, 1), (21, 2), (42, 2), (43, 3)])
def test_income_bands_e8(gold, drawn):
    assert capital.band(gold) == drawn


def test_adjacency_and_tiers_e9():
    state = castle_game()
    assert set(capital.buildable(state, 0)) == {"forge", "barracks1", "unique"}
    log = EventLog()
    capital.build(state, 0, "barracks1", [], log)
    assert set(capital.buildable(state, 0)) == {"forge", "unique", "barracks2", "barracks3", "tower"}
    heroes_before = zones.count(state, "heroes:0")
    assert capital.gold(state, 0) == 3 and capital.hero_limit(state, 0) == 1
    capital.build(state, 0, "barracks2", [], log)
    capital.build(state, 0, "barracks3", [], log)
    assert capital.tier(state, 0) == 1 and capital.gold(state, 0) == 6 and capital.hero_limit(state, 0) == 2
    assert zones.count(state, "heroes:0") == heroes_before + 1


def test_gates_are_no_starting_point():
    state = castle_game()
    assert "barracks6" not in capital.buildable(state, 0) and "barracks7" not in capital.buildable(state, 0)


def test_altar_discount_e10():
    state = castle_game()
    state["domain"][0] = ["t:gem_vein:0"]
    assert capital.build_cost(state, 0, "barracks7") == 8
    state["capital"][0][capital.PLOTS.index("barracks7")] = 0
    assert capital.upgrade_cost(state, 0, "barracks7") == 5


@pytest.mark.parametrize(("guard", "week", "units"), [(4, 2, 4), (4, 6, 6), (0, 3, 3), (5, 7, 7)])
def test_neutral_size_e11(guard, week, units):
    assert min(7, max(guard, week)) == units


@pytest.mark.parametrize(("week", "luck"), [(1, 0), (4, 3), (7, 6)])
def test_neutral_luck_e12(week, luck):
    state = castle_game()
    state["week"] = week
    assert battle.neutral_luck(state) == luck


def test_siege_strength_e13():
    assert [strength("t:town:0", w) for w in (1, 4, 7)] == [30, 45, 60]
    assert strength("t:dragon_graveyard:0", 3) == 30


@pytest.mark.parametrize(
    ("delta", "cards", "value"),
    [(2, ["0:pikemen:8", "0:archers:7", "0:pikemen:5"], 6), (-1, ["0:pikemen:8"], -8), (-3, ["0:archers:2"], -6)],
)
def test_luck_e1_e3(delta, cards, value):
    state = castle_game()
    stack_deck(state, 0, cards)
    assert battle.luck_value(state, 0, delta) == value
    assert zones.items(state, "strikes:0") == cards


def test_hero_damage_e20():
    state = castle_game()
    state["courage"]["0:hero:valent"] = 2
    side = battle.new_side(0)
    side["hero"] = "0:hero:valent"
    stack_deck(state, 0, ["0:pikemen:6"])  # mark 4
    battle.reveal_slot(state, side, EventLog())
    assert side["total"] == 7


def test_weapon_bonus_e21_e22():
    units = [unit("archers"), unit("monks"), unit("griffins")]
    assert army.weapon_bonus("field", units, "0:hero:edric", False) == 3
    assert army.weapon_bonus("siege", units, "0:hero:edric", False) == 2
    assert army.weapon_bonus("field", units, "0:hero:edric", True) == 2


def test_machines_e23():
    state = castle_game()
    state["machines"][0] = ["ram", "ballista"]
    assert army.machines_bonus(state, 0, "siege", None) == 7
    assert army.machines_bonus(state, 0, "field", None) == 3
    assert army.machines_bonus(state, 0, "dungeon", None) == 0


def test_spell_values_e24():
    assert spells.value(SPELLS["stoneskin"], "0:hero:adelina", "field") == 9
    assert spells.value(SPELLS["earthquake"], "0:hero:valent", "siege") == 12
    assert not spells.castable(SPELLS["earthquake"], "field", 7)


def test_prices_e25_e26():
    assert war.chest_price("t:mountains:0") == 1
    state = castle_game()
    zones.items(state, "creatures:1")[:] = []
    zones.items(state, "creatures:1").extend(
        ["1:behemoths:0", "1:behemoths:1", "1:cyclopes:0", "1:rocs:0", "1:ogre_magi:0"]
    )
    state["race"][1] = "orcs"
    assert war.peace_price(state, 1) == 3  # 8 + 8 + 6 + 5 + 4 = 31 gold


def test_full_battle_e16():
    """Week 2, Pk Ar Gr with Valent against Rogues, Mummies, Sharpshooters: 32 > 27."""
    state = castle_game()
    state["week"] = 2
    state["tower"][0] = 1
    for level in (1, 2, 3):
        state["capital"][0][capital.PLOTS.index(f"barracks{level}")] = 0
    state["battle"] = b = {
        "type": "field",
        "card": None,
        "sides": [battle.new_side(0), battle.new_side(None, 27)],
        "units_vp": 3,
        "mercenaries": 0,
        "turn": 0,
    }
    b["sides"][1]["cards"] = ["n:rogues:0", "n:mummies:0", "n:sharpshooters:0"]
    b["sides"][0]["units"] = [unit("pikemen"), unit("archers"), unit("griffins")]
    b["sides"][0]["hero"] = "0:hero:valent"
    battle.add_bonuses(state, b, 0)
    assert b["sides"][0]["total"] == 28
    stack_deck(state, 0, ["0:archers:2", "0:pikemen:8", "0:archers:4"])  # luck mark 2, blank, mark 3
    battle.luck_step(state, b, EventLog())
    assert b["sides"][0]["total"] == 26
    side = b["sides"][0]
    battle.reveal_slot(state, side, EventLog())
    assert side["total"] == 27 and side["routed"] == [0]
    battle.reveal_slot(state, side, EventLog())
    assert side["total"] == 32 > 27 and battle.clash_result(b) == "win"


def test_hidden_travel_cards_not_in_other_views():
    state = ENGINE.new_game(3, {}, 4)
    while kernel.phase(state) == "travel":
        ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    mine = zones.items(state, "travel:0")
    assert mine
    view = ENGINE.view(state, 1)
    assert view["zones"]["travel:0"]["known"] == [] and "items" not in view["zones"]["travel:0"]


def test_spying_shows_the_spy_alone():
    state = ENGINE.new_game(3, {}, 4)
    from boardwright.plugins.heroes_cards import actions

    actions.spy(state, 1, "hand", 0, EventLog())
    assert ENGINE.view(state, 1)["zones"]["creatures:0"]["known"]
    assert not ENGINE.view(state, 2)["zones"]["creatures:0"]["known"]


def test_short_game_ends():
    check_short_game(ENGINE)
