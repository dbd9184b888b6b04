"""Persistence: the database and its models, and what is stored, one module each (tables,
rounds, their change log and undo, settings, groups, locking, purge)."""
