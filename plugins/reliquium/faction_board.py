"""The faction boards (digest 2.5, 11c): the domain track and the creature cards of the
faction looking, drawn under the map; one side panel per faction with what it holds; the
battle being fought; the status line. Creature cards get their faces from factions.toml."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .castles import castles_on_map
from .text import CREATURE_NAMES, FACTION_NAMES, REGION_NAMES, class_plural, terrain_text, unit_text
from .units import PEACE
from .world import WORLD

State = dict[str, Any]
Text = dict[str, Any]

GLYPHS = WORLD.drawing["glyphs"]


def faction_name(faction: int) -> Text:
    return FACTION_NAMES[faction]


def focus(state: State, seat: int | None) -> int:
    """The faction whose board is drawn under the map: the viewer's, or the one to move."""
    return int(state["faction_of"][kernel.to_move(state) if seat is None else seat])


def status(state: State) -> Text:
    if kernel.is_over(state):  # the round's phase is not what a finished game's header says
        return {"key": "status_over", "round": kernel.round_number(state)}
    return {"key": f"status_{kernel.phase(state)}", "round": kernel.round_number(state)}


def elements(state: State, faction: int) -> list[dict[str, Any]]:
    return [track_element(state, faction), creature_cards(state, faction)]


def track_element(state: State, faction: int) -> dict[str, Any]:
    """The domain track: castles still to build, the free divisions (actions this round) in
    their terrain's colour, and the action token."""
    w = WORLD
    colour = w.colours[w.faction_ids[faction]]
    marks = []
    for division, covered in enumerate(state["track"][faction]):
        terrain = w.segment_terrain[w.segment_of[division]]
        mark: dict[str, Any] = {"at": division + 1}
        if covered:
            mark |= {"fill": colour, "label": GLYPHS["castle"], "tip": {"key": "track_castle_tip"}}
        elif state["action_token"][faction] == division:
            mark |= {
                "fill": w.drawing["action_token"],
                "label": GLYPHS["action_token"],
                "tip": {"key": "track_token_tip"},
            }
        else:
            mark |= {"fill": w.terrain_colours[terrain], "label": {"key": f"terrain_letter_{terrain}"}}
            mark["tip"] = {"key": "track_free_tip"}
        mark["tip"] |= {"terrain": terrain_text(terrain), "actions": {"key": f"actions_{terrain}"}}
        marks.append(mark)
    return {
        "type": "track",
        "place": "bottom",
        "row": "faction",  # the faction's track and creatures side by side, under the map
        "length": w.divisions,
        "start": 1,
        "title": {"key": "track_title", "faction": faction_name(faction)},
        "marks": marks,
    }


def creature_cards(state: State, faction: int) -> dict[str, Any]:
    """The creatures the faction may still summon this round, as cards (a click starts a summon)."""
    cards = WORLD.creatures[faction]
    ready = [card["id"] for c, card in enumerate(cards) if state["creature_at"][faction][c] < 0]
    return {
        "type": "cards",
        "place": "bottom",
        "row": "faction",
        "cards": ready,
        "layout": "row",
        "title": {"key": "creatures_title", "faction": faction_name(faction)},
    }


def card_face(item: Any) -> dict[str, Any] | None:
    """A creature card in its faction's colour: name, the class it boosts, its ability, its token's shape."""
    if not isinstance(item, str) or item not in WORLD.creature_ref:
        return None
    faction, unit_class = WORLD.creature_ref[item]
    card = WORLD.creatures[faction][unit_class]
    return {
        "title": CREATURE_NAMES[faction][unit_class],
        "keywords": [{"key": "creature_boost", "aura": WORLD.aura, "units": class_plural(unit_class)}],
        "text": {"en": card["ability_en"], "ru": card["ability_ru"]},
        "art": WORLD.drawing["card_art"][WORLD.classes[unit_class]],
        "colour": WORLD.colours[WORLD.faction_ids[faction]],
    }


# --- panels ---


def panels(state: State) -> list[dict[str, Any]]:
    return [_faction_panel(state, f) for f in range(len(WORLD.faction_ids))] + _battle_panel(state)


def _faction_panel(state: State, f: int) -> dict[str, Any]:
    if state["neutral"][f]:
        # nobody leads it: its castles stand to the end, and nobody may build on its lands (digest 8.1)
        castles = sum(1 for owner in state["castle"] if owner == f)
        return {
            "title": {"key": "faction_neutral_title", "name": faction_name(f)},
            "lines": [{"key": "neutral_line", "castles": castles}],
        }
    return {
        "title": {"key": "faction_title", "number": f + 1, "name": faction_name(f)},
        "lines": [
            _castles_line(state, f),
            {"key": "reserve_line", "units": unit_text(state["reserve"][f])},
            _orders_line(state, f),
            _turn_line(state, f),
            *_flag_lines(state, f),
            *_creature_lines(state, f),
        ],
    }


def _castles_line(state: State, f: int) -> Text:
    w = WORLD
    by_terrain = [
        {
            "key": "terrain_count",
            "terrain": terrain_text(terrain),
            "count": sum(1 for r, owner in enumerate(state["castle"]) if owner == f and w.terrain[r] == terrain),
        }
        for terrain in w.segment_terrain
    ]
    castles, goal = castles_on_map(state, f), state["rules"]["castles_to_win"]
    return {"key": "castles_line", "castles": castles, "goal": goal, "terrains": by_terrain}


def _orders_line(state: State, f: int) -> Text:
    """The order tokens still in hand, by value."""
    w = WORLD

    def in_hand(values: list[int], placed: list[int]) -> Any:
        left = [values[v] for v, border in enumerate(placed) if border < 0]
        return left or {"key": "none"}

    return {
        "key": "orders_line",
        "melee": in_hand(w.melee_values, state["melee_at"][f]),
        "ranged": in_hand(w.ranged_values, state["ranged_at"][f]),
    }


def _turn_line(state: State, f: int) -> Text:
    """What the faction does next in the peace phase."""
    token = state["action_token"][f]
    if token < 0:
        return {"key": "eliminated_line"}
    if kernel.phase(state) != PEACE or kernel.has_passed(state, state["seat_of"][f]):
        return {"key": "done_line"}
    terrain = WORLD.segment_terrain[WORLD.segment_of[token]]
    return {"key": "next_line", "terrain": terrain_text(terrain), "actions": {"key": f"actions_{terrain}"}}


def _flag_lines(state: State, f: int) -> list[Text]:
    lines: list[Text] = []
    if state["militia"][f]:
        lines.append({"key": "militia_line"})
    allies = [faction_name(g) for g, allied in enumerate(state["allies"][f]) if allied]
    if allies:
        lines.append({"key": "allies_line", "factions": allies})
    return lines


def _creature_lines(state: State, f: int) -> list[Text]:
    placed = state["creature_at"][f]
    ready = [CREATURE_NAMES[f][c] for c in WORLD.class_range if placed[c] < 0]
    summoned = [CREATURE_NAMES[f][c] for c in WORLD.class_range if placed[c] >= 0]
    lines: list[Text] = [{"key": "creatures_ready_line", "creatures": ready or {"key": "none"}}]
    if summoned:
        lines.append({"key": "creatures_placed_line", "creatures": summoned})
    return lines


def _battle_panel(state: State) -> list[dict[str, Any]]:
    battle = state["battle"]
    if battle is None or battle["defender"] < 0:
        return []
    side = "battle_side_line"
    return [
        {
            "title": {"key": "battle_title"},
            "lines": [
                {
                    "key": side,
                    "faction": faction_name(battle["attacker"]),
                    "strength": battle["attack"],
                    "region": REGION_NAMES[battle["attack_region"]],
                },
                {
                    "key": side,
                    "faction": faction_name(battle["defender"]),
                    "strength": battle["defence"],
                    "region": REGION_NAMES[battle["defence_region"]],
                },
                {
                    "key": "battle_losses_line",
                    "attacker": battle["attacker_losses"],
                    "defender": battle["defender_losses"],
                },
            ],
        }
    ]
