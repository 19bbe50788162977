"""The builders' files: sorted, compact JSON, gzipped without a timestamp or name, so that the
same data is the same bytes (a rebuild from the same seed writes the shipped files again)."""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping
from pathlib import Path


def write_json_gz(path: Path, data: Mapping[str, object]) -> None:
    """``data`` at ``path`` as sorted, compact JSON, gzipped without a timestamp or name."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    with open(path, "wb") as out, gzip.GzipFile("", "wb", 9, out, mtime=0) as gz:
        gz.write(text)
