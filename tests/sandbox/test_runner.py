"""The `laager sandbox` runner: a script in, a transcript (and saved files) out."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from bot.sandbox.runner import run_sandbox
from tests.sandbox.demo_bot import running_bot

SCRIPT = """
# a short session
alice: /ping
alice: /game new system:duel mode:solo
bob: !click Fire
alice: !select "Card" Ambush
alice: /secret
alice: /poke user:bob
alice: /map
alice: !autocomplete /game new system:sk
alice: /feedback
alice: !submit Comment:"A fine day"
"""


async def test_script_transcript_marks_where_messages_went(tmp_path: Path) -> None:
    lines: list[str] = []
    code = await run_sandbox(
        running_bot, script=SCRIPT.splitlines(), out_dir=tmp_path, write=lines.append
    )
    transcript = "\n".join(lines)
    assert code == 0, transcript
    assert "> alice: /ping\n[#general] Laager: pong from bot" in transcript
    assert "[#general] Laager:\n  [embed] New duel game\n    Mode: solo" in transcript
    assert "  [Fire] [Retreat]\n  <Card>: Ambush | Rally" in transcript
    assert "[#general] Laager (edited): Volley fired!" in transcript
    assert "  [Fire (disabled)] [Retreat]" in transcript
    assert "[#general] Laager (edited): Card played: ambush" in transcript
    assert "[ephemeral to alice] Laager: for your eyes only" in transcript
    assert "[DM to bob] Laager: alice pokes you" in transcript
    assert "[autocomplete for alice] Skirmish (skirmish)" in transcript
    assert "[modal to alice] Feedback" in transcript
    assert "[#general] Laager: Thanks: A fine day" in transcript
    saved = tmp_path / "001-map.png"
    assert f"  saved map.png to {saved}" in transcript
    with Image.open(saved) as image:
        assert image.size == (32, 16)


async def test_bad_lines_are_reported_and_the_run_goes_on() -> None:
    lines: list[str] = []
    script = ["alice: /gmae", "alice: !click Nope", "alice: nonsense", "alice: /ping"]
    code = await run_sandbox(running_bot, script=script, out_dir=None, write=lines.append)
    transcript = "\n".join(lines)
    assert code == 1
    assert "error (line 1): unknown command /gmae; registered commands: /admin" in transcript
    assert "error (line 2): no enabled button [Nope] visible to alice" in transcript
    assert "error (line 3): unknown action 'nonsense'" in transcript
    assert "[#general] Laager: pong from bot" in transcript
    assert transcript.endswith("3 error(s), 0 API violation(s)")


async def test_interactive_prompt_reads_until_eof() -> None:
    pending = ["carol: /ping", None]
    lines: list[str] = []

    async def read_line() -> str | None:
        return pending.pop(0)

    code = await run_sandbox(
        running_bot, script=None, out_dir=None, write=lines.append, read_line=read_line
    )
    assert code == 0
    assert "[#general] Laager: pong from bot" in lines
    assert not any(line.startswith("> ") for line in lines)
