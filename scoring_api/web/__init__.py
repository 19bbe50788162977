"""The players' page: a hand-written HTML/CSS/JS page served at ``/`` by the app itself.

No build step, no CDN, no external font: everything the page needs is in ``static/``. The page
talks only to this service's own JSON API (relative URLs), so it works with no internet.
"""

from __future__ import annotations

from flask import Blueprint, Response, render_template

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
