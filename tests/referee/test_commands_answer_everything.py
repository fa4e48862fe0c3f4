"""Every table command answers every combination of its options: a result, or a refusal
that says what is allowed; never a crash. Options are drawn within the ranges and choices
the slash commands declare, dice given or left to the bot."""

from collections.abc import Callable, Mapping
from typing import Any

import discord
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.systems.referee import choices as C
from bot.systems.referee import qref_answers as Q
from bot.systems.referee import sotq_answers as S
from bot.systems.referee.answers import Answer, answer_embed
from bot.systems.referee.dice import Roller
from bot.systems.referee.qref import QrefCog
from bot.systems.referee.sotq_army import SotqArmyCog
from bot.systems.referee.sotq_checks import SotqChecksCog
from bot.systems.referee.sotq_fire import SotqFireCog
from bot.systems.referee.sotq_morale import SotqMoraleCog
from bot.systems.referee.sotq_move import SotqMoveCog
from bot.systems.referee.sotq_transport import SotqTransportCog
from games.core.dice import Dice
from games.core.errors import LaagerError
from games.tables import TableError, apply_overrides, load_tables, sotq
from tests.profiles import scaled

TABLES = load_tables()
RULED = apply_overrides(TABLES, {"sotq_firing.weapons.blr.ranges.long": 26})

D10 = st.none() | st.integers(0, 10)
"""A D10 option: 0 is the face marked 0, which counts as 10."""
D6 = st.none() | st.integers(1, 6)
AVERAGE = st.none() | st.integers(2, 5)
OFFICER = st.integers(-5, 5)
INCHES = st.floats(0, 120, allow_nan=False)
FIGURES = st.integers(1, 1000)


def one_of(options: list[discord.app_commands.Choice[str]]) -> st.SearchStrategy[str]:
    return st.sampled_from([c.value for c in options])


def typed(allowed: Mapping[str, str]) -> st.SearchStrategy[str]:
    """An autocompleted entry: picked (its id), typed by name in any case, or not an entry."""
    names = [name.upper() for name in allowed.values()]
    return st.sampled_from([*allowed, *names, "nonsense"])


def listed(allowed: Mapping[str, str]) -> st.SearchStrategy[str | None]:
    """A comma-separated pick, as the autocomplete builds it, or nothing."""
    return st.none() | st.lists(st.sampled_from(sorted(allowed)), max_size=4, unique=True).map(
        ",".join
    )


def d6s(size: int = 8) -> st.SearchStrategy[str | None]:
    return st.none() | st.lists(st.integers(1, 6), min_size=1, max_size=size).map(
        lambda dice: ",".join(map(str, dice))
    )


COMMANDS: dict[str, tuple[Callable[..., Answer], dict[str, st.SearchStrategy[Any]]]] = {
    "sotq-morale officer": (S.officer, {"native_officer": st.booleans(), "d10": D10}),
    "sotq-morale reaction": (
        S.reaction,
        {
            "reaction_class": one_of(C.REACTION_CLASSES),
            "column": one_of(C.REACTION_COLUMNS),
            "officer_modifier": OFFICER,
            "impetuous": st.booleans(),
            "d10": D10,
        },
    ),
    "sotq-fire shoot": (
        S.fire,
        {
            "weapon": typed(C.WEAPONS),
            "figures": FIGURES,
            "range_inches": st.none() | INCHES,
            "range_band": st.none() | one_of(C.RANGE_BANDS),
            "fire_class": one_of(C.FIRE_CLASSES),
            "officer_modifier": OFFICER,
            "factors": listed(C.FIRE_FACTORS),
            "repeater": st.booleans(),
            "quick_firing": st.booleans(),
            "counts_as": one_of(C.MULTIPLIERS),
            "half_effect": st.booleans(),
            "into_melee": st.booleans(),
            "fraction_d10": D10,
        },
    ),
    "sotq-fire pinning": (
        S.pinning,
        {"percent_lost": st.integers(0, 100), "pipers": st.integers(0, 5), "d10": D10},
    ),
    "sotq-morale test": (
        S.morale,
        {
            "morale_number": st.integers(1, 15),
            "factors": listed(C.MORALE_FACTORS),
            "officer_modifier": OFFICER,
            "casualty_percent": st.integers(0, 100),
            "pipers": st.integers(0, 5),
            "natives": st.booleans(),
            "routing": st.booleans(),
            "plus_die": AVERAGE,
            "minus_die": AVERAGE,
        },
    ),
    "sotq-move distance": (
        S.move,
        {
            "troop_type": typed(C.TROOP_TYPES),
            "charge": st.booleans(),
            "skirmish_order": st.booleans(),
            "penalties": listed(C.PENALTIES),
            "on_road": st.booleans(),
            "routing": st.booleans(),
            "plus_die": AVERAGE,
            "minus_die": AVERAGE,
        },
    ),
    "sotq-morale melee": (
        S.melee,
        {
            "first_name": st.sampled_from(["Zulus", "24th", "a"]),
            "first_score": st.integers(-20, 40),
            "first_weapon": one_of(C.MELEE_WEAPONS),
            "second_name": st.sampled_from(["Lancers", "NNC", "a"]),
            "second_score": st.integers(-20, 40),
            "second_weapon": one_of(C.MELEE_WEAPONS),
            "attacker": one_of(C.SIDES),
            "first_mounted": st.booleans(),
            "second_mounted": st.booleans(),
            "first_factors": listed(C.MELEE_FACTORS),
            "second_factors": listed(C.MELEE_FACTORS),
            "first_in_square": st.booleans(),
            "second_in_square": st.booleans(),
            "first_impetuous": st.booleans(),
            "second_impetuous": st.booleans(),
            "figures": st.none() | FIGURES,
            "first_fraction_d10": D10,
            "second_fraction_d10": D10,
        },
    ),
    "sotq-fire casualties": (
        S.casualties,
        {
            "factor": st.integers(-20, 40),
            "figures": FIGURES,
            "melee": st.booleans(),
            "fraction_d10": D10,
        },
    ),
    "sotq-fire percentage": (S.percentage, {"strength": FIGURES, "lost": st.integers(0, 1000)}),
    "sotq-move spot": (
        S.spot,
        {
            "terrain": one_of(C.SPOTTING_TERRAIN),
            "distance_inches": INCHES,
            "shifts": listed(C.SPOTTING_SHIFTS),
            "d10": D10,
        },
    ),
    "sotq-move sight": (S.sight, {"terrain": typed(C.SIGHT_TERRAIN)}),
    "sotq-army list": (
        S.army,
        {
            "conflict": typed(C.CONFLICTS),
            "option": st.sampled_from([*map(str, range(1, 16)), "A", "a", "Z"]),
        },
    ),
    "sotq-fire indirect": (
        S.indirect,
        {
            "gun_models": st.integers(1, 20),
            "figures_in_area": st.integers(0, 1000),
            "plus_die": AVERAGE,
            "minus_die": AVERAGE,
        },
    ),
    "sotq-check jam": (S.jam, {"gun": one_of(C.MACHINE_GUNS), "d10": D10}),
    "sotq-check clear-jam": (S.clear_jam, {"d10": D10}),
    "sotq-check officer": (S.officer_casualty, {"d10": D10}),
    "sotq-check marksman": (
        S.marksman,
        {"chance_percent": st.integers(0, 100), "tens_d10": D10, "units_d10": D10},
    ),
    "sotq-check rocket": (
        S.rocket,
        {"range_inches": INCHES, "officer_modifier": OFFICER, "d10": D10},
    ),
    "sotq-check melee-ends": (
        S.melee_ends,
        {"duration": st.integers(1, 10), "turns_fought": st.integers(1, 30), "d6": D6},
    ),
    "sotq-check building-fire": (
        S.building_fire,
        {
            "building": one_of(C.BUILDINGS),
            "action": one_of(C.FIRE_ACTIONS),
            "engineers": st.booleans(),
            "d10": D10,
        },
    ),
    "sotq-check engineering": (
        S.engineering,
        {"previous_turns": st.integers(0, 50), "engineers": st.booleans(), "d10": D10},
    ),
    "sotq-army terrain": (S.terrain, {"region": one_of(C.REGIONS), "d6": D6}),
    "sotq-transport current": (S.current, {"plus_die": AVERAGE, "minus_die": AVERAGE}),
    "sotq-transport grounding": (S.grounding, {"d10": D10}),
    "sotq-transport refloat": (S.refloat, {"d10": D10}),
    "sotq-transport embark": (S.embark, {"previous_attempts": st.integers(0, 20), "d10": D10}),
    "sotq-transport balloon-launch": (S.balloon_launch, {"d10": D10}),
    "sotq-transport balloon-fire": (S.balloon_fire, {"d10": D10}),
    "sotq-transport train-stop": (S.train_stop, {"d10": D10}),
    "sotq-army points unit": (
        S.points_unit,
        {
            "morale": st.integers(1, 15),
            "reaction_class": one_of(C.REACTION_CLASSES),
            "fire_class": one_of(C.FIRE_CLASSES),
            "traits": listed(C.TRAITS),
            "arms": listed(C.FIREARMS),
            "cover": st.none() | one_of(C.COVER),
            "cover_inches": st.integers(0, 100),
            "figures": FIGURES,
        },
    ),
    "sotq-army points works": (
        S.points_works,
        {"cover": one_of(C.COVER), "perimeter_inches": st.floats(0, 1000, allow_nan=False)},
    ),
    "sotq-army points defender": (
        S.points_defender,
        {"attacker_points": st.floats(0, 100000, allow_nan=False)},
    ),
    "qref rally": (Q.rally, {"state": one_of(C.RALLY_STATES), "d6": D6}),
    "qref move": (
        Q.move,
        {
            "troop_type": typed(C.QREF_TROOP_TYPES),
            "difficult_terrain": st.booleans(),
            "dice": d6s(),
        },
    ),
    "qref pre-melee": (Q.pre_melee, {"troop_type": typed(C.PRE_MELEE_TYPES), "d6": D6}),
    "qref melee": (
        Q.melee,
        {"case": typed(C.MELEE_CASES), "figures": st.integers(0, 1000), "dice": d6s(12)},
    ),
    "qref post-melee": (
        Q.post_melee,
        {"british_type": one_of(C.BRITISH_TYPES), "zulu_d6": D6, "british_d6": D6},
    ),
    "qref scout": (
        Q.scout,
        {
            "british_figures": st.integers(0, 1000),
            "broken_zulu_units": st.integers(0, 50),
            "entering_difficult_terrain": st.booleans(),
            "d6": D6,
        },
    ),
    "qref appear": (
        Q.appear,
        {
            "british_in_cover": st.booleans(),
            "found_in_cover": st.booleans(),
            "direction_d6": D6,
            "distance_dice": d6s(5),
        },
    ),
    "qref riflemen": (Q.riflemen, {"dice": d6s(4)}),
    "qref spearmen": (
        Q.spearmen,
        {"distance_inches": INCHES, "zulus_in_cover": st.booleans(), "dice": d6s(4)},
    ),
    "qref rockets": (Q.rockets, {"hit_d6": D6, "hits_d6": D6}),
    "qref gatling": (
        Q.gatling,
        {"range_inches": INCHES, "target_prone": st.booleans(), "dice": d6s(4)},
    ),
    "qref infantry": (
        Q.infantry,
        {
            "figures": FIGURES,
            "range_inches": INCHES,
            "target_prone": st.booleans(),
            "dice": d6s(),
        },
    ),
    "qref carbines": (
        Q.carbines,
        {
            "figures": st.integers(1, 60),
            "range_inches": INCHES,
            "target_prone": st.booleans(),
            "dice": d6s(),
        },
    ),
    "qref rifles": (
        Q.rifles,
        {"figures": st.integers(0, 1000), "target_mounted_or_covered": st.booleans(), "d6": D6},
    ),
    "qref zulu-morale": (Q.zulu_morale, {"in_contact": st.booleans(), "d6": D6}),
}


def test_every_table_command_is_covered() -> None:
    """The table above names every /sotq-... and /qref lookup command."""
    groups = [
        SotqFireCog.fire,
        SotqMoraleCog.morale,
        SotqMoveCog.move,
        SotqChecksCog.check,
        SotqTransportCog.transport,
        SotqArmyCog.army,
        QrefCog.qref,
    ]
    paths = {
        command.qualified_name
        for group in groups
        for command in group.walk_commands()
        if isinstance(command, discord.app_commands.Command)
    }
    assert paths == set(COMMANDS) | {"sotq-army notes"}


@settings(max_examples=scaled(1500))
@given(st.data())
def test_every_command_answers_every_combination(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(COMMANDS)))
    function, options = COMMANDS[name]
    kwargs = {option: data.draw(strategy, label=option) for option, strategy in options.items()}
    tables = data.draw(st.sampled_from([TABLES, RULED]))
    roller = Roller(Dice(data.draw(st.sampled_from(["00" * 32, "7e" * 32]))))
    try:
        answer = function(roller, tables, **kwargs)
    except LaagerError as refusal:
        assert refusal.message.endswith((".", ")")), refusal.message
        return
    assert answer.result.outcome and answer.result.explain()
    embed = answer_embed(answer, roller.rolled, tables)
    assert len(embed) <= 6000 and all(len(f.value or "") <= 1024 for f in embed.fields)
    if answer.result.dice:
        assert all(roll.value in range(1, 11) for roll in answer.result.dice)


AUTOCOMPLETED = [
    ("sotq-fire shoot", "weapon", C.WEAPONS, {"figures": 10, "range_inches": 8}),
    ("sotq-move distance", "troop_type", C.TROOP_TYPES, {}),
    ("sotq-move sight", "terrain", C.SIGHT_TERRAIN, {}),
    ("sotq-army list", "conflict", C.CONFLICTS, {"option": "1"}),
    ("qref move", "troop_type", C.QREF_TROOP_TYPES, {}),
    ("qref pre-melee", "troop_type", C.PRE_MELEE_TYPES, {}),
    ("qref melee", "case", C.MELEE_CASES, {"figures": 6}),
]


@pytest.mark.parametrize(("command", "option", "allowed", "others"), AUTOCOMPLETED)
def test_a_typed_value_that_is_not_an_entry_is_refused_listing_every_entry(
    command: str, option: str, allowed: Mapping[str, str], others: dict[str, Any]
) -> None:
    """Autocomplete only offers; the answer refuses anything else and says what is allowed."""
    function, _ = COMMANDS[command]

    def roller() -> Roller:
        return Roller(Dice("00" * 32))

    with pytest.raises(TableError) as refused:
        function(roller(), TABLES, **{option: "nonsense"}, **others)
    message = refused.value.message
    assert message.startswith("Unknown ") and "'nonsense'. Choose one of: " in message
    assert all(f"`{key}` {name}" in message for key, name in allowed.items())
    key, name = next(iter(allowed.items()))
    by_id = function(roller(), TABLES, **{option: key}, **others)
    by_name = function(roller(), TABLES, **{option: f" {name.upper()} "}, **others)
    assert by_id.result.explain() == by_name.result.explain()


def test_a_long_list_cannot_be_made_fixed_choices() -> None:
    """Discord counts choices against a command's size: long lists must use autocomplete."""
    with pytest.raises(ValueError, match="offer them by autocomplete"):
        C.choices(sotq.weapons(TABLES))
    assert len(C.choices(sotq.machine_guns(TABLES))) == len(sotq.machine_guns(TABLES))


@pytest.mark.parametrize(
    ("command", "kwargs", "die"),
    [
        ("sotq-fire pinning", {"percent_lost": 30}, "d10"),
        ("sotq-fire casualties", {"factor": 5, "figures": 7}, "fraction_d10"),
        ("sotq-fire shoot", {"weapon": "blr", "figures": 7, "range_inches": 8}, "fraction_d10"),
        ("sotq-check marksman", {"chance_percent": 50, "units_d10": 3}, "tens_d10"),
    ],
)
def test_a_d10_given_as_0_counts_as_10(command: str, kwargs: dict, die: str) -> None:
    """The abbreviations print a D10's faces 0-9 and every table counts 1-10: the option's
    help says 0 counts as 10, and the answer reads it so (it used to refuse 0)."""
    function, _ = COMMANDS[command]
    answers = [
        function(Roller(Dice("00" * 32)), TABLES, **kwargs, **{die: face}).result
        for face in (0, 10)
    ]
    assert answers[0].outcome == answers[1].outcome
    assert answers[0].explain() == answers[1].explain()


@pytest.mark.parametrize(
    ("command", "kwargs"),
    [
        ("qref infantry", {"figures": 10, "range_inches": 100, "target_prone": False}),
        ("qref gatling", {"range_inches": 100, "target_prone": False}),
        ("qref carbines", {"figures": 1, "range_inches": 100, "target_prone": False}),
    ],
)
def test_dice_given_to_a_fire_out_of_range_are_refused(command: str, kwargs: dict) -> None:
    """Quick reference V.1-V.3: beyond the last band nothing is rolled, so dice given there
    are refused in words (issue 11: they were dropped without a word)."""
    function, _ = COMMANDS[command]
    roller = Roller(Dice("00" * 32))
    assert function(roller, TABLES, **kwargs).result.outcome in ("no effect", "out of range")
    with pytest.raises(TableError, match='At 100" the target is out of range'):
        function(roller, TABLES, **kwargs, dice="3")


@pytest.mark.parametrize("command", ["qref infantry", "qref gatling", "qref carbines"])
def test_a_fire_out_of_range_rolls_nothing(command: str) -> None:
    """Issue 11: carbines out of range still rolled a die a figure, which went to the
    channel's roll log under an answer that hit nothing."""
    function, _ = COMMANDS[command]
    roller = Roller(Dice("00" * 32))
    kwargs = {"range_inches": 100, "target_prone": False}
    if command != "qref gatling":
        kwargs["figures"] = 12
    answer = function(roller, TABLES, **kwargs)
    assert answer.result.outcome in ("no effect", "out of range")
    assert roller.rolled == []


def test_fire_without_a_range_asks_for_one() -> None:
    """Issue 11: leaving both range options out was answered 'not both'."""
    with pytest.raises(TableError, match="Give the range: in inches"):
        S.fire(Roller(Dice("00" * 32)), TABLES, weapon="blr", figures=3)


def test_a_gun_counted_by_figures_is_told_how_its_crew_counts() -> None:
    """Rule 11f: guns and machine guns fire as crew times a multiplier."""
    roller = Roller(Dice("00" * 32))
    plain = S.fire(roller, TABLES, weapon="machine_gun", figures=3, range_inches=10)
    assert any("crew times a multiplier (rule 11f)" in note for note in plain.notes)
    crewed = S.fire(
        roller, TABLES, weapon="machine_gun", figures=3, range_inches=10, counts_as="gatling"
    )
    assert not any("rule 11f" in note for note in crewed.notes)


def test_the_spotting_note_is_given_only_where_the_printings_differ() -> None:
    """Table 7: the body and the summary sheet differ on four rows; the note that says which
    was read is for those rows, not every spotting answer."""
    assert set(S.DISPUTED_SPOTTING_ROWS) < set(sotq.spotting_terrain(TABLES))
    roller = Roller(Dice("00" * 32))
    for terrain in sotq.spotting_terrain(TABLES):
        notes = S.spot(roller, TABLES, terrain=terrain, distance_inches=6).notes
        assert bool(notes) == (terrain in S.DISPUTED_SPOTTING_ROWS), terrain


def test_inputs_are_named_without_dice_or_zero_defaults() -> None:
    """Issue 11: 'officer modifier: 0, casualty percent: 0, pipers: 0' and raw ids."""
    roller = Roller(Dice("00" * 32))
    morale = S.morale(roller, TABLES, morale_number=8)
    embed = answer_embed(morale, roller.rolled, TABLES)
    shown = {field.name: field.value for field in embed.fields}
    assert shown["Inputs"] == "morale number: 8"
    melee = S.melee(
        roller,
        TABLES,
        first_name="Zulus",
        first_score=10,
        first_weapon="sword_or_spear",
        second_name="24th",
        second_score=5,
        second_weapon="bayonet",
    )
    embed = answer_embed(melee, roller.rolled, TABLES)
    assert embed.description.startswith("**Zulus won by 5")
    assert [f.value.splitlines()[0] for f in embed.fields[:2]] == [
        "*attacker, on foot*",
        "*on foot*",
    ]
