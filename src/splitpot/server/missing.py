"""The page a wrong address gets: an unknown table's code (``/t/NOPE99``, a WebSocket to
``/ws/NOPE99``) or a path the server does not serve. A page a person can read, HTML with status
404, saying what was not found and leading back to the lobby, rather than a bare line of text."""

from __future__ import annotations

import html

from starlette.requests import Request
from starlette.responses import HTMLResponse

__all__ = ["NO_PAGE", "not_found", "not_found_handler"]

NO_PAGE = "this address is not a page of splitpot"
"""Why a path the server has no route for is not found."""

_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title} — splitpot</title>
  <link rel="stylesheet" href="/static/css/splitpot.css">
  <link rel="icon" href="data:,">
</head>
<body>
  <header class="bar"><a class="brand" href="/">splitpot</a>
    <span class="title">high-low stud for friends</span></header>
  <main class="lobby">
    <h1>{title}</h1>
    <section class="panel">
      <p>{why}.</p>
      <p>{hint}</p>
      <p><a href="/">Back to the lobby</a></p>
    </section>
  </main>
</body>
</html>
"""


def not_found(why: str, *, table: bool = True) -> HTMLResponse:
    """The 404 page: ``why`` (one line, escaped), and the way back to the lobby. ``table``:
    the address named a table (a mistyped or old link), else any other path."""
    title = "No such table" if table else "Nothing here"
    hint = (
        "Check the link your friend sent (a table's code is six letters and digits), or start a "
        "table of your own in the lobby."
        if table
        else "The tables are in the lobby."
    )
    text = _PAGE.format(title=title, why=html.escape(why[:1].upper() + why[1:]), hint=hint)
    return HTMLResponse(text, status_code=404)


async def not_found_handler(request: Request, exc: Exception) -> HTMLResponse:
    """Starlette's handler of a 404 that no route answered: the page, not a bare text."""
    return not_found(NO_PAGE, table=False)
