"""Referee toolkit cogs: table lookups (/sotq-..., /qref), event deck, unit roster, house rules."""
