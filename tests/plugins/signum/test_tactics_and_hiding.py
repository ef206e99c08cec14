"""Face-down tactics trigger at the first matching event (E4, E5); hands and tactics are hidden."""

from __future__ import annotations

from boardwright.framework import kernel
from boardwright.framework.conformance import check_game
from boardwright.framework.engine import Engine
from boardwright.plugins.signum.rules import Signum

from .test_examples import in_activation


def character_played(bribes):
    """The active seat summons a Legionary while the other seat holds `bribes` Secret Bribes
    face down; (engine, state, the summoner, the card, the bribes)."""
    engine = Engine(Signum())
    state = in_activation(engine, seed=2)
    seat = kernel.active(state)
    other = 1 - seat
    held = [f"secret_bribe@{other}.{n}" for n in range(1, bribes + 1)]
    state["zones"][f"tactics:{other}"]["items"] += held
    state["city"][seat] = [{"id": "b90", "type": "barracks", "open": True, "locked": False}]
    state["prosperity"][seat] = 5
    card = f"imperial_legionary@{seat}.1"
    state["zones"][f"hand:{seat}"]["items"].append(card)
    summon = next(a for a in engine.legal_actions(state) if a["type"] == "summon" and a["card"] == card)
    engine.apply(state, summon)
    assert kernel.to_move(state) == other, "the owner is asked at the first occurrence"
    return engine, state, seat, card, held


def bribe_ready(answer):
    engine, state, seat, card, (bribe,) = character_played(1)
    engine.apply(state, {"type": answer, "card": bribe}, seat=1 - seat)
    return state, seat, card, bribe


def test_e4_secret_bribe_returns_the_character_costs_stay_paid():
    state, seat, card, bribe = bribe_ready("reveal")
    assert card in state["zones"][f"hand:{seat}"]["items"]
    assert not any(u["item"] == card for u in state["units"].values())
    assert state["prosperity"][seat] == 3 and not state["city"][seat][0]["open"]
    assert bribe in state["zones"][f"grave:{1 - seat}"]["items"]


def test_e5_a_tactic_not_revealed_fails():
    state, seat, card, bribe = bribe_ready("decline")
    assert any(u["item"] == card for u in state["units"].values())
    assert bribe in state["zones"][f"grave:{1 - seat}"]["items"]


def test_hands_and_tactics_are_hidden_from_the_other_seat():
    engine = Engine(Signum())
    state = in_activation(engine, seed=4)
    view = engine.view(state, 1)
    assert "items" not in view["zones"]["hand:0"] and view["zones"]["hand:0"]["count"] >= 4
    assert "items" not in view["zones"]["tactics:0"]
    assert view["decklists"][0] is None and view["decklists"][1]


def test_the_game_conforms():
    check_game(Signum())


def _strings(value):
    if isinstance(value, dict):
        return {s for key, item in value.items() for s in _strings(key) | _strings(item)}
    if isinstance(value, list | tuple):
        return {s for item in value for s in _strings(item)}
    return {value} if isinstance(value, str) else set()


def test_cards_put_back_at_the_mulligan_and_tactics_set_face_down_stay_unnamed():
    engine = Engine(Signum())
    state = engine.new_game(seed=4)
    while kernel.phase(state) != "mulligan":
        engine.apply(state, engine.legal_actions(state)[0])
    seat = kernel.active(state)
    back = state["zones"][f"hand:{seat}"]["items"][:2]
    engine.apply(state, {"type": "mulligan", "cards": back})
    assert not set(back) & _strings(engine.view(state, 1 - seat)), "the cards put back are not named"
    assert state["last"] == {"type": "mulligan", "seat": seat, "unit": None}
    state = in_activation(engine, seed=4)
    seat = kernel.active(state)
    tactic = f"secret_bribe@{seat}.2"
    state["zones"][f"hand:{seat}"]["items"].append(tactic)
    state["city"][seat] = [{"id": "b90", "type": "tavern", "open": True, "locked": False}]
    state["prosperity"][seat] = 5
    engine.apply(state, {"type": "set_tactic", "card": tactic})
    assert tactic in state["zones"][f"tactics:{seat}"]["items"]
    assert tactic not in _strings(engine.view(state, 1 - seat)), "a face-down tactic is not named"
    assert tactic in _strings(engine.view(state, seat))


def test_a_character_two_set_bribes_could_answer_is_returned_once_and_the_second_bribe_waits():
    """Two copies of a tactic are legal in a deck. Once the first Secret Bribe sent the played
    character back, its play is cancelled: it triggers no further tactic, so the second bribe
    stays face down for the next character (before, it was asked for and its reveal failed
    with the card no longer in play)."""
    engine, state, seat, card, (first, second) = character_played(2)
    other = 1 - seat
    engine.apply(state, {"type": "reveal", "card": first}, seat=other)
    assert card in state["zones"][f"hand:{seat}"]["items"]
    assert kernel.to_move(state) == seat, "the second bribe is not asked about a cancelled play"
    assert second in state["zones"][f"tactics:{other}"]["items"] and card not in state["cancelled"]
    assert not any(u["item"] == card for u in state["units"].values())
