"""What ``/game help`` and ``/game rules`` teach about Zulus on the Ramparts!: its phases, what
each kind of order does, and a short guide by topic, written for a newcomer reading on a phone."""

from __future__ import annotations

from bot.posting.guide import Guide, PhaseNote
from games.core.engine import JSON

STEP_PHASE: dict[str, str] = {
    "turn": "setup",
    "impi": "impi",
    "action": "action",
    "draw": "draw",
    "hero": "hero",
    "reynolds": "housekeeping",
    "discard": "housekeeping",
    "over": "end",
}
"""The engine's ``step`` (games.ramparts.phases) to the phase of the turn it belongs to.
``fire_choice`` is missing on purpose: it belongs to whichever phase rolled the fire dice."""


def phase_of(state: JSON) -> str:
    """The phase a position is in, read from the engine's own ``step`` field."""
    if state.get("over"):
        return "end"
    step = state.get("step", "turn")
    if step == "fire_choice":
        # The Fire Fighting roll of the Action Phase comes back to it; a Building Ablaze
        # chit's roll is the iButho Phase's.
        return "action" if state.get("resume") == "action" else "ibutho"
    return STEP_PHASE.get(step, "setup")


PHASES: dict[str, PhaseNote] = {
    "setup": PhaseNote(
        "Set Up",
        "Each iButho is put at random on the 5 box of one track, the Ammunition / Water Low "
        'marker starts on the map, and you begin holding Chard, Bromhead and "Here they '
        'come...". Night is buried about halfway down the Draw Pile and the Relief Column '
        "somewhere in its last four cards.",
        "3.0",
    ),
    "impi": PhaseNote(
        "iMpi Phase",
        "A chit has just come out of the iMpi cup and an available hero may answer it before it "
        "acts: Dalton (discarded) cancels it, Schiess (back to hand) makes an Advance one box "
        "shorter. Spend them on a chit that would carry an iButho into the compound.",
        "4.0, 5.0",
    ),
    "ibutho": PhaseNote(
        "iButho Phase",
        'The chit takes effect: Advance chits push iButhos along their tracks, an "R" chit '
        "pulls them back to regroup, Events strike. The game waits here only when a Building "
        "Ablaze roll puts out one of two fires: a fire halts iButhos entering it, but hides "
        "those behind it from your Volleys.",
        "5.0-5.3",
    ),
    "action": PhaseNote(
        "Action Phase",
        "You usually get one Action, plus any free ones from heroes' abilities: Put Forth a "
        "hero, fire a Volley card, build, form the Reserve Platoon, fight a fire or hand out "
        "ammunition. First deal with the iButho nearest the Zulu Victory marker, then make "
        "the coming turns safer.",
        "6.0-6.7",
    ),
    "draw": PhaseNote(
        "Card Draw Phase",
        "The top card of the Draw Pile has been drawn; Chard (back to hand, if you held three "
        "cards or fewer) or Bromhead (discarded) can draw more. The Night card gives Volleys -1 "
        "while no building burns; the Relief Column card ends the game at once.",
        "7.0, 10.0, 11.0",
    ),
    "hero": PhaseNote(
        "Hero Phase",
        "Put Forth one Hero or Group from your hand at no cost; a Private may bring a second "
        "Private with him, and Dick can always come. Prefer a hero whose Heroic Defense guards a "
        "threatened box, or one who will give you extra Actions next turn.",
        "8.0, 6.2",
    ),
    "housekeeping": PhaseNote(
        "Housekeeping Phase",
        "The game checks whether every iButho is routed or wiped out (a win), an available "
        "Surgeon Reynolds may bring one discarded hero back, and then you cut your hand to "
        "five cards unless Colour Sergeant Bourne is available. Keep the cards with many "
        "Close-range dice for the last stand.",
        "9.0, 11.0",
    ),
    "end": PhaseNote(
        "Victory & Defeat",
        "The battle is over: an iButho broke in, every iButho was routed or destroyed, or "
        "Lord Chelmsford's column came back. Your VP total sets the Victory Level.",
        "11.0",
    ),
}

ORDERS: dict[str, str] = {
    "go": (
        "Move on: let the chit stand, end the Action Phase (an unused Action is lost), stop "
        "drawing, end the Hero Phase or leave Reynolds idle (4.0)."
    ),
    "forth": (
        "Put Forth: a Hero or Group goes from hand to the Tableau, ready for use. It costs your "
        "Action in the Action Phase (6.2), one is free in the Hero Phase (8.0). Also plays Events."
    ),
    "work": (
        "Use a hero. Jobs cost the Action: Reserve Platoon (6.3), a barricade third (6.4), Fight "
        "the fire, hand out ammo to end Ammo Low's -1 (6.5-6.6); after those last two the hero "
        "is back in hand, scoring nothing there until Put Forth again. Abilities, e.g. against "
        "an iMpi chit, are free: the card returns to hand, goes in the deck or is discarded (6.2)."
    ),
    "volley": (
        "Discard a gray Volley card from hand to roll its dice at an iButho in range: costs your "
        "Action, but #5 is free. Volley Fire by Ranks and Commit Reserve Platoon put Ammo Low "
        "back (6.7, 6.6)."
    ),
    "sacrifice": (
        "Heroic Sacrifice: discard an available hero to fire his card's Volley. A free Action, "
        "but he and his VP are lost (6.2.4, 6.7.2)."
    ),
    "pick": (
        "A choice the rules leave to you: which card to throw away to get down to five in hand "
        "(9.0), or which of two burning buildings is put out when the roll says one fire goes "
        "out (5.3.1, 6.5). Costs nothing more."
    ),
}

SEQUENCE = """\
**Each turn has six phases** (4.0)
1. **iMpi** – one chit comes out of the iMpi cup. An available Dalton or Schiess may answer it.
2. **iButho** – the chit acts: iButhos advance, fall back, or an Event strikes (5.0). \
An iButho that reaches the Zulu Victory marker wins the game for the Zulus at once.
3. **Action** – usually one Action, plus any free Actions (6.0).
4. **Card Draw** – take the top card of the Draw Pile (7.0).
5. **Hero** – Put Forth one Hero or Group for free (8.0).
6. **Housekeeping** – no iButho left fighting? You win. Else cut your hand to 5 cards (9.0).

**What one Action buys** (6.0)
• Put Forth a Hero or Group (6.2)
• Form the Reserve Platoon (6.3)
• Add one third to a barricade (6.4)
• Try to put out a burning building (6.5)
• Hand out ammunition and water (6.6)
• Fire a Volley card from your hand (6.7)
Free Actions (6.1): every ability of an available hero, his own Volley included, and cards \
that say so, such as #5 "Here they come...". Chard, Bromhead, Windridge and Dick can add Actions.

**Heroes' three states** (6.2)
• In hand – does nothing yet.
• *Available* – Put Forth onto the Tableau: can use abilities, fire, work.
• *Committed* – standing in the Reserve Platoon or building a barricade.
Fighting a fire or handing out ammunition sends the hero back to your hand.

**The clock**
• A turn is about 15 minutes; the battle opens at 3:30 PM (3.0).
• The Night card lies about halfway down the Draw Pile (10.0).
• The Relief Column is among the last four cards: drawing it ends the game (3.0, 11.0).
• The Seniority Debate chit sends up to five available leaders back to hand and \
cancels the rest of the turn, Housekeeping included (5.3.5).

**How the bot runs it**
The Zulus play themselves. The bot stops only where you have a real choice and runs the \
other phases by itself. Buttons by kind: **go** moves on, **forth** Puts Forth, **work** \
uses a hero, **volley** fires a card from hand, **sacrifice** fires a hero, **pick** \
answers a choice. `/game help` explains the moment you are in.
"""

WINNING = """\
**Three ways the battle ends** (11.0)
• **Military Defeat** – an iButho enters the box holding the Zulu Victory marker. It starts \
on both 0 boxes; each finished barricade moves it back: to -1, then -2 (6.4).
• **Military Victory** – at Housekeeping no iButho is left fighting: each is routed or \
wiped out.
• **Political Face-Saving** – you draw card #1, Lord Chelmsford's Relief Column. This is the \
usual way to survive, and what happened in 1879.

**Then VP set the result, whatever the ending** (11.0)
• +1 each available or committed Hero/Group with no medal
• +2 each with a medal (VC or DCM)
• heroes in hand or discarded score nothing
• +3 each Zulu Hit marker in the Casualties box
• +4 each for the Hospital and Storehouse if not burning
• +6 each iButho wiped out (a routed one scores 0)
• +10 if the Relief Column was drawn
• banners in play: NNC -7, NNH -5, G Co. -10
• optional rules: -1 per optional card, -1 Melee (12.2), -2 Officers (12.5)

**Victory Levels**
• 24 or less – Tragic Defeat
• 25–34 – Ignoble Defeat
• 35–39 – Standoff (a draw)
• 40–49 – Minor Victory
• 50–59 – Major Victory (the historical result)
• 60 or more – Epic Victory

The bot's top band shows the VP you would score if the game ended now.

**What that means in play**
• Being overrun costs the Relief Column's +10, so a defeat is usually Tragic.
• Heroes score only on the Tableau or committed. A Heroic Sacrifice throws away 1-2 VP.
• Every Hit is 3 VP; finishing an iButho off adds 6 more. Routing one only buys time.
• Put fires out before the end: each standing building is 4 VP.
• Advance chits are spent once drawn (5.1), so the rush slows as the cup empties, unless \
Prince Dabulamanzi puts some back (5.3.3).
"""

COMBAT = """\
**Firing a Volley** (6.7)
1. Choose an iButho in range.
2. Discard a card that shows Volley dice.
3. Roll that card's dice for the range.
4. Apply every Hit, then every Retreat.

**Range** (6.7.1)
• **Close** – the 1 box, a 0 box or -1 (melee)
• **Medium** – the 2 box
• **Long** – the 3 box
• the 4 box – only outside Groups (Natal Native Horse, G Company)
• the 5 box – out of reach
• If an iButho is inside (0 or -1), every Volley must be aimed at the one deepest in, except an \
outside Group's.
• No firing past a burning building: on its track only the 1 box is a target.

**What each die means** (6.7.4)
• 1, 2, 3 – miss
• 4 – miss; but a Retreat if the target stands in a burning building
• 5 – **Retreat**: the iButho goes back one box
• 6 – **Hit**: one of its Hit markers goes to the Casualties box; with none left the \
iButho is wiped out
• Pushed back past its 5 box, an iButho is **Routed** and out of the fight until an "R" \
chit rallies it.
• Falling back into an occupied 0 box pushes that occupant back first.
(The dice pictures were lost from the rules text; the bot reads them this way.)

**Penalties: -1 each** (6.7.5)
• the Ammunition / Water Low marker on the map
• Night, unless a building is burning (10.0)
• a Rifles Overheat or Zulu Snipers chit this turn
Each -1 comes off a different die, highest first: a 6 turns into a Retreat, a 5 into a miss. \
G Company's banner (optional) gives +1 to one die against boxes 1 to 4; a +1 and a -1 cancel.
An "R" chit means no Volleys at all that turn.

**Which card fires** (6.7.2)
• A gray Volley card from hand – costs your Action (#5 "Here they come..." is free).
• An available hero with dice – a free Action, but he is discarded (Heroic Sacrifice).
• Volley Fire by Ranks and Commit Reserve Platoon put the Ammo Low marker back (6.6).
• Several Volleys a turn are fine, each settled in full before the next (6.7.6).

**Holding them off without dice**
• **Heroic Defense** (5.1.3): before an iButho enters a guarded box, a die is rolled. On \
the hero's numbers it is held outside; otherwise it gets in and the hero drops back to hand.
• An iButho that enters a burning building stops there for the turn (5.3.1).
• Only one iButho fits in each box inside the compound (5.1.2).
• Barricades (6.4): three Actions each move the Zulu Victory marker one box deeper.
"""

UNITS = """\
**The British are cards** (6.2)
• **Hero / Group** – a man or a body of men. Put Forth to the Tableau to use.
• **Volley** (gray title) – fired from your hand.
• **Event** (green or leather) – played from hand, some only once their Restriction is met.
• Title colour: red soldiers · blue commissariat · brown Natal Native · purple clergy · \
white special characters and outside groups, who cannot do the jobs of 6.3-6.6.
• **VC / DCM**: a medal; the card scores 2 VP instead of 1 (11.0).
• **C/M/L** dice (Close, Medium, Long; "4 box" for outside groups): dice its Volley rolls.

**Words on the cards** (6.2.1-6.2.7)
• **While Available** – works on its own; a Heroic Defense marker guards a box.
• **Return** – use it, the card goes back to your hand.
• **Insert** – use it, it goes into the middle of the Draw Pile.
• **Discard** – a Heroic Sacrifice: the card is gone. A hero's Volley counts as one.
• **Bonus** – easier to Put Forth in the Hero Phase (Privates in pairs, Dick always).
• **Penalty: Discard** – wasted if drawn at the wrong moment.

**Cards to know**
#1 Relief Column · #2 Night · #3 Chard, #4 Bromhead (lieutenants) · #5 "Here they come..." \
· #6 Dalton guards the Storehouse · #12 Hook the Hospital · #8 Bourne lifts the hand limit · \
#10 Reynolds heals · #26-27 Commit Reserve Platoon · #32-50 optional cards.

**The Zulus: four iButhos** (2.3, 3.0)
uThulwana (strength 5), uDloko (4), inDlondo (4), inDluyengwe (3). One stands on each \
track, named for the bull-buffalo attack: **Left Horn, Loins, Chest, Right Horn**. \
Strength = the standee plus its Hit markers.

**iMpi chits, drawn one a turn** (5.1-5.3)
• **Advance** – a group and a number, e.g. "Chest Advance 2"; "Both Horns" and "All" move \
several. Nearest iButho moves first.
• **"R"** (3) – Regroup (iButhos in boxes 3-5 regain a marker), Rally the routed, Retreat \
those in box 2 or nearer, and no Volleys this turn.
• **Building Ablaze** (2) – a roll may set the Hospital or Storehouse alight.
• **inDluyengwe Forward!** – that iButho advances 2.
• **Prince Dabulamanzi** – a die roll of used Advance chits go back in the cup.
• **Rifles Overheat** – one more chit (used only if an Advance); Volleys -1.
• **Zulu Snipers** – draw on until an Advance; Volleys -1.
• **Seniority Debate** – Chard, Bromhead, Dalton, Bourne and Windridge go back to hand; \
the rest of the turn is lost.
• **Washing of the Spears** – the iButhos nearest the compound fall back one box.
Building Ablaze and Dabulamanzi return to the cup by day; Overheat and Snipers always do; \
the others are spent.
"""

MAP = """\
**Top band**
• Turn, and DAY, NIGHT or DAWN (the band turns dark blue at night).
• VP: your score if the game ended now.
• Red **AMMO LOW** tag: Volleys -1 until a hero hands out ammunition.
• Dark **RIFLES OVERHEAT** / **ZULU SNIPERS** tags: Volleys -1 this turn.
• **NO VOLLEYS**: an "R" chit was drawn this turn.

**Four rows, one per track** (top to bottom)
Left Horn · Loins · Chest · Right Horn
• Boxes run from **5** at the left to **1** on the right; the Zulus move left to right.
• 5 is out of range, 4 only for outside groups, 3 Long, 2 Medium, 1 Close.
• **1 Hospital** (Left Horn) and **1 Storehouse** (Right Horn) are the buildings. A \
burning one turns orange and says ON FIRE.

**Inside the compound** (pink boxes, right)
• Two **0** boxes: the upper one takes Left Horn and Loins, the lower one Chest and Right Horn.
• Then **-1** and **-2**, each shared by all four tracks.
• One iButho at most in each of these boxes.
• Thick red border with **ZULU WIN**: the Zulu Victory marker. An iButho entering it ends \
the game in defeat.
• Brown bar **1/3** or **2/3**: the next barricade under way. **Inner Barricade** and \
**Final Redoubt** mark finished ones.

**On the boxes**
• Dark disc: an iButho; its name above, its strength inside (standee plus Hit markers).
• Grey disc marked **ROUTED** in a 5 box: out of the fight until an "R" chit.
• A wiped-out iButho disappears from the tracks.
• Gold strip with a name (Hook, Dalton, Adendorff, Williams, Contingent): that hero's Heroic \
Defense marker guarding the box.

**Panel underneath**
• **Available** – the heroes on your Tableau.
• **Committed** – the Reserve Platoon pair and the barricade builder.
• **Banners** – NNC, NNH or GCO, if a Group made its sacrifice.
• **Zulu casualties** – Hit markers taken, and iButhos wiped out.
• **Hand · Draw Pile · Discards · iMpi cup** – how many cards or chits each holds. Only the \
count of your hand is public.

**Your hand picture** (only you see it)
Each card shows its title bar in its colour, its number and name, VC or DCM in gold, the \
dice it rolls at Close, Medium and Long (and the 4 box), then what its abilities do.
"""

GUIDE = Guide(
    phase_of=phase_of,
    phases=PHASES,
    orders=ORDERS,
    topics={
        "sequence": SEQUENCE,
        "winning": WINNING,
        "combat": COMBAT,
        "units": UNITS,
        "map": MAP,
    },
)
