"""The engine's share of a command is worked out in another process, and comes back as if it
had been worked out here: the same outcome, the same dice rolled, the cursor moved on as far,
the same refusal in the same words."""

from __future__ import annotations

import json
import os
import pickle

import pytest

from bot.play import engine_work
from bot.play.engine_work import Given, Shown, begun, ordered, placed, work_out
from bot.play.errors import BadInput, GameMovedOn, NotSeated
from games.core.dice import Dice
from games.core.engine import JSON, Event, Outcome, fingerprint_key, position_id
from games.core.versions import stored
from games.last_stand.system import SYSTEM as LAST_STAND
from tests.fixtures.duel import SYSTEM as DUEL
from tests.fixtures.duel import Duel

SEED = "ab" * 32


class Telling(Duel):
    """The duel, whose every order says which process applied it."""

    id = "telling"

    def apply(self, state: JSON, side: str, action: JSON, dice: Dice) -> Outcome:
        outcome = super().apply(state, side, action, dice)
        return Outcome(outcome.state, [*outcome.events, Event(f"pid {os.getpid()}")])


def solo_game() -> tuple[JSON, Dice]:
    dice = Dice(SEED)
    return DUEL.new("standard", {}, dice).state, Dice(SEED, dice.cursor)


async def test_an_order_is_worked_out_in_another_process() -> None:
    worked = await work_out(ordered, Telling(), solo_game()[0], strike(), Dice(SEED), set())
    said = [line for line in worked.public_text.splitlines() if line.startswith("pid ")]
    assert said and said != [f"pid {os.getpid()}"], "the order was applied in the bot's process"


async def test_a_worker_rolls_the_same_dice_and_hands_its_cursor_back() -> None:
    """The worker's dice are a copy; what they rolled comes back to the caller's."""
    state, here = solo_game()
    _, there = solo_game()
    expected = ordered(DUEL, state, strike(), here, {"blue"})
    worked = await work_out(ordered, DUEL, state, strike(), there, {"blue"})
    assert worked == expected
    assert worked.replies, "the bot replied, rolling more dice"
    assert there.cursor == here.cursor > solo_game()[1].cursor
    assert there.rolls == here.rolls == []


async def test_a_new_game_and_the_bots_first_orders_come_back_with_their_dice() -> None:
    here, there = Dice(SEED), Dice(SEED)
    expected = begun(DUEL, "short", {}, here, {"red", "blue"})
    assert await work_out(begun, DUEL, "short", {}, there, {"red", "blue"}) == expected
    assert there.cursor == here.cursor > 0


async def test_the_orders_open_next_come_back_worked_out() -> None:
    state, dice = solo_game()
    worked = await work_out(ordered, DUEL, state, strike(), dice, {"blue"})
    assert set(worked.orders) == set(DUEL.to_act(worked.state)) == {"red"}
    assert worked.orders["red"] == DUEL.legal_orders(worked.state, "red")


async def test_a_refusal_from_the_worker_reads_as_it_was_written() -> None:
    state, dice = solo_game()
    typed = Given("red", None, "charge", ["red"])
    with pytest.raises(BadInput, match=r"`charge` is not one of your choices now\. You can"):
        await work_out(ordered, DUEL, state, typed, dice, {"blue"})
    assert dice.cursor == solo_game()[1].cursor, "a refused order moved the dice on"


async def test_the_other_sides_order_is_refused_as_theirs_to_give() -> None:
    """Blue presses Strike under red's post: told it is red's turn, then what blue may do;
    a key no side has is refused without naming a turn."""
    state, dice = solo_game()
    pressed = Given("blue", None, "strike", ["blue"])
    with pytest.raises(
        BadInput,
        match=r"`strike` is not one of your choices now; it is the red player's turn\. "
        r"You can choose: `tally` \(Tally\)\.",
    ):
        await work_out(ordered, DUEL, state, pressed, dice, set())
    typed = Given("blue", None, "charge", ["blue"])
    with pytest.raises(BadInput, match=r"`charge` is not one of your choices now\. You can"):
        await work_out(ordered, DUEL, state, typed, dice, set())


async def test_an_order_is_placed_fingerprinted_and_encoded_in_the_worker() -> None:
    """Given where it was pressed, an order comes back with the new position's fingerprint
    and its state as storage keeps it, in JSON, made in the worker so the bot's loop need
    not; the side it is for, if none was named, is the first of the giver's to act."""
    state, dice = solo_game()
    key = fingerprint_key(SEED)
    shown = Shown(key, position_id(state, key))
    done = await work_out(
        placed, DUEL, state, Given(None, None, "strike", ["red"]), shown, dice, {"blue"}
    )
    assert done.worked == ordered(DUEL, state, strike(), solo_game()[1], {"blue"})
    assert done.worked.side == "red"
    assert done.position == position_id(done.worked.state, key) != shown.button
    assert json.loads(done.stored) == stored(DUEL, done.worked.state)


@pytest.mark.parametrize(
    ("button", "seen", "said"),
    [
        ("0" * 12, None, "belongs to an earlier position"),
        ("", None, "belongs to an earlier position"),
        (None, "0" * 12, "given twice"),
        (None, "", "given twice"),
    ],
)
async def test_an_order_from_a_position_the_game_has_left_is_refused_in_the_worker(
    button: str | None, seen: str | None, said: str
) -> None:
    """A button of an earlier position, or a typed order given after the position its
    giver was shown, is refused, its dice untouched; an empty fingerprint is no match
    (planted: a check skipped when the fingerprint is empty lets it through)."""
    state, dice = solo_game()
    shown = Shown(fingerprint_key(SEED), button, seen)
    with pytest.raises(GameMovedOn, match=said):
        await work_out(placed, DUEL, state, strike(), shown, dice, set())
    assert dice.cursor == solo_game()[1].cursor


class Wordy(Telling):
    """The telling duel, each of whose positions carries a log of its own."""

    id = "wordy"

    def apply(self, state: JSON, side: str, action: JSON, dice: Dice) -> Outcome:
        outcome = super().apply(state, side, action, dice)
        told = [f"{side} {action['type']} {n}" for n in range(60)]
        return Outcome({**outcome.state, "told": told}, outcome.events)


async def test_the_worker_hands_back_the_steps_texts_and_not_its_position() -> None:
    """The order's own step comes back as its log tells it; its position, which the bot's
    replies moved on from, stays in the worker (the loop would unpickle it for nothing)."""
    worked = await work_out(ordered, Wordy(), solo_game()[0], strike(), Dice(SEED), {"blue"})
    assert worked.replies, "the bot did not reply, so there was no second position"
    assert "pid " in worked.public_text
    state = len(pickle.dumps(worked.state))
    rest = len(pickle.dumps((worked.orders, worked.replies, worked.rolls, worked.public_text)))
    extra = len(pickle.dumps(worked)) - state - rest
    assert extra < state // 2, f"{extra} bytes sent beyond the position and what the loop uses"


async def test_a_system_that_cannot_be_sent_is_worked_out_in_a_thread() -> None:
    class Local(Telling):
        id = "local"

    assert not engine_work.sendable(Local())
    worked = await work_out(ordered, Local(), solo_game()[0], strike(), Dice(SEED), set())
    assert f"pid {os.getpid()}" in worked.public_text.splitlines()


def strike() -> Given:
    return Given("red", None, "strike", ["red"])


@pytest.mark.parametrize(
    ("typed", "quoted"),
    [
        (
            "charge\u202e\u0308\u200b🎯",
            "`charge\u0308🎯` (with a character in it that does not show) is",
        ),
        ("tally\u200b", "`tally` (with a character in it that does not show) is"),
        ("`go`", "`go` is"),
        ("", "An empty choice is"),
        ("\u200b\t", "An empty choice is"),
        ("x" * 300, "`" + "x" * 39 + "…` is"),
    ],
)
def test_a_refused_key_is_quoted_back_without_what_would_garble_the_line(
    typed: str, quoted: str
) -> None:
    """A right-to-left override, a zero-width space, a tab or a backtick typed into
    `/game order` is left out of the refusal's quote; the rest is quoted, shortened, and
    a character left out that does not show is said to be there (else `tally` typed with a
    zero-width space would read as refused though offered)."""
    orders = DUEL.legal_orders(solo_game()[0], "red")
    said = engine_work.not_offered(typed, orders, "choices", 10)
    assert said.startswith(quoted + " not one of your choices now. You can choose: `strike`")


def test_a_side_with_no_orders_is_told_whose_turn_it_is() -> None:
    """The Zulu player of a two-player Last Stand presses during the British set-up: told it
    is the british player's turn, not only to wait (planted: the turn left out of the
    refusal)."""
    dice = Dice(SEED)
    state = LAST_STAND.new("historical", {}, dice).state
    assert LAST_STAND.to_act(state) == ("british",) and not LAST_STAND.legal_orders(state, "zulu")
    pressed = Given("zulu", None, "end", ["zulu"])
    with pytest.raises(NotSeated, match=r"^You have no orders to give right now: it is the "):
        ordered(LAST_STAND, state, pressed, Dice(SEED, dice.cursor), set())
    assert engine_work.no_orders(("british",)).endswith("it is the british player's turn.")
    assert engine_work.no_orders(("red", "blue")).endswith("the red and blue players' turn.")
    assert engine_work.no_orders(()) == "You have no orders to give right now; wait for your turn."
