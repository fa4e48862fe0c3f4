"""Tests of the referee tables: schemas, lookups, worked examples and house rules."""
