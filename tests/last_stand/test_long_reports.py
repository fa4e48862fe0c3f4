"""Long phase reports: the post holds a grouped summary within Discord's limits and the
whole report is attached; nothing is cut inside a word and the log keeps every move."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from bot.posting.reports import phase_report
from bot.posting.text_fit import DESCRIPTION
from games.core.dice import Dice
from games.core.engine import JSON, Viewer
from games.last_stand import report
from games.last_stand.report import grouped_moves, moves_told
from games.last_stand.system import SYSTEM


def bot_phases(turns: int = 3) -> list[tuple[JSON, list[str]]]:
    """A bot-against-bot game's phase reports, each with the position after it."""
    dice = Dice("ab" * 16)
    state = SYSTEM.new("historical", {}, dice).state
    phases: list[tuple[JSON, list[str]]] = []
    lines: list[str] = []
    while not SYSTEM.result(state) and state["turn"] <= turns:
        side = SYSTEM.to_act(state)[0]
        before = state["phase"]
        outcome = SYSTEM.apply(state, side, SYSTEM.bot_action(state, side, dice), dice)
        state = outcome.state
        lines += [e.text for e in outcome.events]
        if state["phase"] != before:
            phases.append((state, lines))
            lines = []
    return phases


def title(state: JSON) -> str:
    return SYSTEM.view(state, Viewer.public()).title


def test_the_log_keeps_every_zulu_move() -> None:
    """The movement report once ended "... and 72 more"; the log now names every move."""
    moves = [(state, lines) for state, lines in bot_phases(1) if "Zulu units move" in lines[0]]
    text = moves[0][1][0].split("\n")[0]
    count = int(text.split()[0])
    assert count > 40 and len(moves_told(text)) == count
    assert "more" not in text


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["2506", "1601", "east", "west"]), st.sampled_from(["1705", "1806"])
        )
        | st.tuples(st.from_regex(r"[12][0-9]0[1-9]", fullmatch=True), st.just("1204")),
        min_size=1,
        max_size=120,
    )
)
@example(  # ten hexes left, none twice: nothing to group (a bound of +40 once failed here)
    [(h, "1705") for h in ("2506", "1601", "east", "west")]
    + [(h, "1204") for h in ("1001", "1002", "1003", "1004", "1101", "1102")]
)
def test_zulu_movement_is_told_in_groups_and_every_move_kept(moves: list[tuple[str, str]]) -> None:
    """Grouped by the hex they left: each origin once, each destination once with a count,
    and every move read back; never longer than telling each move on its own."""
    told = grouped_moves(moves)
    assert sorted(moves_told(told)) == sorted(moves)
    assert told.count(" → ") == len({origin for origin, _ in moves})
    each = "; ".join(f"{origin} → {to}" for origin, to in moves)
    one_by_one = f"{len(moves)} Zulu unit{'s' if len(moves) != 1 else ''} move: {each}."
    assert len(told) <= len(one_by_one), "grouping never makes the line longer"


def test_a_report_too_long_for_the_post_is_summarized_and_attached() -> None:
    phases = bot_phases(3)
    longest = max(phases, key=lambda p: len("\n".join(p[1])))
    state, lines = longest
    assert len("\n".join(lines)) > DESCRIPTION
    shown = phase_report(lines, title(state), SYSTEM.summarize)
    assert len(shown.description) <= DESCRIPTION
    assert shown.full is not None and all(line in shown.full for line in lines)
    assert "attached" in shown.description


def test_every_phase_report_fits_whole_or_summarized() -> None:
    for state, lines in bot_phases(3):
        shown = phase_report(lines, title(state), SYSTEM.summarize)
        assert len(shown.description) <= DESCRIPTION
        if shown.full is None:
            body = "\n".join(lines)
            assert all(part in body for part in shown.description.split("\n"))


def test_attacks_and_moves_are_grouped() -> None:
    lines = [
        "3 Zulu units move: 1601→1705, 1601→1806, 1201→1204.",
        "Zulu in 1907 attacks H Co. in 1807: 6 - defence 2 (clear 1807) = hit on 4 or less. "
        "Rolled 3: hit, H Co. drops to 7.",
        "Zulu in 1505 attacks 2BP in 1405: 6 - defence 3 (tent 1405) = hit on 3 or less. "
        "Rolled 1: hit, 2BP is eliminated.",
        "1405 is empty of British combat units; a Zulu may advance into it.",
        "A Zulu advances from 1506 into 1405.",
        "Zulu in 1803 attacks E Co. in 1704: 6 - defence 2 (clear 1704) = hit on 4 or less. "
        "Rolled 5: miss.",
    ]
    assert report.summarize(lines) == [
        "3 Zulu units moved: 2 left 1601 for 1705-1806; 1 left 1201 for 1204.",
        "3 Zulu attacks: 2 hits, 1 unit eliminated.",
    ]


def test_one_turn_line_per_post() -> None:
    """The phase line closing the report repeated the heading the post shows under it."""
    state, lines = bot_phases(1)[2]
    heading = title(state)
    shown = phase_report(lines, heading, SYSTEM.summarize)
    assert f"Turn {state['turn']}," not in shown.description
    said = [line for text in lines for line in text.split("\n")]
    assert any(line.startswith(f"Turn {state['turn']},") for line in said)
