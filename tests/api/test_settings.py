"""The settings module: one list of every SCORING_API_* setting, read once by create_app."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scoring_api.app import create_app
from scoring_api.settings import SETTINGS, Settings, current_settings, load_settings

OPERATIONS = Path(__file__).resolve().parents[2] / "docs" / "operations.md"
# A number (1,000 separators allowed) or a string in backquotes.
_ROW = re.compile(r"^\| `(SCORING_API_\w+)` \| ([\d,.]+|`[^`]*`) \| (.+) \|$", re.MULTILINE)


def _default(cell: str) -> float | str:
    return cell.strip("`") if cell.startswith("`") else float(cell.replace(",", ""))


def test_operations_settings_table_lists_every_setting_with_its_default_and_meaning() -> None:
    section = OPERATIONS.read_text(encoding="utf-8").split("\n## Settings\n", 1)[1]
    table = section.split("\n## ", 1)[0]
    rows = {name: (default, meaning) for name, default, meaning in _ROW.findall(table)}
    assert set(rows) == {setting.name for setting in SETTINGS}
    for setting in SETTINGS:
        default, meaning = rows[setting.name]
        assert _default(default) == setting.default, setting.name
        assert meaning == setting.meaning, setting.name


def test_config_wins_over_environment_which_wins_over_default() -> None:
    environ = {"SCORING_API_MAX_GAMES": "7", "SCORING_API_BODY_SECONDS": "2.5"}
    settings = load_settings({"SCORING_API_MAX_GAMES": 5}, environ)
    assert settings == Settings(max_games=5, body_seconds=2.5)
    assert load_settings({}, {}) == Settings()


def test_a_string_setting_is_taken_as_written() -> None:
    settings = load_settings({}, {"SCORING_API_ALLOWED_HOSTS": " api.example.com,localhost "})
    assert settings.allowed_hosts == "api.example.com,localhost"
    assert Settings().allowed_hosts == "localhost,127.0.0.1,[::1]"


@pytest.mark.parametrize("raw", ["abc", "-1", ""])
def test_a_bad_value_stops_the_start_naming_the_setting(raw: str) -> None:
    with pytest.raises(ValueError, match="SCORING_API_JSON_SECONDS"):
        load_settings({}, {"SCORING_API_JSON_SECONDS": raw})


@pytest.mark.parametrize(
    ("raw", "read"),
    [("", "embedded"), ("embedded", "embedded"), ("off", "off"), ("tcp://h:8786", "tcp://h:8786")],
)
def test_the_scheduler_setting_takes_its_forms(raw: str, read: str) -> None:
    assert load_settings({}, {"SCORING_API_SCHEDULER": raw}).scheduler == read


def test_a_bad_scheduler_stops_the_start_naming_the_setting() -> None:
    with pytest.raises(ValueError, match="SCORING_API_SCHEDULER"):
        load_settings({}, {"SCORING_API_SCHEDULER": "localhost:8786"})


def test_create_app_reads_the_settings_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCORING_API_STREAM_SECONDS", "3")
    app = create_app({"TESTING": True})
    monkeypatch.setenv("SCORING_API_STREAM_SECONDS", "4")  # too late: already read
    with app.app_context():
        assert current_settings().stream_seconds == 3.0
