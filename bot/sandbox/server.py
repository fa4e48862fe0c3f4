"""The HTTP server: REST under /api/v10, the gateway websocket, and attachment downloads."""

from __future__ import annotations

import socket

from aiohttp import web

from bot.sandbox.backend import Backend
from bot.sandbox.http_responses import not_found
from bot.sandbox.models import SandboxError
from bot.sandbox.rest_server import TrafficGuard
from bot.sandbox.routes_channels import ChannelRoutes
from bot.sandbox.routes_core import CoreRoutes
from bot.sandbox.routes_interactions import InteractionRoutes
from bot.sandbox.spec_validation import API_PREFIX

HOST = "127.0.0.1"


class SandboxServer:
    """Binds 127.0.0.1 on a free port so several sandboxes can run side by side."""

    def __init__(self, backend: Backend, guard: TrafficGuard) -> None:
        self._backend = backend
        self._guard = guard
        self._runner: web.AppRunner | None = None
        self._port: int | None = None

    @property
    def port(self) -> int:
        if self._port is None:
            raise SandboxError("the sandbox has not been started")
        return self._port

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def api_base(self) -> str:
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://{HOST}:{self.port}/gateway"

    async def start(self) -> None:
        api = web.Application(middlewares=[self._guard.middleware])
        api.add_routes(CoreRoutes(self._backend, lambda: self.gateway_url).routes())
        api.add_routes(ChannelRoutes(self._backend).routes())
        api.add_routes(InteractionRoutes(self._backend).routes())
        api.router.add_route("*", "/{tail:.*}", self._guard.missing_route)
        app = web.Application()
        app.router.add_get("/gateway", self._backend.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._download)
        app.add_subapp(API_PREFIX, api)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((HOST, 0))
        self._port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        self._backend.state.attachment_base_url = self.base_url

    async def stop(self) -> None:
        await self._backend.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _download(self, request: web.Request) -> web.StreamResponse:
        """Attachment URLs in message payloads point here (Discord's CDN, in miniature)."""
        attachment_id = request.match_info["attachment_id"]
        attachments = self._backend.state.attachments
        attachment = attachments.get(int(attachment_id)) if attachment_id.isdigit() else None
        if attachment is None:
            return not_found(0, "Attachment")
        return web.Response(body=attachment.data, content_type=attachment.content_type)
