"""Doppel Mau-Mau (dop.*): its definition, scoring, referee rules and whole-game driver."""
