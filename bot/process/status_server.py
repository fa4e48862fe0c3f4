"""The bot's own small HTTP server: ``/metrics`` for Prometheus and ``/health`` for whatever
restarts the process (Docker's HEALTHCHECK, an orchestrator's probe).

``/health`` answers 200 when every gateway shard is connected and the database answers a
query within ``DATABASE_TIMEOUT`` seconds, and 503 otherwise; its JSON body says which
part is down.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from sqlalchemy import text

from bot.operations import metrics

if TYPE_CHECKING:
    from bot.posting.host import Host

log = logging.getLogger(__name__)
DATABASE_TIMEOUT = 2.0
BOT: web.AppKey[Host] = web.AppKey("bot")


async def database_up(bot: Host) -> bool:
    """Whether the bot's database answers ``SELECT 1`` in time."""
    try:
        async with asyncio.timeout(DATABASE_TIMEOUT):
            async with bot.engine.connect() as connection:
                await connection.execute(text("SELECT 1"))
    except Exception:
        return False
    return True


def gateway_shards(bot: Host) -> dict[str, bool]:
    """Each of this process's shards, and whether its gateway connection is open."""
    if bot.is_closed() or not bot.is_ready():
        return {}
    return {str(shard_id): not shard.is_closed() for shard_id, shard in bot.shards.items()}


async def health(request: web.Request) -> web.Response:
    bot = request.app[BOT]
    shards = gateway_shards(bot)
    gateway = bool(shards) and all(shards.values())
    database = await database_up(bot)
    body = {
        "status": "ok" if gateway and database else "down",
        "gateway": "up" if gateway else "down",
        "shards": shards,
        "database": "up" if database else "down",
    }
    return web.json_response(body, status=200 if gateway and database else 503)


async def scrape(request: web.Request) -> web.Response:
    bot = request.app[BOT]
    try:
        await metrics.refresh(bot.store.active_count, bot.outbox_depth)
    except Exception as error:  # the database is down: /health says so; serve the rest
        log.warning("metrics read without the database: %s", type(error).__name__)
    response = web.Response(body=generate_latest())
    response.content_type = CONTENT_TYPE_LATEST.split(";")[0]
    response.charset = "utf-8"
    return response


class StatusServer:
    """The HTTP server on ``host:port`` (port 0: any free port, see :attr:`port`)."""

    def __init__(self, bot: Host, host: str, port: int) -> None:
        app = web.Application()
        app[BOT] = bot
        app.router.add_get("/health", health)
        app.router.add_get("/metrics", scrape)
        self._runner = web.AppRunner(app, access_log=None)
        self._host, self._port = host, port
        self.port: int | None = None

    async def start(self) -> None:
        await self._runner.setup()
        site = web.TCPSite(self._runner, self._host, self._port)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        await self._runner.cleanup()
