"""The API reference page: Swagger UI served from the app's own assets (works offline).

Swagger UI's files come from the flask-swagger-ui wheel (``dist/``), served under ``/docs/``;
the page itself is ours (``templates/docs/index.html``): a viewport meta and a few rules of
CSS so it reads on a phone, and Swagger UI's base layout (no top bar with a URL box).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import flask_swagger_ui
from flask import Blueprint, Flask, Response, render_template, send_from_directory

DOCS_URL = "/docs"
TITLE = "Domino cribbage scoring API"
CONFIG: dict[str, Any] = {
    "url": "/openapi.json",
    "dom_id": "#swagger-ui",
    "layout": "BaseLayout",
    "deepLinking": True,
    "validatorUrl": None,
    "displayRequestDuration": True,
}
_DIST = Path(flask_swagger_ui.__file__).resolve().parent / "dist"  # Swagger UI 5

bp = Blueprint("docs", __name__, template_folder="templates", url_prefix=DOCS_URL)


@bp.get("/")
@bp.get("/<path:path>")
def show(path: str | None = None) -> Response | str:
    if not path or path == "index.html":
        return render_template(
            "docs/index.html", base_url=DOCS_URL, title=TITLE, config_json=json.dumps(CONFIG)
        )
    return send_from_directory(_DIST, path)  # a 404 problem for anything else


def register_docs(app: Flask) -> None:
    app.register_blueprint(bp)
    # Serve the page at /docs itself too, not only behind a redirect to /docs/.
    app.add_url_rule(DOCS_URL, endpoint="docs_page", view_func=show)
