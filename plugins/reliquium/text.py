"""What people read: names of regions, factions, creatures and units in English and Russian,
and the labels of actions in menus and logs."""

from __future__ import annotations

from typing import Any

from .world import WORLD

Action = dict[str, Any]
Text = dict[str, str]

LANGUAGES = ("en", "ru")
REGION_NAMES: list[Text] = [{"en": region["en"], "ru": region["ru"]} for region in WORLD.regions]
FACTION_NAMES: list[Text] = [{"en": faction["en"], "ru": faction["ru"]} for faction in WORLD.factions]
CREATURE_NAMES: list[list[Text]] = [
    [{"en": card["en"], "ru": card["ru"]} for card in cards] for cards in WORLD.creatures
]
MILITIA_TEXT: Text = {"en": "militia", "ru": "ополчение"}


def class_text(unit_class: int) -> Text:
    return {lang: WORLD.class_names[lang][unit_class] for lang in LANGUAGES}


def unit_text(counts: list[int]) -> Text:
    """Units as people read them: "2 warriors, 1 mage" / "воин ×2, маг ×1"."""
    english, russian = [], []
    for unit_class, count in enumerate(counts):
        if count:
            english.append(f"{count} {WORLD.class_names['en'][unit_class]}{'s' if count > 1 else ''}")
            russian.append(f"{WORLD.class_names['ru'][unit_class]} ×{count}")
    return {"en": ", ".join(english) or "no units", "ru": ", ".join(russian) or "никого"}


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


def _localised_fields(action: Action, lang: str) -> dict[str, Any]:
    """Action fields as a person reads them: region, faction and creature names, not ids."""
    w = WORLD
    fields = dict(action)
    for key in _REGION_KEYS:
        if isinstance(action.get(key), str) and action[key] in w.region_index:
            fields[key] = w.regions[w.region_index[action[key]]][lang]
    for key in ("unit", "enemy_unit"):
        if isinstance(action.get(key), str) and action[key] in w.class_index:
            fields[key] = w.class_names[lang][w.class_index[action[key]]]
    if isinstance(action.get("faction"), str) and action["faction"] in w.faction_index:
        fields["faction"] = w.factions[w.faction_index[action["faction"]]][lang]
    if isinstance(action.get("creature"), str) and action["creature"] in w.creature_ref:
        faction, unit_class = w.creature_ref[action["creature"]]
        fields["creature"] = w.creatures[faction][unit_class][lang]
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


def describe(action: Action, lang: str = "en") -> str:
    """A short label for an action, for menus and logs."""
    pair = _LABELS.get(action["type"])
    lang = "ru" if lang == "ru" else "en"
    if pair is None:
        details = " ".join(f"{k}={v}" for k, v in action.items() if k != "type")
        return f"{action['type']} {details}".strip()
    fields = _localised_fields(action, lang)
    if "units" in action and isinstance(action["units"], list):
        fields["units"] = unit_text(action["units"])[lang]
    template = pair[1] if lang == "ru" else pair[0]
    try:
        return template.format(**fields)
    except (KeyError, IndexError):
        return template
