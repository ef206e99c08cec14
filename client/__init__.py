"""Boardwright's PySide6 desktop client: draws and plays any registered game."""
