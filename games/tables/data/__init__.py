"""The rule tables as JSON data files, read with importlib.resources."""
