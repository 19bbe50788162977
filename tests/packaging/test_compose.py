"""deploy/compose.yaml scales the API like ./scripts/stack (no Docker engine here: parsed)."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_the_api_scales_with_replicas_behind_the_proxy() -> None:
    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())
    services = compose["services"]
    api, proxy = services["api"], services["proxy"]
    # `--scale api=N` needs no fixed name or host port on the service.
    assert "container_name" not in api
    assert "ports" not in api
    assert api["expose"] == ["8000"]
    # Every replica shares Redis (rate limits, simulation slots) and one cluster.
    assert api["environment"]["SCORING_API_RATE_STORE"].startswith("redis://redis:")
    assert api["environment"]["SCORING_API_SCHEDULER"].startswith("tls://scheduler:")
    # The proxy balances over the service name, re-resolved through Docker's DNS.
    assert proxy["environment"]["NGINX_UPSTREAM"] == "api:8000 resolve"
    assert proxy["environment"]["NGINX_DEAR_UPSTREAM"] == "api-dear:8000 resolve"
    # The expensive answers' pool: the same server, less CPU weight.
    dear = services["api-dear"]
    assert dear["environment"] == api["environment"]
    assert dear["cpu_shares"] < 1024
    (config,) = proxy["configs"]
    assert config["target"].startswith("/etc/nginx/conf.d/")
    assert "resolver 127.0.0.11" in compose["configs"][config["source"]]["content"]
    template = (ROOT / "deploy" / "nginx" / "scoring-api.conf.template").read_text()
    assert "server ${NGINX_UPSTREAM};" in template
    assert "server ${NGINX_DEAR_UPSTREAM};" in template
    assert "zone scoring_api" in template  # `resolve` needs the upstream in shared memory
    assert "proxy_next_upstream error timeout non_idempotent;" in template


def test_every_dask_process_keeps_its_workspace_in_a_private_directory() -> None:
    """Dask puts its workspace first on ``sys.path``: never in the shared /tmp, where another
    account could plant what the workers import."""
    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())
    for name in ("api", "scheduler", "worker"):
        service = compose["services"][name]
        workspace = service["environment"]["DASK_TEMPORARY_DIRECTORY"]
        (mount,) = [m for m in service["tmpfs"] if m.split(":")[0] == workspace]
        options = set(mount.split(":", 1)[1].split(","))
        assert {"uid=10001", "mode=0700"} <= options, (name, mount)


def test_every_dask_process_starts_isolated_from_its_directory_and_environment() -> None:
    """Issue 50, item 4: Dask's worker processes and multiprocessing's resource tracker are
    each a ``python -c`` (the working directory first on the import path); started from a
    ``python -I`` they are isolated too. The command runs as written here."""
    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())
    for name in ("scheduler", "worker"):
        entrypoint = compose["services"][name]["entrypoint"]
        assert entrypoint[:5] == ["python", "-I", "-m", "dask", name], entrypoint
        done = subprocess.run(
            [sys.executable, *entrypoint[1:5], "--help"], capture_output=True, timeout=60
        )
        assert done.returncode == 0, done.stderr[-2000:]


def test_nginx_sends_every_admitted_route_and_only_those_to_the_dear_pool() -> None:
    """Issue 50, item 3: the routes the app admits in its pools (simulations and expensive
    answers) are the ones the proxy sends to the dear gunicorns: one that stayed behind
    would share the cheap answers' threads again."""
    from scoring_api.app import create_app

    template = (ROOT / "deploy" / "nginx" / "scoring-api.conf.template").read_text()
    dear = set(re.findall(r"location = (\S+) \{\s*proxy_pass http://scoring_api_dear;", template))
    (pattern,) = re.findall(r"location ~ (\S+) \{\s*proxy_pass http://scoring_api_dear;", template)
    app = create_app()
    routes = {rule.rule: rule.endpoint for rule in app.url_map.iter_rules()}
    dear |= {route for route in routes if re.fullmatch(pattern, route)}
    admitted = {
        route
        for route, endpoint in routes.items()
        if "admit(" in inspect.getsource(app.view_functions[endpoint])
    }
    assert admitted == dear
    assert len(admitted) == 6
