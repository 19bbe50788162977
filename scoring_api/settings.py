"""Every setting of the service, with its default and meaning, read once by ``create_app``.

A setting's name is its environment variable (``SCORING_API_...``) and also its key in the
config mapping given to ``create_app`` (tests lower limits that way); the config wins, then
the environment, then the default. The settings table of docs/operations.md is checked against
``SETTINGS`` by a test, so the two cannot drift.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from flask import Flask, current_app

EXTENSION_KEY = "scoring_api.settings"


def _setting(default: float | str, meaning: str, check: Callable[[str], str] | None = None) -> Any:
    """A setting; a text one (a string default) is read by ``check``, which may refuse it."""
    return field(default=default, metadata={"meaning": meaning, "check": check})


def check_scheduler(value: str) -> str:
    """``embedded`` (or empty), ``off``, or a Dask scheduler address (``tcp://host:port``)."""
    value = value.strip() or "embedded"
    if value in ("embedded", "off") or "://" in value:
        return value
    raise ValueError(
        f"SCORING_API_SCHEDULER must be embedded, off or a scheduler address such as "
        f"tcp://host:8786, not {value!r}"
    )


@dataclass(frozen=True, slots=True)
class Settings:
    """The service's settings; each field is one ``SCORING_API_<FIELD>`` variable."""

    max_games: int = _setting(
        100_000,
        "Games one simulation request may ask for; more is a 422 naming `/games` "
        "(split a bigger run into shards with `first_game`).",
    )
    stream_seconds: float = _setting(
        600.0,
        "Time budget of an NDJSON simulation stream; past it the stream ends with an error "
        "line saying where to resume (0 = no limit).",
    )
    json_seconds: float = _setting(
        600.0,
        "Time budget of a JSON simulation answer; past it the answer is a 503 problem with "
        "`games_played` (0 = no limit). Behind a proxy, set it below the proxy's read timeout.",
    )
    review_seconds: float = _setting(
        20.0,
        "Time budget of a game review (`POST /v1/games/review`): a review that cannot finish "
        "within it (its deals and play-outs, with the expensive answers running) is a 503 "
        "problem before it starts; past it, checked before each deal, a 503 problem with the "
        "deals reviewed by then (0 = no limit). Behind a proxy, set it below the proxy's "
        "read timeout.",
    )
    body_seconds: float = _setting(
        10.0,
        "Time a request body may take to arrive under gunicorn; a slower one is a 408 "
        "(0 = no limit).",
    )
    scheduler: str = _setting(
        "embedded",
        "Where big simulations are played: `embedded` = a Dask cluster on every core of this "
        "machine, started and stopped by gunicorn (loopback only); `off` = inline in the "
        "worker; `tcp://host:8786` = an existing Dask scheduler (docs/deploy.md).",
        check_scheduler,
    )
    cluster_workers: int = _setting(
        0,
        "Dask worker processes of the embedded cluster (0 = one per CPU core available).",
    )
    inline_games: int = _setting(
        2_000,
        "Simulations of at most this many games are played inline in the worker; bigger "
        "ones in shards on the cluster.",
    )
    shard_seconds: float = _setting(
        1.0,
        "Target duration of one shard of games (sized from the speed measured so far).",
    )
    max_stream_games: int = _setting(
        10_000_000,
        'Games one simulation may ask for with `"lines": "shards"` (an NDJSON stream of '
        "one line per shard); more is a 422 naming `/games`.",
    )
    allowed_hosts: str = _setting(
        "localhost,127.0.0.1,[::1]",
        "Host names the service answers to, comma-separated (any port; `.example.com` is the "
        "domain and its subdomains; `*` is any host). Another `Host` header is a 400 problem, "
        "except on `/healthz`, `/readyz` and `/metrics` (probes and scrapes by address).",
    )
    max_simulations: int = _setting(
        2,
        "Simulations running at once on the server, all workers together, a stopped run "
        "counted until its games on the cluster have ended (with a Redis "
        "`SCORING_API_RATE_STORE`: all servers sharing it, as leases of 15 s renewed while a "
        "run holds them, so a dead server's slots come back and a restarted Redis gets the "
        "running ones back; per machine while Redis fails); one more is a 503 problem with "
        "`Retry-After`, so health checks and scoring stay fast (0 = no cap).",
    )
    client_simulations: int = _setting(
        1,
        "Of those, simulations one client (its address) may run at once, so that one client "
        "cannot hold the others out; one more is a 503 problem with `Retry-After` (0 = no "
        "per-client cap).",
    )
    max_answers: int = _setting(
        4,
        "Expensive answers (reviews, advice, whole games: those that play games out) running "
        "at once on "
        "the server, all workers together (with a Redis `SCORING_API_RATE_STORE`: all servers "
        "sharing it); one more is a 503 problem with `Retry-After`, so that scoring stays fast "
        "(0 = no cap).",
    )
    client_answers: int = _setting(
        2,
        "Of those, expensive answers one client (its address) may have running at once; one "
        "more is a 503 problem with `Retry-After` (0 = no per-client cap).",
    )
    cheap_threads: int = _setting(
        1,
        "Request threads of each gunicorn worker that simulations and expensive answers may "
        "never hold: kept for cheap answers (scores, validation, rules, probes), which then "
        "never wait behind them; one more expensive request on a worker whose other threads "
        "hold them is a 503 problem with `Retry-After` (0 = none kept).",
    )
    send_seconds: float = _setting(
        30.0,
        "Time a simulation or an expensive answer (a stream, or a whole answer) may wait for "
        "its client to take its bytes under gunicorn; past it the answer is cut off and its "
        "slot freed (0 = no limit).",
    )
    simulation_rate: str = _setting(
        "60/minute",
        "Requests to `POST /v1/simulations` one client may make (limits syntax, such as "
        "`10/second;600/hour`); more is a 429 problem with `Retry-After` (`off` = no limit).",
    )
    advice_rate: str = _setting(
        "1200/minute",
        "Requests to `POST /v1/discards/advise` one client may make, and as many to "
        "`POST /v1/plays/advise`, counted apart; more is a 429 problem (`off` = no limit).",
    )
    review_rate: str = _setting(
        "120/minute",
        "Requests to `POST /v1/deals/review` one client may make, and as many to "
        "`POST /v1/games/review`; more is a 429 problem (`off` = no limit).",
    )
    batch_rate: str = _setting(
        "600/minute",
        "Requests to `POST /v1/hands/score-batch` one client may make; more is a 429 problem "
        "(`off` = no limit).",
    )
    rate_store: str = _setting(
        "memory://",
        "Where the rate limits count: `memory://` (each worker counts alone, so a client gets "
        "up to workers x the rate) or a shared `redis://host:port` (`./scripts/stack`).",
    )
    proxies: int = _setting(
        0,
        "Proxies in front whose `X-Forwarded-For` and `-Proto` are trusted (the client address "
        "for logs and rate limits). 0 when clients reach gunicorn directly: the header is "
        "ignored, so it cannot be forged; 1 behind `./scripts/stack`'s nginx.",
    )


@dataclass(frozen=True, slots=True)
class SettingInfo:
    """One setting as documented: its variable, default and meaning."""

    name: str  # the environment variable, also the config key
    default: float | str
    meaning: str


def env_name(attribute: str) -> str:
    return f"SCORING_API_{attribute.upper()}"


SETTINGS: tuple[SettingInfo, ...] = tuple(
    SettingInfo(env_name(f.name), f.default, f.metadata["meaning"])  # type: ignore[arg-type]
    for f in fields(Settings)
)


def load_settings(config: Mapping[str, Any], environ: Mapping[str, str]) -> Settings:
    """The settings from app config, else the environment, else the defaults.

    A value that is not a number (or, for the scheduler, not one of its forms) is refused at
    start-up, naming the setting, rather than guessed at or discovered by the first request
    that needs it.
    """
    values: dict[str, float | str] = {}
    for f in fields(Settings):
        name = env_name(f.name)
        raw = config.get(name, environ.get(name))
        if raw is None:
            continue
        if isinstance(f.default, str):
            check = f.metadata["check"]
            values[f.name] = check(str(raw)) if check else str(raw).strip()
            continue
        number_type = int if isinstance(f.default, int) else float
        try:
            number = number_type(raw)
        except (TypeError, ValueError):
            raise ValueError(f"{name} must be a number, not {raw!r}") from None
        if number < 0:
            raise ValueError(f"{name} must not be negative, got {raw!r}")
        values[f.name] = number
    return Settings(**values)  # type: ignore[arg-type]


def install_settings(app: Flask, environ: Mapping[str, str]) -> Settings:
    settings = load_settings(app.config, environ)
    app.extensions[EXTENSION_KEY] = settings
    return settings


def current_settings() -> Settings:
    """The settings of the app handling the current request."""
    settings: Settings = current_app.extensions[EXTENSION_KEY]
    return settings
