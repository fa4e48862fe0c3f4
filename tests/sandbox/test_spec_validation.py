"""Requests that break Discord's OpenAPI contract are refused and recorded."""

from __future__ import annotations

import aiohttp

from bot.sandbox import DiscordSandbox


async def test_invalid_body_is_refused_and_recorded(sandbox: DiscordSandbox) -> None:
    url = f"{sandbox.api_base}/channels/{sandbox.default_channel}/messages"
    headers = {"Authorization": f"Bot {sandbox.token}"}
    async with aiohttp.ClientSession() as http:
        async with http.post(url, json={"content": 5}, headers=headers) as response:
            assert response.status == 400
            assert response.headers["Content-Type"] == "application/json"
            body = await response.json()
        async with http.get(f"{sandbox.api_base}/no/such/route", headers=headers) as response:
            assert response.status == 404
    assert body["code"] == 50035
    assert "$.content: 5 is not of type" in body["errors"]["sandbox"]["_errors"][0]["message"]
    bad_body, unknown_route = sandbox.violations
    assert (bad_body.method, bad_body.path, bad_body.source) == (
        "POST",
        f"/channels/{sandbox.default_channel}/messages",
        "request",
    )
    assert unknown_route.source == "route" and unknown_route.path == "/no/such/route"
    assert sandbox.messages() == []
    sandbox.violations.clear()


async def test_unreadable_json_is_refused_and_recorded(sandbox: DiscordSandbox) -> None:
    url = f"{sandbox.api_base}/channels/{sandbox.default_channel}/messages"
    headers = {"Authorization": f"Bot {sandbox.token}", "Content-Type": "application/json"}
    async with aiohttp.ClientSession() as http:
        async with http.post(url, data=b"{not json", headers=headers) as response:
            assert response.status == 400
            assert (await response.json())["code"] == 50109
    [violation] = sandbox.violations
    assert "not valid JSON" in violation.error
    sandbox.violations.clear()


async def test_bot_routes_need_the_bot_token(sandbox: DiscordSandbox) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{sandbox.api_base}/users/@me") as response:
            assert response.status == 401
        headers = {"Authorization": f"Bot {sandbox.token}"}
        async with http.get(f"{sandbox.api_base}/users/@me", headers=headers) as response:
            assert response.status == 200
            assert (await response.json())["id"] == str(sandbox.bot_user_id)
