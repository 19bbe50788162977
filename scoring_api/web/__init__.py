"""The players' page: a hand-written HTML/CSS/JS page served at ``/`` by the app itself.

No build step, no CDN: everything the page needs is in ``static/``, its own font too
(``static/fonts/``, so that it looks the same whatever fonts a machine has). The page
talks only to this service's own JSON API (relative URLs), so it works with no internet.
"""

from __future__ import annotations

import mimetypes

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


@web.get("/")
def index() -> Response:
    response = Response(render_template("web/index.html"), mimetype="text/html")
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response
