"""Alembic's entry point for the web table's migrations (run by ``Store.migrate``).

The store hands over an open connection (``config.attributes["connection"]``); the command
line (``alembic -x url=sqlite:///splitpot.db upgrade head`` with ``script_location`` set to
this folder) may give a URL instead.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from splitpot.server.store import Base, database_url

config = context.config
connection = config.attributes.get("connection")
if connection is None:
    url = context.get_x_argument(as_dictionary=True).get("url", "sqlite:///splitpot.db")
    with create_engine(database_url(url)).begin() as opened:
        context.configure(connection=opened, target_metadata=Base.metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
