"""Changes pushed to the phones watching a table (Server-Sent Events).

A committed change (`app.store.announce`) reaches the hub of every serving process: directly in
the process that made it, and through PostgreSQL's LISTEN/NOTIFY in the others. Each watching
phone holds one event stream (`/t/<id>/events`) in the event loop, not a thread, and is sent
its fresh page (app.push.render) after each change. Phones fall back to polling the version when
a stream cannot be held.
"""
