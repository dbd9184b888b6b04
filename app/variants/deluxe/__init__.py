"""Maumau-Deluxe (dlx.*): its definition, scoring, referee rules and whole-game driver."""
