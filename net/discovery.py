"""Finding tables on the LAN: zeroconf service `_boardwright._tcp.local.`.

A host advertises its table with the game id, the plugin version, the free seats and
the protocol version; `browse` lists the tables it hears within a time limit. Tests
bind zeroconf to 127.0.0.1 only (`interfaces=["127.0.0.1"]`).
"""

from __future__ import annotations

import re
import socket
import time
from dataclasses import dataclass
from typing import Any

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf
from zeroconf.asyncio import AsyncZeroconf

SERVICE = "_boardwright._tcp.local."


@dataclass(frozen=True)
class TableAd:
    name: str
    address: str
    port: int
    game: str
    version: str
    free: int
    players: int
    protocol: int


def _service_name(table_name: str) -> str:
    safe = re.sub(r"[^A-Za-z0-9 _-]", "", table_name)[:50] or "table"
    return f"{safe}.{SERVICE}"


class Advertiser:
    """Keeps one table announced while the host's event loop runs."""

    def __init__(self, port: int, address: str = "127.0.0.1", interfaces: list[str] | None = None) -> None:
        self.port = port
        self.address = address
        self.interfaces = interfaces or [address]
        self.zeroconf: AsyncZeroconf | None = None
        self.service: ServiceInfo | None = None
        self.info: dict[str, Any] | None = None  # what the table announces now

    def _service(self, info: dict[str, Any]) -> ServiceInfo:
        properties = {k: str(v) for k, v in info.items() if k != "name"}
        return ServiceInfo(
            SERVICE,
            _service_name(str(info["name"])),
            addresses=[socket.inet_aton(self.address)],
            port=self.port,
            properties=properties,
            server=f"boardwright-{self.port}.local.",
        )

    async def start(self, info: dict[str, Any]) -> None:
        self.zeroconf = AsyncZeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
        self.service = self._service(info)
        self.info = dict(info)
        await self.zeroconf.async_register_service(self.service)

    async def update(self, info: dict[str, Any]) -> None:
        """Announce the table again when what it announces changed (a seat taken or freed):
        each announcement is several multicast packets to the whole LAN, and a host calls this
        after every action."""
        if self.zeroconf is None or info == self.info:
            return
        self.service = self._service(info)
        self.info = dict(info)
        await self.zeroconf.async_update_service(self.service)

    async def close(self) -> None:
        if self.zeroconf is None:
            return
        if self.service is not None:
            await self.zeroconf.async_unregister_service(self.service)
        await self.zeroconf.async_close()
        self.zeroconf = None


class _Collector(ServiceListener):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.add(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.add(name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.discard(name)


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (loopback when it has no other)."""
    import ifaddr

    out = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                out.append(ip.ip)
    return out or ["127.0.0.1"]


def browse(seconds: float = 2.0, interfaces: list[str] | None = None) -> list[TableAd]:
    """Tables heard within `seconds` (bounded: it always returns by then)."""
    zeroconf = Zeroconf(interfaces=interfaces or ["127.0.0.1"], ip_version=IPVersion.V4Only)
    try:
        collector = _Collector()
        browser = ServiceBrowser(zeroconf, SERVICE, collector)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            time.sleep(0.05)
        browser.cancel()
        tables = []
        for name in sorted(collector.names):
            info = zeroconf.get_service_info(SERVICE, name, timeout=1000)
            if info is None or not info.addresses:
                continue
            props = {k.decode(): (v.decode() if v is not None else "") for k, v in info.properties.items()}
            try:
                tables.append(
                    TableAd(
                        name=name.removesuffix("." + SERVICE),
                        address=socket.inet_ntoa(info.addresses[0]),
                        port=int(info.port or 0),
                        game=props.get("game", ""),
                        version=props.get("version", ""),
                        free=int(props.get("free", "0")),
                        players=int(props.get("players", "0")),
                        protocol=int(props.get("protocol", "0")),
                    )
                )
            except ValueError:
                continue  # an advertisement we cannot read is not a table we can join
        return tables
    finally:
        zeroconf.close()
