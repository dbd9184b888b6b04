"""Edit rights: the tables and groups this phone may change, edit links, deletion."""
