"""The API reference page: Swagger UI served from the app's own assets (works offline)."""

from __future__ import annotations

from flask import Flask
from flask_swagger_ui import get_swaggerui_blueprint

DOCS_URL = "/docs"


def register_docs(app: Flask) -> None:
    blueprint = get_swaggerui_blueprint(
        DOCS_URL,
        "/openapi.json",
        config={"app_name": "Domino cribbage scoring API", "validatorUrl": None},
        blueprint_name="docs",
    )
    app.register_blueprint(blueprint)
    # Serve the page at /docs itself too, not only behind a redirect to /docs/.
    app.add_url_rule(DOCS_URL, endpoint="docs_page", view_func=app.view_functions["docs.show"])
