"""The zone-game data: both maps, the forces, the charts and the notes on readings of the text."""
