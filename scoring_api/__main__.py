"""``python -m scoring_api simulate ...`` (``scoring_api.sim_cluster.cli``) and
``python -m scoring_api build-expert-tables ...`` (``scoring_api.sim.expert.build``).

The builder is reached from here rather than by ``python -m scoring_api.sim.expert.build``:
under the compiled engine that module is a C extension, which ``-m`` cannot run.
"""

import sys

from scoring_api.sim_cluster.cli import main

BUILD_EXPERT_TABLES = "build-expert-tables"

if __name__ == "__main__":
    if sys.argv[1:2] == [BUILD_EXPERT_TABLES]:
        from scoring_api.sim.expert.build import main as build_main

        sys.exit(build_main(sys.argv[2:]))
    sys.exit(main())
