"""The client's settings (language, last seat choices per game, last folder), kept as JSON
in the platform's user config folder (platformdirs)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import platformdirs


def default_path() -> Path:
    return Path(platformdirs.user_config_dir("boardwright", appauthor=False)) / "client.json"


class Settings:
    """Reads once, writes on every change; a damaged file means defaults, never a crash."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_path()
        self.data: dict[str, Any] = {}
        try:
            loaded = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(loaded, dict):
                self.data = loaded
        except (OSError, ValueError):
            self.data = {}

    @property
    def lang(self) -> str:
        lang = self.data.get("lang")
        return lang if lang in ("en", "ru") else "en"

    @lang.setter
    def lang(self, value: str) -> None:
        self.data["lang"] = value
        self.save()

    @property
    def player_name(self) -> str:
        """The name this person plays under at LAN tables ("" until they gave one)."""
        name = self.data.get("player_name")
        return name if isinstance(name, str) else ""

    @player_name.setter
    def player_name(self, value: str) -> None:
        self.data["player_name"] = value.strip()[:40]
        self.save()

    def seat_kinds(self, game_id: str) -> list[str]:
        kinds = self.data.get("seat_kinds", {}).get(game_id, [])
        return [k for k in kinds if isinstance(k, str)] if isinstance(kinds, list) else []

    def remember_seat_kinds(self, game_id: str, kinds: list[str]) -> None:
        self.data.setdefault("seat_kinds", {})[game_id] = list(kinds)
        self.save()

    def lan_seat(self, where: str) -> tuple[int, str] | None:
        """(seat, token) this person had at the LAN table at `where` ("host:port"), to sit there again."""
        entry = self.data.get("lan_seats", {}).get(where)
        if isinstance(entry, dict) and isinstance(entry.get("seat"), int) and isinstance(entry.get("token"), str):
            return entry["seat"], entry["token"]
        return None

    def remember_lan_seat(self, where: str, seat: int, token: str) -> None:
        seats = self.data.setdefault("lan_seats", {})
        seats[where] = {"seat": seat, "token": token}
        while len(seats) > 20:  # the oldest tables are forgotten
            seats.pop(next(iter(seats)))
        self.save()

    @property
    def autosave_path(self) -> Path:
        """The game at the table, saved after every action (beside the settings file)."""
        return self.path.with_name("autosave.bwr")

    @property
    def folder(self) -> str:
        folder = self.data.get("folder")
        return folder if isinstance(folder, str) else str(Path.home())

    @folder.setter
    def folder(self, value: str) -> None:
        self.data["folder"] = value
        self.save()

    def save(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(dir=self.path.parent, prefix=".client-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(self.data, out, ensure_ascii=False, indent=1)
            os.replace(temp, self.path)
        except OSError:
            pass  # settings are a convenience: an unwritable folder must not stop a game
