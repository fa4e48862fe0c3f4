"""How much random play a run does, with one knob: Hypothesis's profile.

``full`` is the default and what CI runs: every count written in the tests. ``quick``
(``pytest --hypothesis-profile=quick``) plays a twentieth of each, for a contributor who wants
an answer in minutes; the thousand-game runs are also marked ``slow``, so the quick run in the
README leaves them out altogether. Counts are written at full strength and go through
:func:`scaled`, whether Hypothesis draws the cases or a test loops over seeds itself.
"""

from __future__ import annotations

from hypothesis import settings

FULL_EXAMPLES = 100
"""Hypothesis's own default, kept as the full profile's."""

settings.register_profile("full", max_examples=FULL_EXAMPLES, deadline=None, print_blob=True)
settings.register_profile("quick", max_examples=FULL_EXAMPLES // 20, deadline=None)
# Deadlines off in both: on a shared two-core machine running tests in parallel, a case's
# time says more about the neighbours than about the code.
settings.load_profile("full")


def scaled(full: int) -> int:
    """``full`` random cases under the full profile, proportionally fewer (at least one) under
    a smaller one."""
    return max(1, full * settings.default.max_examples // FULL_EXAMPLES)
