"""What clients draw (client/README.md vocabulary): the map, pieces, tokens, creatures, one
panel per faction and the battle being fought (digest 13.1)."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .castles import castles_on_map
from .units import MELEE, PEACE, SUPPORT
from .world import WORLD

State = dict[str, Any]
Item = dict[str, Any]

CASTLE_OFFSET = (0, -28)
UNIT_SLOTS = ((-30, 14), (0, 14), (30, 14))  # one spot per unit a region may hold
# the letters on unit pieces, per class: warrior, defender, mage (воин, защитник, маг)
CLASS_LABEL = [{lang: WORLD.class_letters[lang][c] for lang in ("en", "ru")} for c in WORLD.class_range]
# terrain names; a castle token and a track division show the initial of their terrain
TERRAIN_NAMES = {
    "plains": {"en": "plains", "ru": "равнины"},
    "mountains": {"en": "mountains", "ru": "горы"},
    "forest": {"en": "forest", "ru": "лес"},
    "water": {"en": "water", "ru": "вода"},
}
SHAPE_RADIUS = 13
COLOURS = [WORLD.colours[faction] for faction in WORLD.faction_ids]


def board(state: State, seat: int | None) -> dict[str, Any]:
    items = _map_items() + _region_pieces(state) + _token_items(state) + _creature_items(state)
    battle = state["battle"]
    if battle is not None:
        items.append(
            {
                "shape": "circle",
                "center": WORLD.anchors[battle["border"]],
                "radius": 20,
                "stroke": "#FF0000",
                "width": 3,
                "highlight": True,
            }
        )
    return {
        "kind": "regions",
        "size": [1000, 1000],
        "background": "#1E2A33",
        "items": items,
        "panels": [_faction_panel(state, f) for f in range(len(WORLD.faction_ids))] + _battle_panel(state),
        "status": _status(state),
    }


def _map_items() -> list[Item]:
    """Regions, rivers and the token anchor of every border (clickable by border id)."""
    w = WORLD
    items: list[Item] = []
    for region in w.regions:
        terrain = region["terrain"]
        items.append(
            {
                "shape": "polygon",
                "id": region["id"],
                "points": [w.vertices[v] for v in region["polygon"]],
                "fill": w.terrain_colours[terrain],
                "stroke": "#202020",
                "width": 2,
                "layer": "board",
                "tip": {lang: f"{region[lang]} ({_terrain(terrain, lang)})" for lang in ("en", "ru")},
                "terrain": terrain,
            }
        )
    for border, (v1, v2) in enumerate(w.border_ends):
        if w.river[border]:
            items.append(
                {
                    "shape": "line",
                    "points": [w.vertices[v1], w.vertices[v2]],
                    "stroke": "#3A6FD0",
                    "width": 4,
                    "layer": "board",
                }
            )
        a, c = w.borders[border]
        items.append(
            {
                "shape": "circle",
                "id": w.border_ids[border],
                "center": w.anchors[border],
                "radius": 4,
                "fill": "#00000030",
                "layer": "marker",
                "border": [w.region_ids[a], w.region_ids[c]],
                "river": w.river[border],
            }
        )
    return items


def _region_pieces(state: State) -> list[Item]:
    """Each region's name, castle and units."""
    items: list[Item] = []
    for r, region in enumerate(WORLD.regions):
        cx, cy = region["centre"]
        items.append(
            {"shape": "text", "at": [cx, cy + 40], "text": {"en": region["en"], "ru": region["ru"]}, "size": 11}
        )
        if state["castle"][r] >= 0:
            items.append(_castle_item(state, r))
        if state["occupant"][r] >= 0:
            items += _unit_items(state, r)
    return items


def _castle_item(state: State, r: int) -> Item:
    region = WORLD.regions[r]
    cx, cy = region["centre"]
    owner = state["castle"][r]
    neutral = state["neutral"][owner]
    militia = state["militia"][owner] and not neutral
    faction = WORLD.factions[owner]
    return {
        "shape": "rect",
        "id": region["id"],
        "rect": [cx + CASTLE_OFFSET[0] - 12, cy + CASTLE_OFFSET[1] - 12, 24, 24],
        "fill": WORLD.colours["neutral"] if neutral else COLOURS[owner],
        "stroke": "#000000",
        "layer": "piece",
        "label": "+1" if militia else _terrain_letter(region["terrain"]),
        "tip": {"en": f"castle of {faction['en']}", "ru": f"замок: {faction['ru']}"},
    }


def _unit_items(state: State, r: int) -> list[Item]:
    """Units in their slots; units assigned to a ranged token are drawn slid toward it (13.1)."""
    region = WORLD.regions[r]
    cx, cy = region["centre"]
    faction = state["occupant"][r]
    placed = _support_spots(state, faction, r)
    items = []
    slot = 0
    for c in WORLD.class_range:
        for _ in range(state["units"][r][c]):
            spot = placed[c].pop() if placed[c] else None
            if spot is None:
                dx, dy = UNIT_SLOTS[slot % len(UNIT_SLOTS)]
                slot += 1
                spot = [cx + dx, cy + dy]
            items.append(
                {
                    "shape": "circle",
                    "id": region["id"],
                    "center": spot,
                    "radius": 12,
                    "fill": COLOURS[faction],
                    "stroke": "#000000",
                    "layer": "piece",
                    "label": CLASS_LABEL[c],
                    "tip": {lang: WORLD.class_names[lang][c] for lang in ("en", "ru")},
                }
            )
    return items


def _support_spots(state: State, faction: int, r: int) -> list[list[list[float]]]:
    """Per class, the drawing spots of the faction's supporting units in r: toward the token."""
    w = WORLD
    spots: list[list[list[float]]] = [[] for _ in w.class_range]
    cx, cy = w.regions[r]["centre"]
    for border in state["ranged_at"][faction]:
        if border < 0 or r not in w.borders[border] or state["tokens"][border]["target"] == r:
            continue
        token = state["tokens"][border]
        ax, ay = w.anchors[border]
        n = 0
        for c in w.class_range:
            for _ in range(token["assigned"][c]):
                t = 0.55 + 0.12 * n
                spots[c].append([cx + (ax - cx) * t, cy + (ay - cy) * t])
                n += 1
    return spots


def _token_items(state: State) -> list[Item]:
    w = WORLD
    items = []
    for border, token in enumerate(state["tokens"]):
        if token is None:
            continue
        ax, ay = w.anchors[border]
        target = w.regions[token["target"]]
        assigned = sum(token["assigned"]) + token["militia"]
        melee = token["kind"] == MELEE
        value = token["value"]
        items.append(
            {
                "shape": "circle",
                "id": w.border_ids[border],
                "center": [ax, ay],
                "radius": 14,
                "fill": COLOURS[token["faction"]],
                "stroke": "#000000",
                "layer": "piece",
                "label": f"{value}⚔" if melee else f"{assigned}/{value}➶",
                "points_to": list(target["centre"]),
                "tip": {
                    "en": f"{'melee' if melee else 'ranged'} {value} toward {target['en']}",
                    "ru": f"{'ближний' if melee else 'дальний'} бой {value} → {target['ru']}",
                },
            }
        )
    return items


def _creature_items(state: State) -> list[Item]:
    """Creature tokens on their junctions; the free junctions as small dots."""
    w = WORLD
    items: list[Item] = []
    for j, junction_id in enumerate(w.junction_ids):
        x, y = w.vertices[junction_id]
        creature = state["creatures"][j]
        if creature is None:
            items.append(
                {
                    "shape": "circle",
                    "id": junction_id,
                    "center": [x, y],
                    "radius": 3,
                    "fill": "#20202080",
                    "layer": "marker",
                }
            )
            continue
        faction = creature["faction"]
        card = w.creatures[faction][creature["boosts"]]
        items.append(
            {
                "shape": "circle",
                "id": junction_id,
                "center": [x, y],
                "radius": SHAPE_RADIUS,
                "fill": COLOURS[faction],
                "stroke": "#FFFFFF",
                "layer": "piece",
                "label": {"en": card["en"][0], "ru": card["ru"][0]},
                "creature_shape": card["shape"],
                "presence": [w.region_ids[r] for r in w.junction_regions[j]],
                "tip": {"en": f"{card['en']}: {card['ability_en']}", "ru": f"{card['ru']}: {card['ability_ru']}"},
            }
        )
    return items


def _faction_panel(state: State, f: int) -> dict[str, Any]:
    w = WORLD
    faction = w.factions[f]
    if state["neutral"][f]:
        return {"title": {"en": f"{faction['en']} (neutral)", "ru": f"{faction['ru']} (нейтральная)"}, "lines": []}
    colour = w.colours[w.faction_ids[f]]
    marks = [
        {"at": i, "label": _terrain_letter(w.segment_terrain[w.segment_of[i]]), "fill": colour}
        for i, covered in enumerate(state["track"][f])
        if covered
    ]
    if state["action_token"][f] >= 0:
        marks.append({"at": state["action_token"][f], "label": "▲", "fill": "#FFFFFF"})
    reserve = state["reserve"][f]
    melee = ["·" if b >= 0 else str(w.melee_values[v]) for v, b in enumerate(state["melee_at"][f])]
    ranged = ["·" if b >= 0 else str(w.ranged_values[v]) for v, b in enumerate(state["ranged_at"][f])]
    castles = f"{castles_on_map(state, f)}/{state['rules']['castles_to_win']}"
    return {
        "title": {"en": f"{f + 1}. {faction['en']}", "ru": f"{f + 1}. {faction['ru']}"},
        "lines": [
            {"en": f"castles {castles}", "ru": f"замки {castles}"},
            {
                lang: f"{word} " + " ".join(f"{CLASS_LABEL[c][lang]}{reserve[c]}" for c in w.class_range)
                for lang, word in (("en", "reserve"), ("ru", "запас"))
            },
            {
                "en": f"melee {' '.join(melee)}  ranged {' '.join(ranged)}",
                "ru": f"ближний {' '.join(melee)}  дальний {' '.join(ranged)}",
            },
            _flags(state, f),
        ],
        "cards": [
            {
                "id": card["id"],
                "label": {"en": card["en"], "ru": card["ru"]},
                "tip": {"en": card["ability_en"], "ru": card["ability_ru"]},
                "fill": colour if state["creature_at"][f][c] < 0 else "#606060",
            }
            for c, card in enumerate(w.creatures[f])
        ],
        "track": {"length": w.divisions, "marks": marks, "segments": w.segment_terrain},
    }


def _flags(state: State, f: int) -> dict[str, str]:
    """Done with the peace phase, out of castles, militia, allies."""
    w = WORLD
    flags: dict[str, list[str]] = {"en": [], "ru": []}
    # done: through the track in this peace phase, or the peace phase is over
    passed = kernel.phase(state) != PEACE or kernel.has_passed(state, state["seat_of"][f])
    if passed or state["action_token"][f] < 0:
        flags["en"].append("done")
        flags["ru"].append("шкала пройдена")
    if state["action_token"][f] < 0:
        flags["en"].append("eliminated")
        flags["ru"].append("выбыла")
    if state["militia"][f]:
        flags["en"].append("militia")
        flags["ru"].append("ополчение")
    allies = [g for g, allied in enumerate(state["allies"][f]) if allied]
    if allies:
        flags["en"].append(f"allies: {', '.join(w.factions[g]['en'] for g in allies)}")
        flags["ru"].append(f"союзники: {', '.join(w.factions[g]['ru'] for g in allies)}")
    return {lang: " ".join(words) for lang, words in flags.items()}


def _battle_panel(state: State) -> list[dict[str, Any]]:
    battle = state["battle"]
    if battle is None or battle["defender"] < 0:
        return []
    w = WORLD
    attacker, defender = w.factions[battle["attacker"]], w.factions[battle["defender"]]
    attack_region, defence_region = w.regions[battle["attack_region"]], w.regions[battle["defence_region"]]
    losses = f"{battle['attacker_losses']} / {battle['defender_losses']}"
    return [
        {
            "title": {"en": "Battle", "ru": "Бой"},
            "lines": [
                {lang: f"{attacker[lang]}: {battle['attack']} ({attack_region[lang]})" for lang in ("en", "ru")},
                {lang: f"{defender[lang]}: {battle['defence']} ({defence_region[lang]})" for lang in ("en", "ru")},
                {"en": f"losses {losses}", "ru": f"потери {losses}"},
            ],
        }
    ]


def _status(state: State) -> dict[str, str]:
    phase = kernel.phase(state)
    ru = {PEACE: "фаза мира", SUPPORT: "война: поддержка"}.get(phase, "война: атака")
    en = {PEACE: "peace phase", SUPPORT: "war: support stage"}.get(phase, "war: attack stage")
    number = kernel.round_number(state)
    return {"en": f"Round {number} - {en}", "ru": f"Раунд {number} - {ru}"}


def _terrain(terrain: str, lang: str) -> str:
    return TERRAIN_NAMES.get(terrain, {}).get(lang, terrain)


def _terrain_letter(terrain: str) -> dict[str, str]:
    """The initial of a terrain in both languages (plains P / Р, mountains M / Г, forest F / Л)."""
    return {lang: _terrain(terrain, lang)[0].upper() for lang in ("en", "ru")}
