"""Referee bookkeeping beyond the tables: a channel's unit roster and its event deck."""
