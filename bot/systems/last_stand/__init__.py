"""Last Stand at Isandlwana on the bot: its pairing and its commands."""
