"""Reading a message create/edit body (JSON or multipart) into sandbox message changes."""

from __future__ import annotations

import re
from typing import Any

from bot.sandbox.components import as_stored
from bot.sandbox.models import Attachment, Message
from bot.sandbox.request_body import RequestBody, UploadedFile
from bot.sandbox.state import MessageChanges, SandboxState

GENERIC_CONTENT_TYPE = "application/octet-stream"
MENTION = re.compile(r"<@!?(\d+)>")


class MessageInputError(Exception):
    """The body refers to files that were not uploaded or attachments that do not exist."""


def message_changes(
    state: SandboxState, body: RequestBody, fields: dict[str, Any], existing: Message | None
) -> MessageChanges:
    """Fields present in the body become changes; absent ones leave the message alone."""
    changes = MessageChanges()
    if "content" in fields:
        changes.content = fields["content"] or ""
        changes.pings = pinged(changes.content, fields.get("allowed_mentions"))
    if "embeds" in fields:
        changes.embeds = list(fields["embeds"] or [])
    elif "embed" in fields:
        changes.embeds = [fields["embed"]] if fields["embed"] else []
    if "components" in fields:
        changes.components = as_stored(fields["components"] or [])
    if fields.get("flags") is not None:
        changes.flags = int(fields["flags"])
    changes.attachments = _attachments(state, body, fields, existing)
    return changes


def pinged(content: str, allowed: dict[str, Any] | None) -> list[int]:
    """The users a message with this content notifies, as Discord reads ``allowed_mentions``:
    absent, every mention pings; present, only those its ``parse`` or ``users`` let through."""
    named = [int(found) for found in MENTION.findall(content)]
    if allowed is None or "users" in (allowed.get("parse") or []):
        return list(dict.fromkeys(named))
    let = {int(user) for user in allowed.get("users") or []}
    return list(dict.fromkeys(user for user in named if user in let))


def _attachments(
    state: SandboxState, body: RequestBody, fields: dict[str, Any], existing: Message | None
) -> list[Attachment] | None:
    kept = {a.id: a for a in existing.attachments} if existing else {}
    listed = fields.get("attachments")
    if listed is None:
        if not body.files:
            return None
        uploads = [_store(state, f, None) for _, f in sorted(body.files.items())]
        return [*kept.values(), *uploads]
    result: list[Attachment] = []
    for entry in listed:
        ref = str(entry.get("id"))
        if ref.isdigit() and int(ref) in kept:
            result.append(kept[int(ref)])
        elif ref.isdigit() and int(ref) in body.files:
            result.append(_store(state, body.files[int(ref)], entry))
        else:
            raise MessageInputError(f"attachment id {ref} is neither an upload nor kept")
    return result


def _store(state: SandboxState, upload: UploadedFile, entry: dict[str, Any] | None) -> Attachment:
    entry = entry or {}
    content_type = upload.content_type
    return state.new_attachment(
        entry.get("filename") or upload.filename,
        upload.data,
        content_type=None if content_type == GENERIC_CONTENT_TYPE else content_type,
        description=entry.get("description"),
    )
