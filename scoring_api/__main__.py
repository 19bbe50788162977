"""``python -m scoring_api simulate ...`` (``scoring_api.sim_cluster.cli``),
``python -m scoring_api build-expert-tables ...`` (``scoring_api.sim.builders.expert``) and
``python -m scoring_api build-winprob-tables ...`` (``scoring_api.sim.builders.winprob``).

The builders are reached from here rather than by ``python -m scoring_api.sim.builders.expert``:
under the compiled engine those modules are C extensions, which ``-m`` cannot run.
"""

import sys

from scoring_api.sim_cluster.cli import main

BUILD_EXPERT_TABLES = "build-expert-tables"
BUILD_WINPROB_TABLES = "build-winprob-tables"

if __name__ == "__main__":
    if sys.argv[1:2] == [BUILD_EXPERT_TABLES]:
        from scoring_api.sim.builders.expert import main as build_main

        sys.exit(build_main(sys.argv[2:]))
    if sys.argv[1:2] == [BUILD_WINPROB_TABLES]:
        from scoring_api.sim.builders.winprob import main as winprob_main

        sys.exit(winprob_main(sys.argv[2:]))
    sys.exit(main())
