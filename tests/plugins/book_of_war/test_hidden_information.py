"""Who knows which cards (digest 13.2): the land deck rebuilt from the face-up discard pile
is known to all, in order; a card an opponent's Scouting puts back face down is not."""

from __future__ import annotations

import pytest

from boardwright.framework import kernel, zones


def _known(zone):
    return [card for _index, card in zone["known"]]


def _rebuild_then_scout(table):
    """Seat 1 scouts with an empty land deck: the face-up pile E, W, ... is turned over
    (E on top), the scout draws E and W, keeps W and puts E back on top."""
    state = table.state
    table.turn(1)
    scout = table.unit(1, "swordsmen", "f3", up=True)
    table.lands(1, "S")
    pile = [table.take_land("E"), table.take_land("W"), *zones.items(state, "landdeck")]
    state["zones"]["landdeck"]["items"] = []
    state["zones"]["discard"]["items"] = pile
    table.play(type="scouting", unit=scout)
    table.play(type="scout_keep", land="W")
    return pile


@pytest.mark.parametrize("players", [2, 4])
def test_a_card_put_back_by_scouting_is_known_to_the_scouts_side_only(make_table, players):
    table = make_table(players=players)
    pile = _rebuild_then_scout(table)
    state = table.state
    deck = zones.items(state, "landdeck")
    put_back = pile[0]
    assert deck[-1] == put_back and put_back[0] == "E"
    # the rest of the deck came from the public pile without shuffling: its order is known
    rest = [[index, card] for index, card in enumerate(deck[:-1])]
    scouts = kernel.team_of(state, 1)
    for seat in range(players):
        view = table.engine.view(state, seat)["zones"]
        if seat in scouts:
            assert view["landdeck"]["known"] == [*rest, [len(deck) - 1, put_back]]
        else:
            assert view["landdeck"]["known"] == rest, f"seat {seat} sees the card put back face down"
            assert put_back not in str(view), f"seat {seat}'s view names the card put back"
            # it saw E and W drawn but not which one was kept
            assert pile[1] not in _known(view["lands:1"])
    # an onlooker (public information only) does not know it either
    assert put_back not in str(table.engine.view(state, None)["zones"])
    # a bot of the other side guesses the top card; the scout's side knows it
    assert table.game.determinize(table.engine.view(state, 1), 1, 3)["zones"]["landdeck"]["items"] == deck


def test_the_card_put_back_stays_known_to_the_scout_when_drawn(make_table):
    table = make_table()
    pile = _rebuild_then_scout(table)
    kernel.set_active(table.state, 0)
    table.play(type="pass")  # seat 1 passes too: the rest phase draws
    table.play(type="pass")
    state = table.state
    assert pile[0] in zones.items(state, "lands:0")
    assert pile[0] in _known(table.engine.view(state, 1)["zones"]["lands:0"])
    # seat 0 drew the cards the discard pile showed, so seat 1 knows them all
    assert _known(table.engine.view(state, 1)["zones"]["lands:0"]) == zones.items(state, "lands:0")


@pytest.mark.parametrize("players", [2, 4])
def test_the_moves_ask_only_what_the_seat_to_move_may_see(players):
    """Digest 13.2: every move's predicate, over its broad candidates, allows the same
    actions in the seat's own view (the unseen cards guessed, as a bot's search does) as
    in the whole state: no rule reads another side's hand, draft cards or deck."""
    import random

    from boardwright.framework import Engine
    from boardwright.plugins.book_of_war.rules import BookOfWar

    game = BookOfWar()
    engine = Engine(game)
    flow = game._flow_cache()
    state = engine.new_game(players, seed=3)
    rng = random.Random(3)
    compared = 0
    for step in range(400):
        if kernel.is_over(state):
            break
        if kernel.pending(state) is None and step % 4 == 0:
            seat = kernel.active(state)
            view = engine.view(state, seat)
            game.deal_hidden(view, seat, step)
            for move in flow.moves_now(state)[0]:
                assert move.derived(view, seat) == move.derived(state, seat), move.type
                compared += 1
        legal = engine.legal_actions(state)
        engine.apply_unchecked(state, legal[rng.randrange(len(legal))])
    assert compared > 50
