"""The contract every game system fulfils, checked once for all of them.

Each registered system (and the test-only duel) plays a few seeded games, half of its
orders the bot's and half chosen at random from its legal orders, and every position on
the way is held to the contract: state survives JSON, ``apply`` leaves its input alone,
every legal order applies, an illegal one is refused in words, replay from the seed is
exact, no public output carries a secret, what a viewer sees does not change when the
values hidden from them are drawn afresh, pictures are PNGs and every order fits
Discord's components. A new system gets all of this by registering.
"""

from __future__ import annotations

import copy
import json
import random
import re
from types import SimpleNamespace

import pytest

from bot.play.service import Update
from bot.posting.ui import PanelButton, panel_view, public_view
from bot.systems.installed import pairings
from games.core.dice import Dice, derived_seed
from games.core.engine import JSON, GameSystem, Mode, Order, Viewer, hidden_from
from games.core.errors import RuleError
from games.core.replay import Step, replay
from tests.profiles import scaled

PAIRINGS = pairings(["tests.fixtures.duel_pairing:PAIRING"])
SYSTEMS = [pairing.system for pairing in PAIRINGS.values()]
GAMES = scaled(2)
STEP_LIMIT = 600
APPLY_SAMPLE = 12
"""Legal orders tried on each position (all of them when there are fewer)."""

KEY = re.compile(r"^[\w.-]{1,60}$")
"""Order keys ride in custom ids ('lgo:GAME:POSITION:KEY', at most 100 characters)."""
BUTTON_LABEL = 80
PNG = b"\x89PNG\r\n\x1a\n"


def viewers(system: GameSystem) -> list[Viewer]:
    return [Viewer.public(), *(Viewer.of_side(side) for side in system.sides)]


def public_words(system: GameSystem, state: JSON, viewer: Viewer) -> str:
    """Everything ``viewer`` is shown of a position: the view and the orders offered to all."""
    view = system.view(state, viewer)
    shown = [view.title, *view.lines, json.dumps(view.picture, sort_keys=True, default=str)]
    for side in system.to_act(state):
        if viewer.kind == "side" and viewer.side == side:
            continue
        shown += [f"{o.key} {o.label}" for o in system.legal_orders(state, side) if not o.private]
    return "\n".join(shown)


def leaks(system: GameSystem, state: JSON) -> list[str]:
    """Secrets found in what someone who may not know them is shown."""
    found = []
    for viewer in viewers(system):
        words = public_words(system, state, viewer)
        for secret in hidden_from(system, state, viewer):
            if secret.text in words:
                found.append(f"{secret.what} {secret.text!r} shown to {viewer}")
    return found


def indistinguishable(system: GameSystem, state: JSON, dice: Dice) -> list[str]:
    """What changes for a viewer when the values hidden from them are drawn afresh."""
    found = []
    for viewer in viewers(system):
        other = system.sample_hidden(state, viewer, dice)
        if system.view(other, viewer) != system.view(state, viewer):
            found.append(f"{viewer}'s view depends on values hidden from them")
        if public_words(system, other, viewer) != public_words(system, state, viewer):
            found.append(f"the orders shown to {viewer} depend on values hidden from them")
    return found


def check_components(system: GameSystem, state: JSON, seed: str) -> None:
    """The channel post and each player's panel fit Discord's rows, buttons and menus
    (discord.py refuses to build a view that would not), and show no private order."""
    record = SimpleNamespace(id=1, state=state, seed=seed)
    seats = [
        SimpleNamespace(side=s, user_id=n + 1, is_bot=False) for n, s in enumerate(system.sides)
    ]
    update = Update(record, system, seats)  # type: ignore[arg-type]
    layout = PAIRINGS[system.id].layout
    public = public_view(update, layout)
    private = {o.key for s in system.sides for o in system.legal_orders(state, s) if o.private}
    for item in public.children if public else []:
        shown = getattr(item, "item", item)
        keys = [o.value for o in getattr(shown, "options", [])] or [shown.custom_id.rsplit(":")[-1]]
        assert not private & set(keys), f"a private order is on the channel post: {keys}"
    for side in system.to_act(state):
        panel_view(update, [side], layout)
        if any(o.button and o.private for o in system.legal_orders(state, side)):
            assert public is not None and any(
                isinstance(item, PanelButton) for item in public.children
            ), f"{side} has orders only its panel gives, and no button opens the panel"


def check_orders(system: GameSystem, state: JSON, side: str, orders: list[Order]) -> None:
    assert len({o.key for o in orders}) == len(orders), "keys are unique within a position"
    for order in orders:
        assert KEY.match(order.key), order.key
        assert 0 < len(order.label) <= BUTTON_LABEL, order.label
        json.dumps(order.action)
    assert orders == system.legal_orders(state, side), "legal orders are a pure function"


def play(system: GameSystem, game: int) -> None:
    seed = derived_seed("conformance", system.id, game)
    dice = Dice(seed)
    rng = random.Random(f"{system.id}:{game}")
    scenario = rng.choice(sorted(system.scenarios))
    options = dict(system.modes[rng.choice(sorted(system.modes))].options)  # as the bot starts
    outcome = system.new(scenario, options, dice)
    steps = [Step(None, {"scenario": scenario, "options": options}, dice.take_rolls())]
    state = outcome.state
    for _ in range(STEP_LIMIT):
        assert json.loads(json.dumps(state)) == state, "state survives JSON"
        assert leaks(system, state) == []
        assert indistinguishable(system, state, Dice(derived_seed(seed, "sample"))) == []
        if system.result(state):
            break
        side = rng.choice(system.to_act(state))
        orders = system.legal_orders(state, side)
        check_orders(system, state, side, orders)
        for other in system.sides:
            if other not in system.to_act(state):
                for order in system.legal_orders(state, other):
                    assert order.kind or order.key, order
        refused_in_words(system, state, side)
        check_components(system, state, seed)
        trial = Dice(derived_seed(seed, "trial", len(steps)))
        before = copy.deepcopy(state)
        for order in rng.sample(orders, min(APPLY_SAMPLE, len(orders))):
            system.apply(state, side, order.action, trial)
            assert state == before, f"applying {order.key} changed the position it was given"
        by_bot = rng.random() < 0.5 or not orders
        action = system.bot_action(state, side, dice) if by_bot else rng.choice(orders).action
        before = copy.deepcopy(state)
        outcome = system.apply(state, side, action, dice)
        assert state == before, "apply left its input alone"
        steps.append(Step(side, action, dice.take_rolls(), by_bot=by_bot))
        state = outcome.state
    report = replay(system, seed, steps)
    assert report.ok, report.problem
    assert report.state == state, "replay from the seed is exact"
    for viewer in viewers(system):
        picture = PAIRINGS[system.id].picture(system.view(state, viewer), {})
        assert picture is None or picture.startswith(PNG)


def refused_in_words(system: GameSystem, state: JSON, side: str) -> None:
    with pytest.raises(RuleError) as refused:
        system.apply(state, side, {"type": "no-such-order"}, Dice(derived_seed("refuse")))
    assert len(refused.value.message.split()) >= 3, "a refusal says what is wrong"


@pytest.mark.parametrize("system", SYSTEMS, ids=[s.id for s in SYSTEMS])
@pytest.mark.parametrize("game", range(GAMES))
def test_system_keeps_the_contract(system: GameSystem, game: int) -> None:
    play(system, game)


@pytest.mark.parametrize("system", SYSTEMS, ids=[s.id for s in SYSTEMS])
def test_system_declares_its_modes_and_sides(system: GameSystem) -> None:
    assert isinstance(system, GameSystem)
    assert system.scenarios and system.modes and system.sides
    for mode in system.modes.values():
        if isinstance(mode.bot_sides, tuple):
            assert set(mode.bot_sides) <= set(system.sides)
        starts_with_its_options(system, mode)
        names_its_logged_options(system, mode)


def starts_with_its_options(system: GameSystem, mode: Mode) -> None:
    """The options a mode implies start a game of every scenario."""
    if not mode.options:
        return
    for scenario in system.scenarios:
        system.new(scenario, dict(mode.options), Dice(derived_seed("mode options")))


def names_its_logged_options(system: GameSystem, mode: Mode) -> None:
    """A replay reads an option missing from a logged set-up as its old default
    (``logged_options``), so a game the bot starts must write each such option into its log:
    every mode names them."""
    missing = set(system.logged_options) - set(mode.options)
    assert not missing, f"{system.id} {mode.id} leaves {sorted(missing)} to replay's defaults"


def test_the_checks_catch_a_mode_leaving_out_a_logged_option() -> None:
    from games.last_stand.system import SYSTEM as LAST_STAND

    with pytest.raises(AssertionError, match="leaves \\['bot', 'rules'\\]"):
        names_its_logged_options(LAST_STAND, Mode("solo", "Solo", ("zulu",), {}))


def test_the_checks_catch_a_mode_implying_an_unknown_option() -> None:
    from games.zones.system import SYSTEM as ZONES

    with pytest.raises(RuleError, match="Unknown option"):
        starts_with_its_options(ZONES, Mode("solo", "Solo", ("zulu",), {"no_such_rule": True}))


def test_the_checks_catch_a_leak_through_a_label_or_a_picture() -> None:
    """Planted faults: each leaky duel shows its hidden reserve in public, and is caught."""
    from tests.fixtures.leaky import LABEL, PICTURE

    for leaky in (LABEL, PICTURE):
        state = leaky.new("standard", {}, Dice(derived_seed("leak"))).state
        assert leaks(leaky, state), leaky.id
        assert indistinguishable(leaky, state, Dice(derived_seed("leak", "sample"))), leaky.id


def test_the_checks_catch_apply_changing_its_input() -> None:
    """Planted fault: a duel whose apply edits the position it was given."""
    from tests.fixtures.duel import Duel

    class Careless(Duel):
        def apply(self, state: JSON, side: str, action: JSON, dice: Dice):  # type: ignore[override]
            state["tally"] += 1
            return super().apply(state, side, action, dice)

    with pytest.raises(AssertionError, match="changed the position"):
        play(Careless(), 0)
