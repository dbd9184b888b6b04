"""Terroristen-Mau-Mau (ter.*): its definition, scoring, referee rules and whole-game driver."""
