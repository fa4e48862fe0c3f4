"""The bot's teaching for Last Stand at Isandlwana: what each phase and order is for, and a short
guide by topic, so a newcomer can play from a phone without the rule book (bot.posting.guide)."""

from __future__ import annotations

from bot.posting.guide import Guide, PhaseNote
from games.core.engine import JSON
from games.last_stand.state import phase_kind


def phase_of(state: JSON) -> str:
    """The key of ``PHASES`` for a position: Phases IV and V are told apart by what the
    British announced for them (5.6), and Phase IV before the announcement is its own key."""
    kind = phase_kind(state)
    if kind in ("british_move", "british_combat"):
        return f"{kind}_{state['phase'][-1]}"
    return kind


PHASES: dict[str, PhaseNote] = {
    "setup": PhaseNote(
        "Set-up",
        "The British player puts the seven detachments on empty tent or wagon hexes, one to a "
        "hex (in the free set-up, the whole command between columns 10 and 19). Spread them "
        "so they cover the camp without being cut off, or press Place for me.",
        "3.1-3.3, 10.1",
    ),
    "arrivals": PhaseNote(
        "Turn 2 arrivals",
        "Before Phase I of turn 2 the British decide, once and for good, whether to raise the "
        "Queen's Colours over the wagon or send them away, then bring Lt. A's group on beside "
        "the wagon. Raising them keeps the escape win possible but gives the Zulus a prize.",
        "5.9, 5.10",
    ),
    "zulu_move": PhaseNote(
        "I. Zulu Movement",
        "The Zulu player moves any of his units up to 6 MP each, bringing regrouped ones back "
        "through the onrush hexes; only one Zulu may stay in a hex outside the onrush hexes. "
        "Close in where the British are weak and surround the wagon, but mind that every "
        "Zulu ending next to a British unit can be shot in Phase II.",
        "5.3, 6.4, 7.0-7.6, 8.8, 9.2",
    ),
    "reaction": PhaseNote(
        "II. British Reaction",
        "Every British unit with a Zulu next to it may shoot at one adjacent Zulu with all its "
        "strength, alone or together with others. Thin out the Zulus who would attack your "
        "weakest units, or open the way you mean to move through.",
        "5.4, 8.3.1, 8.4, 8.6",
    ),
    "zulu_attack": PhaseNote(
        "III. Zulu Attack",
        "Each Zulu next to a British combat unit may attack one of them; every hit costs that "
        "unit a step, and a Zulu may step into a hex the attack emptied. Pile attacks on units "
        "in open ground; leaders, squares and the Colours make a hex much harder to hit.",
        "5.5, 8.3.2, 8.6-8.10",
    ),
    "announce": PhaseNote(
        "IV. British Movement or Combat: the choice",
        "The British player says whether Phase IV is for moving or for firing; Phase V is then "
        "the other one. Fire first to clear a path before moving, or move first to fire from "
        "better places.",
        "5.6",
    ),
    "british_move_4": PhaseNote(
        "IV. British Movement (fire follows in V)",
        "British units, stacks and the wagon move up to their allowance, and units may form or "
        "leave square. On turn 1 the overstack in 2004 must be sorted out by the end of this "
        "movement, or the Zulu player displaces the excess.",
        "5.6, 6.1-6.3, 7.0-7.8",
    ),
    "british_combat_4": PhaseNote(
        "IV. British Combat (movement follows in V)",
        "British units fire at Zulus up to 3 hexes away and may split their strength over "
        "several targets. Kill the Zulus that block the move you plan for Phase V.",
        "5.6, 8.1-8.6, 8.10-8.12",
    ),
    "british_move_5": PhaseNote(
        "V. British Movement",
        "British units, stacks and the wagon move, and units may form or leave square. End "
        "the move in strong hexes and in stacks: Phase VI snipes every unit next to a Zulu.",
        "5.6, 6.1-6.3, 7.0-7.8",
    ),
    "british_combat_5": PhaseNote(
        "V. British Combat",
        "British units fire at Zulus up to 3 hexes away, splitting strength if they like. Shoot "
        "the Zulus next to your units first: each one gone is an attacker and a sniper less.",
        "5.6, 8.1-8.6, 8.10-8.12",
    ),
    "sniping": PhaseNote(
        "VI. Zulu Sniping",
        "The Zulu player rolls one die (plus 3 from turn 3) and that many British units next "
        "to Zulus each lose a step; he picks which if the roll falls short.",
        "5.7",
    ),
    "leaders": PhaseNote(
        "VII. British Leader Fatalities",
        "One die for each leader next to a Zulu: a 1 or 2 kills him. Then the next turn "
        "begins, or the game ends after turn 6.",
        "5.8, 4.2",
    ),
    "over": PhaseNote(
        "Game over",
        "The game has been decided by an escape, a massacre or survival to the end of turn 6.",
        "4.1-4.3",
    ),
}

ORDERS: dict[str, str] = {
    "place": "Puts a British unit on the map at set-up; a detachment needs a tent or wagon hex "
    "with no other British unit (the wagon's hex excepted). You may place it again until "
    "set-up ends (3.2, 10.1).",
    "auto": "Leaves the work to the bot: at set-up it places the units still to place; in "
    "Zulu Movement or Attack it plays the rest of the phase by the solitaire rules and ends "
    "it (3.2, 9.2).",
    "end": "Finishes set-up or ends the phase; whatever has not moved or fired loses its "
    "chance. Zulus may not end movement two to a hex outside the onrush hexes (6.4).",
    "colours": "The once-only choice on turn 2: raise the Colours over the wagon (units with "
    "them defend at +1 and fire at +1 in combat phases, and the escape win stays open, but all "
    "British fire drops 1 if they are taken) or send them away, giving up the escape win "
    "(5.9, 5.10, 8.10).",
    "arrive": "Brings Lt. A's group (6 steps) onto the wagon's hex or one next to it (5.9).",
    "move": "Moves a British unit, stack or the wagon, or one Zulu, to a hex it can reach: "
    "British have 4 MP, Zulus 6, and nobody enters an enemy hex. A Zulu that walks into the "
    "wagon's hex with no British there captures it (7.0-7.8, 8.8).",
    "square": "Forms a unit into square or breaks it up, for 2 MP. In square the hex defends "
    "at +1, but the unit fires at -1 and moves at half speed (7.7).",
    "order": "Announces whether Phase IV is movement or combat; Phase V is the other (5.6).",
    "aim": "Aims British fire at one Zulu and shows the hit number before anything is rolled. "
    "In Reaction a unit fires its full strength at an adjacent Zulu; in Combat it may use "
    "part of its strength at up to 3 hexes (5.4, 8.3.1, 8.4).",
    "confirm": "Rolls the aimed fire: at or under the hit number kills the Zulu, a 1 always "
    "hits and a 6 always misses. The strength used is spent for the phase (8.3.1, 8.6).",
    "cancel": "Calls off the aimed fire; nothing is rolled or spent (8.2).",
    "attack": "One Zulu attacks one adjacent British combat unit: it hits on 6 minus the "
    "hex's defence, and each hit costs a step. Each Zulu attacks once, and only one per onrush "
    "hex (8.3.2, 8.8).",
    "casualty": "A hit landed on a stack: the Zulu player names the unit in the hex that "
    "loses the step; Pick for me gives it to the unit attacked (8.3.2).",
    "advance": "Moves one Zulu that attacked the emptied hex into it; the wagon and Colours "
    "there are captured (8.7).",
    "hold": "Leaves the emptied hex empty: no Zulu advances (8.7).",
    "refuge": "A leader whose hex lost its last combat unit goes to the nearest British hex; "
    "pick which of the equally near ones, or let the dice choose (8.6).",
    "displace": "Turn 1 overstack: the Zulu player picks the open hex next door that the "
    "excess British unit moves to; Pick for me takes the one with most Zulus around (6.2).",
    "snipe": "Rolls the sniping die, plus 3 from turn 3: that many British units next to "
    "Zulus lose one step each (5.7).",
    "hit": "Picks one British unit next to a Zulu to lose a step to sniping; no unit can be "
    "picked twice (5.7).",
    "fatalities": "Rolls a die for each leader next to a Zulu; a 1 or 2 kills him (5.8).",
}

SEQUENCE_PAGE = """\
**A game:** British set-up, then **6 turns** of 7 phases. It ends early the moment one side \
wins (see `winning`).
Turn 2 opens with the Queen's Colours decision and Lt. A's arrival (5.9, 5.10).

**Each turn (5.2):**
**I. Zulu Movement**: Zulus move up to 6 MP; one per hex except in onrush hexes; killed \
Zulus come back through onrush hexes.
**II. British Reaction**: each British unit next to a Zulu may fire at one adjacent Zulu, \
full strength.
**III. Zulu Attack**: each Zulu next to a British unit may attack one; a Zulu may move into \
a hex it emptied.
**IV. British Movement or Combat**: the British announce which comes first...
**V. British Combat or Movement**: ...and do the other one here.
**VI. Zulu Sniping**: one die (+3 from turn 3) = how many exposed British units lose a step.
**VII. Leader Fatalities**: a die per leader next to a Zulu; 1-2 kills.

**Who acts:** the Zulu player in I, III, VI, VII; the British in set-up, II, IV, V. The \
other side may be asked a quick choice (where a lone leader goes, where an overstacked unit \
displaces). A phase with nothing in reach passes by itself.

**Moving (7.0):**
• British: 4 MP; square halves it; no zones of control, but no entering Zulu hexes
• Zulus: 6 MP; they flow around the British
• Wagon: 2 hexes along the road, or 1 hex of clear, tent or road; the Colours ride with it
• St. Iz never moves
• Stacking: at most 8 British strength a hex; leaders, wagon and Colours are free (6.3)

**On a phone:**
• Buttons under each post for choices, confirming fire and ending phases
• **My orders** (private): every move, shot and attack, chosen step by step from a menu
• `/laststand move`, `/laststand fire`, `/laststand attack`, `/laststand end` are shortcuts; \
autocomplete offers only legal units and hexes
• `/game help` explains the phase you are in
"""

WINNING_PAGE = """\
**British win (4.1, 4.2):**
• **Escape**: you win at once when the ammunition wagon, with the Colours raised over it \
and a British combat unit beside it in the hex, reaches a west-edge escape hex \
(0105-0114, pale green).
• **Survival**: if any British combat unit or leader is still on the map when turn 6 ends.

**Zulus win (4.3):**
• **Massacre**: the moment no British combat unit or leader is left on the map. St. Iz and \
a lone leader still count for the British.

**Things to know:**
• Sending the Colours away on turn 2 gives up the escape win for good (5.10), but then \
losing the wagon costs no fire penalty.
• The wagon crawls: 2 hexes a turn on the road, 1 off it.
• The road meets the west edge at 0112, nine road hexes from 1008: an escape must start \
early.
• A Zulu can walk into a hex where the wagon stands with no British unit or leader, and \
takes it (and the Colours with it).
• Wagon lost: -1 to every British unit's fire (8.12). Colours lost: another -1 (8.10).
• On turn 6 all British fire is -1 except in or next to the wagon's hex (8.11).
• The Zulus have 112 units and killed ones return, so the British cannot win by killing: \
they win by lasting or leaving.

**As the British:**
• Stack up in strong hexes and keep leaders with your companies
• Guard the wagon
• Shoot the Zulus next to your weakest units
**As the Zulus:**
• Surround, and attack units standing in open ground
• End each turn with as many British units next to a Zulu as you can: from turn 3 sniping \
hits hard
"""

COMBAT_PAGE = """\
**Hit number, one die:** roll it or less to hit. A **1 always hits**, a **6 always misses** \
(8.6).

**British fire (8.3.1):**
Hit number = total modified strength of the units firing - defence of the Zulu's hex.
• Range 1: +1 · range 2: 0 · range 3: -1; never beyond 3 (8.4)
• Heights block fire into or across them, not along their edge (8.5)
• In square -1 (7.7) · with the raised Colours +1, combat phases only (8.10)
• Wagon captured -1 (8.12) · Colours captured -1 (8.10)
• Turn 6 -1, unless in or next to the wagon's hex (8.11)
• Each unit counts at least 1 after modifiers
A hit kills the Zulu. Each Zulu can be fired at once a phase. St. Iz never fires.
Example: A Co. (8) next to a Zulu on clear ground: 8+1-2 = 7, so it misses only on a 6.

**Reaction (II) vs Combat (IV/V):**
• Reaction: adjacent only, each unit at full strength on one Zulu; units may join up.
• The bot gives the range-1 +1 in Reaction too, as the book's worked example does.
• Combat: range up to 3, and a unit may split its strength between targets.
• Aim first: the bot shows the sum; then Confirm to roll, or Cancel.

**Zulu attacks (8.3.2):**
Each Zulu (strength 6) attacks one adjacent British combat unit, alone.
Hit number = 6 - defence of that unit's hex, plus:
• +1 if a leader is there (only +1 however many) (8.9)
• +1 if the unit is in square (7.7)
• +1 if the raised Colours are there (8.10)
• defence never above 6
Example: clear hex (2) = hits on 1-4; wagon hex (4) with a leader = only a 1 hits.
• A unit can be attacked by many Zulus; leaders are never targets.
• Only one attack a phase out of each onrush hex (8.8).
• A hit on a stack: the Zulu player picks the unit that loses the step.
• Hex emptied of combat units: one Zulu that attacked it may advance in, capturing any \
wagon and Colours there (8.7).

**Steps (8.6):**
• A British unit's strength is its steps: each hit takes 1, and at 0 it is gone.
• A Zulu has 1 step: any hit kills it.
• Killed Zulus regroup east or west of the 13xx/14xx line and return through that side's \
onrush hexes (8.8).

**Sniping (VI, 5.7):**
• Roll a die, +3 from turn 3.
• That many British units next to a Zulu lose 1 step each, never 2 from one unit.
• Hits beyond the units exposed are lost.

**Leaders (5.8, 8.6):**
• In VII, a die per leader next to a Zulu; 1-2 kills him.
• A leader left with no combat unit walks to the nearest British hex by a Zulu-free path, \
or dies if there is none.
"""

UNITS_PAGE = """\
**British combat units:**
The number after a name, in posts and on the map, is its strength now, which is also the \
steps it has left. "in square" (on the map panel: sq) marks a unit in square.
**Companies:**
• `A Co.` 8, `C Co.` 4, `E Co.` 8, `F Co.` 8, `H Co.` 8: companies of the 1st Battalion, \
24th Foot
• `G Co.` 6: company of the 2nd Battalion, 24th Foot
• `N Bty` 4: N Battery, Royal Artillery, gunners fighting on foot
**Detachments** (about 20 men; you place them at set-up):
• `1BB` 1st Bn band · `1BP` 1st Bn pioneers
• `RB` what is left of the rocket battery
• `P40R` men of the 40th Regiment
• `2BG` 2nd Bn guards · `28RD` 2nd Bn rear-area detail · `2BP` 2nd Bn pioneers
All 2 strength, RB 1.
**Ad hoc groups** (not leaders):
• `Lt. A` 6: Lt. Anstey's breakout party, arrives on turn 2
• `QP` 3: Quartermaster Pullen's counter-attack party
• `St. Iz` 4: Capt. Shepstone and the allied iziGqoza, fixed in 1005. It never moves, \
fires or forms square, but it counts as a British unit on the map (7.9)

**Leaders:** `Durnford`, `Pulleine`, `Young` (Capt. Younghusband), `Wardell`.
• No strength, never attacked or hit in Phases III and VI, free for stacking
• +1 to their hex's defence against attacks (8.9)
• Die on a 1-2 in Phase VII when next to a Zulu (5.8)

**Markers:**
• Ammunition wagon: starts in 1008; slow; losing it costs fire (8.12)
• Queen's Colours: decided on turn 2. Posts say:
  waiting · shown (raised over the wagon) · sent away · held back (the wagon fell first) · \
captured

**Zulus:**
• 112 units, 16 at each of the 7 onrush hexes at the start
• Each: 1 step, strength 6, 6 MP, attacks only next door
• No names: posts say "a Zulu in 1601"
• "Regrouping east/west": killed, waiting to come back through an onrush hex

**Movement:** British 4 MP (square: half), Zulus 6, wagon 2 road hexes or 1 other hex, \
St. Iz none.

Only A Co. 8, C Co. 4 and Lt. A 6 come from the rule book; the other strengths and most \
starting hexes are the project's reconstruction.
"""

MAP_PAGE = """\
**What you see:**
• Each post shows the area of the action, around the British, with a key under it to \
what that picture shows
• `/game map whole:True`: the whole map with a side panel
• `/game map zoom:1008`: a close-up around one hex, with its key
Hex numbers sit at the top of each hex: first two digits the column (west to east), last \
two the row (north to south).

**Counters:**
• **Red square** with a white number: a British unit and its strength; a stack shows a \
square per unit
• **White edge** on a red square: that unit is in square
• **Gold disc** under the squares: a leader (one each)
• **Small brown bar** low in a hex: the ammunition wagon; a **blue flag** on it: the \
Colours, raised
• **Dark grey disc** with a number: Zulus and how many (more than 1 only in onrush hexes)

**Marks (this phase and the last):**
• **Red line**: a British move; **grey line**: a Zulu move; the dot marks where it started
• **Amber ring** round a hex: a hit there (a step lost, a Zulu killed or a leader killed)
• **Pale blue ring**: a shot or attack that missed

**Ground** (MP to enter / defence):
• Sandy plain: clear 1 / 2
• Pale, small white tent: the camp's tents 1 / 3
• Tan, wagon outline: wagons 2 / 4 (1008, where the ammunition wagon starts, is one)
• Dark brown, triangle: heights 3 / 5; fire cannot go into or across them
• Light brown, slanted strokes: the Ledge, 1206, 2 / 4
• Dots: rough ground 2 / 3
• Blue-grey wavy line: donga 2 / 3
• Brown line: the road (only the wagon goes faster on it)
• **Pink hex, dark red rim**: onrush hex, where Zulus gather and return; clear ground, \
closed to the British
• **Pale green**: escape hexes 0105-0114 on the west edge

The rule book gives only the clear (1 / 2) and wagon (2 MP) figures and a few hexes. The \
rest of the terrain is the project's reconstruction of the ground.

**Whole-map panel:**
• Turn track 1-6 and the phase list, the current ones in amber
• British roster: each unit's strength and hex
• Where the wagon and Colours are
• Zulus on the map, and those waiting to re-enter east and west
• A colour key
"""

GUIDE = Guide(
    phase_of=phase_of,
    phases=PHASES,
    orders=ORDERS,
    topics={
        "sequence": SEQUENCE_PAGE,
        "winning": WINNING_PAGE,
        "combat": COMBAT_PAGE,
        "units": UNITS_PAGE,
        "map": MAP_PAGE,
    },
)
