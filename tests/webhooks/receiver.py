"""A webhook receiver on 127.0.0.1, as a server's would be: it records every request, answers
with the statuses it is told to (then 200; a redirect points elsewhere on it), and counts how
many requests it holds at once."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from aiohttp import web


@dataclass(frozen=True)
class Received:
    headers: dict[str, str]
    body: str

    @property
    def event(self) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(self.body)
        return found

    def signed_with(self, secret: str) -> bool:
        """Whether the signature is right for this secret, checked as README.md says."""
        timestamp = self.headers["X-Laager-Timestamp"]
        expected = hmac.new(
            secret.encode(), f"{timestamp}.{self.body}".encode(), hashlib.sha256
        ).hexdigest()
        return hmac.compare_digest(self.headers["X-Laager-Signature"], f"sha256={expected}")


class Receiver:
    def __init__(self, answers: Iterable[int] = (), hold: float = 0.0) -> None:
        self.answers = list(answers)
        """The statuses of the first answers, in order; 200 after them."""
        self.hold = hold
        """Seconds each request is held before it is answered."""
        self.received: list[Received] = []
        self.in_flight = 0
        self.most_in_flight = 0
        self._runner: web.AppRunner | None = None
        self.url = ""

    async def start(self, path: str = "/hook") -> str:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._answer)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.url = f"http://127.0.0.1:{port}{path}"
        return self.url

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _answer(self, request: web.Request) -> web.Response:
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            body = await request.text()
            self.received.append(Received(dict(request.headers), body))
            if self.hold:
                await asyncio.sleep(self.hold)
            status = self.answers.pop(0) if self.answers else 200
            moved = {"Location": "/moved"} if 300 <= status < 400 else {}
            return web.Response(status=status, text="ok", headers=moved)
        finally:
            self.in_flight -= 1

    def events(self, kind: str | None = None) -> list[dict[str, Any]]:
        """Each event received, once (a retried one as it first came), in the order they
        first came."""
        first: dict[str, dict[str, Any]] = {}
        for received in self.received:
            first.setdefault(received.event["id"], received.event)
        return [event for event in first.values() if kind is None or event["type"] == kind]
