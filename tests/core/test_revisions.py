"""A named rules or bot revision is one this code knows, or it is refused in words."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from games.core.revisions import known_revision


def test_a_known_revision_is_taken_and_none_named_is_the_newest() -> None:
    assert known_revision({}, "bot", 1, 3, "bot") == 3
    assert [known_revision({"bot": n}, "bot", 1, 3, "bot") for n in (1, 2, 3)] == [1, 2, 3]


@pytest.mark.parametrize("wrong", [0, 4, -1, True, False, "2", 2.0, None, [2]])
def test_an_unknown_revision_is_refused_in_words(wrong: object) -> None:
    with pytest.raises(RuleError, match=r"Unknown rules revision .*: this bot knows 1 to 3"):
        known_revision({"rules": wrong}, "rules", 1, 3, "rules")
