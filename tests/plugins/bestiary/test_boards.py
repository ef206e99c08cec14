"""The reconstructed boards (§11) against the facts the digest states about them."""

from __future__ import annotations

from collections import Counter

from boardwright.plugins.bestiary.catalogue import BOARDS


def _terrain(board):
    return Counter(t for t, void in zip(board.terrain, board.void, strict=True) if not void)


def test_duel_board():
    board = BOARDS["duel"]
    assert len(board.keys) == 19
    assert _terrain(board) == {"plain": 6, "forest": 4, "mountain": 4, "water": 3, "none": 2}
    towers = {t["id"]: t["area"] for t in board.towers}
    for area in towers.values():
        assert Counter(board.terrain[h] for h in area) == {"mountain": 2, "plain": 1, "water": 1, "forest": 1}
        for castle in board.castles:
            assert min(board.dist[castle][h] for h in area) == 2
            assert board.dist[castle][area[0]] == 3  # the tower hex
    assert board.index["0,0"] not in towers["tower_e"] + towers["tower_w"]


def test_crossroads_board():
    board = BOARDS["crossroads"]
    assert len(board.keys) == 23
    assert _terrain(board) == {"plain": 7, "forest": 4, "mountain": 4, "water": 4, "none": 4}
    areas = {t["id"]: t["area"] for t in board.towers}
    near = {
        "castle_nw": ("tower_n", "tower_w"),
        "castle_ne": ("tower_n", "tower_e"),
        "castle_sw": ("tower_s", "tower_w"),
        "castle_se": ("tower_s", "tower_e"),
    }
    for cid, towers in near.items():
        castle = board.castles[board.castle_ids.index(cid)]
        for tid, area in areas.items():
            d = min(board.dist[castle][h] for h in area)
            assert d == 2 if tid in towers else d >= 3
    assert [len(areas[t]) for t in ("tower_n", "tower_s", "tower_w", "tower_e")] == [2, 2, 3, 3]


def test_protorp_board_matches_book_of_war():
    board = BOARDS["protorp"]
    assert len(board.keys) == 45
    assert _terrain(board) == {"plain": 15, "mountain": 12, "forest": 9, "water": 8}
    assert board.keys[board.index["d3"]] == "d3" and board.void[board.index["d3"]]
    assert board.coords[board.index["a0"]] == (-1, -3) and board.coords[board.index["g5"]] == (1, 3)
    assert sorted(board.castle_ids) == ["a0", "a5", "c1", "c4", "e1", "e4", "g0", "g5"]
    areas = {cid: {board.keys[h] for h in board.control[i]} for i, cid in enumerate(board.castle_ids)}
    assert areas["a0"] == {"a0", "a1", "b0", "b1"}
    assert areas["c1"] == {"c1", "b1", "b2", "c0", "c2", "d1", "d2"}
    assert areas["e4"] == {"e4", "d4", "d5", "e3", "e5", "f4", "f5"}
    assert Counter(board.land[h] for h in range(45) if board.land[h]) == {"N": 11, "E": 11, "S": 11, "W": 11}
    corners = [board.castles[board.castle_ids.index(c)] for c in ("a0", "a5", "g5", "g0")]
    assert [board.dist[a][b] for a, b in zip(corners, corners[1:] + corners[:1], strict=True)] == [5, 6, 5, 6]
