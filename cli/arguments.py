"""What the commands share about their arguments: the parser, its one error type, and
flags that name folders and options."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import NoReturn


class UsageError(Exception):
    """Bad input on the command line: one line on stderr, exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def folder(path: Path, flag: str) -> Path:
    """`path` as a folder to write into, made now: a flag that names a file, or a place that
    cannot be written, is refused before any game is played."""
    if path.exists() and not path.is_dir():
        raise UsageError(f"{flag} {path}: a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"{flag} {path}: {exc.strerror or exc}") from None
    return path


def option_pairs(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option takes KEY=VALUE, got {pair!r}")
        options[key] = value
    return options
