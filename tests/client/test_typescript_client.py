"""A TypeScript client from /openapi.json: openapi-typescript generates the types, openapi-fetch
calls the API; tools/contract/ts/smoke.ts compiles under ``tsc --strict`` and, run by node,
calls every operation and checks the answers."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from live_server import Server

from .conftest import TOOLS, require

BIN = TOOLS / "node_modules" / ".bin"


def _run(*command: str | Path, cwd: Path) -> str:
    run = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert run.returncode == 0, f"{command}:\n{run.stdout}{run.stderr}"
    return run.stdout


def _missing() -> str | None:
    if shutil.which("node") is None:
        return "node is missing (apt-get install -y nodejs npm)"
    for tool in (BIN / "openapi-typescript", BIN / "tsc"):
        if not tool.exists():
            return f"{tool} is missing (npm ci in {TOOLS})"
    return None


def test_generated_typescript_client_compiles_and_answers(server: Server, tmp_path: Path) -> None:
    require(_missing())
    node = shutil.which("node") or "node"
    for name in ("smoke.ts", "tsconfig.json"):
        shutil.copy(TOOLS / "ts" / name, tmp_path / name)
    (tmp_path / "package.json").write_text('{"private": true, "type": "module"}\n')
    (tmp_path / "node_modules").symlink_to(TOOLS / "node_modules")
    _run(
        BIN / "openapi-typescript",
        f"{server.url}/openapi.json",
        "--default-non-nullable",
        "false",
        "--output",
        "schema.d.ts",
        cwd=tmp_path,
    )
    schema = (tmp_path / "schema.d.ts").read_text()
    for name in (
        "TilePlay",
        "GoPlay",
        "Target",
        "DealerRotation",
        '"X-Request-ID": components["headers"]["RequestId"]',
    ):
        assert name in schema, name
    assert 'post: operations["scoreHand"]' in schema
    assert "options: operations[" not in schema  # no preflight operations
    _run(BIN / "tsc", "-p", ".", cwd=tmp_path)
    out = _run(node, "build/smoke.js", server.url, cwd=tmp_path)
    assert "18 operations answered" in out
