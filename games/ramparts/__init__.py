"""Zulus on the Ramparts!: the solitaire defence of Rorke's Drift, run as a pure engine.

Where the rules are silent or the printed text was lost, these are the readings
used (each is also noted where it is implemented, or in the data files):

- Lost die faces: Volley dice 1-3 miss, 4 misses unless the target is in a burning
  building (then it retreats), 5 retreats, 6 hits; Building Ablaze rows are faces 1-6
  top to bottom. Heroic Defense: Hook stops on 4-5 (rules), Dalton on 4-6 (the example
  of play's roll of 4 holds the Storehouse), the others on 5-6.
- The Hospital is the Left Horn's 1 box; the Storehouse the Right Horn's (13.0).
- A Heroic Defense marker's "lower-numbered boxes" are those further along its own
  track: its 0 box, -1 and -2. An iButho turned back by one, blocked by an occupied
  interior box, or entering a burning building stops for the rest of that chit.
- Both 0 boxes count as the same number for Washing of the Spears; routed iButhos are
  in no box for it, for targeting or for "R" step C, which retreats the outermost first.
- Zulu Snipers draws at random among the Advance chits in the cup (the same odds as
  drawing and throwing back). Dalton's cancelled chit goes back into the cup. iMpi-phase
  abilities answer the chit drawn in the iMpi Phase, not a second chit it draws.
- In the Final Assault every surviving iButho, routed or not, stands on its 3 box before
  the "R" result; the later draws run on their own.
- G Company's +1 goes where it helps most (a 5 to a Hit, else a Retreat). Its banner
  costs -10 VP as the VP schedule says (12.3.4 prints -7).
- Twin Volley cards are offered once. Commit Reserve Platoon leaves the platoon formed.
  A withdrawn builder keeps the barricade's progress; resuming costs an Action and adds
  a step. Mealie-Bag Walls and Bucket Brigade cost the Action; the Movie cards are free.
- #5 "Here they come..." is fired without spending the Action (6.1 names it as a card
  awarding a free Action). The Discard Pile is face up (7.2), so discards are announced.
- Chard and Bromhead draw after the phase's own draw. Dick never uses up the Hero
  Phase's one free Put Forth. Reynolds works once per Housekeeping, before the hand
  limit; his fate: 1-2 discarded, 3-4 back to hand, 5-6 stays.
- The odds estimate reshuffles the unseen Draw Pile in every run.
"""

from games.ramparts.system import SYSTEM

__all__ = ["SYSTEM"]
