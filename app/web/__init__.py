"""Request plumbing every blueprint shares: the app class, sessions, languages, headers, static
files, limits, timeouts, error pages, and finding a table or group by its id."""
