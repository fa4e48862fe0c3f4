"""The zone game of Isandlwana and Rorke's Drift on the bot: its pairing and its commands."""
