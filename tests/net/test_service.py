"""The LAN service a desktop client drives from its own thread: host, find, join, play.

Everything binds to and announces on 127.0.0.1 only; every wait is bounded.
"""

from __future__ import annotations

import threading
import time

import pytest

from boardwright.net.host import OPEN
from boardwright.net.service import LanError, LanService


class Inbox:
    """Messages a seat's callback received (on the service's thread)."""

    def __init__(self) -> None:
        self.messages: list[dict] = []
        self.lock = threading.Lock()

    def __call__(self, message: dict) -> None:
        with self.lock:
            self.messages.append(message)

    def latest(self) -> dict | None:
        with self.lock:
            updates = [m for m in self.messages if m["t"] == "update"]
        return updates[-1] if updates else None

    def wait(self, predicate, seconds: float = 10.0) -> dict:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with self.lock:
                found = [m for m in self.messages if predicate(m)]
            if found:
                return found[-1]
            time.sleep(0.02)
        raise AssertionError("no such message in time")


@pytest.fixture
def lan(host):
    service = LanService(host, bind="127.0.0.1", advertise_address="127.0.0.1", interfaces=["127.0.0.1"])
    yield service
    service.close()


def test_host_find_join_and_play_a_whole_game(lan):
    address, port = lan.host_table("connect_four", 2, {}, 3, None, [OPEN, OPEN], "Anna's table")
    # another program's table on this computer may be heard too: this test's is the one on its port
    tables = [t for t in lan.browse(1.5) if t["port"] == port]
    assert [(t["name"], t["game"], t["port"], t["free"]) for t in tables] == [("Annas table", "connect_four", port, 2)]
    inboxes = [Inbox(), Inbox()]
    seats = [lan.join(address, port, name, inbox) for name, inbox in zip(("Anna", "Boris"), inboxes, strict=True)]
    assert [s.seat for s in seats] == [0, 1] and seats[0].game == "connect_four"
    for _ in range(42):  # at most one move per hole
        update = inboxes[0].wait(lambda m: m["t"] == "update" and m["started"])  # both said ready
        update = inboxes[0].latest()
        if update["outcome"] is not None:
            break
        mover = update["to_move"]
        mine = inboxes[mover].wait(lambda m, ply=update["ply"]: m["t"] == "update" and m["ply"] == ply and m["started"])
        seats[mover].act(mine["legal"][0])
        inboxes[0].wait(lambda m, ply=update["ply"]: m["t"] == "update" and m["ply"] == ply + 1)
    final = inboxes[1].wait(lambda m: m["t"] == "update" and m["outcome"] is not None)
    assert final["outcome"]["winners"] in ([0], [1], [])
    # a finished game is no longer announced: nobody can take a seat there
    assert [t for t in lan.browse(1.5) if t["port"] == port] == []


def test_an_illegal_intent_comes_back_as_an_error(lan):
    address, port = lan.host_table("connect_four", 2, {}, 3, None, [OPEN, "random"], "table")
    inbox = Inbox()
    seat = lan.join(address, port, "Anna", inbox)
    inbox.wait(lambda m: m["t"] == "update" and m["to_move"] == 0)
    seat.act({"type": "drop", "column": 99})
    error = inbox.wait(lambda m: m["t"] == "error")
    assert error["code"] == "illegal-action"


def test_joining_nothing_is_one_clear_error(lan):
    with pytest.raises(LanError, match=r"cannot reach the table at 127\.0\.0\.1"):
        lan.join("127.0.0.1", 9, "Anna", Inbox())


def test_a_table_is_announced_again_only_when_what_it_announces_changes(lan, monkeypatch):
    """The announcement (game, free seats, ...) goes out again when it changes: a person
    joining, a seat freed. Every action used to send it again, three multicast packets each
    on the whole LAN, for as long as the game lasted."""
    from zeroconf.asyncio import AsyncZeroconf

    sent: list[dict] = []
    update = AsyncZeroconf.async_update_service

    async def counting(self, info):
        sent.append(dict(info.decoded_properties))
        return await update(self, info)

    monkeypatch.setattr(AsyncZeroconf, "async_update_service", counting)
    address, port = lan.host_table("connect_four", 2, {}, 3, None, [OPEN, OPEN], "Anna's table")
    inboxes = [Inbox(), Inbox()]
    seats = [lan.join(address, port, name, inbox) for name, inbox in zip(("Anna", "Boris"), inboxes, strict=True)]
    plies = 0
    for _ in range(42):
        update_message = inboxes[0].wait(lambda m: m["t"] == "update" and m["started"])
        update_message = inboxes[0].latest()
        if update_message["outcome"] is not None:
            break
        mover = update_message["to_move"]
        ply = update_message["ply"]
        mine = inboxes[mover].wait(lambda m, ply=ply: m["t"] == "update" and m["ply"] == ply and m["started"])
        seats[mover].act(mine["legal"][0])
        inboxes[0].wait(lambda m, ply=ply: m["t"] == "update" and m["ply"] == ply + 1)
        plies += 1
    assert plies >= 7  # a whole game of Connect Four: at least seven drops
    time.sleep(0.3)  # the announcer has seen the last change
    # Anna took a seat, then Boris: free 2 -> 1 -> 0, nothing more while they played
    assert [ad["free"] for ad in sent] == ["1", "0"]


def test_a_table_is_withdrawn_from_the_lan_as_soon_as_the_person_hosting_it_leaves(lan, host):
    address, port = lan.host_table("connect_four", 2, {}, 3, None, [OPEN, OPEN], "Anna's table")
    anna = lan.join(address, port, "Anna", Inbox())  # the person hosting it takes the first seat
    other = LanService(host, bind="127.0.0.1", advertise=False)
    try:
        boris_inbox = Inbox()
        other.join(address, port, "Boris", boris_inbox)
        assert [t["port"] for t in lan.browse(1.5) if t["port"] == port] == [port]
        boris_inbox.wait(lambda m: m["t"] == "update" and m["started"])
        anna.close()
        boris_inbox.wait(lambda m: m["t"] == "update" and not m["seats"][0]["connected"])
        assert [t for t in lan.browse(1.5) if t["port"] == port] == []  # the game goes on, unannounced
    finally:
        other.close()
