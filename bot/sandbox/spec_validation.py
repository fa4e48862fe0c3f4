"""Checks requests (and optionally responses) against Discord's published OpenAPI spec.

The spec is bundled beside this module (MIT licensed, see discord-openapi.LICENSE) and is
parsed once per process. Its server URL is https://discord.com/api/v10, so local paths are
checked as if they had been sent there.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema.exceptions
from openapi_core import Config, OpenAPI
from openapi_core.datatypes import RequestParameters
from openapi_core.templating.paths.exceptions import PathError
from openapi_core.validation.schemas.exceptions import InvalidSchemaValue

SPEC_PATH = Path(__file__).with_name("discord-openapi.json")
SPEC_HOST = "https://discord.com"
API_PREFIX = "/api/v10"

_MAX_ERROR_LENGTH = 300


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


@functools.cache
def load_openapi(spec_path: Path = SPEC_PATH) -> OpenAPI:
    """Parse the spec once per process; it is 1.2 MB and every request is checked against it."""
    spec = json.loads(spec_path.read_bytes())
    _adapt_spec(spec)
    # The bundled spec is a fixed, published document; validating the spec itself takes
    # several seconds and tells us nothing new, so only requests are validated.
    return OpenAPI.from_dict(spec, config=Config(spec_validator_cls=None))


def _adapt_spec(spec: dict[str, Any]) -> None:
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


class SpecValidator:
    """Validates sandbox traffic against the bundled spec (or another one for tests)."""

    def __init__(self, spec_path: Path | None = None) -> None:
        self._openapi = load_openapi(spec_path or SPEC_PATH)

    def check_request(self, request: ApiRequest) -> RequestCheck:
        try:
            errors = list(self._openapi.iter_request_errors(request))
        except Exception as error:  # a validator crash is reported like any violation
            return RequestCheck([f"could not be validated: {type(error).__name__}: {error}"])
        route_known = not any(isinstance(error, PathError) for error in errors)
        return RequestCheck([describe_error(error) for error in errors], route_known)

    def response_errors(self, request: ApiRequest, response: ApiResponse) -> list[str]:
        errors = self._openapi.iter_response_errors(request, response)
        return [describe_error(error) for error in errors]


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
            yield f"{best.json_path}: {best.message}"
        else:
            yield str(error)


def _deepest(error: jsonschema.exceptions.ValidationError) -> jsonschema.exceptions.ValidationError:
    """For anyOf/oneOf failures, follow the alternative that got furthest into the value."""
    while error.context:
        error = max(error.context, key=_reach)
    return error


def _reach(error: jsonschema.exceptions.ValidationError) -> int:
    return max([len(error.absolute_path), *(_reach(inner) for inner in error.context or [])])


def _shorten(text: str) -> str:
    return text if len(text) <= _MAX_ERROR_LENGTH else text[: _MAX_ERROR_LENGTH - 3] + "..."
