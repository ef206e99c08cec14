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


# `scripts/test.sh` runs the suite on two pytest-xdist workers (`-n 2`). Each test file is
# sent to one worker whole, so a module's fixtures (the bundle built once, the strength
# series played once) are made once; every file that hosts or browses LAN tables goes to
# one worker, in turn, so no zeroconf announcement of one test is heard by another's browse.
_LAN_FILES = ("tests/net/", "tests/client/test_lan.py", "tests/client/test_host_dialog.py")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return "lan" if path.startswith(_LAN_FILES) else path

    return ByFile(config, log)
