"""The referee tables as data: Soldiers of the Queen and the Isandlwana quick reference.

``load_tables()`` reads and validates every JSON file under ``data/``; ``apply_overrides`` makes
house-ruled copies (rule 22); ``sotq`` and ``qref`` hold the pure lookups, each of which returns a
``Result`` carrying its inputs, modifiers, table cell, dice and outcome.
"""

from . import qref, sotq
from .errors import TableError
from .load import Tables, load_tables
from .overrides import apply_overrides
from .result import DieRoll, Result, Term

__all__ = [
    "DieRoll",
    "Result",
    "TableError",
    "Tables",
    "Term",
    "apply_overrides",
    "load_tables",
    "qref",
    "sotq",
]
