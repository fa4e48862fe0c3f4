"""Plain-text rendering of messages, components and modals for transcripts and assertions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.sandbox.models import Attachment

BUTTON = 2
SELECT_TYPES = {3: "", 5: "user", 6: "role", 7: "mentionable", 8: "channel"}
LINK_STYLE = 5


def render_message(
    content: str,
    embeds: Sequence[dict[str, Any]],
    components: Sequence[dict[str, Any]],
    attachments: Sequence[Attachment],
) -> str:
    """Content, then each embed, then components, then files, one item per line."""
    lines: list[str] = []
    if content:
        lines.extend(content.splitlines() or [""])
    for embed in embeds:
        lines.extend(render_embed(embed))
    lines.extend(render_components(components))
    for attachment in attachments:
        lines.append(
            f"[file] {attachment.filename} ({attachment.content_type}, {attachment.size} bytes)"
        )
    return "\n".join(lines)


def render_embed(embed: dict[str, Any]) -> list[str]:
    author = (embed.get("author") or {}).get("name")
    title = embed.get("title")
    head = " - ".join(part for part in (author, title) if part)
    lines = [f"[embed] {head}".rstrip()]
    if embed.get("description"):
        lines.extend(f"  {line}" for line in str(embed["description"]).splitlines())
    for embed_field in embed.get("fields") or []:
        lines.append(f"  {embed_field.get('name', '')}: {embed_field.get('value', '')}")
    for key in ("image", "thumbnail"):
        url = (embed.get(key) or {}).get("url")
        if url:
            lines.append(f"  {key}: {url}")
    footer = (embed.get("footer") or {}).get("text")
    if footer:
        lines.append(f"  ({footer})")
    return lines


def render_components(components: Iterable[dict[str, Any]]) -> list[str]:
    """One line per action row (buttons side by side), one per select, text displays as is."""
    lines: list[str] = []
    for component in components:
        kind = component.get("type")
        if kind == 1:
            lines.extend(_render_row(component.get("components") or []))
        elif kind in (9, 17):
            lines.extend(render_components(component.get("components") or []))
            accessory = component.get("accessory")
            if accessory and accessory.get("type") == BUTTON:
                lines.append(render_button(accessory))
        elif kind == 10:
            lines.extend(str(component.get("content", "")).splitlines())
        elif kind == 14:
            lines.append("---")
        elif kind == 12:
            urls = [(item.get("media") or {}).get("url", "") for item in component.get("items", [])]
            lines.append(f"[gallery] {' '.join(urls)}")
        elif kind == 13:
            lines.append(f"[file] {(component.get('file') or {}).get('url', '')}")
        elif kind == 18:
            lines.append(f"{component.get('label', '')}:")
            inner = component.get("component")
            if inner:
                lines.extend(f"  {line}" for line in render_components([inner]))
        else:
            lines.extend(_render_row([component]))
    return lines


def _render_row(children: Sequence[dict[str, Any]]) -> list[str]:
    buttons = [render_button(child) for child in children if child.get("type") == BUTTON]
    lines = [" ".join(buttons)] if buttons else []
    for child in children:
        if child.get("type") in SELECT_TYPES:
            lines.append(render_select(child))
        elif child.get("type") == 4:
            lines.append(f"<text input: {child.get('label') or child.get('custom_id')}>")
    return lines


def render_button(button: dict[str, Any]) -> str:
    emoji = (button.get("emoji") or {}).get("name")
    label = " ".join(part for part in (emoji, button.get("label")) if part) or "?"
    if button.get("style") == LINK_STYLE:
        return f"[{label}]({button.get('url', '')})"
    return f"[{label} (disabled)]" if button.get("disabled") else f"[{label}]"


def render_select(select: dict[str, Any]) -> str:
    placeholder = select.get("placeholder") or select.get("custom_id", "")
    kind = SELECT_TYPES.get(select.get("type", 3), "")
    if kind:
        return f"<{placeholder}> ({kind} select)"
    options = [
        f"{option['label']}*" if option.get("default") else option["label"]
        for option in select.get("options") or []
    ]
    disabled = " (disabled)" if select.get("disabled") else ""
    return f"<{placeholder}>{disabled}: {' | '.join(options)}"


def render_modal(modal: dict[str, Any]) -> str:
    lines = [f"[modal] {modal.get('title', '')}"]
    lines.extend(f"  {line}" for line in render_components(modal.get("components") or []))
    return "\n".join(lines)
