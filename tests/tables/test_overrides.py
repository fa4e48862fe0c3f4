"""House rules (rule 22): dotted-key overrides, validated, and reported by the lookups."""

import pytest

from games.tables import TableError, apply_overrides, load_tables, qref, sotq


def test_override_changes_a_lookup_and_is_reported() -> None:
    """Rule 22 with Table 2: a longer medium range for BLRs changes the band and is listed."""
    tables = apply_overrides(load_tables(), {"sotq_firing.weapons.blr.ranges.medium": 12})
    result = sotq.fire("blr", 20, range_inches=11, tables=tables)
    assert result.range_band == "medium"
    assert result.overrides_used == ("sotq_firing.weapons.blr.ranges.medium",)
    assert sotq.fire("blr", 20, range_inches=11).range_band == "long"


def test_unused_overrides_are_not_reported() -> None:
    """Rule 22: a house rule for another weapon is not listed."""
    tables = apply_overrides(load_tables(), {"sotq_firing.weapons.mlr.ranges.long": 20})
    assert sotq.fire("blr", 20, range_inches=11, tables=tables).overrides_used == ()


def test_override_a_default() -> None:
    """Rule 22 with the quick reference: a server can replace a lost number's default."""
    tables = apply_overrides(load_tables(), {"qref_movement.troop_types.zulus.dice": 4})
    result = qref.movement_dice("zulus", tables=tables)
    assert result.dice_count == 4
    assert result.overrides_used == ("qref_movement.troop_types.zulus.dice",)


def test_override_a_list_cell_and_a_table_cell() -> None:
    """Rule 22 with Tables 6 and 3: list positions are addressed by number."""
    tables = apply_overrides(
        load_tables(),
        {
            "sotq_casualties.table.5.19": 21,
            "sotq_morale.results.0.high": 2,
            "sotq_morale.results.1.low": 3,
        },
    )
    assert sotq.casualties(5, 20, tables=tables).points == 21
    morale = sotq.morale(2, 3, 3, tables=tables)
    assert morale.result == "rout"
    assert "sotq_morale.results.0.high" in morale.overrides_used


def test_an_override_that_breaks_a_rule_of_the_table_is_refused() -> None:
    """Rule 22 with Table 3: morale bands must still cover every score exactly once."""
    with pytest.raises(TableError, match="exactly one result band"):
        apply_overrides(load_tables(), {"sotq_morale.results.0.high": 2})


def test_override_replaces_a_whole_entry() -> None:
    """Rule 22: an entry can be replaced whole, and must still fit its schema."""
    entry = {
        "name": "Unit uphill",
        "value": 2,
        "ref": "House rule",
        "source": "default",
        "note": "This club rewards high ground.",
    }
    tables = apply_overrides(load_tables(), {"sotq_morale.factors.uphill": entry})
    assert sotq.morale(9, 3, 3, factors=["uphill"], tables=tables).score == 11


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("sotq_nothing.x", 1, "no table"),
        ("sotq_firing", 1, "name an entry"),
        ("sotq_firing.weapons.musket.ranges.long", 3, "no entry 'musket'"),
        ("sotq_firing.weapons.blr.ranges.long", "far", "do not fit"),
        ("sotq_casualties.table.5.25", 3, "not a position"),
        ("sotq_morale.factors.uphill.source", "hearsay", "do not fit"),
        ("sotq_firing.half_effect.note", None, "do not fit"),
        ("sotq_firing.id", "other", "id cannot change"),
    ],
)
def test_bad_overrides_are_refused(key: str, value: object, message: str) -> None:
    """Rule 22: unknown keys and values that break the schema are refused with a reason."""
    with pytest.raises(TableError, match=message):
        apply_overrides(load_tables(), {key: value})


def test_overrides_accumulate_and_leave_the_book_alone() -> None:
    """Rule 22: overriding twice keeps both; the cached book tables are untouched."""
    first = apply_overrides(load_tables(), {"sotq_firing.weapons.blr.ranges.short": 5})
    both = apply_overrides(first, {"sotq_firing.weapons.blr.ranges.medium": 12})
    assert set(both.overrides) == {
        "sotq_firing.weapons.blr.ranges.short",
        "sotq_firing.weapons.blr.ranges.medium",
    }
    assert sotq.weapons()["blr"].ranges["short"] == 4
    assert sotq.weapons(both)["blr"].ranges["short"] == 5
