"""The aiohttp application: spec validation, auth, traffic tracking and routing.

Every request under /api/v10 is validated against the OpenAPI spec before it reaches a
route, and command registrations and message bodies first against the limits the spec
leaves out. Refused
requests and routes the sandbox lacks are recorded as violations and answered the way
Discord would (400 or 404 with a JSON error), so gaps are visible.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Literal, Protocol

from aiohttp import web
from werkzeug.datastructures import ImmutableMultiDict

from bot.sandbox.activity import ActivityMonitor
from bot.sandbox.command_limits import Refusal
from bot.sandbox.http_responses import (
    INVALID_FORM_BODY,
    INVALID_JSON,
    discord_error,
    json_response,
)
from bot.sandbox.models import Violation
from bot.sandbox.rate_limits import RateLimiter
from bot.sandbox.request_body import BodyError, RequestBody, read_body
from bot.sandbox.spec_validation import API_PREFIX, ApiRequest, ApiResponse, SpecValidator

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

BODY_KEY = web.RequestKey("body", RequestBody)
TOKENLESS_PREFIXES = ("/webhooks/", "/interactions/")


class DiscordRules(Protocol):
    """Limits Discord enforces that the spec does not describe."""

    def refusal(self, method: str, api_path: str, data: Any) -> Refusal | None: ...


class TrafficGuard:
    """Middleware: counts traffic, holds the bot to Discord's rate limits, validates against
    the spec (and against Discord's limits on command registrations and messages), checks
    the bot token."""

    def __init__(
        self,
        *,
        validator: SpecValidator,
        rules: Sequence[DiscordRules],
        activity: ActivityMonitor,
        token: str,
        violations: list[Violation],
        response_violations: list[Violation] | None,
        limits: RateLimiter,
    ) -> None:
        self._limits = limits
        self._validator = validator
        self._rules = rules
        self._activity = activity
        self._token = token
        self._violations = violations
        self._response_violations = response_violations

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Installed on the /api/v10 sub-application only."""
        self._activity.request_started()
        try:
            return await self._guarded(request, handler)
        finally:
            self._activity.request_finished()

    async def _guarded(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Rate limits first, as on Discord: a refused request is not looked at further."""
        api_path = request.path[len(API_PREFIX) :]
        verdict = self._limits.check(request.method, api_path, request.transport)
        if verdict.ignored_retry_after:
            early = f"retried {verdict.ignored_retry_after:.3f} s before retry_after ran out"
            self._record(request, api_path, early, "request")
        if verdict.exhausted:
            self._activity.hold_until(verdict.resets_at)
        if verdict.refused:
            await request.release()
            refused = json_response(verdict.body(), status=429)
            refused.headers.update(verdict.headers)
            return refused
        response = await self._checked(request, handler, api_path)
        response.headers.update(verdict.headers)
        return response

    async def _checked(
        self, request: web.Request, handler: Handler, api_path: str
    ) -> web.StreamResponse:
        try:
            body = await read_body(request)
        except BodyError as error:
            self._record(request, api_path, str(error), "request")
            return discord_error(400, INVALID_JSON, "Invalid request body", [str(error)])
        request[BODY_KEY] = body
        for rules in self._rules:
            refusal = rules.refusal(request.method, api_path, body.data)
            if refusal is None:
                continue
            self._record(request, api_path, "; ".join(refusal.reasons), "request")
            return discord_error(
                refusal.status, refusal.code, refusal.message, errors=refusal.errors
            )
        spec_request = self._spec_request(request, api_path, body)
        check = self._validator.check_request(spec_request)
        if not check.route_known:
            self._record(request, api_path, "; ".join(check.errors), "route")
            return discord_error(404, 0, "404: Not Found")
        if check.errors:
            self._record(request, api_path, "; ".join(check.errors), "request")
            return discord_error(400, INVALID_FORM_BODY, "Invalid Form Body", check.errors)
        if not api_path.startswith(TOKENLESS_PREFIXES):
            if request.headers.get("Authorization") != f"Bot {self._token}":
                return discord_error(401, 0, "401: Unauthorized")
        response = await handler(request)
        if self._response_violations is not None:
            self._check_response(request, spec_request, response)
        return response

    def _spec_request(self, request: web.Request, api_path: str, body: RequestBody) -> ApiRequest:
        # A multipart body's JSON lives in payload_json, which Discord reads exactly like a
        # JSON body; it is validated as one (openapi-core cannot decode the spec's multipart
        # schemas, whose nullable properties use OpenAPI 3.1 type lists).
        has_json = body.json_bytes is not None
        return ApiRequest(
            request.method,
            api_path,
            query=ImmutableMultiDict(list(request.query.items())),
            headers=request.headers,
            content_type="application/json" if has_json else request.content_type,
            body=body.json_bytes,
        )

    def _check_response(
        self, request: web.Request, spec_request: ApiRequest, response: web.StreamResponse
    ) -> None:
        assert self._response_violations is not None
        if not isinstance(response, web.Response) or response.status == 401:
            return
        raw = response.body if isinstance(response.body, bytes) else None
        spec_response = ApiResponse(
            status_code=response.status,
            content_type=response.content_type if raw else "",
            data=raw,
            headers=response.headers,
        )
        errors = self._validator.response_errors(spec_request, spec_response)
        if errors:
            self._response_violations.append(
                Violation(request.method, spec_request.api_path, "; ".join(errors), "response")
            )

    async def missing_route(self, request: web.Request) -> web.Response:
        """A route the spec has but the sandbox does not implement: a visible gap."""
        api_path = request.path[len(API_PREFIX) :]
        self._record(request, api_path, "not implemented by the sandbox", "route")
        return discord_error(404, 0, "404: Not Found")

    def _record(
        self,
        request: web.Request,
        api_path: str,
        error: str,
        source: Literal["request", "route"],
    ) -> None:
        self._violations.append(Violation(request.method, api_path, error, source))
