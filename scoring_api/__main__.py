"""``python -m scoring_api simulate ...``: see ``scoring_api.sim_cluster.cli``."""

import sys

from scoring_api.sim_cluster.cli import main

if __name__ == "__main__":
    sys.exit(main())
