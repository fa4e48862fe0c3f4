"""Sending what servers' webhooks are owed: each delivery signed, posted to an address that
passed the check (bot.operations.addresses), and its outcome recorded (bot.storage.webhooks).

A 2xx answer is a delivery; anything else (another status, a redirect, which is not
followed, no answer within ``TIMEOUT_SECONDS``, a refused address, a failed connection) is
retried later. The signature is the HMAC-SHA256, keyed with the hook's secret, of the
timestamp, a full stop and the body, so a receiver can tell the bot's requests from forged
ones and refuse an old one replayed.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
from collections.abc import Callable
from datetime import UTC, datetime

import aiohttp

from bot.operations.addresses import AddressRefused, GuardedResolver, checked_url
from bot.operations.log_guard import known
from bot.storage.webhooks import Claimed, Webhooks

log = logging.getLogger(__name__)

TIMEOUT_SECONDS = 10.0
USER_AGENT = "Laager-Webhooks/1"
AT_ONCE = 20
"""Hooks a process delivers to at once, each with one delivery in flight."""
SHORTEST_WAIT = 0.05


def signature(secret: str, timestamp: str, body: str) -> str:
    """The ``X-Laager-Signature`` header of a body sent at ``timestamp``."""
    mac = hmac.new(secret.encode(), f"{timestamp}.{body}".encode(), hashlib.sha256)
    return f"sha256={mac.hexdigest()}"


def _now() -> datetime:
    return datetime.now(UTC)


class WebhookSender:
    """Claims the hooks with a delivery due, sends each its oldest, records the outcome."""

    def __init__(
        self,
        webhooks: Webhooks,
        *,
        allow_private: bool,
        first_retry: float,
        clock: Callable[[], datetime] = _now,
    ) -> None:
        self.webhooks = webhooks
        self._allow_private = allow_private
        self._first_retry = first_retry
        self._clock = clock
        self._session: aiohttp.ClientSession | None = None

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None:
            resolver = GuardedResolver(allow_private=self._allow_private)
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(resolver=resolver),
                cookie_jar=aiohttp.DummyCookieJar(),
                timeout=aiohttp.ClientTimeout(total=TIMEOUT_SECONDS),
                headers={"User-Agent": USER_AGENT},
            )
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def send_due(self) -> int:
        """Send what is due, hook by hook, until nothing more is; how many attempts were
        made."""
        made = 0
        while claims := await self.webhooks.claim(self._clock(), limit=AT_ONCE):
            await asyncio.gather(*(self._deliver(claim) for claim in claims))
            made += len(claims)
        return made

    async def wait(self, longest: float) -> float:
        """Seconds until there may be something to send, at most ``longest`` (also when
        nothing is pending), and a moment at least, in case what is due now is being claimed
        by another process."""
        now = self._clock()
        due = await self.webhooks.next_due(now)
        if due is None:
            return longest
        return min(max((due - now).total_seconds(), SHORTEST_WAIT), longest)

    async def _deliver(self, claim: Claimed) -> None:
        delivery = claim.delivery
        try:
            error = await self.attempt(claim)
            status = await self.webhooks.record(claim, error, self._clock(), self._first_retry)
        except Exception:
            log.exception("webhook delivery %s of server %s failed", delivery.id, claim.guild_id)
            return
        if error is not None:
            log.info(
                "webhook delivery %s of server %s: %s (%s)",
                delivery.id,
                claim.guild_id,
                error,
                status,
            )

    async def attempt(self, claim: Claimed) -> str | None:
        """Post the delivery once; None if it was delivered, else what went wrong, in a few
        words."""
        known.remember(claim.secret)
        delivery = claim.delivery
        try:
            url = checked_url(claim.url, allow_private=self._allow_private)
        except AddressRefused as refused:
            return str(refused)
        timestamp = str(int(self._clock().timestamp()))
        headers = {
            "Content-Type": "application/json",
            "X-Laager-Event": delivery.event,
            "X-Laager-Delivery": str(delivery.id),
            "X-Laager-Timestamp": timestamp,
            "X-Laager-Signature": signature(claim.secret, timestamp, delivery.body),
        }
        try:
            async with self._client().post(
                url, data=delivery.body.encode(), headers=headers, allow_redirects=False
            ) as response:
                if 200 <= response.status < 300:
                    return None
                return f"HTTP {response.status}"
        except TimeoutError:
            return f"no answer within {TIMEOUT_SECONDS:g} seconds"
        except aiohttp.ClientConnectorError as error:
            if isinstance(error.os_error, AddressRefused):
                return str(error.os_error)
            return "could not connect"
        except aiohttp.ClientError as error:
            return f"failed: {type(error).__name__}"
