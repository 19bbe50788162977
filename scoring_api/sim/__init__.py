"""The simulator, over the rules core: whole games, strategies, the advisor, runs of games.

``game`` plays one game through the rules core's referee and show; ``strategies`` are the
named players; ``advisor`` the expected values of a discard (which ``expected`` and the
advice endpoint use); ``runs`` plays many games as sums that merge exactly across shards.
"""
