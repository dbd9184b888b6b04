"""The variants, one folder each: its definition, scoring, referee rules and whole-game
driver (`app.variants.registry` finds a variant by its id)."""
