"""Creature cards as people read them (client/README.md, card faces): the name, the class,
the attack's strength, life and the support cooldowns as stats, and the three abilities as
rules text, all from creatures.toml and the message files."""

from __future__ import annotations

from typing import Any

from .catalogue import CONFIG, CREATURES, creature_name, effect_name
from .creatures import Creature, attack_net, defence

Text = dict[str, Any]

# the glyphs of a card's and a piece's stats: the same in every language
STRENGTH, LIFE, COOLDOWN, DEFENCE = "⚔", "♥", "↻", "◆"


def card_face(item: Any) -> dict[str, Any] | None:
    """A creature's card: its stats and abilities; None for anything that is no creature."""
    data = CREATURES.get(item) if isinstance(item, str) else None
    if data is None:
        return None
    return {
        "title": creature_name(item),
        "stats": [[STRENGTH, strength_stat(item)], [LIFE, data["life"]], [COOLDOWN, cooldowns(item)]],
        "keywords": [{"key": "class_" + data["class"]}],
        "text": {
            "key": "card_text",
            "attack": _attack_text(data["attack"]),
            "first": _support_text(data["support"][0]),
            "second": _support_text(data["support"][1]),
        },
        "art": CONFIG["card_art"][data["class"]],
        "colour": CONFIG["colours"]["classes"][data["class"]],
    }


def strength_stat(creature_id: str) -> str:
    """The attack's strength as printed: its number, "N+" when something adds to it, "X" when
    it is counted at the moment of the attack."""
    attack = CREATURES[creature_id]["attack"]
    if attack["strength"] == "fixed":
        return str(attack["base"])
    return f"{attack['base']}+" if attack.get("base") else "X"


def cooldowns(creature_id: str) -> str:
    """The two supports' cooldowns, "X" for one set by a formula."""
    return " · ".join(str(s["cooldown"]) if "cooldown" in s else "X" for s in CREATURES[creature_id]["support"])


def _attack_text(attack: dict[str, Any]) -> Text:
    strength = {"key": "strength_" + attack["strength"], **_numbers(attack)}
    return {
        "key": "card_attack",
        "name": {"en": attack["name_en"], "ru": attack["name_ru"]},
        "area": {"key": "area_" + attack["area"]},
        "strength": strength,
    }


def _support_text(support: dict[str, Any]) -> Text:
    effects = [effect_name(e) for e in support["effects"]] or [{"key": "no_effect"}]
    effect: Text = {"key": "kind_" + support["kind"], "effects": effects, **_numbers(support)}
    if support.get("double_on"):
        effect = {"key": "doubled_on", "effect": effect, "terrain": {"key": "terrain_" + support["double_on"]}}
    cooldown: Any = support.get("cooldown", "X")
    if support.get("cd_x"):
        cooldown = {"key": "cooldown_" + support["cd_x"], "cooldown": support.get("cooldown", "")}
    return {
        "key": "card_support",
        "name": {"en": support["name_en"], "ru": support["name_ru"]},
        "area": {"key": "area_" + support["area"]},
        "target": {"key": "target_" + support["target"]},
        "cooldown": cooldown,
        "effect": effect,
    }


def _numbers(spec: dict[str, Any]) -> dict[str, Any]:
    """The numbers and the terrain a formula's text names."""
    out: dict[str, Any] = {k: spec[k] for k in ("base", "bonus", "cap", "distance") if k in spec}
    if "terrain" in spec:
        out["terrain"] = {"key": "terrain_" + spec["terrain"]}
    return out


def piece_stats(creature: Creature) -> list[str]:
    """Under a creature's piece: its attack's strength with its markers, defence and life left."""
    data = CREATURES[creature["id"]]
    net = attack_net(creature)
    strength = strength_stat(creature["id"])
    if net and data["attack"].get("base"):
        more = "" if data["attack"]["strength"] == "fixed" else "+"
        strength = f"{data['attack']['base'] + net}{more}"
    elif net:
        strength += f"{net:+d}"  # "X+1": counted at the attack, plus the markers
    return [STRENGTH + strength, DEFENCE + str(defence(creature)), LIFE + str(data["life"] - creature["damage"])]
