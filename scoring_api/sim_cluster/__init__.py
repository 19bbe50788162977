"""Simulations at scale: a run split into shards of games played by Dask workers.

Game ``i`` of a run depends only on the request and ``i`` (``scoring_api.sim.runs``)
and ``Totals`` are sums, so a run splits into shards (disjoint ranges of games) that any
number of processes or machines play, merged in any order into the same totals, hence the
same bytes.

- ``shards``: the shard function the workers run (it travels by reference: the same package
  must be installed on every node; each result carries the code's fingerprint).
- ``runner``: planning shards by time, a bounded window in flight, cancelling on a
  disconnect, faults; inline or on a Dask cluster.
- ``embedded``: the machine-wide cluster gunicorn's master starts (``gunicorn.conf.py``).
- ``cli``: ``python -m scoring_api simulate ...``.
"""
