"""Shared fixtures: one plugin host for the session, Qt offscreen."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(scope="session")
def host():
    from boardwright.framework import PluginHost

    return PluginHost()
