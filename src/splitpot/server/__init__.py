"""The web table: ``splitpot serve`` hosts tables that friends play in the browser.

:func:`create_app` builds the Starlette app (:mod:`.app`) over a database (:mod:`.store`);
each table lives in :mod:`.tables` (its state) and the modules beside it, one job each
(:mod:`.runner`, :mod:`.play`, :mod:`.seating`, :mod:`.chat`, :mod:`.snapshot`), the lobby in
:mod:`.lobby`, the wire format in :mod:`.wire`, and the page in ``static/`` (plain HTML, CSS
and JavaScript modules).
"""

from __future__ import annotations

from splitpot.server.app import create_app
from splitpot.server.settings import Settings

__all__ = ["Settings", "create_app"]
