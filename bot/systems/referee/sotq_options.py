"""Option types and help shared by the Soldiers of the Queen commands (``/sotq-...``).

Dice options are for referees rolling real dice; left out, the bot rolls them.
"""

from discord.app_commands import Range

D10 = Range[int, 0, 10]
"""A D10 as the referee reads it: the face marked 0 counts as 10 (see ``Roller.d10``)."""
D6 = Range[int, 1, 6]
AVERAGE = Range[int, 2, 5]
OFFICER = Range[int, -5, 5]
FIGURES = Range[int, 1, 1000]
PERCENT = Range[int, 0, 100]
INCHES = Range[float, 0.0, 1000.0]
PIPERS = Range[int, 0, 5]
ENTRY = Range[str, 1, 100]
"""An entry of a long list, offered by autocomplete and checked by the answer."""

ROLL = "Your roll; leave out and the bot rolls"
D10_ROLL = "Your D10 (a 0 counts as 10); leave out and the bot rolls"
PLUS_DIE = "Your plus average die (2-5); leave out and the bot rolls"
MINUS_DIE = "Your minus average die (2-5); leave out and the bot rolls"
LEFT_OVER = "Your D10 for casualty points left over; leave out and the bot rolls"
