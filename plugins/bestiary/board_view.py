"""The board description for clients (client/README.md vocabulary): hexes with terrain,
castles, towers and their control areas, creatures with life and effects, obstacle and web
markers, the time disc with each side's cooldown chips, castle tracks or VP tracks."""

from __future__ import annotations

from typing import Any

from boardwright.framework import hexgrid, kernel

SIZE = 60.0
MARGIN = 90.0


_OFFSETS: dict[str, tuple[float, float, float, float]] = {}


def _frame(board: Any) -> tuple[float, float, float, float]:
    """(dx, dy, width, height): the shift that puts the board's hexes inside a tight canvas."""
    if board.id not in _OFFSETS:
        pointy = board.layout == "pointy"
        pts = [hexgrid.to_pixel(c, SIZE, pointy) for c in board.coords]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        dx, dy = MARGIN - min(xs), MARGIN - min(ys)
        _OFFSETS[board.id] = (dx, dy, max(xs) - min(xs) + 2 * MARGIN, max(ys) - min(ys) + 2 * MARGIN)
    return _OFFSETS[board.id]


def _pixel(board: Any, h: int) -> tuple[float, float]:
    x, y = hexgrid.to_pixel(board.coords[h], SIZE, board.layout == "pointy")
    dx, dy, _, _ = _frame(board)
    return x + dx, y + dy


# Russian words of the board (the digest's terms); English keeps the data ids it showed before.
TERRAIN = {
    "en": {"none": "no terrain", "protorp": "rift"},
    "ru": {
        "plain": "равнина",
        "forest": "лес",
        "mountain": "гора",
        "water": "вода",
        "none": "без местности",
        "protorp": "разлом",
    },
}
TOWERS = {
    "tower_n": {"en": "North tower", "ru": "Северная башня"},
    "tower_s": {"en": "South tower", "ru": "Южная башня"},
    "tower_e": {"en": "East tower", "ru": "Восточная башня"},
    "tower_w": {"en": "West tower", "ru": "Западная башня"},
}
CLASSES = {"strength": "сила", "agility": "ловкость", "intellect": "интеллект"}
AREAS = {
    "self": "на себя",
    "adjacent": "на соседний гекс",
    "adjacent_or_self": "на соседний гекс или на себя",
    "line_skip1": "через один гекс по прямой",
    "line_any": "на любой гекс по прямой",
    "any": "на любой гекс",
    "any_or_self": "на любой гекс или на себя",
    "all_adjacent": "на все соседние гексы",
    "all_adjacent_and_self": "на все соседние гексы и на себя",
    "line_all": "на все гексы по прямой",
    "ring2": "на все гексы на окружности через 1 гекс",
    "all": "на все гексы",
    "all_and_self": "на все гексы и на себя",
}
STAGES = {
    "draft": "призыв",
    "play": "фаза умений",
    "hire": "найм",
    "land": "выбор земли",
    "lead": "выбор начинающего",
}


def _effects_text(c: dict[str, Any], effects: dict[str, Any], lang: str = "en") -> str:
    """The creature's markers: short codes in English, the data's Russian names in Russian."""
    tally: dict[str, int] = {}
    for m in c["mk"]:
        tally[m[0]] = tally.get(m[0], 0) + 1
    if lang == "ru":
        return ", ".join(effects[e]["name_ru"] + (f"×{n}" if n > 1 else "") for e, n in sorted(tally.items()))
    return " ".join(effects[e]["short"] + (f"×{n}" if n > 1 else "") for e, n in sorted(tally.items()))


def _terrain(terrain: str, lang: str) -> str:
    return TERRAIN[lang].get(terrain, terrain)


def describe(game: Any, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    from .rules import CONFIG, CREATURES, EFFECTS

    board = game._board(state)
    colours = CONFIG["colours"]
    side_colour = colours["sides"]
    items: list[dict[str, Any]] = []
    pointy = board.layout == "pointy"
    for h, key in enumerate(board.keys):
        terrain = "protorp" if board.void[h] else board.terrain[h]
        land = f" ({board.land[h]})" if board.land[h] else ""
        tip = {lang: f"{key} {_terrain(terrain, lang)}{land}" for lang in ("en", "ru")}
        item = {
            "id": key,
            "shape": "hex",
            "center": list(_pixel(board, h)),
            "radius": SIZE * 0.97,
            "pointy": pointy,
            "fill": colours["terrain"][terrain],
            "stroke": "#303030",
            "layer": "board",
            "tip": tip,
        }
        castle = board.castle_at.get(h)
        if castle is not None:
            owner = state["cown"][castle]
            item["stroke"] = side_colour[owner] if owner >= 0 else "#ffffff"
            item["width"] = 4
            names = board.castle_names[castle]
            item["tip"] = {
                lang: f"{tip[lang]}; {names[lang]}" + (f", {game.seat_name(state, owner, lang)}" if owner >= 0 else "")
                for lang in ("en", "ru")
            }
        items.append(item)
        if castle is not None:
            # the castle's name under its centre, small, so a creature standing there stays readable
            x, y = _pixel(board, h)
            items.append(
                {
                    "shape": "text",
                    "at": [x, y + SIZE * 0.68],
                    "text": {"en": names["en"], "ru": names["ru"]},
                    "size": SIZE * 0.2,
                    "fill": "#ffffff",
                    "layer": "marker",
                }
            )
    if board.lands:
        items += _land_borders(board)
    for tower in board.towers:
        sums = game.tower_sums(state, tower["area"])
        tower_name = TOWERS.get(tower["id"], {"en": "Tower", "ru": "Башня"})
        for h in tower["area"]:
            x, y = _pixel(board, h)
            items.append(
                {
                    "shape": "hex",
                    "center": [x, y],
                    "radius": SIZE * 0.8,
                    "pointy": pointy,
                    "stroke": "#fff3b0",
                    "width": 3,
                    "layer": "board",
                    "tip": {
                        "en": f"{tower_name['en']} ({tower['id']}): control area",
                        "ru": f"{tower_name['ru']}: зона контроля",
                    },
                }
            )
        if tower.get("hex") is not None:
            tx, ty = _pixel(board, tower["hex"])
            ty -= SIZE * 0.62  # above the creature that may stand there
        else:
            dx, dy, _, _ = _frame(board)
            tx, ty = dx + tower["draw"][0] * SIZE, dy + tower["draw"][1] * SIZE
        items.append(
            {
                "shape": "rect",
                "rect": [tx - 12, ty - 12, 24, 24],
                "fill": "#4a4a4a",
                "stroke": "#ffffff",
                "label": {"en": "T", "ru": "Б"},
                "layer": "marker",
                "tip": {
                    "en": f"{tower_name['en']} ({tower['id']}): siege " + " : ".join(map(str, sums)),
                    "ru": f"{tower_name['ru']}: осада " + " : ".join(map(str, sums)),
                },
            }
        )
    for h, m in enumerate(state["bm"]):
        if m is not None:
            x, y = _pixel(board, h)
            items.append(
                {
                    "shape": "circle",
                    "center": [x, y + SIZE * 0.45],
                    "radius": 10,
                    "fill": side_colour[game._seat_sides(state, m[1])[0]],
                    "label": "#" if m[0] == "OBSTACLE" else {"en": "W", "ru": "П"},
                    "layer": "marker",
                    "tip": {"en": EFFECTS[m[0]]["name_en"], "ru": EFFECTS[m[0]]["name_ru"]},
                }
            )
    for _ci, c in enumerate(state["cr"]):
        if c["hex"] < 0:
            continue
        d = CREATURES[c["id"]]
        life = d["life"]
        x, y = _pixel(board, c["hex"])
        pips = "●" * (life - c["dmg"]) + "○" * c["dmg"]
        status: list[str] = []
        status_ru: list[str] = []
        if game.inactive(state, c):
            status.append("INACTION")
            status_ru.append(EFFECTS["INACTION"]["name_ru"])
        net = game.haste_net(state, c)
        if net > 0:
            status.append("net HASTE")
            status_ru.append("в итоге " + EFFECTS["HASTE"]["name_ru"].lower())
        elif net < 0:
            status.append("net SLOW")
            status_ru.append("в итоге " + EFFECTS["SLOW"]["name_ru"].lower())
        items.append(
            {
                "id": board.keys[c["hex"]],
                "shape": "circle",
                "center": [x, y],
                "radius": SIZE * 0.55,
                "fill": side_colour[c["seat"]],
                "stroke": "#ffffff",
                "layer": "piece",
                "label": {
                    "en": f"{d['name_en'][:4]} {life - c['dmg']}",
                    "ru": f"{d['name_ru'][:4]} {life - c['dmg']}",
                },
                "tip": {
                    "en": f"{d['name_en']} {pips} {_effects_text(c, EFFECTS)} {' '.join(status)}".strip(),
                    "ru": "; ".join(
                        part
                        for part in (f"{d['name_ru']} {pips}", _effects_text(c, EFFECTS, "ru"), ", ".join(status_ru))
                        if part
                    ),
                },
                "highlight": state["stage"] == "play" and c["seat"] == state["actor"],
            }
        )
    panels = _panels(game, state, board, CONFIG, CREATURES, EFFECTS)
    return {
        "kind": "hex",
        "size": [round(_frame(board)[2]), round(_frame(board)[3])],
        "background": "#20242c",
        "items": items,
        "panels": panels,
        "status": _status(game, state),
    }


def _land_borders(board: Any) -> list[dict[str, Any]]:
    """Thick lines on the edges between hexes of different lands, and a label per land."""
    out: list[dict[str, Any]] = []
    pointy = board.layout == "pointy"
    for a in range(len(board.keys)):
        for b in board.nbr[a]:
            if a < b and board.land[a] != board.land[b] and board.land[a] and board.land[b]:
                bx, by = _pixel(board, b)
                ax, ay = _pixel(board, a)
                corners = [(ax + x, ay + y) for x, y in hexgrid.corners((0, 0), SIZE, pointy)]
                corners.sort(key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)
                out.append(
                    {
                        "shape": "line",
                        "points": [list(corners[0]), list(corners[1])],
                        "width": 5,
                        "stroke": "#f5f5f5",
                        "layer": "marker",
                    }
                )
    for land in board.lands:
        hexes = [h for h in range(len(board.keys)) if board.land[h] == land]
        x = sum(_pixel(board, h)[0] for h in hexes) / len(hexes)
        y = sum(_pixel(board, h)[1] for h in hexes) / len(hexes)
        out.append({"shape": "text", "at": [x, y], "text": land, "size": 40, "layer": "marker"})
    return out


def _ability_text(d: dict[str, Any], lang: str = "en") -> str:
    """The three abilities with their areas and cooldowns (X: a cooldown set by a formula)."""
    a = d["attack"]
    if lang == "ru":
        parts = [f"Атака: {a['name_ru']} ({AREAS.get(a['area'], a['area'])})"]
    else:
        parts = [f"A: {a['name_en']} ({a['area']})"]
    for i, s in enumerate(d["support"]):
        cd = s.get("cooldown", "X") if not s.get("cd_x") or "cooldown" not in s else f"X/{s['cooldown']}"
        if lang == "ru":
            parts.append(f"Поддержка {i + 1}: {s['name_ru']} ({AREAS.get(s['area'], s['area'])}, перезарядка {cd})")
        else:
            parts.append(f"S{i + 1}: {s['name_en']} ({s['area']}, cd {cd})")
    return "; ".join(parts)


def _panels(
    game: Any,
    state: dict[str, Any],
    board: Any,
    config: dict[str, Any],
    creatures: dict[str, Any],
    effects: dict[str, Any],
) -> list[dict[str, Any]]:
    panels = []
    p = state["period"]
    colours = config["colours"]["sides"]
    if board.id == "protorp":
        marks = [{"at": v, "label": str(s + 1), "fill": colours[s]} for s, v in enumerate(state["vp"])]
        lines: list[Any] = [
            {
                "en": f"{game.seat_name(state, s)}: {v} VP, army {len(state['tab'][s])}/{game.army_limit(v)}"
                + ("" if state["alive"][s] else " (out)"),
                "ru": f"{game.seat_name(state, s, 'ru')}: {v} ПО, армия {len(state['tab'][s])}/{game.army_limit(v)}"
                + ("" if state["alive"][s] else " (выбыл)"),
            }
            for s, v in enumerate(state["vp"])
        ]
        lands = " ".join(land + ("" if up else "·") for land, up in zip(board.lands, state["lands"], strict=True))
        lines.append({"en": f"lands: {lands}", "ru": f"земли: {lands}"})
        panels.append(
            {
                "title": {"en": "War track", "ru": "Шкала войны"},
                "lines": lines,
                "track": {"length": state["cfg"]["vp_goal"], "marks": marks},
            }
        )
    else:
        for side in range(state["nsides"]):
            seat = game._seat_sides(state, side)[0]
            panels.append(
                {
                    "title": {
                        "en": f"Castle track: {game.seat_name(state, seat)}",
                        "ru": f"Шкала замка: {game.seat_name(state, seat, 'ru')}",
                    },
                    "track": {
                        "length": state["cfg"]["durability"],
                        "marks": [{"at": state["dmg"][side], "label": "✖", "fill": colours[seat]}],
                    },
                }
            )
    # the time disc: each chip lies in sector ready_at - P (0 = the pointer sector, due)
    disc_lines: list[Any] = [{"en": f"period {p}", "ru": f"период {p}"}]
    for side in range(state["nsides"]):
        sectors: dict[int, list[dict[str, str]]] = {}
        for c in state["cr"]:
            if c["side"] != side:
                continue
            for s, ready in enumerate(c["cd"]):
                if ready:
                    spec = creatures[c["id"]]["support"][s]
                    sectors.setdefault(max(0, ready - p), []).append(spec)
        seat = game._seat_sides(state, side)[0]
        line: dict[str, str] = {}
        for lang in ("en", "ru"):
            text = "; ".join(
                f"{k or '♪'}: {', '.join(spec[f'name_{lang}'] for spec in v)}" for k, v in sorted(sectors.items())
            )
            line[lang] = f"{game.seat_name(state, seat, lang)}: {text or '-'}"
        disc_lines.append(line)
    marks = [{"at": p % 6, "label": "♪", "fill": "#ffffff"}]
    panels.append(
        {
            "title": {"en": "Time disc", "ru": "Сигил времени"},
            "lines": disc_lines,
            "track": {"length": 6, "marks": marks},
        }
    )
    for seat, tab in enumerate(state["tab"]):
        cards = []
        for ci in tab:
            c = state["cr"][ci]
            d = creatures[c["id"]]
            chips = ["A:" + ("used" if c["atk"] else "ready")] + [
                f"S{s + 1}:" + (str(max(0, r - p)) if r else "ready") for s, r in enumerate(c["cd"])
            ]
            # a support chip on the time disc: its sector, ♪ for the pointer sector (as in the disc panel)
            chips_ru = ["атака " + ("использована" if c["atk"] else "готова")] + [
                f"поддержка {s + 1} " + (f"в секторе {max(0, r - p) or '♪'}" if r else "готова")
                for s, r in enumerate(c["cd"])
            ]
            where = board.keys[c["hex"]] if c["hex"] >= 0 else "waiting"
            where_ru = board.keys[c["hex"]] if c["hex"] >= 0 else "ждёт на карточке"
            life = f"{d['life'] - c['dmg']}/{d['life']}"
            cards.append(
                {
                    "id": f"cr{ci}",
                    "label": {"en": f"{d['name_en']} {life}", "ru": f"{d['name_ru']} {life}"},
                    "tip": {
                        "en": f"{d['name_ru']} ({d['class']}); {where}; {' '.join(chips)}; "
                        f"{_effects_text(c, effects)}; {_ability_text(d)}",
                        "ru": "; ".join(
                            part
                            for part in (
                                f"{d['name_ru']} ({CLASSES.get(d['class'], d['class'])})",
                                where_ru,
                                ", ".join(chips_ru),
                                _effects_text(c, effects, "ru"),
                                _ability_text(d, "ru"),
                            )
                            if part
                        ),
                    },
                    "fill": colours[seat],
                }
            )
        panels.append(
            {
                "title": {
                    "en": f"Tableau: {game.seat_name(state, seat)}",
                    "ru": f"Планшет: {game.seat_name(state, seat, 'ru')}",
                },
                "cards": cards,
            }
        )
    if state["stage"] == "draft":
        panels.append(
            {
                "title": {"en": "Pool", "ru": "Пул"},
                "lines": [
                    {
                        lang: ", ".join(creatures[c][f"name_{lang}"] for c in state["draft"]["pool"])
                        for lang in ("en", "ru")
                    }
                ],
            }
        )
    return panels


def _status(game: Any, state: dict[str, Any]) -> dict[str, str]:
    if kernel.is_over(state):
        return {"en": "Game over", "ru": "Игра окончена"}
    seat = kernel.to_move(state)
    stage = state["stage"]
    en = f"Period {state['period']} - {stage} - {game.seat_name(state, seat)}"
    ru = f"Период {state['period']} - {STAGES.get(stage, stage)} - {game.seat_name(state, seat, 'ru')}"
    if state["land"]:
        en += f" - land {state['land']} (stage {state['stage_no']}/4)"
        ru += f" - земля {state['land']} (этап {state['stage_no']}/4)"
    return {"en": en, "ru": ru}
