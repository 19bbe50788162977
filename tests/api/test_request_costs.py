"""What makes a request cheaper must not change what it answers or logs (bench/requests.py
measures what it saves): gunicorn builds its access line only for a logger that writes it, the
usual play entries and tiles take a quick path with the schema's own values and errors."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest
from gunicorn.config import Config
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError, fields

from scoring_api.api.fields import BoundedList, TileField
from scoring_api.api.schemas import PlayEntry, PlaySchema
from scoring_api.rules import TILE_BY_TEXT
from scoring_api.serving import Logger

ROOT = Path(__file__).resolve().parents[2]


def _config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **settings_: Any) -> Config:
    """gunicorn's config as gunicorn.conf.py sets it, with ``settings_`` over it."""
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    project = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    config = Config()
    for name, value in {**project, **settings_}.items():
        if name in config.settings:
            config.set(name, value)
    return config


def test_the_project_config_builds_no_access_line_for_a_logger_that_drops_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    config = _config(monkeypatch, tmp_path)
    assert config.logger_class is Logger
    assert Logger(config).access_log_enabled is False


def test_an_access_log_asked_for_is_still_written(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = tmp_path / "access.log"
    config = _config(monkeypatch, tmp_path, accesslog=str(log), logconfig_dict={})
    logger = Logger(config)
    assert logger.access_log_enabled is True


class _Slow(Schema):
    """The record's entries and a hand as marshmallow reads them without the quick path."""

    plays = fields.List(fields.Nested(PlaySchema), required=True)
    hand = fields.List(TileField(), required=True)


class _Quick(Schema):
    plays = BoundedList(PlayEntry(), required=True)
    hand = BoundedList(TileField(), required=True)


_TEXTS = st.sampled_from([*list(TILE_BY_TEXT)[:12], "3|5", "7-1", "", "0-0 "])
_VALUES = st.one_of(
    st.integers(-1, 4), st.booleans(), st.none(), st.floats(0, 3), _TEXTS, st.just([3, 5])
)
_ENTRY = st.one_of(
    st.fixed_dictionaries({"player": st.integers(0, 3), "tile": _TEXTS}),
    st.fixed_dictionaries({"player": st.integers(0, 3), "go": st.just(True)}),
    st.dictionaries(st.sampled_from(["player", "tile", "go", "seat"]), _VALUES, max_size=4),
    _VALUES,
)


def _read(schema: Schema, body: dict[str, Any]) -> Any:
    try:
        return schema.load(body)
    except ValidationError as error:
        return ("error", error.messages)


@settings(max_examples=400, deadline=None)
@given(plays=st.lists(_ENTRY, max_size=8), hand=st.lists(_TEXTS | _VALUES, max_size=6))
def test_the_quick_path_reads_as_the_schema_does(plays: list[Any], hand: list[Any]) -> None:
    body = {"plays": plays, "hand": hand}
    assert _read(_Quick(), body) == _read(_Slow(), body)


def test_the_quick_path_reads_the_usual_entries_itself() -> None:
    assert PlayEntry.quick({"player": 1, "tile": "0-0"}) == PlaySchema().load(
        {"player": 1, "tile": "0-0"}
    )
    assert PlayEntry.quick({"player": 3, "go": True}) is not None
    assert PlayEntry.quick({"player": 1, "go": False}) is None  # the schema says why
    assert PlayEntry.quick({"player": True, "tile": "0-0"}) is None
    assert TileField.quick("0-0") is TILE_BY_TEXT["0-0"]
    assert TileField.quick([0, 0]) is None  # the parser reads it
