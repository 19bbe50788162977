"""The baseline for bench/http.sh: a trivial Flask JSON echo, not part of the product."""

from __future__ import annotations

from typing import Any

from flask import Flask, request

app = Flask(__name__)


@app.post("/echo")
def echo() -> Any:
    return request.get_json()
