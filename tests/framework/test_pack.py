"""`kernel.pack` gives msgpack's own bytes (or msgpack's own error) for every value: the
state hashes in saves and replays, the journal and every LAN frame are made of them, so the
faster packer behind it must never change a byte."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import random
import uuid

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardwright.framework import PluginHost, kernel


def _reference(value):
    """msgpack's bytes, or the type of its error."""
    try:
        return msgpack.Packer(use_bin_type=True, default=kernel.msgpack_default).pack(value)
    except Exception as exc:
        return type(exc)


def _packed(value):
    try:
        return kernel.pack(value)
    except Exception as exc:
        return type(exc)


_ints = st.one_of(
    st.integers(-(2**70), 2**70),
    st.sampled_from([-(2**63) - 1, -(2**63), -(2**63) + 1, -(2**31), -33, -32, 127, 128, 2**63, 2**64 - 1, 2**64]),
)
_keys = st.one_of(
    st.text(max_size=8), _ints, st.booleans(), st.none(), st.floats(allow_nan=False), st.binary(max_size=4)
)
_scalars = st.one_of(st.none(), st.booleans(), _ints, st.floats(), st.text(max_size=40), st.binary(max_size=40))
_plain = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.lists(inner, max_size=6).map(tuple),
        st.dictionaries(_keys, inner, max_size=6),
    ),
    max_leaves=40,
)


@settings(max_examples=600, deadline=None)
@given(_plain)
def test_plain_data_packs_to_msgpacks_bytes(value):
    assert _packed(value) == _reference(value)


class Colour(enum.Enum):
    RED = "red"


class Level(enum.IntEnum):
    HIGH = 3


class Name(str):
    pass


class Table(dict):
    pass


@dataclasses.dataclass
class Point:
    x: int


def _deep(depth):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "value",
    [
        pytest.param(-(2**63), id="int64 lowest"),  # the ends of msgpack's range
        pytest.param(2**64 - 1, id="uint64 highest"),
        pytest.param([-(2**63) - 1, 2**64, 2**200, -(2**200)], id="beyond 64 bits"),
        pytest.param({"a": Colour.RED}, id="enum"),
        pytest.param({"a": Level.HIGH, Level.HIGH: 1}, id="int enum, also as a key"),
        pytest.param([Name("x"), {Name("k"): Name("v")}], id="text subclass"),
        pytest.param(Table(a=1), id="map subclass"),
        pytest.param([Point(1)], id="dataclass"),
        pytest.param({"when": datetime.datetime(2026, 1, 1)}, id="datetime"),
        pytest.param({"id": uuid.UUID(int=5)}, id="uuid"),
        pytest.param("\ud800", id="lone surrogate"),
        pytest.param(bytearray(b"ab"), id="bytearray"),
        pytest.param(memoryview(b"ab"), id="memoryview"),
        pytest.param(_deep(300), id="nested 300 deep"),
        pytest.param(_deep(600), id="nested 600 deep"),
        pytest.param({(1, 2): 3}, id="list as a key"),
        pytest.param({frozenset(): 1}, id="set as a key"),
        pytest.param(object(), id="object"),
    ],
)
def test_values_beyond_plain_data_pack_or_fail_as_msgpack_does(value):
    assert _packed(value) == _reference(value)


def test_every_games_states_views_and_boards_pack_to_msgpacks_bytes():
    host = PluginHost()
    checked = 0
    for game_id in sorted(host.games()):
        engine = host.engine(game_id)
        rng = random.Random(4)
        state = engine.new_game(seed=11)
        for step in range(300):
            if kernel.is_over(state):
                break
            legal = engine.legal_actions(state)
            engine.apply_unchecked(state, legal[rng.randrange(len(legal))])
            if step % 25 == 0:
                seat = kernel.to_move(state)
                for value in (state, engine.view(state, seat), engine.board(state, seat)):
                    assert kernel.pack(value) == _reference(value), game_id
                    checked += 1
    assert checked >= 3 * len(host.games())
