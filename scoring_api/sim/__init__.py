"""The simulator, over the rules core: whole games, strategies, the advisor, runs of games.

From the foot up: ``layaway`` names what a lay-away is made of (drawn values, positions,
the choices of a deal, a ranked option); ``expected`` is the model that values a lay-away
by the hand and a crib of random discards; ``strategies`` are the named players, and
``expert/`` the one that plays from tables built offline; ``game`` plays one game through
the rules core's referee and show; ``registry`` names every strategy; ``advisor`` ranks a
player's lay-aways under either model (the advice endpoint's façade); ``runs`` plays many
games as sums that merge exactly across shards.
"""
