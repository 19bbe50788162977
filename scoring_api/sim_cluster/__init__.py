"""The run pipeline: every simulation is a sequence of shards, inline or on a Dask cluster.

Game ``i`` of a run depends only on the request and ``i`` (``scoring_api.sim.runs``)
and ``Totals`` are sums, so a run splits into shards (disjoint ranges of games) that any
number of processes or machines play, merged in any order into the same totals, hence the
same bytes.

- ``shards``: the shard (one record) and the function the workers run (it travels by
  reference: the same package must be installed on every node; each result carries the
  code's fingerprint).
- ``runner``: planning shards by time, a bounded window in flight, the typed reasons a run
  stops (gone, time budget, failed, other code, unreachable); inline or on a cluster.
- ``writers``: what the shards become: the JSON answer, per-game lines, shard lines.
- ``client``: the process's client of the cluster.
- ``embedded``: the machine-wide cluster gunicorn's master starts (``gunicorn.conf.py``),
  and the scheduler file that tells the workers where it is.
- ``cli``: ``python -m scoring_api simulate ...``.
"""
