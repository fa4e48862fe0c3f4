"""Last Stand at Isandlwana (Decision Games, 2019): hex-and-counter rules as a pure engine.

Where the rule book is silent or contradicts itself, the engine reads it as follows
(the map and counter data carry their own notes in ``data/``):

- Reaction fire adds the range-1 bonus (+1): the worked example of play does, although the
  reference chart says not to. Colours add +1 only in the combat phases (8.10).
- Line of sight (8.5) limits ranged fire only: adjacent fire and attacks are never blocked;
  a unit may fire out of a heights hex but not into or across one; a line running exactly
  along a hexside is blocked only if both sides are heights.
- A Zulu names the British unit it attacks before rolling: its hex and formation give the
  defence. Under rules revision 2 a hit on a hex with several combat units falls on the
  one the Zulu player picks after the roll, the named unit by default (8.3.2); under
  revision 1 it always fell on the named unit.
- 4.2 needs a British unit or leader still on the map: under revision 2, a leaders' phase
  on turn 6 that removes the last of them ends in the Zulu victory of 4.3; revision 1
  gave that game to the British.
- Rules revisions: a game keeps the revision it started under (``state.RULES``), so
  fixes that change what is legal never alter a running game or its replay.
- An unguarded wagon (no British combat unit or leader with it) may be entered by a Zulu
  moving in, which captures it and the Colours; a leader or combat unit bars the hex.
- Eliminated Zulus wait off the map by part (east or west of the 13xx/14xx line) and
  re-enter through any onrush hex of that part in a movement phase (8.8).
- Squares: a unit has 4 MP a phase; forming or leaving square costs 2; moving in square
  costs double, which gives the MA of 2 (7.7).
- The wagon moves two hexes along the road or one hex of clear, tent or road terrain,
  paying 1 a hex; an escort moving with it pays its own terrain costs (7.8).
- Sending the Colours away (5.10) cancels 4.1 and, as written, 8.12: losing the wagon then
  costs no fire penalty.
- The 2004 overstack (6.2) is resolved when the first British movement phase ends: the
  weakest units leave first, into the open neighbour the Zulu player picks (by default
  the one with most Zulus around it, the dice breaking ties); hemmed in, they are lost.
- Lt. A cannot arrive (5.9) if every hex at and around the wagon is Zulu-held or full;
  it is then lost. With the wagon already captured the Colours are sent away.
- A phase in which nobody can act passes by itself; Phases VI and VII are one roll each.
- Solitaire Zulus (9.2) fill hexes ring by ring out from the British, the wagon's ring
  first; among Zulus that could fill a hex, the one farthest from the British goes,
  the dice choosing among equals. They attack every adjacent unit once before any twice,
  strongest first, always advance (from revision 2 only a Zulu that attacked the emptied
  hex, 8.7), and let a hit on a stack fall on the unit they named.
"""
