"""Reading REST request bodies: plain JSON, or multipart with payload_json and files[n]."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web

FILE_FIELD = re.compile(r"^files\[(\d+)\]$")


class BodyError(Exception):
    """The body could not be read as Discord reads it (bad JSON, stray multipart fields)."""


@dataclass(frozen=True)
class UploadedFile:
    """One files[n] part of a multipart request."""

    index: int
    filename: str
    content_type: str
    data: bytes


@dataclass
class RequestBody:
    """The JSON payload of a request, wherever it came from, and any uploaded files."""

    json_bytes: bytes | None
    data: Any = None
    files: dict[int, UploadedFile] = field(default_factory=dict)
    multipart: bool = False

    @property
    def fields(self) -> dict[str, Any]:
        return self.data if isinstance(self.data, dict) else {}


async def read_body(request: web.Request) -> RequestBody:
    """Multipart requests carry their JSON in payload_json, as Discord documents."""
    if request.content_type == "multipart/form-data":
        return await _read_multipart(request)
    raw = await request.read() if request.body_exists else b""
    if not raw:
        return RequestBody(json_bytes=None)
    return RequestBody(json_bytes=raw, data=_parse_json(raw))


async def _read_multipart(request: web.Request) -> RequestBody:
    body = RequestBody(json_bytes=None, multipart=True)
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            raise BodyError("nested multipart bodies are not supported")
        name = part.name or ""
        if name == "payload_json":
            body.json_bytes = bytes(await part.read())
            body.data = _parse_json(body.json_bytes)
        elif match := FILE_FIELD.match(name):
            if not part.filename:
                raise BodyError(f"multipart field {name} has no filename")
            index = int(match.group(1))
            content_type = part.headers.get("Content-Type", "application/octet-stream")
            data = bytes(await part.read())
            body.files[index] = UploadedFile(index, part.filename, content_type, data)
        else:
            raise BodyError(f"unexpected multipart field {name!r}")
    return body


def _parse_json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError as error:
        raise BodyError(f"body is not valid JSON: {error}") from error
