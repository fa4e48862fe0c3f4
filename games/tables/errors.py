"""The error a table lookup raises for an input the tables do not cover."""

from games.core.errors import LaagerError


class TableError(LaagerError, ValueError):
    """A name, die or number the tables do not allow; the message says what is allowed."""
