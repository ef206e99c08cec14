"""Each spell of the Earth and Fire schools (digest 6.7, 11.8) does what its tablet says."""

from __future__ import annotations

import pytest

from boardwright.framework import Engine, EventLog, choices, zones
from boardwright.plugins.heroes_cards import aftermath, battle, cards, spells
from boardwright.plugins.heroes_cards.catalog import SPELLS, neutral
from boardwright.plugins.heroes_cards.rules import HeroesCards

ENGINE = Engine(HeroesCards())


def unit(name: str, copies: int = 1, seat: int = 0, first: int = 0) -> list[str]:
    return [f"{seat}:{name}:{n}" for n in range(first, first + copies)]


def take(state: dict, zone: str, items: list[str]) -> None:
    """Move these cards (wherever they are) into `zone`."""
    for card in items:
        for other in state["zones"].values():
            if card in other["items"]:
                other["items"].remove(card)
        zones.items(state, zone).append(card)


def fight(tower: int = 7, versus_player: bool = False, neutrals: list[str] | None = None) -> dict:
    """Castle (seat 0, with Valent) against Orcs or a neutral army, seat 0's tower at `tower`."""
    state = ENGINE.new_game(2, {}, 1)
    state["race"] = ["castle", "orcs"]
    state["tower"][0] = tower
    mine = battle.new_side(0)
    mine["units"] = [unit("pikemen"), unit("swordsmen", 2)]
    mine["hero"] = "0:hero:valent"
    take(state, "line:0", [c for u in mine["units"] for c in u] + [mine["hero"]])
    if versus_player:
        theirs = battle.new_side(1)
        theirs["units"] = [unit("goblins", seat=1), unit("ogre_magi", seat=1), unit("behemoths", seat=1)]
        theirs["hero"] = "1:hero:gurnak"
        take(state, "line:1", [c for u in theirs["units"] for c in u] + [theirs["hero"]])
    else:
        theirs = battle.new_side(None)
        theirs["cards"] = neutrals or ["n:peasants:0", "n:sharpshooters:0", "n:trolls:0", "n:gold_golems:0"]
        theirs["total"] = sum(int(neutral(card)["strength"]) for card in theirs["cards"])
        take(state, "army", theirs["cards"])
    state["battle"] = {
        "type": "player" if versus_player else "field",
        "card": None,
        "sides": [mine, theirs],
        "units_vp": 0,
        "mercenaries": 0,
        "turn": 0,
        "result": None,
    }
    return state


def cast(state: dict, key: str, aim: str | None = None) -> None:
    """Seat 0 casts `key`; a spell aimed at one unit lands on `aim`, else on the first the
    caster is offered."""
    assert spells.castable(SPELLS[key], state["battle"]["type"], state["tower"][0])
    assert spells._has_target(state, state["battle"], 0, SPELLS[key])
    spells.cast(state, state["battle"], 0, key, EventLog())
    answer_aims(state, aim)


def answer_aims(state: dict, aim: str | None = None) -> list[str]:
    """Answer the open spell-target decisions (the card `aim`, else the first offered);
    returns the cards the last one offered."""
    offered: list[str] = []
    while state["k"]["pending"] and state["k"]["pending"][-1]["kind"] == "spell_target":
        decision = state["k"]["pending"].pop()
        offered = [c["card"] for c in decision["choices"]]
        choice = next(c for c in decision["choices"] if c["card"] == (aim or offered[0]))
        spells.answer_spell_target(state, decision, choice, EventLog())
    return offered


def resolve(state: dict, log: EventLog) -> None:
    """Both named spells between players act, the defender's first."""
    for index in (1, 0):
        spells.resolve(state, state["battle"], index, log)
        answer_aims(state)


def test_meteor_shower_pays_a_chest_and_destroys_every_level_m_unit():
    state = fight(tower=4)
    chests = len(cards.chests(state, 0))
    cast(state, "meteor_shower")
    assert state["battle"]["sides"][1]["cards"] == ["n:peasants:0", "n:gold_golems:0"]
    assert state["battle"]["sides"][1]["total"] == 19
    assert len(cards.chests(state, 0)) == chests - 1


def test_meteor_shower_needs_a_chest():
    state = fight(tower=4)
    zones.items(state, "chests:0").clear()
    assert not spells._has_target(state, state["battle"], 0, SPELLS["meteor_shower"])


def test_incineration_pays_two_chests_and_spares_the_immune():
    state = fight(neutrals=["n:rust_dragon:0", "n:crystal_dragon:0", "n:azure_dragon:0", "n:peasants:0"])
    cards.gain_chests(state, 0, 2 - len(cards.chests(state, 0)))
    cast(state, "incineration")
    assert state["battle"]["sides"][1]["cards"] == ["n:crystal_dragon:0", "n:peasants:0"]
    assert state["battle"]["sides"][1]["total"] == 26
    assert not cards.chests(state, 0)


def test_thorny_shell_gives_the_strongest_unit_maximum_damage_without_a_reveal():
    state = fight()
    cast(state, "thorny_shell")
    side = state["battle"]["sides"][0]
    side["next"] = 1
    before = zones.count(state, "strikes:0")
    battle.reveal_slot(state, side, EventLog())
    assert side["total"] == (4 + 7) * 2 and zones.count(state, "strikes:0") == before and side["routed"] == []


def test_thorny_shell_goes_to_the_unit_its_caster_chooses():
    """Digest 6.7: "one of your units deals maximum damage", the player's choice; the
    strongest is offered first."""
    state = fight()
    spells.cast(state, state["battle"], 0, "thorny_shell", EventLog())
    decision = state["k"]["pending"][-1]
    assert decision["kind"] == "spell_target" and decision["seat"] == 0
    assert [c["card"] for c in decision["choices"]] == ["0:swordsmen:0", "0:pikemen:0"]
    answer_aims(state, "0:pikemen:0")
    side = state["battle"]["sides"][0]
    assert side["maximum"] == ["0:pikemen:0"]
    battle.reveal_slot(state, side, EventLog())
    assert side["total"] == 1 + 7 and side["routed"] == []


@pytest.mark.parametrize(
    ("key", "mark", "offered"),
    [
        ("fire_shield", "shielded", ["0:swordsmen:0", "0:pikemen:0"]),  # one of your units
        ("earth_ward", "warded", ["0:swordsmen:0", "0:pikemen:0", "0:hero:valent"]),  # one unit or hero
    ],
)
def test_a_blessing_on_one_unit_lands_where_its_caster_chooses(key, mark, offered):
    state = fight(tower=4)
    spells.cast(state, state["battle"], 0, key, EventLog())
    assert answer_aims(state, offered[-1]) == offered
    assert state["battle"]["sides"][0][mark] == [offered[-1]]


def test_stone_spike_takes_the_level_m_unit_its_caster_chooses_berserk_the_strongest():
    """Digest 6.7: Stone Spike destroys "one enemy unit of level M"; Berserk (11.8) "the
    strongest enemy non-immune unit of level M"."""
    neutrals = ["n:peasants:0", "n:halflings:0", "n:rogues:0"]
    state = fight(tower=1, neutrals=neutrals)
    spells.cast(state, state["battle"], 0, "stone_spike", EventLog())
    assert answer_aims(state, "n:halflings:0") == ["n:peasants:0", "n:halflings:0"]
    assert state["battle"]["sides"][1]["cards"] == ["n:peasants:0", "n:rogues:0"]
    assert "n:halflings:0" in zones.items(state, "neutral_discard")
    state = fight(tower=5, neutrals=["n:gold_golems:0", "n:enchanters:0", "n:enchanters:1"])
    spells.cast(state, state["battle"], 0, "berserk", EventLog())
    assert len(answer_aims(state)) == 1  # the golem is immune; of the two enchanters, one offered


def test_mass_blessing_gives_every_unit_and_the_hero_maximum_damage():
    state = fight()
    cast(state, "mass_blessing")
    side = state["battle"]["sides"][0]
    for _ in range(3):
        battle.reveal_slot(state, side, EventLog())
    assert side["total"] == (1 + 7) + (4 + 7) * 2 + (1 + 7) and side["routed"] == []


def give_up(state: dict, person: dict | None = None) -> None:
    """Answer the open give-up decisions: as a bot would, or as `person` {seat: cards} fills them."""
    while state["k"]["pending"] and state["k"]["pending"][-1]["kind"] == "give_up":
        decision = state["k"]["pending"].pop()
        choice = decision["choices"][0]
        if person and decision["seat"] in person:
            choice, why, _ = choices.fill(decision["open"][0], {"type": "give_up", "cards": person[decision["seat"]]})
            assert choice is not None, why
        spells.answer_give_up(state, decision, choice, EventLog())


def test_sacrifice_discards_a_creature_of_the_players_choice_for_maximum_damage():
    state = fight()
    held = cards.creatures(state, 0)
    chosen = held[-1]
    cast(state, "sacrifice")
    assert state["k"]["pending"][-1]["kind"] == "give_up"
    give_up(state, {0: [chosen]})
    assert cards.creatures(state, 0) == [card for card in held if card != chosen]
    assert state["battle"]["sides"][0]["maximum"] == ["0:swordsmen:0"]


def test_fire_shield_keeps_a_unit_from_rout():
    state = fight()
    cast(state, "fire_shield")
    side = state["battle"]["sides"][0]
    side["next"] = 1
    take(state, "deck:0", ["0:swordsmen:5"])  # blank
    battle.reveal_slot(state, side, EventLog())
    assert side["routed"] == [] and side["total"] == 4 * 2


def test_earth_ward_gives_a_save_to_a_routed_unit():
    state = fight()
    cast(state, "earth_ward")
    side = state["battle"]["sides"][0]
    assert side["warded"] == ["0:swordsmen:0"]
    side["routed"] = [1]
    take(state, "deck:0", ["0:pikemen:7"])  # marked: saved
    aftermath.losses(state, side, "win", EventLog())
    assert "0:swordsmen:0" in cards.creatures(state, 0)


def test_stone_of_fate_discards_the_enemy_hero():
    state = fight(tower=4, versus_player=True)
    cast(state, "stone_of_fate")
    assert state["battle"]["sides"][1]["hero"] is None
    assert "1:hero:gurnak" in zones.items(state, "tavern_discard:1")
    assert not spells._has_target(fight(tower=4), fight(tower=4)["battle"], 0, SPELLS["stone_of_fate"])


def test_armageddon_makes_every_player_discard_three():
    state = fight(tower=6)
    sizes = [len(cards.hand(state, seat)) for seat in (0, 1)]
    cast(state, "armageddon")
    give_up(state)
    assert [len(cards.hand(state, seat)) for seat in (0, 1)] == [max(0, n - 3) for n in sizes]


def test_devastation_empties_the_enemy_hand_in_player_battles_only():
    state = fight(versus_player=True)
    cast(state, "devastation")
    assert cards.hand(state, 1) == []
    state = fight()
    assert not spells._has_target(state, state["battle"], 0, SPELLS["devastation"])


def test_blindness_halves_a_neutral_of_level_m():
    state = fight(tower=2, neutrals=["n:rogues:0", "n:peasants:0"])
    state["battle"]["sides"][1]["total"] = 12
    cast(state, "blindness")
    assert state["battle"]["sides"][1]["total"] == 12 - 4


def test_blindness_against_a_player_counts_only_the_min():
    state = fight(tower=4, versus_player=True)
    cast(state, "blindness")
    other = state["battle"]["sides"][1]
    assert other["blinded"] == ["1:ogre_magi:0"]
    other["next"] = 1
    battle.reveal_slot(state, other, EventLog())
    assert other["total"] == 4


def test_fire_portal_draws_two_creatures():
    state = fight()
    held = len(cards.creatures(state, 0))
    cast(state, "fire_portal")
    assert len(cards.creatures(state, 0)) == held + 2


def test_firestorm_costs_each_non_immune_enemy_three():
    state = fight()
    cast(state, "firestorm")
    assert state["battle"]["sides"][1]["total"] == 41 - 9
    state = fight(versus_player=True)
    cast(state, "firestorm")
    assert state["battle"]["sides"][1]["total"] == -6  # behemoths are immune


def test_phoenix_brings_the_routed_units_and_the_hero_home():
    state = fight()
    cast(state, "phoenix")
    side = state["battle"]["sides"][0]
    side["routed"], side["hero_routed"] = [0, 1], True
    aftermath.losses(state, side, "loss", EventLog())
    assert {"0:pikemen:0", "0:swordsmen:0", "0:swordsmen:1"} <= set(cards.creatures(state, 0))
    assert "0:hero:valent" in cards.heroes(state, 0)


# --- cards given up face down (Devastation, Armageddon) lie in hidden zones ---


def _seen_by(state: dict, seat: int, zone: str) -> list:
    """The items of `zone` a seat's view shows or knows."""
    shown = ENGINE.view(state, seat)["zones"][zone]
    return list(shown["items"]) if "items" in shown else [item for _index, item in shown["known"]]


def test_devastation_puts_the_enemy_hand_face_down_known_to_its_owner_alone():
    state = fight(versus_player=True)
    hand = list(cards.hand(state, 1))
    creatures, heroes = list(cards.creatures(state, 1)), list(cards.heroes(state, 1))
    discards = {zone: list(zones.items(state, zone)) for zone in ("discard:1", "tavern_discard:1", "travel_discard")}
    cast(state, "devastation")
    assert cards.hand(state, 1) == [] and hand
    assert {zone: zones.items(state, zone) for zone in discards} == discards  # no open pile got them
    assert sorted(zones.items(state, "buried:1")) == sorted(creatures)
    assert sorted(zones.items(state, "tavern_buried:1")) == sorted(heroes)
    for zone in ("buried:1", "tavern_buried:1", "travel_buried"):
        assert _seen_by(state, 0, zone) == []
        assert sorted(_seen_by(state, 1, zone)) == sorted(zones.items(state, zone))


def test_armageddon_gives_up_face_down():
    state = fight(tower=6)
    before = {seat: set(cards.hand(state, seat)) for seat in (0, 1)}
    cast(state, "armageddon")
    give_up(state)
    for seat in (0, 1):
        gone = before[seat] - set(cards.hand(state, seat))
        assert gone and all(card not in zones.items(state, f"discard:{seat}") for card in gone)
        buried = set(zones.items(state, f"buried:{seat}")) | set(zones.items(state, "travel_buried"))
        assert gone - {c for c in gone if c.startswith("chest")} <= buried
        assert not set(_seen_by(state, 1 - seat, f"buried:{seat}"))


def test_cards_given_up_face_down_come_back_when_the_deck_is_rebuilt():
    state = fight(versus_player=True)
    cast(state, "devastation")
    buried = list(zones.items(state, "buried:1"))
    for card in list(zones.items(state, "deck:1")):
        zones.move(state, "deck:1", "discard:1", card)
    discarded = list(zones.items(state, "discard:1"))
    drawn = cards.draw_creatures(state, 1, 1)
    assert zones.items(state, "buried:1") == [] and zones.items(state, "discard:1") == []
    assert sorted(zones.items(state, "deck:1") + drawn) == sorted(buried + discarded)
    # shuffled: the owner does not know where its given-up cards lie in the deck
    assert _seen_by(state, 1, "deck:1") == []


# --- the data checked against the digest (6.7, 11.8) ---


def test_the_two_level_2_general_protections_are_in_their_schools():
    for key, school in (("earth_protection", "earth"), ("protection_from_fire", "fire")):
        spell = SPELLS[key]
        assert (spell["school"], spell["level"], spell["circle"]) == (school, 2, "general")
        assert spell["effect"] == "protection" and spell["weaken"] == 5
    assert SPELLS["earth_protection"]["against"] == "air"
    assert SPELLS["protection_from_fire"]["against"] == "fire"
    # they react to an enemy's spell: a neutral army casts none
    state = fight(tower=2)
    assert not spells._has_target(state, state["battle"], 0, SPELLS["earth_protection"])


def test_abyss_takes_one_enemy_unit_of_any_level_even_an_immune_one():
    state = fight(tower=5, versus_player=True)  # Orcs: goblins (1), ogre magi (4), behemoths (7, immune)
    cast(state, "abyss")
    assert [u[0] for u in state["battle"]["sides"][1]["units"]] == ["1:goblins:0", "1:ogre_magi:0"]
    state = fight(tower=5, neutrals=["n:peasants:0", "n:crystal_dragon:0"])
    cast(state, "abyss")
    assert state["battle"]["sides"][1]["cards"] == ["n:peasants:0"]
    assert state["battle"]["sides"][1]["total"] == 5


def test_berserk_still_takes_only_level_m():
    state = fight(tower=5, neutrals=["n:peasants:0", "n:crystal_dragon:0"])
    assert not spells._has_target(state, state["battle"], 0, SPELLS["berserk"])


def test_bloodlust_blesses_a_melee_unit_and_needs_one():
    state = fight(tower=1)  # pikemen and swordsmen: melee
    before = state["battle"]["sides"][0]["total"]
    cast(state, "bloodlust")
    assert state["battle"]["sides"][0]["total"] == before + 3
    state = fight(tower=1)
    state["battle"]["sides"][0]["units"] = [unit("archers")]
    assert not spells._has_target(state, state["battle"], 0, SPELLS["bloodlust"])
    assert spells._has_target(state, state["battle"], 0, SPELLS["stoneskin"])  # any troop
    state["battle"]["sides"][0]["units"] = []
    assert not spells._has_target(state, state["battle"], 0, SPELLS["stoneskin"])


def test_mass_stoneskin_leaves_immune_units_out():
    state = fight(tower=2)
    side = state["battle"]["sides"][0]
    side["units"] = [unit("pikemen"), unit("archers")]
    cast(state, "mass_stoneskin")
    assert side["total"] == 1  # the melee pikemen only
    state = fight(tower=2)
    state["race"] = ["orcs", "castle"]
    side = state["battle"]["sides"][0]
    side["units"] = [unit("goblins"), unit("behemoths")]
    cast(state, "mass_stoneskin")
    assert side["total"] == 1  # the behemoths are immune to blessings


def test_earth_ward_falls_on_the_hero_when_no_unit_may_take_it():
    state = fight(tower=4)
    side = state["battle"]["sides"][0]
    take(state, "creatures:0", [c for u in side["units"] for c in u])
    side["units"] = [unit("griffins")]  # large: it has its own save
    take(state, "line:0", side["units"][0])
    cast(state, "earth_ward")
    assert side["warded"] == ["0:hero:valent"]
    side["hero_routed"] = True
    take(state, "deck:0", ["0:pikemen:7"])  # marked: saved
    aftermath.losses(state, side, "win", EventLog())
    assert "0:hero:valent" in cards.heroes(state, 0)


def announced(defender: str, attacker: str, machines: list[str] | None = None) -> dict:
    """A player battle where each side has named a spell (the defender is side 1)."""
    state = fight(tower=7, versus_player=True)
    state["tower"][1] = 7
    state["machines"][0] = machines or []
    battle_ = state["battle"]
    battle_["announced"] = {"1": defender, "0": attacker}
    return state


def test_protection_from_fire_cancels_a_fire_spell_and_banishes_the_elemental():
    state = announced("fire_elemental", "protection_from_fire")
    log = EventLog()
    resolve(state, log)
    enemy = state["battle"]["sides"][1]
    assert enemy["elemental"] == 0 and enemy["total"] == 0
    assert [e["key"] for e in log.events] == ["spell_cancelled"]


def test_a_protection_takes_five_off_a_spell_of_another_school():
    state = announced("earth_elemental", "protection_from_fire")
    resolve(state, EventLog())
    enemy = state["battle"]["sides"][1]
    assert enemy["elemental"] == 2 and enemy["total"] == 2  # 7 - 5
    state = announced("fire_arrow", "earth_protection")
    resolve(state, EventLog())
    assert state["battle"]["sides"][1]["total"] == 0  # 4 - 5, not below 0


def test_the_defenders_protection_acts_on_the_attackers_later_spell():
    state = announced("earth_protection", "inferno")
    resolve(state, EventLog())
    assert state["battle"]["sides"][0]["total"] == 10 + 5 - 5  # Valent's Magic Strike +5, less 5


def test_the_mystic_stone_weakens_the_enemys_spell():
    state = announced("inferno", "", machines=["mystic_stone"])
    resolve(state, EventLog())
    assert state["battle"]["sides"][1]["total"] == 10 - 5
