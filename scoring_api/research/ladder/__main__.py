"""``python -m scoring_api.research.ladder``: ``cli.main``."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
