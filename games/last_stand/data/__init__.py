"""The map and order of battle of Last Stand at Isandlwana, as JSON data files."""
