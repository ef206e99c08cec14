"""The board description for clients (client/README.md vocabulary): hexes with terrain,
castles, towers and their control areas, creatures with life and effects, obstacle and web
markers, the time disc with each side's cooldown chips, castle tracks or VP tracks."""

from __future__ import annotations

from typing import Any

from boardwright.framework import hexgrid, kernel

from .catalogue import CONFIG, CREATURES, EFFECTS
from .creatures import board_of, haste_net, inactive, period
from .hiring import army_limit
from .seats import first_seat
from .siege import tower_sums
from .stages import stage_number

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
    for m in c["markers"]:
        tally[m[0]] = tally.get(m[0], 0) + 1
    if lang == "ru":
        return ", ".join(effects[e]["name_ru"] + (f"×{n}" if n > 1 else "") for e, n in sorted(tally.items()))
    return " ".join(effects[e]["short"] + (f"×{n}" if n > 1 else "") for e, n in sorted(tally.items()))


def _terrain(terrain: str, lang: str) -> str:
    return TERRAIN[lang].get(terrain, terrain)


# the phases of the flow by the word the status line shows for them
STAGE_OF_PHASE = {
    "castles": "draft",
    "draft": "draft",
    "first_turn": "play",
    "second_turn": "play",
    "first_team_turn": "play",
    "second_team_turn": "play",
    "stage": "play",
    "land": "land",
    "hire": "hire",
}


def stage(state: dict[str, Any]) -> str:
    """The word for what happens now: draft, play, land, hire, or lead (2v2: who starts)."""
    decision = kernel.pending(state)
    if decision is not None and decision["kind"] == "lead":
        return "lead"
    return STAGE_OF_PHASE.get(kernel.phase(state), kernel.phase(state))


def _period(state: dict[str, Any]) -> int:
    """The period the board shows: 0 until the draft is over."""
    return 0 if stage(state) == "draft" else period(state)


def describe(game: Any, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    board = board_of(state)
    items = _hex_items(game, state, board)
    if board.lands:
        items += _land_borders(board)
    items += _tower_items(state, board)
    items += _marker_items(state, board)
    items += _creature_items(game, state, board)
    return {
        "kind": "hex",
        "size": [round(_frame(board)[2]), round(_frame(board)[3])],
        "background": "#20242c",
        "items": items,
        "panels": _panels(game, state, board),
        "status": _status(game, state),
    }


def _hex_items(game: Any, state: dict[str, Any], board: Any) -> list[dict[str, Any]]:
    """Each hex filled by its terrain; a castle outlined in its owner's colour, with its name."""
    colours = CONFIG["colours"]
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
            owner = state["castle_owners"][castle]
            item["stroke"] = colours["sides"][owner] if owner >= 0 else "#ffffff"
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
    return items


def _tower_items(state: dict[str, Any], board: Any) -> list[dict[str, Any]]:
    """Each tower's control area outlined, and the tower glyph with the siege sums."""
    items: list[dict[str, Any]] = []
    pointy = board.layout == "pointy"
    for tower in board.towers:
        sums = tower_sums(state, tower["area"])
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
    return items


def _marker_items(state: dict[str, Any], board: Any) -> list[dict[str, Any]]:
    """Obstacles and webs, in their owner's colour."""
    items: list[dict[str, Any]] = []
    for h, m in enumerate(state["board_markers"]):
        if m is not None:
            x, y = _pixel(board, h)
            items.append(
                {
                    "shape": "circle",
                    "center": [x, y + SIZE * 0.45],
                    "radius": 10,
                    "fill": CONFIG["colours"]["sides"][first_seat(state, m[1])],
                    "label": "#" if m[0] == "OBSTACLE" else {"en": "W", "ru": "П"},
                    "layer": "marker",
                    "tip": {"en": EFFECTS[m[0]]["name_en"], "ru": EFFECTS[m[0]]["name_ru"]},
                }
            )
    return items


def _statuses(state: dict[str, Any], c: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Derived statuses (English, Russian): inaction, net haste or slow."""
    status: list[str] = []
    status_ru: list[str] = []
    if inactive(state, c):
        status.append("INACTION")
        status_ru.append(EFFECTS["INACTION"]["name_ru"])
    net = haste_net(state, c)
    if net > 0:
        status.append("net HASTE")
        status_ru.append("в итоге " + EFFECTS["HASTE"]["name_ru"].lower())
    elif net < 0:
        status.append("net SLOW")
        status_ru.append("в итоге " + EFFECTS["SLOW"]["name_ru"].lower())
    return status, status_ru


def _creature_items(game: Any, state: dict[str, Any], board: Any) -> list[dict[str, Any]]:
    """Each creature on the board: a token with its life, markers and statuses."""
    items: list[dict[str, Any]] = []
    playing = stage(state) == "play"
    active = kernel.active(state)
    for c in state["creatures"]:
        if c["hex"] < 0:
            continue
        d = CREATURES[c["id"]]
        life = d["life"]
        x, y = _pixel(board, c["hex"])
        pips = "●" * (life - c["damage"]) + "○" * c["damage"]
        status, status_ru = _statuses(state, c)
        items.append(
            {
                "id": board.keys[c["hex"]],
                "shape": "circle",
                "center": [x, y],
                "radius": SIZE * 0.55,
                "fill": CONFIG["colours"]["sides"][c["seat"]],
                "stroke": "#ffffff",
                "layer": "piece",
                "label": {
                    "en": f"{d['name_en'][:4]} {life - c['damage']}",
                    "ru": f"{d['name_ru'][:4]} {life - c['damage']}",
                },
                "tip": {
                    "en": f"{d['name_en']} {pips} {_effects_text(c, EFFECTS)} {' '.join(status)}".strip(),
                    "ru": "; ".join(
                        part
                        for part in (f"{d['name_ru']} {pips}", _effects_text(c, EFFECTS, "ru"), ", ".join(status_ru))
                        if part
                    ),
                },
                "highlight": playing and c["seat"] == active,
            }
        )
    return items


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


def _panels(game: Any, state: dict[str, Any], board: Any) -> list[dict[str, Any]]:
    panels = _war_track(game, state, board) if board.id == "protorp" else _castle_tracks(game, state)
    panels.append(_time_disc(game, state))
    panels += _tableaus(game, state, board)
    if stage(state) == "draft":
        panels.append(
            {
                "title": {"en": "Pool", "ru": "Пул"},
                "lines": [
                    {
                        lang: ", ".join(CREATURES[c][f"name_{lang}"] for c in state["draft"]["pool"])
                        for lang in ("en", "ru")
                    }
                ],
            }
        )
    return panels


def _war_track(game: Any, state: dict[str, Any], board: Any) -> list[dict[str, Any]]:
    """Protorp: the VP track, each player's army against its limit, and the land cards."""
    colours = CONFIG["colours"]["sides"]
    marks = [{"at": v, "label": str(s + 1), "fill": colours[s]} for s, v in enumerate(state["victory_points"])]
    lines: list[Any] = []
    for s, v in enumerate(state["victory_points"]):
        army = len(state["tableaus"][s])
        out = kernel.is_out(state, s)
        lines.append(
            {
                "en": f"{game.seat_name(state, s)}: {v} VP, army {army}/{army_limit(v)}" + (" (out)" if out else ""),
                "ru": f"{game.seat_name(state, s, 'ru')}: {v} ПО, армия {army}/{army_limit(v)}"
                + (" (выбыл)" if out else ""),
            }
        )
    lands = " ".join(land + ("" if up else "·") for land, up in zip(board.lands, state["lands_open"], strict=True))
    lines.append({"en": f"lands: {lands}", "ru": f"земли: {lands}"})
    return [
        {
            "title": {"en": "War track", "ru": "Шкала войны"},
            "lines": lines,
            "track": {"length": state["settings"]["vp_goal"], "marks": marks},
        }
    ]


def _castle_tracks(game: Any, state: dict[str, Any]) -> list[dict[str, Any]]:
    colours = CONFIG["colours"]["sides"]
    panels = []
    for side in range(len(kernel.sides(state))):
        seat = first_seat(state, side)
        panels.append(
            {
                "title": {
                    "en": f"Castle track: {game.seat_name(state, seat)}",
                    "ru": f"Шкала замка: {game.seat_name(state, seat, 'ru')}",
                },
                "track": {
                    "length": state["settings"]["durability"],
                    "marks": [{"at": state["castle_damage"][side], "label": "✖", "fill": colours[seat]}],
                },
            }
        )
    return panels


def _time_disc(game: Any, state: dict[str, Any]) -> dict[str, Any]:
    """The time disc: each chip lies in sector ready_at - P (0 = the pointer sector, due)."""
    p = _period(state)
    size = CONFIG["cooldown_max"]  # the disc has a sector for each period of the longest cooldown
    disc_lines: list[Any] = [{"en": f"period {p}", "ru": f"период {p}"}]
    for side in range(len(kernel.sides(state))):
        sectors: dict[int, list[dict[str, str]]] = {}
        for c in state["creatures"]:
            if c["side"] != side:
                continue
            for s, ready in enumerate(c["ready_at"]):
                if ready:
                    spec = CREATURES[c["id"]]["support"][s]
                    sectors.setdefault(max(0, ready - p), []).append(spec)
        seat = first_seat(state, side)
        line: dict[str, str] = {}
        for lang in ("en", "ru"):
            text = "; ".join(
                f"{k or '♪'}: {', '.join(spec[f'name_{lang}'] for spec in v)}" for k, v in sorted(sectors.items())
            )
            line[lang] = f"{game.seat_name(state, seat, lang)}: {text or '-'}"
        disc_lines.append(line)
    return {
        "title": {"en": "Time disc", "ru": "Сигил времени"},
        "lines": disc_lines,
        "track": {"length": size, "marks": [{"at": p % size, "label": "♪", "fill": "#ffffff"}]},
    }


def _tableaus(game: Any, state: dict[str, Any], board: Any) -> list[dict[str, Any]]:
    return [
        {
            "title": {
                "en": f"Tableau: {game.seat_name(state, seat)}",
                "ru": f"Планшет: {game.seat_name(state, seat, 'ru')}",
            },
            "cards": [_card(state, board, index, seat) for index in tab],
        }
        for seat, tab in enumerate(state["tableaus"])
    ]


def _card(state: dict[str, Any], board: Any, index: int, seat: int) -> dict[str, Any]:
    """A creature's card: life, where it is, its three chips, markers and abilities."""
    p = _period(state)
    c = state["creatures"][index]
    d = CREATURES[c["id"]]
    chips = ["A:" + ("used" if c["attack_used"] else "ready")] + [
        f"S{s + 1}:" + (str(max(0, r - p)) if r else "ready") for s, r in enumerate(c["ready_at"])
    ]
    # a support chip on the time disc: its sector, ♪ for the pointer sector (as in the disc panel)
    chips_ru = ["атака " + ("использована" if c["attack_used"] else "готова")] + [
        f"поддержка {s + 1} " + (f"в секторе {max(0, r - p) or '♪'}" if r else "готова")
        for s, r in enumerate(c["ready_at"])
    ]
    where = board.keys[c["hex"]] if c["hex"] >= 0 else "waiting"
    where_ru = board.keys[c["hex"]] if c["hex"] >= 0 else "ждёт на карточке"
    life = f"{d['life'] - c['damage']}/{d['life']}"
    return {
        "id": f"cr{index}",
        "label": {"en": f"{d['name_en']} {life}", "ru": f"{d['name_ru']} {life}"},
        "tip": {
            "en": f"{d['name_ru']} ({d['class']}); {where}; {' '.join(chips)}; "
            f"{_effects_text(c, EFFECTS)}; {_ability_text(d)}",
            "ru": "; ".join(
                part
                for part in (
                    f"{d['name_ru']} ({CLASSES.get(d['class'], d['class'])})",
                    where_ru,
                    ", ".join(chips_ru),
                    _effects_text(c, EFFECTS, "ru"),
                    _ability_text(d, "ru"),
                )
                if part
            ),
        },
        "fill": CONFIG["colours"]["sides"][seat],
    }


def _status(game: Any, state: dict[str, Any]) -> dict[str, str]:
    if kernel.is_over(state):
        return {"en": "Game over", "ru": "Игра окончена"}
    seat = kernel.to_move(state)
    now = stage(state)
    p = _period(state)
    en = f"Period {p} - {now} - {game.seat_name(state, seat)}"
    ru = f"Период {p} - {STAGES.get(now, now)} - {game.seat_name(state, seat, 'ru')}"
    if state["land"]:
        lands = len(state["lands_open"])
        en += f" - land {state['land']} (stage {stage_number(state)}/{lands})"
        ru += f" - земля {state['land']} (этап {stage_number(state)}/{lands})"
    return {"en": en, "ru": ru}
