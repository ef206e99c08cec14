"""The kernel's state helpers: seeded randomness, decisions, rounds, the end, hashing."""

from __future__ import annotations

from collections import Counter

import msgpack
import pytest

from boardwright.framework import Engine, Game, GameSpec, IllegalAction, NotYourTurn, Option, OptionError, kernel


def _state(seed=7, players=2):
    return {"k": kernel.new_kernel_state(players, seed, None)}


def test_same_seed_same_numbers_and_the_generator_lives_in_the_state():
    a, b = _state(42), _state(42)
    assert [kernel.rng_int(a, 1, 6) for _ in range(50)] == [kernel.rng_int(b, 1, 6) for _ in range(50)]
    assert a["k"]["rng"] == b["k"]["rng"]
    c = _state(43)
    assert [kernel.rng_int(c, 1, 6) for _ in range(50)] != [kernel.rng_int(_state(42), 1, 6) for _ in range(50)]
    # the state's msgpack round trip carries the generator: the copy continues identically
    copy = msgpack.unpackb(msgpack.packb(a))
    assert kernel.rng_roll(copy, 10) == kernel.rng_roll(a, 10)


def test_dice_are_fair_and_in_range():
    state = _state(1)
    counts = Counter(kernel.rng_roll(state, 60_000, 6))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    for face in range(1, 7):
        assert 9_400 < counts[face] < 10_600


def test_shuffle_is_a_permutation_and_depends_on_the_seed():
    items = list(range(20))
    a, b = list(items), list(items)
    kernel.rng_shuffle(_state(5), a)
    kernel.rng_shuffle(_state(6), b)
    assert sorted(a) == items and sorted(b) == items
    assert a != b and a != items


def test_derived_seeds_differ_per_game():
    seeds = {kernel.derive_seed(7, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert kernel.derive_seed(7, 3) == kernel.derive_seed(7, 3)


def test_derived_seeds_stay_what_they_were():
    """A series' games, and so the results a balance run prints for its seed, depend on these
    numbers: they are the ones `derive_seed` gave before it was inlined (one `_next64` step)."""
    got = [kernel.derive_seed(s, i) for s, i in ((0, 0), (0, 1), (5, 1000), (2**70, 3), (-3, 7))]
    assert got == [
        8147104208329303767,
        5225608189600411232,
        2904772404226453112,
        1046394712501569526,
        1389285387198395517,
    ]


def test_a_new_kernel_state_is_what_it_was_and_shares_nothing_with_another():
    """`new_kernel_state` copies a template: its keys, their order and values pack as the map
    it built before (every saved game's hashes start from it), and no list is shared."""
    assert kernel.state_hash({"k": kernel.new_kernel_state(3, 5, [[0, 2], [1]])}) == "52b0d9eee1af816c1763d3209a6b5d49"
    assert (
        kernel.state_hash({"k": kernel.new_kernel_state(2, 2**70, None, [0, 1])}) == "23dcb2c798566b908947d0bf2a90adb0"
    )
    one, other = kernel.new_kernel_state(2, 1, None), kernel.new_kernel_state(2, 1, None)
    for key, value in one.items():
        if isinstance(value, list):
            assert value is not other[key], key
            value.append(9)
    assert other == kernel.new_kernel_state(2, 1, None)


def test_clone_is_deep_and_equal():
    state = _state()
    state["board"] = {"a": [1, 2, {"b": [3]}]}
    copy = kernel.clone(state)
    assert copy == state
    copy["board"]["a"][2]["b"].append(4)
    assert state["board"]["a"][2]["b"] == [3]


class Token:
    def __init__(self, n: int) -> None:
        self.n = n


def test_clone_keeps_types_order_and_shared_parts_and_copies_what_no_save_holds():
    shared = [1, 2]
    state = {"z": shared, "a": shared, "t": (1, "x"), "big": 1 << 130, "f": 0.5, "b": True, "n": None}
    copy = kernel.clone(state)
    assert copy == state and list(copy) == ["z", "a", "t", "big", "f", "b", "n"]
    assert copy["z"] is copy["a"] and copy["z"] is not shared  # shared inside the copy only
    assert type(copy["t"]) is tuple and type(copy["b"]) is bool

    odd = kernel.clone({"token": Token(3)})  # not plain data: marshal refuses it, the copy still works
    assert odd["token"].n == 3


def test_hash_changes_with_any_change():
    state = _state()
    state["x"] = [1, 2]
    before = kernel.state_hash(state)
    state["x"][1] = 3
    assert kernel.state_hash(state) != before


def test_pack_is_msgpack_and_a_value_it_cannot_pack_leaves_the_next_clean():
    # the packer is made once a thread and reused: a failure must not leave bytes behind
    state = {"x": [1, "a", None, 1.5], "big": 1 << 70}
    with pytest.raises(TypeError):
        kernel.pack({"first": [1, 2, 3], "bad": object()})
    assert kernel.unpack(kernel.pack(state)) == state
    assert kernel.pack({"x": [1, 2]}) == msgpack.packb({"x": [1, 2]}, use_bin_type=True)


class Duel(Game):
    """A tiny game to test decisions: the active seat attacks, the other seat chooses how to defend."""

    spec = GameSpec(
        id="duel_test",
        version="1",
        title_en="Duel",
        title_ru="Дуэль",
        players=(2,),
        options=(Option("lives", 2, minimum=1),),
    )
    messages = {"en": {"hit": "{seat} hits"}, "ru": {"hit": "{seat} бьёт"}}

    def setup(self, state, setup):
        state["lives"] = [setup.options["lives"]] * 2

    def legal_actions(self, state):
        return [{"type": "attack"}, {"type": "pass"}]

    def apply(self, state, action, log):
        seat = kernel.active(state)
        if action["type"] == "attack":
            kernel.ask(state, 1 - seat, "defend", [{"type": "block"}, {"type": "take"}], attacker=seat)
            return
        kernel.set_active(state, 1 - seat)
        if not kernel.next_round(state, self):
            return

    def resume_defend(self, state, decision, choice, log):
        defender = decision["seat"]
        if choice["type"] == "take":
            log.emit("hit", seat=decision["data"]["attacker"])
            state["lives"][defender] -= 1
            if state["lives"][defender] == 0:
                kernel.finish(state, winners=[1 - defender], reason="out of lives")
                return
        kernel.set_active(state, defender)

    def scores(self, state):
        return state["lives"]


def test_a_pending_decision_is_asked_of_its_seat_and_resumed():
    engine = Engine(Duel())
    state = engine.new_game(2, {"lives": 1})
    engine.apply(state, {"type": "attack"}, seat=0)
    assert kernel.to_move(state) == 1
    assert engine.legal_actions(state) == [{"type": "block"}, {"type": "take"}]
    before = kernel.state_hash(state)
    with pytest.raises(NotYourTurn):
        engine.apply(state, {"type": "take"}, seat=0)
    with pytest.raises(IllegalAction, match="does not answer the pending defend decision"):
        engine.apply(state, {"type": "attack"}, seat=1)
    assert kernel.state_hash(state) == before
    engine.apply(state, {"type": "take"}, seat=1)
    assert kernel.is_over(state)
    assert engine.outcome(state)["winners"] == [0]
    assert engine.legal_actions(state) == []


def test_the_round_cap_ends_the_game_with_the_leader():
    engine = Engine(Duel())
    state = engine.new_game(2, {"lives": 3, "round_cap": 2})
    engine.apply(state, {"type": "attack"})
    engine.apply(state, {"type": "take"})  # seat 1 loses a life and becomes active
    engine.apply(state, {"type": "pass"})  # round 2
    assert kernel.round_number(state) == 2 and not kernel.is_over(state)
    engine.apply(state, {"type": "pass"})  # the cap
    outcome = engine.outcome(state)
    assert outcome["capped"] and outcome["winners"] == [0] and outcome["reason"] == "round cap"


def test_options_are_checked():
    engine = Engine(Duel())
    with pytest.raises(OptionError, match="below 1"):
        engine.new_game(2, {"lives": 0})
    with pytest.raises(OptionError, match="no option"):
        engine.new_game(2, {"speed": 3})
    with pytest.raises(OptionError, match="not 3"):
        engine.new_game(3)
    assert engine.spec.option("lives").parse("4") == 4
    with pytest.raises(OptionError, match="whole number"):
        engine.spec.option("lives").parse("four")


def test_views_never_hold_the_generator_or_others_pending_choices():
    engine = Engine(Duel())
    state = engine.new_game(2)
    engine.apply(state, {"type": "attack"})
    mine = engine.view(state, 1)
    theirs = engine.view(state, 0)
    assert mine["k"]["rng"] is None and theirs["k"]["rng"] is None
    assert mine["k"]["pending"][0]["choices"]
    assert "choices" not in theirs["k"]["pending"][0]
    assert state["k"]["rng"] is not None, "the view must not change the state"


def test_a_mode_without_teams_clears_the_spec_layout_for_its_seats():
    state = {"k": kernel.new_kernel_state(4, 1, [[0, 2], [1, 3]])}
    assert kernel.side_of(state, 2) == 0 and kernel.team_of(state, 1) == [1, 3]
    kernel.set_teams(state, None)  # a free-for-all mode for the same four seats
    assert kernel.teams(state) is None
    assert [kernel.side_of(state, seat) for seat in range(4)] == [0, 1, 2, 3]
    assert kernel.sides(state) == [[0], [1], [2], [3]] and kernel.team_of(state, 2) == [2]
    kernel.set_teams(state, [[0, 1], [2, 3]])
    assert kernel.sides(state) == [[0, 1], [2, 3]]


def _containers(value, found=None):
    """Every map and list inside `value`, by identity."""
    found = {} if found is None else found
    if type(value) in (dict, list):
        found[id(value)] = value
        for item in value.values() if type(value) is dict else value:
            _containers(item, found)
    return found


def test_a_constructor_builds_a_new_equal_copy_each_call_and_keeps_what_was_shared():
    shared = [1, 0]
    value = {
        "k": {"after": shared, "handon": shared, "rng": 2**70, "over": False, "outcome": None},
        "text": 'it\'s "quoted", ünïcode, a tab\t and a\nline',
        "numbers": [-0.0, 1.5, -7, 10**30, True],
        "nested": [[[], {}], {"deep": [{"x": [1]}]}],
        7: "a whole-number key",
    }
    build = kernel.constructor(value)
    assert build is not None
    one, two = build(), build()
    assert one == value and kernel.pack(one) == kernel.pack(value)
    assert list(one) == list(value) and list(one["k"]) == list(value["k"])
    # nothing is shared with the value or between copies, but what the value shared
    assert not set(_containers(one)) & set(_containers(value))
    assert not set(_containers(one)) & set(_containers(two))
    assert one["k"]["after"] is one["k"]["handon"]
    one["nested"][0][0].append(1)
    assert value["nested"][0][0] == [] and two["nested"][0][0] == []


@pytest.mark.parametrize(
    "value",
    [
        {"a": {1, 2}},
        {"a": (1, 2)},
        {"a": float("nan")},
        {"a": [float("inf")]},
        {"a": object()},
        {(1, 2): "a tuple key"},
        {"a": b"bytes"},
    ],
)
def test_a_constructor_is_refused_for_anything_but_plain_data(value):
    assert kernel.constructor(value) is None


def test_a_constructor_is_refused_for_data_nested_too_deep():
    shallow = deep = []
    for _ in range(40):
        shallow = [shallow]
    assert kernel.constructor(shallow)() == shallow
    for _ in range(500):
        deep = [deep]
    assert kernel.constructor(deep) is None
