"""The zone game's teaching for ``/game help`` and ``/game rules``: what each phase and order is
for, and short guide pages, so a newcomer can play Isandlwana or Rorke's Drift from a phone."""

from __future__ import annotations

from bot.posting.guide import Guide, PhaseNote
from games.core.engine import JSON

SETUP = "setup"
"""The key of turn 1's phase B, which is the British set-up rather than a move (4.1)."""


def phase_of(state: JSON) -> str:
    """The key of ``PHASES`` for a position: its phase letter, or ``setup`` on turn 1's B.
    Choices still owed (hits to allocate, an Ammo Depleted mark, a charge round) belong to
    the phase in which they arose, which is the letter the state still carries."""
    if state["phase"] == "B" and state["turn"] == 1:
        return SETUP
    return str(state["phase"])


PHASES: dict[str, PhaseNote] = {
    SETUP: PhaseNote(
        "B. British Set-up (turn 1)",
        "The British place their counters, and this placing is their whole move for turn 1; "
        "at Rorke's Drift any lettered zone within the building limits, in the free "
        "Isandlwana set-up any zone but X, Y and the dongas, while the standard Isandlwana "
        "set-up is fixed. Think about who guards which wall or zone, and which counter sits "
        "on top of each stack, since that is all the Zulu player will see.",
        "4.1, 5.1, 6.1, 7.1, 3.1",
    ),
    "A": PhaseNote(
        "A. British Replacements (Rorke's Drift)",
        "Up to two reduced units that began the turn in the storehouse G each get 1 SP back. "
        "The two SP do not carry over, so it pays to rest a battered counter or two in G.",
        "9.3, 9.3.1",
    ),
    "B": PhaseNote(
        "B. British Move",
        "The British may move any or all units: foot one zone, cavalry and leaders two, and a "
        "leader can take 4 SP of foot along for the second zone. Plan for phase D: a group "
        "that moves cannot volley this turn, and the battery cannot fire after moving.",
        "10.1-10.8, 14.2, 3.1",
    ),
    "C": PhaseNote(
        "C. Zulu Move",
        "Last turn's losses come back as replacements, fresh warriors enter at the edge, and "
        "every force may move one zone, or two with a leader carrying up to 10 SP. The "
        "British see only how many counters you show, never their SP, so gather quietly for "
        "the melee and bluff where you are weak.",
        "3.4-3.5.1, 4.1, 9.4, 9.4.1, 10.1-10.7, 15.2",
    ),
    "D": PhaseNote(
        "D. British Fire Combat",
        "Each British zone may fire at Zulu zones it can see, one die per SP, or a leader may "
        "lead a volley; Zulu losses come off at once. At Isandlwana every 1 rolled risks "
        "running a unit out of ammunition, more so far from the camp centre (zone 15).",
        "11.1-11.6, 14.3",
    ),
    "E": PhaseNote(
        "E. Zulu Random Fire",
        "The Zulu player rolls a few dice at one British zone and every 6 hits (5-6 at the "
        "water cart J); the British then choose who takes the hits. Aim at exposed stacks; "
        "the hospital, the storehouse G and the redoubt D cannot be fired into.",
        "11.3-11.3.2",
    ),
    "F": PhaseNote(
        "F. Melee Combat",
        "Zones sharing a side fight: the Zulus declare and roll all their attacks first, then "
        "the British roll for the attacks they choose, and only then are hits taken; an "
        "attacker may then advance into a zone it emptied. Defending gives no dice, so the "
        "British must attack to hit back; there is no melee on turn 1 at Isandlwana.",
        "12.1-12.8, 6.3",
    ),
    "G": PhaseNote(
        "G. British Bayonet Charge",
        "Each British leader may take up to 4 SP into an adjacent Zulu zone and fight round "
        "after round until one side is gone or he calls it off. It can finish a weakened "
        "zone, but every Zulu there rolls each round, and a leader who takes a hit is lost.",
        "14.4, 14.5",
    ),
    "H": PhaseNote(
        "H. Hospital Phase (Rorke's Drift)",
        "Once the Zulus have attacked any hospital zone, the Zulu player rolls the fire die "
        "every turn and the fire track creeps from 0 towards 5. At 5 the hospital burns down "
        "with everyone still inside, so the British should get the wounded out in time.",
        "13.1-13.4",
    ),
    "I": PhaseNote(
        "I. Check Victory",
        "The bot scores the ground the Zulus hold, takes 1 VP off for a turn in which they "
        "lost 47 SP or more, and ends the game if the British are under 10 SP or the Zulus "
        "have 14 VP.",
        "16.1, 16.2",
    ),
    "J": PhaseNote(
        "J. End Turn",
        "The turn marker moves on; if turn 16 is over, the British have held out and won. "
        "At Rorke's Drift night falls from turn 9: fewer random fire dice and shorter "
        "British range.",
        "8.1, 11.5, 16.1, 16.2",
    ),
}

ORDERS: dict[str, str] = {
    "place": (
        "Put a British counter in a zone during the turn-1 set-up, which is the British move "
        "for that turn; building zones still hold at most 8 SP (4.1, 5.1, 7.1)."
    ),
    "stack": (
        "Choose which British counter lies on top of a stack: the Zulu player sees only that "
        "counter and how many lie under it, so a plain company on top can hide a leader or "
        "the stack's real strength (3.1)."
    ),
    "replace": (
        "Give 1 SP back to a reduced unit that began the turn in the storehouse G, flipping "
        "it to full strength; two a turn at most, one per unit, and dead units never return "
        "(9.3, 9.3.1)."
    ),
    "move": (
        "Move a unit or group across shared sides: foot, warriors and the battery one zone, "
        "cavalry and leaders two, and a leader takes 4 SP of British foot or 10 SP of warriors "
        "along for the second zone (10.1-10.5, 14.2, 15.2). Nobody enters or passes an enemy "
        "zone, dongas and the ridge end a move, and infantry may escort the wounded one zone "
        "once the hospital is attacked or burning (10.2, 10.6, 10.8)."
    ),
    "enter": (
        "Bring Zulus on at an entry zone, which counts as their first move, leaders carrying "
        "10 SP each one zone further; the order offers the most that fits, and you may bring "
        "fewer and keep the rest off the map for later (4.1, 9.4, 9.4.1)."
    ),
    "regroup": (
        "Show the warriors of a zone on more or fewer counters, same SP: since the British "
        "see only the count, 6 SP on six counters can pass for a big impi (a bluff) and 30 SP "
        "on three can look thin (3.4, 3.5.1)."
    ),
    "fire": (
        "Fire every ready unit of one zone at one Zulu zone on its list: one die per SP, "
        "hitting on 3-6 at range 1, 4-6 at range 2, 5-6 at range 3; NNC and the wounded never "
        "fire, and each zone fires at a target once a phase (11.1-11.4)."
    ),
    "volley": (
        "A leader (Chard, Bromhead, Durnford, Pulleine) and up to 4 SP of infantry who began "
        "the turn with him and did not move roll three dice per SP, leader included, at an "
        "adjacent zone across no wall or ridge, hitting on 3-6: 15 dice with 4 SP (14.3)."
    ),
    "ammo": (
        "Isandlwana: a fire rolled 1s and the ammunition check came up short, so pick the "
        "firing unit (never the battery) to mark Ammo Depleted; it cannot fire until after "
        "next turn's fire phase but moves and melees as usual (11.2.2)."
    ),
    "random-fire": (
        "Roll all the Zulu random fire dice at one British zone, with no range or line of "
        "sight: 4 dice at Isandlwana, 6 by day and 4 by night at Rorke's Drift (the order "
        "shows the count), hitting on 6, or 5-6 at the water cart J; never into the hospital, "
        "G or D (11.3)."
    ),
    "hits": (
        "Choose the British unit that takes the next hit: a full counter flips to its reduced "
        "side, a reduced one dies, and a leader or the battery dies at once; the suggested "
        "unit comes first (11.3, 12.4, 14.5)."
    ),
    "melee": (
        "Attack an adjacent zone with one die per SP: British hit on 5-6 (4-6 at Rorke's "
        "Drift across a wall or into or out of a building), Zulus on 6, and the Zulus reveal "
        "the SP they send; hits land only after both sides have rolled (12.1-12.8)."
    ),
    "advance": (
        "Move the attackers into a zone that their melee emptied, within the zone limits; "
        "Zulu leaders stay where they are. Wounded left alone there do not stop Zulus: they "
        "are overrun (12.7, 10.2)."
    ),
    "charge": (
        "A bayonet charge: a leader and up to 4 SP go into an adjacent Zulu zone, even after "
        "melee, and both sides roll each round until you stop, they die, or you advance into "
        "the empty zone, all of you or leaving one behind; risky, since every Zulu there rolls "
        "every round (14.4, 14.5)."
    ),
    "burn": (
        "Roll the hospital fire die: 1 nothing, 2-4 one box, 5 two boxes, 6 three; at box 5 "
        "the hospital burns down, killing all inside and giving the Zulus its 6 VP "
        "(13.1-13.4, 16.1)."
    ),
    "solo": (
        "Let the bot play the Zulus' part of this phase by the solitaire rules: entry and "
        "movement by dice, melee on the weakest British neighbour, and doubled random fire "
        "at the strongest British zone (18.0-18.1.5)."
    ),
    "end": (
        "Finish your part of this phase, or your step of the melee; anything you did not "
        "use is given up (8.1)."
    ),
}

SEQUENCE = """\
**16 turns** a battle, each in phases A to J (8.1).
Isandlwana is all daylight.
Rorke's Drift: 8 day turns, then 8 night turns (9-16).

**Turn 1**
• The British set-up is their move (4.1).
• The Zulus then march on: up to 90 SP and 4 leaders (5.2, 6.2).
• No melee or bayonet charge on turn 1 at Isandlwana (6.3).

**Every turn**
• **A British replacements** (Rorke's Drift): 2 SP for reduced units resting in G.
• **B British move**: foot 1 zone, cavalry and leaders 2.
• **C Zulu move**: losses come back, warriors enter and move.
• **D British fire**: dice by range, volleys, ammunition checks.
• **E Zulu random fire**: a few dice at one British zone.
• **F Melee**: Zulus attack first, then the British; hits after both.
• **G Bayonet charge**: leaders with 4 SP fight round after round.
• **H Hospital** (Rorke's Drift): the fire die, once it is attacked.
• **I Victory check**: VP scored, sudden Zulu wins.
• **J End turn**.

**Day and night at Rorke's Drift**
• Day: 6 random fire dice; British fire reaches range 3.
• Night: 4 random fire dice; British range 2 at most (11.5).
• The water cart J is worth 5 VP by day, less each night.
• The map is shaded dark at night.

**On the bot**
• A phase with nothing to do passes by itself.
• **End** closes your part of a phase (in melee, your step).
• Hits and Ammo Depleted marks are chosen before play goes on.
• `/game help` shows the phase and what each of your orders does.
"""

WINNING = """\
**Who wins** (16.1, 16.2)
• **British**: still standing at the end of turn 16.
• **Zulus**, at once in phase I, by either:
  – British down to **under 10 SP** in all (the battery counts 1), or
  – **14 VP** or more.

**Holding ground**
• A zone belongs to the side standing in it.
• An empty zone belongs to the last side to move into or through it.

**Zulu VP at Rorke's Drift** (16.1)
• Hospital L, M, N, O: **6 VP** for all four held at a turn's end, or once it burns. Kept.
• Kraal A and B together: **4 VP** while held.
• Final redoubt D: **10 VP** while held.
• Water cart J: **5 VP** by day, less at night (the bot's values: 4, 4, 3, 3, 2, 2, 1, 1).
  Kept for good once held at a turn's end.
• Each wounded VP unit killed: **1 VP**.
• A turn costing the Zulus **47 SP** or more: **-1 VP** (never below 0).

**Zulu VP at Isandlwana** (16.2)
Zones round Mt. Isandlwana score while held at a turn's end.
The printed values are lost; the bot uses:
• **11** and **12**: 3 VP each.
• **15**, **16** and **17**: 4 VP each (18 in all).
• A turn costing **47 SP** or more: **-1 VP** (the total may go negative).

**Thinking about it**
• British: each SP both fights and keeps you above the 10-SP line.
• British: keep stacks together, fire every turn, guard the VP zones.
• Zulus: losses come back next turn, so trade warriors for ground.
• Zulus: but not 47 SP in one turn.

**Options set at the start** (17.1-17.4)
• 1-3 more VP needed; no VP win; +10 Zulu SP; leaders carry 15; more random fire.
• **Survival levels** (17.3): all 16 turns are played, then British SP left:
  28+ British win, 19-27 Zulu marginal, 10-18 Zulu tactical, 9 or less Zulu decisive.
• **Exit** (17.4, Isandlwana): from turn 13 the British may leave by 21, 27 or 31.
  Each 12 SP out takes 5 VP off the Zulus; the under-10-SP win no longer applies.
"""

COMBAT = """\
**SP** (strength points): one die each, and the hits a unit can take.

**British fire** (phase D, 11.1-11.4)
• The units of a zone fire at one Zulu zone at a time: 1 die per SP.
• Hit on **3-6** at range 1, **4-6** at range 2, **5-6** at range 3.
• Each zone sees a fixed list of zones; the fire orders give dice and hit numbers.
• British-held zones on the way block the shot; so do buildings and the mountain.
• One clear route is enough, and units in a donga never block.
• Isandlwana: a ridge blocks unless the zones touch; a donga is hit only from next door.
• Rorke's Drift: one wall at most in the way.
• Rorke's Drift: a zone between you and that wall makes it 1 worse (4-6 becomes 5-6).
• Nobody fires into the hospital, G or D; at night range 3 is out of reach.
• NNC and the wounded never fire. The battery rolls 6 dice, but not after moving.

**Volley** (14.3)
• A leader with up to 4 infantry SP that began the turn with him, none having moved.
• 3 dice per SP, leader too: 15 dice with 4 SP, hitting on 3-6.
• Only at an adjacent zone across no wall or ridge.

**Ammo Depleted** (Isandlwana, 11.2.2)
• For each 1 rolled, roll one die again.
• Each result no higher than the distance to camp centre 15 (at least 1) marks one firer.
• You choose which; the battery never runs dry.
• A marked unit cannot fire until after next turn's fire phase; it moves and melees.

**Zulu random fire** (phase E, 11.3)
• 4 dice at Isandlwana; 6 by day, 4 by night at Rorke's Drift; doubled in solitaire.
• Any one British zone, no range or line of sight.
• Hits on **6**, or **5-6** at the water cart J.

**Melee** (phase F, 12.1-12.8)
• Only across a shared side, never a corner. Optional. Each unit once a phase.
• Zulus declare and roll first, revealing the SP they send; then the British.
• Defending rolls nothing: you hit back only by attacking.
• 1 die per SP (a leader 1, the battery 1). British hit **5-6**, Zulus **6**.
• Rorke's Drift: British hit **4-6** across a wall or into or out of a building.
• Rorke's Drift: 8 SP at most from one zone into a building zone, and out of one.
• Hits land after both sides roll; attackers may then advance into emptied zones.
• Wounded (VP units) left alone in a zone do not hold it: Zulus advance and overrun them.

**Bayonet charge** (phase G, 14.4)
• A leader and up to 4 SP charge an adjacent Zulu zone, even after melee.
• Each round you roll as in melee, and every Zulu there rolls, hitting on 6.
• Then go on, stop, or advance once the zone is empty (all, or all but one).

**Taking hits**
• The British choose who is hit: a full counter flips (2 to 1 SP), a reduced one dies.
• A leader or the battery dies at the first hit (14.5). British dead stay dead.
• Zulu losses go on the public loss track and return next Zulu move (3.5, 9.4).
• Zulu hits come off warriors first; a dead Zulu leader never returns (15.3).
• Hits on a zone where only wounded remain are lost.

**Options**
• Charts (17.0): average hits instead of dice, so no ammunition checks.
• Laager (17.1.5): zones 14, 15, 23 skip ammunition checks and get +1 in melee.
"""

UNITS = """\
**SP** = strength points. British counters have a full and a reduced side.

**Isandlwana, British**
• **A1/24 C1/24 E1/24 F1/24 H1/24**: companies of the 1st Battalion, 24th Foot.
• **G2/24**: G Company, 2nd Battalion. Infantry: 2 SP (1 reduced), 1 zone.
• **NNC**: Natal Native Contingent, 2 SP. Melee only, never fire.
• **CavV CavH CavD CavR CavRb**: mounted troops of Vause, Henderson, Davies, Raw, Roberts.
  2 SP; they move 2 zones and still fight.
• **Bty**: N/5 Battery RA (Curling). Fires 6 dice; moves 1 zone *or* fires.
  Counts 1 SP in melee, zone limits and victory; one hit destroys it.
• **AD** Col. Durnford, **HP** Lt-Col. Pulleine: leaders.

**Rorke's Drift, British** (foot counters 2 SP, 1 reduced)
• **JC** Lt. Chard, **GB** Lt. Bromhead: leaders.
• **B2/24**: B Company, 2nd/24th. **Guard**: its men in the hospital.
• **Sick**: patients fit to shoot. **C&T**: Commissariat and Transport.
• **NNC**: the contingent's officers and NCOs (they fire). **Det**: police, orderlies.
• **FB** Colour Sgt. Bourne, **JD** Acting Asst. Commissary Dalton.
  Options: both move as leaders (17.1.1); Bourne may lead a bayonet charge (17.1.2).
• **Wnd**: the wounded, **VP units**. No SP, never fight; 1 VP to the Zulus if killed.
  Zulus entering a zone that holds only wounded kill them.
  They move one zone with 1 infantry SP each that began the turn with them,
  once the hospital is attacked or burning (10.8).

**British leaders** (1 SP, 14.1-14.5)
• Move 2 zones, taking 4 SP of foot along (not in or out of the hospital).
• Lead volleys and bayonet charges. Any hit kills a leader.

**Zulus**
• Warriors on counters of 1 to 10 SP: 90 SP in all, 43 counters in the mix.
• Warriors move 1 zone.
• 4 leaders, 1 SP each in combat, outside the 90: each takes 10 SP a second zone.
• Only the Zulu player sees his SP; everyone sees counters and leaders.
• SP show only when the Zulus melee or meet a bayonet charge.
• Bluff: regroup a zone onto more counters to look strong, or fewer to look weak.
• Losses return as replacements; SP off the map wait to enter.

**Zone limits** (2.2)
• Isandlwana: 16 British SP and 30 Zulu SP a zone; leaders do not count.
• Rorke's Drift: open zones have no limit.
• Hospital L-O, storehouse G, roof H, redoubt D: 8 SP each (a British leader counts 1).
• Only the British go on the roof H.
• At Rorke's Drift the British stay in the lettered compound zones (2.1).
"""

MAP = """\
The map is cut into rectangular **zones**, named by the letter or number in a corner.
Moves and melee cross a shared side; zones meeting only at a corner are not neighbours.

**Ground**
• Sand: open ground.
• Pink wash: the board edge, where the Zulus come on (see Entry) and may leave.
• Night: the whole map is shaded blue-grey.
Rorke's Drift (lettered zones are the compound, numbered ones outside):
• Tan: **buildings**, the hospital L-O and the storehouse G.
• Dark brown: the **roof** H, British only.
• Pale gold: the **redoubt** D. Grey: the **kraal** A and B.
• Brown: the **heights** of the Oskarberg, 22-24.
Isandlwana:
• Pale green: the **plateau**, the heights and escarpment.
• Hatched: a **donga** (19, 25); entering one ends a move.
• Dark, hatched **MT**: Mt. Isandlwana, closed to all; it blocks fire.

**Lines between zones**
• Thin grey: open. Dark brown: building wall.
• Ochre: mealie-bag wall; ochre with a dark stripe: bags on wagons.
• Grey: stone wall. Blue: biscuit-box wall. All walls work the same.
• Green: the ridge line (Isandlwana). Crossing it ends a move.
  It blocks fire between zones that do not touch.

**Entry** (2.1)
• Rorke's Drift: any edge zone, every turn.
• Isandlwana: only the shield zones, which the map does not draw:
  X and Y from turn 1, 2 from turn 3, 19 from turn 4, 1 from turn 5, 30 from turn 6.
• If the British hold a shield zone, the Zulus come on beside it.

**Pieces**
• Red counter: a British stack. Top line: the top unit's name.
  Big number: the stack's SP. **x3**: three counters in it.
• The Zulu player sees only the top unit and its SP.
• Pale pink: the top unit is reduced. Black corner: it moved this turn.
• Gold **L** badge: a leader in the stack. White **V** (or 2V): wounded VP units.
• Dark grey square: Zulus. The number counts counters (a shadow when several).
  Gold **L** or **3L**: their leaders. "21 SP" shows only on the Zulu player's map.
• Yellow plates: **No ammo** (Ammo Depleted), **Bty moved**.
• Red plate **-4**: SP lost there in the last phase that had losses.
• Blue arrows: the moves of the last phase that had moves.

**Under the map**
• Battle, turn, day or night, phase.
• Losses: the Zulu loss track and the British SP lost. Zulu VP.
• SP held off the map (Zulu player only).
• The hospital fire track 0-5 (Rorke's Drift), the result, and a key.

Not drawn: the printed range lists and VP values.
The fire orders give hit numbers; `/game rules` topic winning lists the VP zones.
"""

SOLITAIRE = """\
**Solitaire** (18.0): you play the British; the bot plays the Zulus by dice.
The only Zulu order is **solo**: each one plays a whole Zulu phase.

**Entry** (18.1, 18.1.3)
• Rorke's Drift, one die: 1 zone 18, 2 zone 19, 3 zone 20, 4 zone 21, 5 zone 17.
  On a 6 the force splits in two and each half rolls again.
• Isandlwana: a chart by turn sends the force to X or Y early, later to 2, 19, 1 or 30.
• A zone there holds 30 SP: leaders take 10 SP each one zone on, and the rest waits.
• Replacements wait off the map until 30 SP or more have piled up (18.1.4).

**Movement** (18.1.4.1)
• A force next to British units stays put to melee.
• Otherwise one die for each Zulu zone:
  1-2 one zone left; 3-4 towards the nearest British; 5-6 one zone right.
• The whole force moves. Towards the British, leaders take 10 SP each two zones
  where no wall or building is in the way, and the rest go one zone.
• -1 with Zulus in the zone on its right, +1 with Zulus on its left.
• Left and right face the compound (Rorke's Drift) or zone 15 (Isandlwana).

**Fighting**
• Each force attacks the weakest British zone next to it, and advances if it empties it.
• Random fire dice are doubled and all go at the zone with the most British SP
  (18.1.2, 18.1.5).
• The hospital fire die is rolled whenever it is due.
"""

TOPICS: dict[str, str] = {
    "sequence": SEQUENCE,
    "winning": WINNING,
    "combat": COMBAT,
    "units": UNITS,
    "map": MAP,
    "solitaire": SOLITAIRE,
}

GUIDE = Guide(phase_of=phase_of, phases=PHASES, orders=ORDERS, topics=TOPICS)
