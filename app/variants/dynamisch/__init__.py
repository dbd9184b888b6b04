"""Dynamisches Maumau (dyn.*): its definition, scoring, referee rules and whole-game driver."""
