"""Players may type a unit's printed name instead of picking it from autocomplete."""

import pytest

from bot.play.errors import BadInput
from bot.systems.last_stand.cog import british_unit


def test_names_and_ids_resolve_to_ids() -> None:
    assert british_unit("a") == "a"
    assert british_unit("A Co.") == "a"
    assert british_unit("a co") == "a"
    assert british_unit("wagon") == "wagon"


def test_an_unknown_unit_is_refused_with_the_list() -> None:
    with pytest.raises(BadInput, match=r"no British unit called `Ghost Co`.*A Co\."):
        british_unit("Ghost Co")
