"""The table for clients (digest §13): the field with terrain, miniatures with bases and
facing, movement and run circles, a ruler and the lines of sight of the creature in focus,
the cities, hands, tactics rows, graveyards, decks and the prosperity race."""

from __future__ import annotations

from typing import Any

from boardwright.framework import decided, field, kernel

from . import activation, combat, economy, play, turn
from .cards import (
    BUILDINGS,
    CARDS,
    CHARACTER,
    CONFIG,
    CONTACT,
    FACTIONS,
    FIELD,
    HEROES,
    RULERS,
    TERRAIN,
    card_of,
    hero_faction,
    name_of,
)
from .geometry import allowance, outline, sight, sight_data, terrain_shape
from .units import base, health, hero_of, relic_data, units, worn

State = dict[str, Any]
COLOURS = ("#1d4ed8", "#b91c1c")
TERRAIN_INSET = 0.05  # cm: a middle band stays this far inside the strict margin of the rules
SMALL_TERRAIN_CM = 4.0  # a round terrain smaller than this has its name below it
NAME_BELOW_CM = (16.0, 2.0)  # the box of a name below its terrain: wide enough for it, one line tall
TERRAIN_LABEL = 12  # board units: a terrain's name, about 1.2 cm tall on the field
# what a terrain area does, in the order its tip and the legend name them
TERRAIN_FLAGS = (
    "impassable",
    "difficult",
    "blocks_shooting",
    "cover",
    "melee_penalty",
    "heals",
    "spire_damage",
    "income",
    "well_range",
    "stalwart",
)


def terrain_props(card: str) -> dict[str, Any]:
    info = TERRAIN[card]
    flags = [{"key": f"terrain_{flag}", "n": info[flag]} for flag in TERRAIN_FLAGS if info.get(flag)]
    return {"key": f"props_{len(flags)}", **{f"p{i}": flag for i, flag in enumerate(flags)}}


def terrain_panel(state: State) -> dict[str, Any]:
    """The legend: each terrain area on the field, whose it is and what it does."""
    lines = [
        {"key": "terrain_line", "name": name_of(t["card"]), "seat": t["owner"], "props": terrain_props(t["card"])}
        for t in state["terrain"]
    ]
    lines += [{"key": "smoke_tip"} for _smoke in state["smoke"]]
    return {"title": {"key": "panel_terrain"}, "lines": lines or [{"key": "terrain_none"}]}


def initials(card: str) -> dict[str, str]:
    names = name_of(card)
    return {
        lang: "".join(word[0] for word in text.replace("-", " ").split()[:2]).upper() for lang, text in names.items()
    }


def focus(state: State, seat: int | None) -> str | None:
    """The creature whose reach is drawn: the one acting, else the mover's first ready one."""
    everyone = units(state)
    current = state["turn"]["current"]
    if current in everyone:
        return str(current)
    if kernel.phase(state) != "turn" or kernel.is_over(state):
        return None
    mover = kernel.active(state)
    if seat is not None and seat != mover:
        return None
    ready = [u for u, d in everyone.items() if d["owner"] == mover and activation.may_activate(state, u)]
    return ready[0] if ready else None


def field_element(state: State, seat: int | None, parts: dict[str, Any] | None = None) -> dict[str, Any]:
    """The field as `seat` sees it; `parts`: `field_parts(state)`, shared by every seat's field."""
    if parts is None:
        parts = field_parts(state)
    return {
        "type": "field",
        # seat A's edge is y = 0: drawn upside down for it, each player sees its own edge below
        "flip_y": seat == 0,
        **parts,
        "overlays": overlays(state, seat),
        "point_areas": point_areas(state, seat),
    }


def point_areas(state: State, seat: int | None) -> list[dict[str, Any]]:
    """Where the seat to move may put a base's centre or a terrain's middle, for each open
    action that takes a point (§5.2, §5.3): along its own edge for the hero and a summoned
    character, the middle band for terrain. The client lights them; the rules' check of the
    point has the last word (an ambusher may also stand by terrain: its snaps say where)."""
    if seat is None or kernel.is_over(state) or kernel.active(state) != seat:
        return []
    phase = kernel.phase(state)
    if phase == turn.PLACE:
        return [{"action": {"type": "place_hero"}, "areas": [edge_band(seat, turn.hero_radius(state, seat))]}]
    if phase != turn.TURN or kernel.stage(state) != turn.ACTIVATION or state["turn"]["current"] is not None:
        return []
    found = [
        {"action": {"type": "summon", "card": item}, "areas": [edge_band(seat, float(card_of(item)["base"]) / 2)]}
        for item in state["zones"][f"hand:{seat}"]["items"]
        if card_of(item)["kind"] == CHARACTER
    ]
    for card in play.terrain_cards(state, seat):
        for angle in play.angles(card):
            found.append(
                {"action": {"type": "terrain", "card": card, "angle": angle}, "areas": [middle_band(card, angle)]}
            )
    return found


def edge_band(seat: int, radius: float) -> dict[str, Any]:
    """The centres of a base that touches the seat's own edge."""
    near = play.edge_y(seat, radius)
    far = near + CONTACT if seat == 0 else near - CONTACT
    return band(radius, FIELD[0] - radius, min(near, far), max(near, far))


def middle_band(card: str, angle: float) -> dict[str, Any]:
    """The middles of a terrain card (turned by `angle`) that keep it on the field and more
    than the margin from both edges."""
    width, height = FIELD
    shape = terrain_shape(card, [0.0, 0.0], angle)
    if "circle" in shape:
        half_x = half_y = float(shape["radius"])
    else:
        corners = outline(shape)
        half_x, half_y = max(abs(x) for x, _y in corners), max(abs(y) for _x, y in corners)
    margin = RULERS[CONFIG["terrain_edge_margin"]] + TERRAIN_INSET
    return band(half_x, width - half_x, margin + half_y, height - margin - half_y)


def band(left: float, right: float, top: float, bottom: float) -> dict[str, Any]:
    return {"polygon": [[left, top], [right, top], [right, bottom], [left, bottom]]}


def field_parts(state: State) -> dict[str, Any]:
    """What the field shows every seat alike: its size, the edges, terrain and miniatures."""
    terrain = []
    for t in state["terrain"]:
        info = TERRAIN[t["card"]]
        tip = {"key": "terrain_tip", "name": name_of(t["card"]), "seat": t["owner"], "props": terrain_props(t["card"])}
        drawn = {"fill": info["fill"], "tip": tip, "label": name_of(t["card"]), "label_size": TERRAIN_LABEL}
        if "circle" in t["shape"] and t["shape"]["radius"] < SMALL_TERRAIN_CM:
            centre, radius = t["shape"]["circle"], t["shape"]["radius"]
            terrain.append({"center": centre, "radius": radius, **drawn, "label": None})
            terrain.append(_name_below(centre, radius, drawn))
        elif "circle" in t["shape"]:
            terrain.append({"center": t["shape"]["circle"], "radius": t["shape"]["radius"], **drawn})
        else:
            terrain.append({"points": outline(t["shape"]), **drawn})
    for smoke in state["smoke"]:
        terrain.append(
            {
                "center": smoke["shape"]["circle"],
                "radius": smoke["shape"]["radius"],
                "fill": "#cbd5e1aa",
                "tip": {"key": "smoke_tip"},
            }
        )
    width, height = FIELD
    ending = decided_by(state)
    winners = (kernel.outcome(state) or {}).get("winners") or []
    bases = []
    for uid, unit in units(state).items():
        bases.append(
            {
                "id": uid,
                "at": unit["at"],
                "radius": unit["radius"],
                "facing": unit["facing"],
                "fill": COLOURS[unit["owner"]],
                "label": initials(unit["card"]),
                "faded": unit["activated"],
                "highlight": uid == (state["last"] or {}).get("unit"),
                "tip": {
                    "key": "unit_tip",
                    "name": name_of(unit["card"]),
                    "wounds": unit["wounds"],
                    "health": health(state, uid),
                    "seat": unit["owner"],
                },
            }
            | ({"decided": True} if ending == "wounds" and unit["hero"] and unit["owner"] in winners else {})
        )
    fallen = [_fallen(hero) for hero in state.get("fallen", [])] if ending == "fallen" else []
    return {
        "size": [width, height],
        "rulers": RULERS,
        "sight": sight_data(state),
        "fill": "#4a6b3a",
        "areas": [*_edges(width, height), *fallen],
        "terrain": terrain,
        "bases": bases,
    }


def _edges(width: float, height: float) -> list[dict[str, Any]]:
    """Each player's edge, a band of its colour, named in its tip (a name on the band would
    lie under the miniatures that stand at the edge)."""
    return [
        {
            "points": band(0.0, width, low, high)["polygon"],
            "fill": COLOURS[seat] + "66",
            "tip": {"key": "edge_of", "seat": seat},
        }
        for seat, (low, high) in enumerate(((0.0, 1.0), (height - 1.0, height)))
    ]


def _name_below(centre: list[float], radius: float, drawn: dict[str, Any]) -> dict[str, Any]:
    """A small round terrain's name, too long for it, on the grass just below it."""
    x, y = centre
    top = y + radius if y + radius + NAME_BELOW_CM[1] <= FIELD[1] else y - radius - NAME_BELOW_CM[1]
    half = NAME_BELOW_CM[0] / 2
    return {
        "points": band(x - half, x + half, top, top + NAME_BELOW_CM[1])["polygon"],
        "fill": "#00000000",
        "stroke": "#00000000",
        "label": drawn["label"],
        "label_size": drawn["label_size"],
        "label_colour": "#ffffff",
        "tip": drawn["tip"],
    }


def decided_by(state: State) -> str | None:
    """What decided a finished game: "fallen" (a hero was destroyed: where it fell),
    "prosperity" (the winner's prosperity: the goal reached, or more of it at the round
    limit) or "wounds" (the round limit with equal prosperity: the winner's hero, less
    wounded); None while the game runs and in a draw."""
    end = decided.end(state)
    if end is None or not end[1]:
        return None
    if end[0] == "hero destroyed":
        return "fallen"
    if end[0] == "round limit" and state["prosperity"][0] == state["prosperity"][1]:
        return "wounds"
    return "prosperity"


def _fallen(hero: dict[str, Any]) -> dict[str, Any]:
    """The place a destroyed hero's base stood, in its owner's colour, ringed as what decided
    the game: the base itself has left the field."""
    return {
        "center": hero["at"],
        "radius": hero["radius"],
        "fill": COLOURS[hero["owner"]] + "88",
        "label": "✝",
        "tip": {"key": "hero_fell_tip", "name": name_of(hero["card"]), "seat": hero["owner"]},
        "decided": True,
    }


def overlays(state: State, seat: int | None) -> list[dict[str, Any]]:
    uid = focus(state, seat)
    if uid is None:
        return []
    everyone = units(state)
    unit = everyone[uid]
    found: list[dict[str, Any]] = []
    if not unit["activated"]:
        walk = allowance(state, uid, False)
        found.append(
            {
                "type": "circle",
                "center": unit["at"],
                "radius": walk + unit["radius"],
                "label": {"key": "reach_move", "cm": walk},
            }
        )
        run = allowance(state, uid, True)
        found.append(
            {
                "type": "circle",
                "center": unit["at"],
                "radius": run + unit["radius"],
                "dash": True,
                "label": {"key": "reach_run", "cm": run},
            }
        )
    enemies = [e for e in everyone if everyone[e]["owner"] != unit["owner"]]
    spec = combat.magic_shot(state, uid) or combat.shooting(state, uid)
    if spec:
        found.append(
            {
                "type": "circle",
                "center": unit["at"],
                "radius": spec[1] + unit["radius"],
                "label": {"key": "reach_shot", "cm": spec[1]},
            }
        )
        for enemy in enemies:
            if activation.edge_gap(state, uid, enemy) <= spec[1]:
                for line in sight(state, uid, enemy):
                    found.append({"type": "sight", "from": line["from"], "to": line["to"], "clear": line["clear"]})
    if enemies:
        nearest = min(enemies, key=lambda e: activation.edge_gap(state, uid, e))
        gap = activation.edge_gap(state, uid, nearest)
        found.append(
            {
                "type": "ruler",
                "from": field.edge_to_edge(base(unit), base(everyone[nearest]))[1],  # from its base's edge
                "towards": everyone[nearest]["at"],
                "length": round(gap, 1),
                "label": {"key": "ruler_label", "cm": round(gap, 1)},
            }
        )
    return found


def seat_panel(state: State, seat: int) -> dict[str, Any]:
    hero = hero_of(state, seat)
    fell = any(fallen["owner"] == seat for fallen in state.get("fallen", []))
    lines: list[Any] = [
        {
            "key": "panel_hero" if hero else "panel_hero_fallen" if fell else "panel_hero_waiting",
            "name": name_of(state["heroes"][seat]),
            "wounds": units(state)[hero]["wounds"] if hero else 0,
            "health": HEROES[state["heroes"][seat]]["health"],
        },
        {"key": "panel_prosperity", "amount": state["prosperity"][seat], "goal": state["victory"]},
        {
            "key": "panel_counts",
            "deck": len(state["zones"][f"deck:{seat}"]["items"]),
            "hand": len(state["zones"][f"hand:{seat}"]["items"]),
            "tactics": len(state["zones"][f"tactics:{seat}"]["items"]),
        },
    ]
    for relic in worn(state, seat):
        info = relic_data(relic)
        key = (
            "panel_relic_armour" if "durability" in info else "panel_relic_uses" if info.get("uses") else "panel_relic"
        )
        lines.append(
            {
                "key": key,
                "name": name_of(relic["card"]),
                "tokens": relic["tokens"],
                "uses": relic["uses"],
                "durability": info.get("durability", 0),
            }
        )
    # the City's buildings as buttons: pressing an open one uses its ability (where it may)
    cards = [
        {
            "id": b["id"],
            "label": {
                "key": "panel_building_open" if b["open"] else "panel_building_closed",
                "name": name_of(b["type"]),
            },
            "tip": BUILDINGS[b["type"]]["text"],
            "fill": "#e2d3b0" if b["open"] else "#9a917f",
        }
        for b in state["city"][seat]
    ]
    return {
        "title": {"key": "panel_seat", "seat": seat, "faction": FACTIONS[hero_faction(state["heroes"][seat])]["name"]},
        "lines": lines,
        **({"cards": cards} if cards else {}),
    }


def status(state: State) -> dict[str, Any]:
    if kernel.is_over(state):
        return {"key": "status_over"}
    phase = kernel.phase(state)
    if phase != "turn":
        return {"key": f"status_{phase}", "seat": kernel.to_move(state)}
    return {
        "key": f"status_{kernel.stage(state) or turn.FIRST}",
        "seat": kernel.to_move(state),
        "round": state["round"],
    }


def _zone(zone: str, layout: str, place: str, key: str, seat: int, **extra: Any) -> dict[str, Any]:
    return {
        "type": "cards",
        "zone": f"{zone}:{seat}",
        "layout": layout,
        "place": place,
        "title": {"key": key, "seat": seat},
        **extra,
    }


def pool_panel(state: State, seat: int) -> dict[str, Any] | None:
    """The buildings the viewer's City pool still holds, while it is the viewer's building
    phase, as buttons: one that may be built now is lit, and pressing it builds it."""
    if kernel.to_move(state) != seat or kernel.stage(state) != turn.BUILDING or not economy.buildable(state, seat):
        return None
    left = [kind for kind, count in state["pool"][seat]["buildings"].items() if count > 0]
    cards = [
        {"id": kind, "label": {"key": "pool_building", "name": name_of(kind), "cost": BUILDINGS[kind]["cost"]}}
        | {"tip": BUILDINGS[kind]["text"], "fill": "#e2d3b0"}
        for kind in left
    ]
    return {"title": {"key": "zone_pool"}, "cards": cards}


def prosperity_panel(state: State) -> dict[str, Any]:
    goal = state["victory"]
    # the winner's prosperity decided the game: the goal reached, or more of it at the round limit
    winners = list((kernel.outcome(state) or {}).get("winners") or []) if decided_by(state) == "prosperity" else []
    marks = [
        {
            "at": min(p, goal),
            "label": str(p),
            "fill": COLOURS[s],
            "seat": s,
            "tip": {"key": "panel_prosperity", "amount": p, "goal": goal},
        }
        | ({"decided": True} if s in winners else {})
        for s, p in enumerate(state["prosperity"])
    ]
    return {"title": {"key": "track_prosperity"}, "track": {"length": goal + 1, "start": 0, "marks": marks}}


def board(state: State, seat: int | None) -> dict[str, Any]:
    return boards(state, [seat])[0]


def boards(state: State, seats: list[int | None]) -> list[dict[str, Any]]:
    """Each seat's board; the field's terrain and miniatures, the panels and the status are
    built once and every board holds the same objects (boards are read-only)."""
    if not seats:
        return []
    shared = {
        "parts": field_parts(state),
        "panels": {s: seat_panel(state, s) for s in (0, 1)},
        "prosperity": prosperity_panel(state),
        "terrain": terrain_panel(state),
        "status": status(state),
    }
    return [_board(state, seat, shared) for seat in seats]


def _board(state: State, seat: int | None, shared: dict[str, Any]) -> dict[str, Any]:
    """The field in the middle, as large as the table allows; the opponent's hand, tactics,
    deck, Graveyard and cards in play in a column at its left, the viewer's in a column at
    its right, and the viewer's hand below it, face up."""
    viewer = seat if seat is not None else 0
    other = 1 - viewer
    elements: list[dict[str, Any]] = [
        _zone("hand", "pile", "left", "zone_hand_of", other, back=COLOURS[other]),
        _zone("tactics", "pile", "left", "zone_tactics", other),
        _zone("deck", "pile", "left", "zone_deck", other, back=COLOURS[other]),
        _zone("grave", "pile", "left", "zone_grave", other),
        _zone("play", "pile", "left", "zone_play", other),
        field_element(state, seat, shared["parts"]),
        _zone("tactics", "pile" if seat is None else "row", "right", "zone_tactics", viewer),
        _zone("deck", "pile", "right", "zone_deck", viewer, back=COLOURS[viewer]),
        _zone("grave", "pile", "right", "zone_grave", viewer),
        _zone("play", "pile", "right", "zone_play", viewer),
        _zone("hand", "fan", "bottom", "zone_hand_of", viewer),
    ]
    seat_panels = shared["panels"]
    pool = pool_panel(state, viewer) if seat is not None else None
    panels = [
        shared["prosperity"],
        *([pool] if pool else []),
        seat_panels[viewer],
        seat_panels[other],
        shared["terrain"],
    ]
    return {"kind": "signum", "status": shared["status"], "elements": elements, "panels": panels}


def card_face(item: Any) -> dict[str, Any] | None:
    if not isinstance(item, str) or item.split("@")[0] not in CARDS:
        return None
    card = card_of(item)
    face: dict[str, Any] = {
        "title": card["name"],
        "cost": card["cost"],
        "keywords": [{"key": f"kind_{card['kind']}"}, *({"key": f"needs_{n}"} for n in card["needs"])],
        "art": CONFIG["card_art"][card["kind"]],
        "colour": "#d8c9a3" if card["faction"] == "mercenary" else FACTIONS[card["faction"]]["colour"] + "55",
    }
    if card["kind"] == "character":
        face["stats"] = [
            [{"key": "stat_strength"}, card["strength"]],
            [{"key": "stat_health"}, card["health"]],
            [{"key": "stat_move"}, card["move"]],
        ]
        face["text"] = {"key": "character_text", "props": properties_text(card["props"])}
    else:
        face["text"] = card["text"]
    return face


def properties_text(props: dict[str, Any]) -> dict[str, Any]:
    parts = []
    for key, value in props.items():
        if isinstance(value, list):
            parts.append(
                {
                    "key": f"prop_{key}",
                    "n": value[0] if not isinstance(value[0], str) else value[1],
                    "reach": value[1] if not isinstance(value[0], str) else value[0],
                }
            )
        else:
            parts.append({"key": f"prop_{key}", "n": value, "reach": value})
    return {"key": "props_" + str(len(parts)), **{f"p{i}": p for i, p in enumerate(parts)}}
