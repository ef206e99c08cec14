"""The installed PySide6 must not leak references to None (6.12.0 on Python 3.11 does).

Each void Qt call of the defective build lowers None's reference count by one, and the
client dies with "Fatal Python error: none_dealloc" after a few thousand redraws; the
pin in pyproject.toml keeps that build out, and this test keeps the pin honest.
"""

from __future__ import annotations

import sys

import pytest


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from Python 3.12 on")
def test_void_qt_calls_keep_none_alive(qapp):
    from PySide6.QtGui import QPen

    pen = QPen()
    before = sys.getrefcount(None)
    for _ in range(1000):
        pen.setCosmetic(True)
    assert sys.getrefcount(None) - before > -100
