"""One root error type; every error carries a short code and a message people can act on."""

from __future__ import annotations


class BoardwrightError(Exception):
    """Root of every error Boardwright raises on purpose."""

    code = "error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return self.message

    def to_wire(self) -> dict[str, str]:
        """What crosses the wire or reaches a person: never a traceback."""
        return {"code": self.code, "message": self.message}


class IllegalAction(BoardwrightError):
    """An action that is not among the legal ones; the state is unchanged."""

    code = "illegal-action"


class GameOver(IllegalAction):
    code = "game-over"


class NotYourTurn(IllegalAction):
    code = "not-your-turn"


class FileFormatError(BoardwrightError):
    """A save, replay or scenario file that cannot be read."""

    code = "bad-file"


class ScenarioError(FileFormatError):
    """A scenario that breaks its game's schema; says file, line and field."""

    code = "bad-scenario"

    def __init__(self, path: str, line: int | None, field: str, problem: str) -> None:
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {field}: {problem}")
        self.path = path
        self.line = line
        self.field = field
        self.problem = problem


class OptionError(BoardwrightError):
    code = "bad-option"


class UnknownGame(BoardwrightError):
    code = "unknown-game"


class PluginError(BoardwrightError):
    code = "plugin-error"


class GameFailed(BoardwrightError):
    """A game of a bot series that stopped because a bot or the game itself failed: says
    which game of the series, which seat and what (the original error is its cause)."""

    code = "game-failed"
