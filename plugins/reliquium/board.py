"""What clients draw (client/README.md vocabulary) and how actions are labelled."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

State = dict[str, Any]
Action = dict[str, Any]

CASTLE_OFFSET = (0, -28)
UNIT_SLOTS = ((-30, 14), (0, 14), (30, 14))
# the letters on unit pieces: warrior, defender, mage (воин, защитник, маг)
CLASS_LABEL = ({"en": "W", "ru": "В"}, {"en": "D", "ru": "З"}, {"en": "M", "ru": "М"})
# terrain names; a castle token and a track division show the initial of their terrain
TERRAIN_NAMES = {
    "plains": {"en": "plains", "ru": "равнины"},
    "mountains": {"en": "mountains", "ru": "горы"},
    "forest": {"en": "forest", "ru": "лес"},
    "water": {"en": "water", "ru": "вода"},
}
SHAPE_RADIUS = 13


class BoardDescription:
    def board(self, state: State, seat: int | None) -> dict[str, Any]:
        w = self.w
        items: list[dict[str, Any]] = []
        colours = [w.colours[f] for f in w.faction_ids]
        for region in w.regions:
            items.append(
                {
                    "shape": "polygon",
                    "id": region["id"],
                    "points": [w.vertices[v] for v in region["polygon"]],
                    "fill": w.terrain_colours[region["terrain"]],
                    "stroke": "#202020",
                    "width": 2,
                    "layer": "board",
                    "tip": {
                        "en": f"{region['en']} ({_terrain(region['terrain'], 'en')})",
                        "ru": f"{region['ru']} ({_terrain(region['terrain'], 'ru')})",
                    },
                    "terrain": region["terrain"],
                }
            )
        for b, (v1, v2) in enumerate(w.border_ends):
            if w.river[b]:
                items.append(
                    {
                        "shape": "line",
                        "points": [w.vertices[v1], w.vertices[v2]],
                        "stroke": "#3A6FD0",
                        "width": 4,
                        "layer": "board",
                    }
                )
            # the token anchor of every border: where order tokens lie, clickable by border id
            a, c = w.borders[b]
            items.append(
                {
                    "shape": "circle",
                    "id": w.border_ids[b],
                    "center": w.anchors[b],
                    "radius": 4,
                    "fill": "#00000030",
                    "layer": "marker",
                    "border": [w.region_ids[a], w.region_ids[c]],
                    "river": w.river[b],
                }
            )
        for r, region in enumerate(w.regions):
            cx, cy = region["centre"]
            items.append(
                {"shape": "text", "at": [cx, cy + 40], "text": {"en": region["en"], "ru": region["ru"]}, "size": 11}
            )
            owner = state["castle"][r]
            if owner >= 0:
                neutral = state["neutral"][owner]
                militia = state["militia"][owner] and not neutral
                items.append(
                    {
                        "shape": "rect",
                        "id": region["id"],
                        "rect": [cx + CASTLE_OFFSET[0] - 12, cy + CASTLE_OFFSET[1] - 12, 24, 24],
                        "fill": w.colours["neutral"] if neutral else colours[owner],
                        "stroke": "#000000",
                        "layer": "piece",
                        "label": "+1" if militia else _terrain_letter(region["terrain"]),
                        "tip": {
                            "en": f"castle of {w.factions[owner]['en']}",
                            "ru": f"замок: {w.factions[owner]['ru']}",
                        },
                    }
                )
            f = state["own"][r]
            if f >= 0:
                # units assigned to a ranged token are drawn slid toward it (digest 13.1)
                placed = self._support_spots(state, f, r)
                slot = 0
                for c in range(3):
                    for _ in range(state["units"][r][c]):
                        spot = placed[c].pop() if placed[c] else None
                        if spot is None:
                            dx, dy = UNIT_SLOTS[slot % 3]
                            slot += 1
                            spot = [cx + dx, cy + dy]
                        items.append(
                            {
                                "shape": "circle",
                                "id": region["id"],
                                "center": spot,
                                "radius": 12,
                                "fill": colours[f],
                                "stroke": "#000000",
                                "layer": "piece",
                                "label": CLASS_LABEL[c],
                                "tip": {"en": w.classes[c], "ru": _UNIT_NAMES["ru"][c]},
                            }
                        )
        for b, tok in enumerate(state["tokens"]):
            if tok is None:
                continue
            ax, ay = w.anchors[b]
            tx, ty = w.regions[tok[3]]["centre"]
            assigned = tok[4] + tok[5] + tok[6] + tok[7]
            melee = tok[1] == 0
            items.append(
                {
                    "shape": "circle",
                    "id": w.border_ids[b],
                    "center": [ax, ay],
                    "radius": 14,
                    "fill": colours[tok[0]],
                    "stroke": "#000000",
                    "layer": "piece",
                    "label": f"{tok[2]}⚔" if melee else f"{assigned}/{tok[2]}➶",
                    "points_to": [tx, ty],
                    "tip": {
                        "en": f"{'melee' if melee else 'ranged'} {tok[2]} toward {w.regions[tok[3]]['en']}",
                        "ru": f"{'ближний' if melee else 'дальний'} бой {tok[2]} → {w.regions[tok[3]]['ru']}",
                    },
                }
            )
        for j, jid in enumerate(w.junction_ids):
            x, y = w.vertices[jid]
            creature = state["creatures"][j]
            if creature is None:
                items.append(
                    {
                        "shape": "circle",
                        "id": jid,
                        "center": [x, y],
                        "radius": 3,
                        "fill": "#20202080",
                        "layer": "marker",
                    }
                )
                continue
            f, c = creature
            card = w.creatures[f][c]
            items.append(
                {
                    "shape": "circle",
                    "id": jid,
                    "center": [x, y],
                    "radius": SHAPE_RADIUS,
                    "fill": colours[f],
                    "stroke": "#FFFFFF",
                    "layer": "piece",
                    "label": {"en": card["en"][0], "ru": card["ru"][0]},
                    "creature_shape": card["shape"],
                    "presence": [w.region_ids[r] for r in w.junction_regions[j]],
                    "tip": {"en": f"{card['en']}: {card['ability_en']}", "ru": f"{card['ru']}: {card['ability_ru']}"},
                }
            )
        battle = state["battle"]
        if battle is not None:
            items.append(
                {
                    "shape": "circle",
                    "center": w.anchors[battle["b"]],
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
            "panels": [self._faction_panel(state, f) for f in range(len(w.faction_ids))] + self._battle_panel(state),
            "status": self._status(state),
        }

    def _support_spots(self, state: State, f: int, r: int) -> list[list[list[float]]]:
        """Per class, the drawing spots of f's units in r that support: between r's centre and the token."""
        w = self.w
        spots: list[list[list[float]]] = [[], [], []]
        cx, cy = w.regions[r]["centre"]
        for b in state["ranged_at"][f]:
            if b < 0 or r not in w.borders[b] or state["tokens"][b][3] == r:
                continue
            tok = state["tokens"][b]
            ax, ay = w.anchors[b]
            n = 0
            for c in range(3):
                for _ in range(tok[4 + c]):
                    t = 0.55 + 0.12 * n
                    spots[c].append([cx + (ax - cx) * t, cy + (ay - cy) * t])
                    n += 1
        return spots

    def _faction_panel(self, state: State, f: int) -> dict[str, Any]:
        w = self.w
        faction = w.factions[f]
        if state["neutral"][f]:
            return {"title": {"en": f"{faction['en']} (neutral)", "ru": f"{faction['ru']} (нейтральная)"}, "lines": []}
        marks = []
        for i, covered in enumerate(state["track"][f]):
            if covered:
                marks.append(
                    {"at": i, "label": _terrain_letter(w.seg_terrain[w.seg_of[i]]), "fill": w.colours[w.faction_ids[f]]}
                )
        if state["marker"][f] >= 0:
            marks.append({"at": state["marker"][f], "label": "▲", "fill": "#FFFFFF"})
        reserve = state["reserve"][f]
        melee = ["·" if b >= 0 else str(w.melee_values[v]) for v, b in enumerate(state["melee_at"][f])]
        ranged = ["·" if b >= 0 else str(w.ranged_values[v]) for v, b in enumerate(state["ranged_at"][f])]
        flags: dict[str, list[str]] = {"en": [], "ru": []}
        if state["done"][f]:
            flags["en"].append("done")
            flags["ru"].append("шкала пройдена")
        if state["marker"][f] < 0:
            flags["en"].append("eliminated")
            flags["ru"].append("выбыла")
        if state["militia"][f]:
            flags["en"].append("militia")
            flags["ru"].append("ополчение")
        allies = [g for g, a in enumerate(state["allies"][f]) if a]
        if allies:
            flags["en"].append(f"allies: {', '.join(w.factions[g]['en'] for g in allies)}")
            flags["ru"].append(f"союзники: {', '.join(w.factions[g]['ru'] for g in allies)}")
        castles = f"{self.castles_on_map(state, f)}/{state['rules']['to_win']}"
        letters = [(CLASS_LABEL[c], reserve[c]) for c in range(3)]
        return {
            "title": {"en": f"{f + 1}. {faction['en']}", "ru": f"{f + 1}. {faction['ru']}"},
            "lines": [
                {"en": f"castles {castles}", "ru": f"замки {castles}"},
                {
                    lang: f"{word} " + " ".join(f"{label[lang]}{n}" for label, n in letters)
                    for lang, word in (("en", "reserve"), ("ru", "запас"))
                },
                {
                    "en": f"melee {' '.join(melee)}  ranged {' '.join(ranged)}",
                    "ru": f"ближний {' '.join(melee)}  дальний {' '.join(ranged)}",
                },
                {lang: " ".join(words) for lang, words in flags.items()},
            ],
            "cards": [
                {
                    "id": card["id"],
                    "label": {"en": card["en"], "ru": card["ru"]},
                    "tip": {"en": card["ability_en"], "ru": card["ability_ru"]},
                    "fill": w.colours[w.faction_ids[f]] if state["creature_at"][f][c] < 0 else "#606060",
                }
                for c, card in enumerate(w.creatures[f])
            ],
            "track": {"length": w.divisions, "marks": marks, "segments": w.seg_terrain},
        }

    def _battle_panel(self, state: State) -> list[dict[str, Any]]:
        battle = state["battle"]
        if battle is None or battle["d"] < 0:
            return []
        w = self.w
        a, d = w.factions[battle["f"]], w.factions[battle["d"]]
        return [
            {
                "title": {"en": "Battle", "ru": "Бой"},
                "lines": [
                    {lang: f"{a[lang]}: {battle['sa']} ({w.regions[battle['x']][lang]})" for lang in ("en", "ru")},
                    {lang: f"{d[lang]}: {battle['sb']} ({w.regions[battle['y']][lang]})" for lang in ("en", "ru")},
                    {"en": f"losses {battle['la']} / {battle['lb']}", "ru": f"потери {battle['la']} / {battle['lb']}"},
                ],
            }
        ]

    def _status(self, state: State) -> dict[str, str]:
        stage = state["stage"]
        ru = {"peace": "фаза мира", "support": "война: поддержка", "attack": "война: атака"}[stage]
        en = {"peace": "peace phase", "support": "war: support stage", "attack": "war: attack stage"}[stage]
        rnd = kernel.round_number(state)
        return {"en": f"Round {rnd} - {en}", "ru": f"Раунд {rnd} - {ru}"}


def _terrain(terrain: str, lang: str) -> str:
    return TERRAIN_NAMES.get(terrain, {}).get(lang, terrain)


def _terrain_letter(terrain: str) -> dict[str, str]:
    """The initial of a terrain in both languages (plains P / Р, mountains M / Г, forest F / Л)."""
    return {lang: _terrain(terrain, lang)[0].upper() for lang in ("en", "ru")}


_LABELS = {
    "march": ("March {from} → {to} {units}", "Марш {from} → {to} {units}"),
    "melee": ("Melee order {from} → {to}", "Ближний бой {from} → {to}"),
    "ranged": ("Ranged order {from} → {to}", "Дальний бой {from} → {to}"),
    "recruit": ("Recruit a {unit} in {region}", "Нанять: {unit}, {region}"),
    "build": ("Build a castle in {region}", "Построить замок: {region}"),
    "summon": ("Summon {creature} at {junction}", "Вызвать {creature} на {junction}"),
    "pass": ("Pass", "Пас"),
    "assign": ("Assign a {unit} to the token on {border}", "Назначить {unit} на жетон {border}"),
    "support_done": ("Support done", "Поддержка распределена"),
    "casualties": ("Lose {units}", "Потери: {units}"),
    "flee": ("Flee: {unit} to {to}", "Отступить: {unit} в {to}"),
    "advance": ("Victory march with {units}", "Победный марш: {units}"),
    "skip": ("Skip", "Пропустить"),
    "propose_alliance": ("Propose an alliance to {faction}", "Предложить союз: {faction}"),
    "end_alliance": ("End the alliance with {faction}", "Разорвать союз: {faction}"),
    "alliance": ("Accept the alliance: {accept}", "Принять союз: {accept}"),
    "consent": ("Allow it: {allow}", "Разрешить: {allow}"),
    "remove_token": ("Remove the token on {border}", "Убрать жетон на {border}"),
    "banish": ("Banish the creature at {junction}", "Изгнать существо на {junction}"),
    "blood_price": (
        "Sacrifice a {unit} in {region} for a {enemy_unit} in {enemy_region}",
        "Пожертвовать: {unit} в {region} за {enemy_unit} в {enemy_region}",
    ),
    "push": ("Push the {unit} in {region} to {to}", "Вытолкнуть {unit} из {region} в {to}"),
    "gather_to": ("Gather units into {region}", "Собрать отряды в {region}"),
    "gather": ("Bring a {unit} from {from}", "Привести {unit} из {from}"),
    "raid": ("Raid: {unit} from {from} to {to}", "Рейд: {unit} из {from} в {to}"),
    "call": ("Call a {unit} from {from} to {to}", "Призвать {unit} из {from} в {to}"),
}


_REGION_KEYS = ("from", "to", "region", "enemy_region")
_UNIT_NAMES = {"en": ("warrior", "defender", "mage"), "ru": ("воин", "защитник", "маг")}


def _localised_fields(w: Any, action: Action, lang: str) -> dict[str, Any]:
    """Action fields as a person reads them: region, faction and creature names, not ids."""
    fields = dict(action)
    for key in _REGION_KEYS:
        if isinstance(action.get(key), str) and action[key] in w.region_index:
            fields[key] = w.regions[w.region_index[action[key]]][lang]
    for key in ("unit", "enemy_unit"):
        if isinstance(action.get(key), str) and action[key] in w.class_index:
            fields[key] = _UNIT_NAMES[lang][w.class_index[action[key]]]
    if isinstance(action.get("faction"), str) and action["faction"] in w.faction_index:
        fields["faction"] = w.factions[w.faction_index[action["faction"]]][lang]
    if isinstance(action.get("creature"), str) and action["creature"] in w.creature_ref:
        f, c = w.creature_ref[action["creature"]]
        fields["creature"] = w.creatures[f][c][lang]
    if isinstance(action.get("border"), str) and action["border"] in w.border_index:
        a, b = w.borders[w.border_index[action["border"]]]
        fields["border"] = f"{w.regions[a][lang]} – {w.regions[b][lang]}"
    if isinstance(action.get("junction"), str) and action["junction"] in w.junction_index:
        meeting = w.junction_regions[w.junction_index[action["junction"]]]
        fields["junction"] = f"{action['junction']} ({', '.join(w.regions[r][lang] for r in meeting)})"
    for key in ("accept", "allow"):
        if isinstance(action.get(key), bool):
            fields[key] = {"en": ("no", "yes"), "ru": ("нет", "да")}[lang][action[key]]
    return fields


def describe(game: Any, state: State, action: Action, lang: str = "en") -> str:
    pair = _LABELS.get(action["type"])
    lang = "ru" if lang == "ru" else "en"
    fields = _localised_fields(game.w, action, lang)
    if "units" in action and isinstance(action["units"], list):
        fields["units"] = game.unit_text(action["units"])[lang]
    if pair is None:
        details = " ".join(f"{k}={v}" for k, v in action.items() if k != "type")
        return f"{action['type']} {details}".strip()
    template = pair[1] if lang == "ru" else pair[0]
    try:
        return template.format(**fields)
    except (KeyError, IndexError):
        return template
