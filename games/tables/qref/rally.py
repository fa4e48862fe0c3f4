"""Quick reference I: routing and prone units try to rally at the start of the turn."""

from ..load import TablesArg
from ..result import Trace
from ..schema.qref import RallyFile
from .d6_tables import QuickResult, read_d6

FILE = "qref_rally"


def rally_states(tables: TablesArg = None) -> dict[str, str]:
    return {k: v.name for k, v in Trace(tables).tables.typed(FILE, RallyFile).states.items()}


def rally(state: str, d6: int, *, tables: TablesArg = None) -> QuickResult:
    """A routing (red chip) or prone (black chip) unit's rally roll."""
    trace = Trace(tables)
    trace.pick("unit state", FILE, "states", state)
    return read_d6(
        trace,
        FILE,
        ("states", state, "results"),
        d6,
        purpose="rally",
        rule="Quick reference I",
        inputs={"state": state, "d6": d6},
    )
