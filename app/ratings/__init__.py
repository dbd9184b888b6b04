"""Player ratings of a group (Weng-Lin, openskill's PlackettLuce model), head-to-head records,
partners and win chances: pure functions over a group's tables, no Flask, no database.

What one rated result is (a game, a set or a table) is each variant's to say
(`Variant.rated_results`).
"""
