"""Shared fixtures: one plugin host for the session, Qt offscreen."""

from __future__ import annotations

import os
import tempfile

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# the user's own scenario folder is never read or made by the suite: an empty one of its own
_SCENARIOS = tempfile.TemporaryDirectory(prefix="boardwright-test-scenarios-")
os.environ["BOARDWRIGHT_SCENARIOS"] = _SCENARIOS.name


@pytest.fixture(scope="session")
def host():
    from boardwright.framework import PluginHost

    return PluginHost()
