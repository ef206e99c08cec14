"""War's interception before a siege (E30), the closure rule on the table, and the free
travel cards that choose a hero."""

from __future__ import annotations

from boardwright.framework import Engine, EventLog, kernel, zones
from boardwright.plugins.heroes_cards import war
from boardwright.plugins.heroes_cards.aftermath import join_domain
from boardwright.plugins.heroes_cards.rules import HeroesCards

GAME = HeroesCards()
ENGINE = Engine(GAME)


def first_day(seed: int = 1) -> dict:
    """A two-player game at the first turn of day 1, nothing pending."""
    state = ENGINE.new_game(2, {}, seed)
    while kernel.phase(state) != "day" or kernel.pending(state):
        ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    return state


def take_card(state: dict, card: str, zone: str) -> None:
    for name, data in state["zones"].items():
        if card in data["items"]:
            zones.move(state, name, zone, card)
            return


def empty_hand(state: dict, seat: int) -> None:
    for kind in ("creatures", "heroes"):
        for card in list(zones.items(state, f"{kind}:{seat}")):
            zones.move(state, f"{kind}:{seat}", "removed", card)


def answer(state: dict, **wanted) -> None:
    """Answer the pending decision with the choice that has these values."""
    choice = next(c for c in ENGINE.legal_actions(state) if all(c.get(k) == v for k, v in wanted.items()))
    ENGINE.apply(state, choice)


def test_a_beaten_interception_lets_the_siege_follow_as_the_second_attempt_e30():
    state = first_day()
    attacker = kernel.active(state)
    defender = 1 - attacker
    state["wars"] = [{"attacker": attacker, "defender": defender, "crusade": False}]
    take_card(state, "t:village:0", "table")
    join_domain(state, defender, "t:village:0", "table")
    empty_hand(state, defender)  # the interceptor fields nobody: any hero beats it
    ENGINE.apply(state, {"type": "capture", "target": defender})
    assert kernel.pending(state)["kind"] == "intercept" and kernel.to_move(state) == defender
    answer(state, type="intercept", fight=True)
    while kernel.pending(state) and kernel.to_move(state) == attacker and state["battle"]:
        ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    assert state["battle"] is None
    assert "t:village:0" in state["domain"][defender]  # beaten in the field, not yet besieged
    assert state["captures"] == 1 and state["initiated"] == 0
    assert {"type": "capture", "target": defender} in ENGINE.legal_actions(state)
    ENGINE.apply(state, {"type": "capture", "target": defender})
    assert state["battle"] is not None and state["battle"]["type"] == "siege"  # no second interception
    assert state["captures"] == 2 and state["initiated"] == 1
    assert war.capture_actions(state, attacker) == []  # no third attempt


def test_after_closure_no_standing_army_over_a_mine_may_be_attacked():
    state = first_day()
    take_card(state, "t:iron_mine:0", "table")
    state["standing"]["t:iron_mine:0"] = []
    attack = {"type": "attack", "card": "t:iron_mine:0"}
    assert attack in GAME.legal_actions(state)
    state["closure"] = True
    assert attack not in GAME.legal_actions(state)


def test_the_stone_of_experience_asks_which_hero_when_there_are_two():
    state = first_day()
    seat = kernel.active(state)
    heroes = zones.items(state, f"heroes:{seat}")
    spare = next(c for c in zones.items(state, f"tavern:{seat}") if c not in heroes)
    take_card(state, spare, f"heroes:{seat}")
    take_card(state, "t:stone_of_experience:0", f"travel:{seat}")
    ENGINE.apply(state, {"type": "visit", "card": "t:stone_of_experience:0", "target": -1})
    decision = kernel.pending(state)
    assert decision["kind"] == "hero" and decision["seat"] == seat
    assert {c["hero"] for c in decision["choices"]} == set(zones.items(state, f"heroes:{seat}"))
    ENGINE.apply(state, {"type": "hero_policy", "hero": spare})
    assert state["policies"][seat] == [spare]


def test_a_hopeless_battle_is_left_to_a_person():
    """Bots list no battle their strongest army cannot win even with good luck; a person
    may still fight it, picking the card (an open choice the kernel checks)."""
    state = first_day()
    seat = kernel.active(state)
    empty_hand(state, seat)  # no army at all: a town's walls are beyond hope
    take_card(state, "t:village:0", f"travel:{seat}")
    visit = {"type": "visit", "card": "t:village:0", "target": -1}
    assert visit not in GAME.legal_actions(state)
    picked = {"type": "visit", "card": ["t:village:0"], "target": -1}
    log = EventLog()
    ENGINE.apply(state, ENGINE.check(state, picked, seat), seat, log)
    assert [e["key"] for e in log.events if e["key"].startswith("battle_")] == ["battle_loss"]
    assert "t:village:0" in zones.items(state, "table")  # it stands there for the week


def test_a_hero_whose_policy_is_active_is_known_to_every_seat():
    """The info tablet names an active policy's hero (digest 2), so the hero in hand is no
    secret any more: every view knows it, and a bot's guess keeps it there."""
    state = first_day()
    seat = kernel.active(state)
    policy = next(a for a in GAME.legal_actions(state) if a["type"] == "policy")
    other_view = ENGINE.view(state, 1 - seat)["zones"][f"heroes:{seat}"]
    assert policy["hero"] not in [item for _index, item in other_view["known"]]
    ENGINE.apply(state, policy)
    other_view = ENGINE.view(state, 1 - seat)["zones"][f"heroes:{seat}"]
    assert policy["hero"] in [item for _index, item in other_view["known"]]
    guess = GAME.determinize(ENGINE.view(state, 1 - seat), 1 - seat, 3)
    assert policy["hero"] in guess["zones"][f"heroes:{seat}"]["items"]


def test_a_treasure_chest_pays_gold_or_experience_as_its_finder_chooses():
    """Digest 7.4 and T2: chests, or as much courage to a hero in hand (at most 6)."""
    from boardwright.plugins.heroes_cards.aftermath import treasure

    for pick_hero in (False, True):
        state = first_day()
        seat = kernel.active(state)
        hero_card = zones.items(state, f"heroes:{seat}")[0]
        chests = len(zones.items(state, f"chests:{seat}"))
        take_card(state, "t:treasure_chest:0", "table")
        treasure(state, seat, "t:treasure_chest:0", EventLog())
        decision = kernel.pending(state)
        assert decision["kind"] == "treasure" and decision["seat"] == seat
        assert [c["hero"] for c in decision["choices"]] == [None, hero_card]
        log = EventLog()
        ENGINE.apply(state, {"type": "treasure", "hero": hero_card if pick_hero else None, "amount": 2}, seat, log)
        if pick_hero:
            assert state["courage"][hero_card] == 2
            assert len(zones.items(state, f"chests:{seat}")) == chests
            assert log.events[-1]["key"] == "treasure_courage"
        else:
            assert state["courage"].get(hero_card, 0) == 0
            assert len(zones.items(state, f"chests:{seat}")) == chests + 2


def test_after_taking_a_capital_the_attacker_may_attack_the_next_player():
    """Digest 5.3 (rule 99): when the capital falls and everything is taken, the attacker
    may attack the next player; before, only a neighbour (or anyone by a Crusade)."""
    state = ENGINE.new_game(4, {}, 2)
    while kernel.phase(state) != "day" or kernel.pending(state):
        ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    attacker = kernel.active(state)
    loser, beyond = (attacker + 1) % 4, (attacker + 2) % 4
    assert war.declare_problem(state, attacker, beyond) == "declare war on a neighbour (a Crusade on anyone)"
    state["wars"] = [{"attacker": attacker, "defender": loser, "crusade": False}]
    war.fall_of_capital(state, attacker, loser, EventLog())
    assert war.declare_problem(state, attacker, beyond) is None
    assert war.declare_problem(state, (attacker + 3) % 4, beyond) is None  # its own neighbour, as ever
    assert war.declare_problem(state, attacker, loser) == "no new war after a fallen capital until the week ends"
