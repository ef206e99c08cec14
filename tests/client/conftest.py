"""Client fixtures: a window with settings in a temporary folder, bots without delay, and a
small made-up game that uses every shape, cards, a track and a click shared by two actions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from boardwright.client.app import MainWindow
from boardwright.client.settings import Settings
from boardwright.framework import Game, GameSpec, PluginHost, Setup, hookimpl, kernel

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


class TokenGame(Game):
    """Two seats take tokens "a" and "b" (one or two points each) or play card "c1"; three actions end it."""

    spec = GameSpec(
        id="token_test",
        version="0.1.0",
        title_en="Token test",
        title_ru="Проверка жетонов",
        players=(2,),
        summary_en="A game for the client's tests.",
        summary_ru="Игра для проверок клиента.",
    )
    messages = {"en": {"take": "{seat} takes {token} for {count}"}, "ru": {"take": "{seat} берёт {token} за {count}"}}

    def setup(self, state: dict[str, Any], setup: Setup) -> None:
        state["taken"] = []
        state["score"] = [0, 0]
        state["played"] = False
        kernel.set_active(state, 0)

    def legal_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        actions = [
            {"type": "take", "token": token, "count": count}
            for token in ("a", "b")
            if token not in state["taken"]
            for count in (1, 2)
        ]
        if not state["played"]:
            actions.append({"type": "play", "card": "c1"})
        return actions

    def apply(self, state: dict[str, Any], action: dict[str, Any], log: Any) -> None:
        seat = kernel.active(state)
        if action["type"] == "take":
            state["taken"].append(action["token"])
            state["score"][seat] += action["count"]
            log.emit("take", seat=seat, token=action["token"], count=action["count"])
        else:
            state["played"] = True
        if len(state["taken"]) + state["played"] == 3:
            best = max(state["score"])
            kernel.finish(state, winners=[s for s in (0, 1) if state["score"][s] == best], scores=state["score"])
        else:
            kernel.set_active(state, 1 - seat)

    def describe_action(self, state: dict[str, Any], action: dict[str, Any], lang: str = "en") -> str:
        if action["type"] == "play":
            return "Play card c1" if lang == "en" else "Сыграть карту c1"
        return (
            f"Take {action['token']} for {action['count']}"
            if lang == "en"
            else f"Взять {action['token']} за {action['count']}"
        )

    def board(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        items = [
            {"shape": "polygon", "points": [[0, 0], [600, 0], [600, 400], [0, 400]], "fill": "#334155"},
            {"shape": "line", "points": [[20, 380], [580, 380]], "width": 6, "dash": True, "stroke": "#94a3b8"},
            {"shape": "text", "at": [300, 30], "text": {"en": "Tokens", "ru": "Жетоны"}, "size": 28},
            {"shape": "hex", "center": [500, 200], "radius": 60, "fill": "#166534", "label": "hex", "tip": "a hex"},
            {"shape": "rect", "rect": [460, 300, 30, 30], "fill": "#fbbf24", "layer": "marker", "label": "M"},
        ]
        if "a" not in state["taken"]:
            items.append({"shape": "rect", "rect": [60, 140, 120, 120], "fill": "#dc2626", "id": "a", "label": "A"})
        if "b" not in state["taken"]:
            items.append(
                {
                    "shape": "circle",
                    "center": [300, 200],
                    "radius": 60,
                    "fill": "#2563eb",
                    "id": "b",
                    "label": "B",
                    "layer": "piece",
                }
            )
        panels = [
            {
                "title": {"en": "Hand", "ru": "Рука"},
                "lines": [f"score {state['score'][0]} : {state['score'][1]}"],
                "cards": []
                if state["played"]
                else [{"id": "c1", "label": "Card one", "tip": "plays c1", "fill": "#fde68a"}],
            },
            {
                "title": "Track",
                "track": {"length": 6, "marks": [{"at": s, "label": str(i + 1)} for i, s in enumerate(state["score"])]},
            },
        ]
        return {
            "kind": "tokens",
            "size": [600, 400],
            "background": "#0f172a",
            "items": items,
            "panels": panels,
            "status": "tokens",
        }


class TokenPlugin:
    @hookimpl
    def boardwright_games(self) -> list[Game]:
        return [TokenGame()]


class MisspeltPlugin:
    @hookimpl
    def boardwright_gmaes(self) -> list[Game]:
        return []


@pytest.fixture
def token_host() -> PluginHost:
    from boardwright.bots import plugin as bots_plugin

    host = PluginHost(load_entry_points=False)
    host.register(bots_plugin, name="bots")
    host.register(TokenPlugin(), name="token_test")
    host.register(MisspeltPlugin(), name="misspelt")
    return host


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(tmp_path / "settings" / "client.json")


def make_window(qtbot: Any, host: PluginHost, settings: Settings) -> MainWindow:
    window = MainWindow(host, settings, bot_delay_ms=0)
    qtbot.addWidget(window, before_close_func=lambda w: w.quit_now())  # no "leave the game?" at teardown
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def window(qtbot: Any, host: PluginHost, settings: Settings) -> MainWindow:
    return make_window(qtbot, host, settings)


@pytest.fixture
def token_window(qtbot: Any, token_host: PluginHost, settings: Settings) -> MainWindow:
    return make_window(qtbot, token_host, settings)


@pytest.fixture
def click(qtbot: Any) -> Any:
    """click(window, x, y): a left click on the board at a point in board units, sent to the viewport."""

    def click_board(window: MainWindow, x: float, y: float) -> None:
        view = window.table.view
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(QPointF(x, y)))

    return click_board
