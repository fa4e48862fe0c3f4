"""Pydantic schemas of every data file, and which schema each file id uses."""

from . import qref
from .armies import ArmyListFile, ArmyNotesFile
from .casualties import CasualtiesFile
from .common import TableFile
from .dice import DiceFile
from .events import EventCardsFile
from .firing import FiringFile
from .indirect_fire import IndirectFireFile
from .melee import MeleeFile
from .morale import MoraleFile
from .movement import MovementFile
from .officers import OfficersFile
from .points import PointsFile
from .spotting import SpottingFile
from .terrain import EngineeringFile, TerrainFile
from .transport import BalloonsFile, BoatsFile, TrainsFile

ARMY_LIST_PREFIX = "sotq_army_lists_"

SCHEMAS: dict[str, type[TableFile]] = {
    "sotq_dice": DiceFile,
    "sotq_officers": OfficersFile,
    "sotq_firing": FiringFile,
    "sotq_morale": MoraleFile,
    "sotq_movement": MovementFile,
    "sotq_melee": MeleeFile,
    "sotq_casualties": CasualtiesFile,
    "sotq_spotting": SpottingFile,
    "sotq_terrain": TerrainFile,
    "sotq_engineering": EngineeringFile,
    "sotq_boats": BoatsFile,
    "sotq_balloons": BalloonsFile,
    "sotq_trains": TrainsFile,
    "sotq_indirect_fire": IndirectFireFile,
    "sotq_points": PointsFile,
    "sotq_army_notes": ArmyNotesFile,
    "sotq_event_cards": EventCardsFile,
    "qref_outcomes": qref.OutcomesFile,
    "qref_rally": qref.RallyFile,
    "qref_movement": qref.MovementFile,
    "qref_pre_melee": qref.PreMeleeFile,
    "qref_melee": qref.MeleeFile,
    "qref_post_melee": qref.PostMeleeFile,
    "qref_scouting": qref.ScoutingFile,
    "qref_fire": qref.FireFile,
    "qref_zulu_morale": qref.ZuluMoraleFile,
}


def schema_for(file_id: str) -> type[TableFile]:
    """The schema a data file is validated against; every army list file shares one."""
    if file_id.startswith(ARMY_LIST_PREFIX):
        return ArmyListFile
    try:
        return SCHEMAS[file_id]
    except KeyError:
        raise KeyError(f"no schema for data file {file_id!r}") from None
