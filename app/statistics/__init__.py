"""A player's statistics and a group's season: pure functions over the rated results and the
tables of a group (`app.ratings.ledger`), no Flask, no database.

What a "game" is here is what the ratings count (a game, a set or a finished table, as each
variant's definition says): the player page says so in one sentence.
"""
