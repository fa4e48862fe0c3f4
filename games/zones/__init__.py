"""The zone-map game of Isandlwana and Rorke's Drift: its data and the loaders that check it."""
