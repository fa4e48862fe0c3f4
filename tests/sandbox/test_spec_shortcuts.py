"""The sandbox's shortcuts in checking requests against Discord's spec change no verdict: the
rewritten oneOf unions refuse exactly what the published ones refuse, a request is taken from
the memory of passing requests only when it is the same request, and a body on a route that
passed before gets the verdict the whole check would give it."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from openapi_core import Config, OpenAPI

from bot.sandbox import spec_validation
from bot.sandbox.spec_validation import SPEC_PATH, ApiRequest, SpecValidator, adapt_spec

CHANNEL = "/channels/1323802873053577216/messages"


def button(**changes: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Strike", "custom_id": "act:1:ab12:strike", **changes}


def row(*components: Any) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


MENU = {
    "type": 3,
    "custom_id": "menu:1",
    "options": [{"label": f"Order {n}", "value": str(n)} for n in range(5)],
}
BODIES: list[dict[str, Any]] = [
    {"content": "a post"},
    {"content": "buttons", "components": [row(button(), button(style=4, custom_id="x"))]},
    {"components": [row(button(style=5, url="https://example.com", custom_id=None))]},
    {"components": [row(MENU)]},
    {"components": [row(button()), row(MENU)], "embeds": [{"title": "t", "description": "d"}]},
    {"components": [row(button(style=99))]},
    {"components": [row(button(type=77))]},
    {"components": [row(button(label=5))]},
    {"components": [row({"style": 1, "label": "no type", "custom_id": "n"})]},
    {"components": [row("not an object")]},
    {"components": [row(*[button(custom_id=str(n)) for n in range(6)])]},
    {"components": [row(row(button()))]},
    {"components": [row({**MENU, "options": [{"label": "no value"}]})]},
    {"components": [{"type": 1}]},
    {"components": [{"type": 99, "components": []}]},
    {"components": ["row"]},
    {"components": [row(button(style="1"))]},
]


def request(
    body: dict[str, Any], path: str = CHANNEL, query: dict[str, str] | None = None
) -> ApiRequest:
    return ApiRequest(
        "POST",
        path,
        query=query or {},
        headers={},
        content_type="application/json",
        body=json.dumps(body).encode(),
    )


@pytest.fixture(scope="module")
def published() -> OpenAPI:
    """The spec with only the corrections every check needs, its unions as published."""
    spec = json.loads(SPEC_PATH.read_bytes())
    adapt_spec(spec)
    return OpenAPI.from_dict(spec, config=Config(spec_validator_cls=None))


@pytest.mark.parametrize("body", BODIES, ids=[json.dumps(b)[:60] for b in BODIES])
def test_rewritten_unions_refuse_what_the_published_ones_refuse(
    published: OpenAPI, body: dict[str, Any]
) -> None:
    expected = list(published.iter_request_errors(request(body)))
    verdict = SpecValidator().check_request(request(body))
    assert verdict.ok == (not expected), (verdict.errors, expected)


def test_some_bodies_pass_and_some_are_refused(published: OpenAPI) -> None:
    """Without both kinds the comparison above proves nothing."""
    passed = [not list(published.iter_request_errors(request(b))) for b in BODIES]
    assert 3 < sum(passed) < len(BODIES) - 3


def test_a_refusal_names_the_field_that_broke() -> None:
    [error] = SpecValidator().check_request(request({"components": [row(button(style=9))]})).errors
    assert "$.components[0].components[0].style: 9 is not one of" in error


class Counting:
    """The spec's own checker, counting how often it is asked."""

    def __init__(self, openapi: OpenAPI) -> None:
        self.openapi, self.spec, self.asked = openapi, openapi.spec, 0

    def iter_request_errors(self, request: ApiRequest) -> Any:
        self.asked += 1
        return self.openapi.iter_request_errors(request)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> tuple[SpecValidator, Counting]:
    for memory in ("_passed", "_routes"):
        monkeypatch.setattr(SpecValidator, memory, copy.copy(getattr(SpecValidator, memory)))
        getattr(SpecValidator, memory).clear()
    validator = SpecValidator()
    counting = Counting(validator._openapi)
    monkeypatch.setattr(validator, "_openapi", counting)
    return validator, counting


def test_only_the_same_passing_request_is_remembered(
    counted: tuple[SpecValidator, Counting],
) -> None:
    validator, counting = counted
    good = {"content": "x", "components": [row(button())]}
    assert validator.check_request(request(good)).ok
    assert validator.check_request(request(good)).ok
    assert counting.asked == 1
    other_channel = CHANNEL.replace("1323802873053577216", "42")
    assert validator.check_request(request(good, other_channel)).ok
    assert counting.asked == 1, "ids differ only in value: the same verdict"
    for hostile in (CHANNEL.replace("13238", "013238"), "/channels/general/messages"):
        assert not validator.check_request(request(good, hostile)).ok
    assert counting.asked == 3, "an id out of form is checked, and refused"
    bad = {**good, "components": [row(button(style=0))]}
    for _ in range(2):
        assert not validator.check_request(request(bad)).ok
    assert counting.asked == 5, "a refusal is never remembered"


def test_the_memory_is_bounded(
    counted: tuple[SpecValidator, Counting], monkeypatch: pytest.MonkeyPatch
) -> None:
    validator, counting = counted
    monkeypatch.setattr(spec_validation, "PASSED_KEPT", 3)
    monkeypatch.setattr(spec_validation, "ROUTES_KEPT", 2)
    for n in range(5):
        assert validator.check_request(request({"content": str(n)}, query={"n": str(n)})).ok
    assert len(SpecValidator._passed) == 3
    assert len(SpecValidator._routes) == 2
    assert validator.check_request(request({"content": "0"}, query={"n": "0"})).ok
    assert counting.asked == 6, "the oldest request and its route were forgotten"


@pytest.mark.parametrize("shortcut", ["as-built", "planted-fault"])
def test_a_body_on_a_remembered_route_gets_the_whole_checks_verdict(
    counted: tuple[SpecValidator, Counting],
    published: OpenAPI,
    monkeypatch: pytest.MonkeyPatch,
    shortcut: str,
) -> None:
    validator, counting = counted
    if shortcut == "planted-fault":  # a route that passes whatever body comes
        monkeypatch.setattr(spec_validation.Route, "conforms", lambda self, body: True)
    assert validator.check_request(request({"content": "the first post on this route"})).ok
    checked = {json.dumps(b): validator.check_request(request(b)).ok for b in BODIES}
    expected = {json.dumps(b): not list(published.iter_request_errors(request(b))) for b in BODIES}
    if shortcut == "planted-fault":
        assert checked != expected, "the comparison must catch a shortcut that passes all"
        return
    assert checked == expected
    refused = len(BODIES) - sum(expected.values())
    assert counting.asked == 1 + refused, "only the route's first body and refusals went whole"


def test_a_remembered_route_still_refuses_a_missing_body(
    counted: tuple[SpecValidator, Counting], published: OpenAPI
) -> None:
    """Posting a message needs a body (its requestBody is required)."""
    validator, _ = counted
    assert validator.check_request(request({"content": "x"})).ok
    bodiless = request({})
    bodiless.body = None
    assert list(published.iter_request_errors(bodiless))
    assert not validator.check_request(bodiless).ok


def test_a_query_is_part_of_the_route(counted: tuple[SpecValidator, Counting]) -> None:
    validator, counting = counted

    def listing(limit: str) -> ApiRequest:
        return ApiRequest(
            "GET", CHANNEL, query={"limit": limit}, headers={}, content_type="", body=None
        )

    assert validator.check_request(listing("50")).ok
    assert not validator.check_request(listing("500")).ok, "limit is at most 100"
    assert counting.asked == 2
