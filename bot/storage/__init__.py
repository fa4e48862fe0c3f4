"""Persistence for games, their logs, guild settings and dice rolls.

Import from the modules themselves (``bot.storage.records``, ``bot.storage.repository``,
``bot.storage.db``, ``bot.storage.errors``): the package imports nothing, so a render worker
that needs only the plain records does not load SQLAlchemy with them."""
