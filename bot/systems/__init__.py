"""The game systems the bot offers, one folder each with everything the bot adds to that system."""
