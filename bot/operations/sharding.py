"""Which of Discord's shards this process holds, and what that makes it responsible for.

Several ``laager run`` processes share one bot token and one PostgreSQL database, each
holding some shards (``--shards 0-3 --shard-count 8``). Every game lives in the database,
so any process can handle a DM or a button press that Discord delivers to it; only the
command tree is global, and exactly one process registers it: the one holding shard 0
(or an unsharded one, which holds every shard).
"""

from __future__ import annotations

MAX_SHARD_ID = 65_535
"""Far past any bot's shard count; it keeps a mistyped range from filling memory."""


class ShardSpecError(ValueError):
    """A --shards value or count that Discord would not accept, with the reason in words."""


def parse_shard_ids(text: str) -> list[int]:
    """``"0-3"`` or ``"0,2,5"`` or a mix (``"0-1,4"``) as sorted, distinct shard ids."""
    ids: set[int] = set()
    for part in (piece.strip() for piece in text.split(",")):
        first, dash, last = part.partition("-")
        if not _number(first) or (dash and not _number(last)):
            raise ShardSpecError(
                f"--shards {text!r} is not a list of shard ids; write a range such as 0-3, "
                "ids such as 0,2,5, or both (0-1,4)."
            )
        low, high = int(first), int(last) if dash else int(first)
        if high > MAX_SHARD_ID:
            raise ShardSpecError(
                f"--shards {part!r} goes past shard {MAX_SHARD_ID}, more than any bot runs."
            )
        if high < low:
            raise ShardSpecError(f"--shards range {part!r} runs backwards; write {high}-{low}.")
        ids.update(range(low, high + 1))
    return sorted(ids)


def _number(text: str) -> bool:
    """ASCII digits only: ``int()`` would also read other scripts' digits."""
    return text.isascii() and text.isdigit()


def check_shards(shard_ids: list[int] | None, shard_count: int | None) -> None:
    """Refuse what Discord would close the connection for (4010, an invalid shard) before
    the process connects at all."""
    if shard_count is not None and shard_count < 1:
        raise ShardSpecError(f"--shard-count must be at least 1, not {shard_count}.")
    if shard_ids is None:
        return
    if shard_count is None:
        raise ShardSpecError(
            "--shards needs --shard-count: the total number of shards across every process."
        )
    if not shard_ids:
        raise ShardSpecError("--shards names no shard.")
    outside = [shard_id for shard_id in shard_ids if shard_id >= shard_count]
    if outside:
        raise ShardSpecError(
            f"shard {outside[0]} does not exist with --shard-count {shard_count}: "
            f"shard ids run from 0 to {shard_count - 1}."
        )


def syncs_commands(shard_ids: list[int] | None) -> bool:
    """Whether this process registers the slash commands: it holds shard 0."""
    return shard_ids is None or 0 in shard_ids
