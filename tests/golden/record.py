"""Record the answers of ``cases.py`` from this checkout: ``python tests/golden/record.py``.

Run it only when an answer is meant to change (and say why in the commit): every other
build is checked against the file it writes (``test_recorded.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/, pytest's pythonpath
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cases import ANSWERS, answer, apps, cases, write_answers


def main() -> int:
    built = apps()
    entries = [answer(built, case) for case in cases()]
    write_answers(entries)
    print(f"wrote {len(entries)} answers to {ANSWERS} ({ANSWERS.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
