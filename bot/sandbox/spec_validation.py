"""Checks requests (and optionally responses) against Discord's published OpenAPI spec.

The spec is bundled beside this module (MIT licensed, see discord-openapi.LICENSE) and is
parsed once per process. Its server URL is https://discord.com/api/v10, so local paths are
checked as if they had been sent there.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import jsonschema.exceptions
from openapi_core import Config, OpenAPI
from openapi_core.datatypes import RequestParameters
from openapi_core.templating.paths.exceptions import PathError
from openapi_core.templating.paths.finders import APICallPathFinder
from openapi_core.validation.schemas import oas31_schema_validators_factory
from openapi_core.validation.schemas.exceptions import InvalidSchemaValue
from openapi_core.validation.schemas.validators import SchemaValidator
from werkzeug.datastructures import MultiDict

SPEC_PATH = Path(__file__).with_name("discord-openapi.json")
SPEC_HOST = "https://discord.com"
API_PREFIX = "/api/v10"

_MAX_ERROR_LENGTH = 300

PASSED_KEPT = 20_000
"""How many distinct conforming requests are remembered (about 100 bytes each)."""

ROUTES_KEPT = 2_000
"""How many routes that conformed are remembered with their body's schema."""

JSON = "application/json"

Key = tuple[object, ...]
V = TypeVar("V")

_SNOWFLAKE = re.compile(r"(?<![0-9])[1-9][0-9]{0,18}(?![0-9])")
"""A decimal id in a path. The spec checks such a path segment only for its form, so two
paths that differ in their ids alone get the same verdict."""


class ApiRequest:
    """A request in the shape openapi-core validates (its Request protocol)."""

    host_url = SPEC_HOST

    def __init__(
        self,
        method: str,
        api_path: str,
        *,
        query: Mapping[str, Any],
        headers: Mapping[str, Any],
        content_type: str,
        body: bytes | None,
    ) -> None:
        self.method = method.lower()
        self.api_path = api_path
        """Path below the API prefix, e.g. /channels/1/messages."""
        self.content_type = content_type
        self.body = body
        self.parameters = RequestParameters(query=query, header=headers)

    @property
    def path(self) -> str:
        return API_PREFIX + self.api_path


@dataclass
class ApiResponse:
    """A response in the shape openapi-core validates (its Response protocol)."""

    status_code: int
    content_type: str
    data: bytes | None
    headers: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RequestCheck:
    """Why a request does not conform; route_known is False when the spec lacks the route."""

    errors: list[str]
    route_known: bool = True

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass(frozen=True)
class Route:
    """A route (method, path with ids masked, query) that conformed once, with what checking
    another body on it needs: whether it takes a JSON body, must have one, and the body's
    schema validator, built once instead of for every request."""

    takes_body: bool
    body_required: bool = False
    body: SchemaValidator | None = None

    def conforms(self, body: bytes | None) -> bool:
        """True when the spec's own check would pass this body on this route; False sends
        the request to the whole check, which then says why."""
        if not body:
            return not self.body_required
        if not self.takes_body:
            return True  # the spec reads no body on such a route, whatever is sent
        if self.body is None:
            return False
        try:
            value = json.loads(body)
        except ValueError:
            return False
        return next(self.body.validator.iter_errors(value), None) is None


@functools.cache
def load_openapi(spec_path: Path = SPEC_PATH) -> OpenAPI:
    """Parse the spec once per process; it is 1.2 MB and every request is checked against it,
    so its unions are rewritten to be checked by their one matching branch (see
    :func:`discriminate`)."""
    spec = json.loads(spec_path.read_bytes())
    adapt_spec(spec)
    discriminate(spec, spec["components"]["schemas"])
    # The bundled spec is a fixed, published document; validating the spec itself takes
    # several seconds and tells us nothing new, so only requests are validated.
    return OpenAPI.from_dict(spec, config=Config(spec_validator_cls=None))


def adapt_spec(spec: dict[str, Any]) -> None:
    """Correct the two places where the spec and the live API disagree for bot requests."""
    # Snowflakes are typed as strings only, but the API accepts them as JSON integers too and
    # discord.py sends integers (e.g. recipient_id when opening a DM, attachment ids, and
    # message_reference ids). Integers are allowed; strings must still be decimal digits.
    # (A oneOf, not a type list: openapi-core reads a single "type" for path parameters.)
    snowflake = spec["components"]["schemas"]["SnowflakeType"]
    spec["components"]["schemas"]["SnowflakeType"] = {
        "oneOf": [snowflake, {"type": "integer", "minimum": 0}],
        "format": snowflake.get("format", "snowflake"),
    }
    # Operations allow a bot token or an OAuth2 bearer token. openapi-core cannot evaluate the
    # OAuth2 scheme, so it warns and then accepts any request; the sandbox checks the bot
    # token itself instead, and the security requirements are dropped here.
    spec.pop("security", None)
    for path_item in spec["paths"].values():
        for operation in path_item.values():
            if isinstance(operation, dict):
                operation.pop("security", None)


def discriminate(node: Any, schemas: dict[str, Any]) -> None:
    """Turn each oneOf whose branches are told apart by a fixed `type` (message components,
    for one) into a chain of if/then on that `type`, ending in the original oneOf, and each
    oneOf of titled constants (the component types, the button styles) into an enum.

    The verdicts are the same: a value with a branch's `type` can match no other branch, so
    it conforms to the oneOf exactly when it conforms to that branch. But only that branch
    is walked, not all of them, which makes checking a message with buttons several times
    cheaper, and a refusal names the field of the branch that broke instead of every
    branch's complaint."""
    if isinstance(node, list):
        for item in node:
            discriminate(item, schemas)
        return
    if not isinstance(node, dict):
        return
    for value in node.values():
        discriminate(value, schemas)
    branches = node.get("oneOf")
    if not isinstance(branches, list):
        return
    named = [b.get("const") for b in branches if set(b) <= {"const", "title", "description"}]
    if len(named) == len(branches) and len(set(map(json.dumps, named))) == len(named):
        node.pop("oneOf")  # an enumeration spelled as one titled constant per branch
        node["enum"] = named
        return
    kinds = _kinds(branches, schemas)
    if kinds is None:
        return
    chain: dict[str, Any] = {"oneOf": node.pop("oneOf")}
    for kind, branch in reversed(list(zip(kinds, chain["oneOf"], strict=True))):
        chain = {
            "if": {"type": "object", "properties": {"type": {"const": kind}}, "required": ["type"]},
            "then": branch,
            "else": chain,
        }
    node.update(chain)


def _kinds(branches: list[Any], schemas: dict[str, Any]) -> list[Any] | None:
    """The fixed `type` of each branch, or None unless every branch has a distinct one."""
    kinds = []
    for branch in branches:
        if "$ref" in branch:
            branch = schemas.get(branch["$ref"].removeprefix("#/components/schemas/"), {})
        fixed = branch.get("properties", {}).get("type", {}).get("enum", [])
        if len(fixed) != 1 or "type" not in branch.get("required", []):
            return None
        kinds.append(fixed[0])
    return kinds if len(set(map(json.dumps, kinds))) == len(kinds) else None


class SpecValidator:
    """Validates sandbox traffic against the bundled spec (or another one for tests).

    The whole check costs 5 to 20 ms a request, most of it finding the route and checking
    its ids and query, which are the same for every edit of a post. So two things are
    remembered, in this process and for this spec, and only from requests that passed:

    - the request itself, by its method, its path with the ids masked, its query, its content
      type and a digest of its body, since a bot repeats many requests exactly (each
      "thinking" callback, each edit that retires buttons, each command sync at start-up);
    - its route (the same without the body), with the body's schema validator: another body
      on that route is then checked against that schema alone, as the whole check would.

    A request the shortcut does not pass goes through the whole check, so a refusal is always
    worked out anew, with its own request in its message."""

    _passed: ClassVar[OrderedDict[Key, None]] = OrderedDict()
    _routes: ClassVar[OrderedDict[Key, Route]] = OrderedDict()

    def __init__(self, spec_path: Path | None = None) -> None:
        self._spec_path = spec_path or SPEC_PATH
        self._openapi = load_openapi(self._spec_path)

    def check_request(self, request: ApiRequest) -> RequestCheck:
        key = self._key(request)
        if key in self._passed:
            self._passed.move_to_end(key)
            return RequestCheck([])
        route_key = key[:-1]
        # A body of another media type is read by the spec as that type, not as JSON.
        shortcut = request.content_type == JSON or not request.body
        route = self._routes.get(route_key) if shortcut else None
        if route is not None and route.conforms(request.body):
            self._routes.move_to_end(route_key)
            _remember(self._passed, key, None, PASSED_KEPT)
            return RequestCheck([])
        try:
            errors = list(self._openapi.iter_request_errors(request))
        except Exception as error:  # a validator crash is reported like any violation
            return RequestCheck([f"could not be validated: {type(error).__name__}: {error}"])
        if not errors:
            _remember(self._passed, key, None, PASSED_KEPT)
            if route is None and shortcut:
                _remember(self._routes, route_key, self._route(request), ROUTES_KEPT)
        route_known = not any(isinstance(error, PathError) for error in errors)
        return RequestCheck([describe_error(error) for error in errors], route_known)

    def _route(self, request: ApiRequest) -> Route:
        """The route of a request that has just passed the whole check, read from the spec
        the way the whole check reads it."""
        spec = self._openapi.spec
        found = APICallPathFinder(spec).find(request.method, request.host_url + request.path)
        operation = found.operation
        if "requestBody" not in operation:
            return Route(takes_body=False)
        request_body = operation / "requestBody"
        required = (request_body / "required").read_bool(default=False)
        content = request_body / "content"
        if JSON not in content or "schema" not in content / JSON:
            return Route(takes_body=True, body_required=required)  # every body: whole check
        schema = content / JSON / "schema"
        body = oas31_schema_validators_factory.create(spec, schema)
        return Route(takes_body=True, body_required=required, body=body)

    def _key(self, request: ApiRequest) -> Key:
        body = hashlib.blake2b(request.body or b"", digest_size=16).digest()
        asked = request.parameters.query
        pairs = asked.items(multi=True) if isinstance(asked, MultiDict) else asked.items()
        query = tuple(sorted(pairs))
        path = _SNOWFLAKE.sub("{id}", request.api_path)
        return (self._spec_path, request.method, path, query, request.content_type, body)

    def response_errors(self, request: ApiRequest, response: ApiResponse) -> list[str]:
        errors = self._openapi.iter_response_errors(request, response)
        return [describe_error(error) for error in errors]


def _remember(memory: OrderedDict[Key, V], key: Key, value: V, kept: int) -> None:
    memory[key] = value
    if len(memory) > kept:
        memory.popitem(last=False)


def describe_error(error: Exception) -> str:
    """A one-line, human-readable reason: which field broke which rule."""
    cause = error.__cause__
    if isinstance(cause, InvalidSchemaValue) and cause.schema_errors:
        headline = str(error).split(":", 1)[0]
        details = "; ".join(_schema_error_lines(cause.schema_errors))
        return _shorten(f"{headline}: {details}")
    if cause is not None and not str(error).endswith(str(cause)):
        return _shorten(f"{error}: {cause}")
    return _shorten(str(error))


def _schema_error_lines(errors: Iterable[Exception]) -> Iterator[str]:
    for error in errors:
        if isinstance(error, jsonschema.exceptions.ValidationError):
            best = _deepest(error)
            yield f"{best.json_path}: {_in_discords_words(best)}"
        else:
            yield str(error)


LENGTHS = {"maxLength": "fewer", "maxItems": "fewer", "minLength": "more", "minItems": "more"}


def _in_discords_words(error: jsonschema.exceptions.ValidationError) -> str:
    """A length broken in the words Discord uses, without the value (which may be long and
    would crowd the reason out of the message); otherwise the schema checker's words."""
    if error.validator in LENGTHS:
        return f"Must be {error.validator_value} or {LENGTHS[str(error.validator)]} in length."
    return error.message


def _deepest(error: jsonschema.exceptions.ValidationError) -> jsonschema.exceptions.ValidationError:
    """For anyOf/oneOf failures, follow the alternative that got furthest into the value."""
    while error.context:
        error = max(error.context, key=_reach)
    return error


def _reach(error: jsonschema.exceptions.ValidationError) -> int:
    return max([len(error.absolute_path), *(_reach(inner) for inner in error.context or [])])


def _shorten(text: str) -> str:
    return text if len(text) <= _MAX_ERROR_LENGTH else text[: _MAX_ERROR_LENGTH - 3] + "..."
