"""The players' page: a hand-written HTML/CSS/JS page served at ``/`` by the app itself.

No build step, no CDN: everything the page needs is in ``static/``, its own font too
(``static/fonts/``, so that it looks the same whatever fonts a machine has). The page
talks only to this service's own JSON API (relative URLs), so it works with no internet. What
it offers before anyone chooses (each seat's strategy) the service writes into the page, so
that no strategy is named in its scripts.
"""

from __future__ import annotations

import mimetypes
from typing import Final

from flask import Blueprint, Response, render_template

# The font's type, which Python 3.11 knows only from the system's mime.types (a slim image
# has none): without it the font would be served as application/octet-stream.
mimetypes.add_type("font/woff2", ".woff2")

web = Blueprint(
    "web",
    __name__,
    static_folder="static",
    static_url_path="/web/static",
    template_folder="templates",
)

# The page loads nothing from anywhere else and runs no inline script or style.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)


SIMULATION_SEATS: Final = ("expected", "greedy", "expected", "greedy")
"""The simulation view's strategies before anyone chooses, seat 0 first (they sit at every
table: ``GET /v1/strategies``)."""
PRACTICE_SEATS: Final = ("expert", "expected", "greedy")
"""The practice table's computer seats before anyone chooses, seats 1 to 3."""


@web.get("/")
def index() -> Response:
    page = render_template(
        "web/index.html", simulation_seats=SIMULATION_SEATS, practice_seats=PRACTICE_SEATS
    )
    response = Response(page, mimetype="text/html")
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response
