"""Speedone (spd.*): its definition, scoring, referee rules and whole-game driver."""
