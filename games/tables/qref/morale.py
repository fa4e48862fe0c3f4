"""Quick reference VI: Zulu morale after taking casualties from British fire."""

from ..load import TablesArg
from ..result import Trace
from .d6_tables import QuickResult, read_d6

FILE = "qref_zulu_morale"


def zulu_morale(d6: int, *, in_contact: bool, tables: TablesArg = None) -> QuickResult:
    """A non-routing Zulu unit hit by fire rolls 1d6, by whether it is in contact (VI.B-C)."""
    situation = "in_contact" if in_contact else "not_in_contact"
    return read_d6(
        Trace(tables),
        FILE,
        ("situations", situation, "results"),
        d6,
        purpose="Zulu morale",
        rule="Quick reference VI",
        inputs={"d6": d6, "in_contact": in_contact},
    )
