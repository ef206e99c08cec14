"""Deck construction (digest §7.4, examples D1-D12): every rule has its own message."""

from __future__ import annotations

import pytest

from boardwright.framework import OptionError
from boardwright.plugins.signum import decks
from boardwright.plugins.signum.rules import Signum

VALLOR_CHARACTERS = [
    "vallor_watchman", "dock_brute", "pickpocket", "guild_crossbowman", "knife_thrower",
    "caravan_guard", "alchemist", "priestess", "shadow_assassin", "dwarf_halberdier",
    "arena_gladiator", "renegade_mage", "ogre_bouncer",
]  # fmt: skip
MERCENARIES = ["hired_spearman", "goblin_firestarter", "orc_sellsword", "elven_ranger"]


def deck(characters: list[str], others: dict[str, int], hero: str = "brissa") -> dict:
    return {"hero": hero, "cards": {**dict.fromkeys(characters, 1), **others}}


def keys(d: dict) -> list[str]:
    return [p["key"] for p in decks.problems(d)]


def d1() -> dict:
    """10 characters (8 Vallor + 2 mercenaries), 4 spells, 3 relics, 3 tactics."""
    spells = {"fire_flask": 2, "smoke_screen": 1, "golden_rain": 1}
    relics = {"molforn_crossbow": 1, "cloak_of_shadows": 1, "guild_purse": 1}
    tactics = {"secret_bribe": 2, "alley_ambush": 1}
    return deck(VALLOR_CHARACTERS[:8] + MERCENARIES[:2], {**spells, **relics, **tactics})


def test_d1_a_legal_starter_deck():
    assert decks.size(d1()) == 20
    assert decks.problems(d1()) == []


def test_d2_too_few_characters():
    d = d1()
    del d["cards"]["vallor_watchman"]
    d["cards"]["feint"] = 1
    assert keys(d) == ["deck_too_few_characters"]
    assert "9 of the 10 needed" in decks.describe(decks.problems(d))


def test_d3_35_cards_with_17_characters_need_18():
    """Every Vallor and mercenary character is 17; the data allow no 18 (digest §11.10)."""
    others = {"fire_flask": 2, "smoke_screen": 2, "golden_rain": 2, "night_shade": 2, "molforn_crossbow": 1,
              "cloak_of_shadows": 2, "guild_purse": 2, "duelling_rapier": 1, "secret_bribe": 2, "feint": 2}  # fmt: skip
    d = deck(VALLOR_CHARACTERS + MERCENARIES, others)
    assert decks.size(d) == 35
    found = decks.problems(d)
    assert [p["key"] for p in found] == ["deck_too_few_characters"]
    assert (found[0]["count"], found[0]["need"]) == (17, 18)


@pytest.mark.parametrize(("size", "need"), [(20, 10), (30, 15), (35, 18), (40, 20)])
def test_d4_half_rounded_up(size, need):
    d = {"hero": "brissa", "cards": {"vallor_watchman": 1, "fire_flask": size - 1}}
    found = [p for p in decks.problems(d) if p["key"] == "deck_too_few_characters"]
    assert found[0]["need"] == need


def test_d5_mercenaries_at_most_the_faction_characters():
    equal = deck(VALLOR_CHARACTERS[:6] + MERCENARIES[:4], {})
    assert "deck_too_many_mercenaries" not in keys(equal)
    more = deck(VALLOR_CHARACTERS[:3] + MERCENARIES[:4], {})
    assert "deck_too_many_mercenaries" in keys(more)


def test_d6_duplicate_character():
    d = d1()
    d["cards"]["vallor_watchman"] = 2
    d["cards"]["fire_flask"] = 1
    assert keys(d) == ["deck_duplicate_character"]


def test_d7_two_copies_of_a_spell_but_not_three():
    d = d1()
    assert d["cards"]["fire_flask"] == 2 and decks.problems(d) == []
    d["cards"]["fire_flask"] = 3
    d["cards"]["golden_rain"] = 0
    del d["cards"]["golden_rain"]
    assert keys(d) == ["deck_too_many_copies"]


def test_d8_a_card_naming_another_hero():
    d = d1()
    d["hero"] = "demian"
    assert "deck_other_hero" in keys(d)


def test_d9_wrong_faction():
    d = d1()
    d["cards"]["fire_flask"] = 1
    d["cards"]["heavens_wrath"] = 1
    assert keys(d) == ["deck_wrong_faction"]


def test_d10_25_cards_fit_no_format():
    d = d1()
    d["cards"]["feint"] = 2
    d["cards"]["night_shade"] = 2
    d["cards"]["duelling_rapier"] = 1
    assert decks.size(d) == 25
    assert "deck_size" in keys(d)
    assert decks.deck_format(25) is None


def test_d11_a_building_is_not_a_deck_card():
    d = d1()
    d["cards"]["fire_flask"] = 1
    d["cards"]["barracks"] = 1
    assert keys(d) == ["deck_not_deck_card"]


def test_unknown_hero():
    assert keys({"hero": "nobody", "cards": {}}) == ["deck_unknown_hero"]


@pytest.mark.parametrize("starter", ["vallor_starter", "empire_starter", "roland_starter"])
def test_d12_the_starter_decks_are_legal(starter):
    d = decks.starter(starter)
    assert decks.size(d) == 20
    assert decks.problems(d) == []


def test_user_decks_are_saved_and_loaded(tmp_path):
    path = decks.save("mine", d1(), tmp_path)
    assert path.exists()
    assert decks.user_deck_names(tmp_path) == ["mine"]
    assert decks.checked("mine", tmp_path)["cards"] == d1()["cards"]


def test_a_bad_deck_is_refused_with_its_reasons(tmp_path):
    (tmp_path / "bad.toml").write_text('hero = "brissa"\n[cards]\nvallor_watchman = 2\nbarracks = 1\n')
    with pytest.raises(OptionError, match="more than once") as refused:
        decks.checked("bad", tmp_path)
    assert "deck has exactly 20" in str(refused.value)
    with pytest.raises(OptionError):
        decks.save("bad2", {"hero": "brissa", "cards": {"vallor_watchman": 2}}, tmp_path)


def test_russian_messages():
    d = d1()
    d["cards"]["vallor_watchman"] = 2
    assert "уникален" in decks.describe(decks.problems(d), "ru")


def test_the_builders_pool_lists_who_may_take_each_card(tmp_path):
    decks.save("mine", decks.starter("vallor_starter"), tmp_path)
    pool = decks.pool(tmp_path)
    cards = {card["id"]: card for card in pool["cards"]}
    assert cards["molforn_crossbow"]["leaders"] == ["brissa"], "a hero-named relic"
    assert cards["vallor_watchman"]["leaders"] == ["brissa"] and cards["vallor_watchman"]["limit"] == 1
    assert cards["heavens_wrath"]["leaders"] == ["demian", "roland"] and cards["heavens_wrath"]["limit"] == 2
    mercenary = next(c for c, data in decks.CARDS.items() if data["faction"] == "mercenary")
    assert cards[mercenary]["leaders"] == ["brissa", "demian", "roland"]
    assert set(pool["decks"]) == {"empire_starter", "roland_starter", "vallor_starter", "mine"}
    assert pool["decks"]["mine"]["leader"] == "brissa" and pool["options"] == ["deck_a", "deck_b"]


def test_the_game_checks_and_saves_a_builders_deck(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    game = Signum()
    deck = {"leader": "demian", "cards": dict(decks.starter("empire_starter")["cards"])}
    assert game.check_deck(deck) == []
    path = game.save_deck("legion", deck)
    assert path.endswith("legion.toml") and decks.load("legion")["hero"] == "demian"
    with pytest.raises(OptionError, match="only for Brissa"):
        game.save_deck("legion2", {**deck, "cards": {**deck["cards"], "molforn_crossbow": 1}})
    assert game.check_deck({"leader": None, "cards": {}}) == ["None is not a hero"]
