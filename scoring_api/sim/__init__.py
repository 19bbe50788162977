"""The simulator, over the rules core: whole games, strategies, the advisor, runs of games.

In floors, each importing only those below it (``tests/test_layout.py``). The foot: ``chance``
(every random choice from ``rng.random()`` alone), ``layaway`` (what a lay-away is made of),
``ranks`` (the set by rank, a hand as a mask), ``outcome`` (what a game leaves), ``seating``
(who sits where and scores for whom) and ``expected`` (the model that values a lay-away by the
hand and a crib of random discards). The middle floor, ``playouts/``: what a seat knows, how
the others' holdings are drawn and how the rest of a play is played out. Above it: ``seat``
(the ``Seat`` a strategy is handed), ``strategies`` (the named players), ``game`` (one game
through the core's referee and show), ``game_records`` (a simulated game as a game record),
``expert/`` (the player that plays from tables built offline, and their builder), ``winprob/``
(the chance each side has to win, from deals the expert plays), ``registry`` (every strategy by
name), ``runs`` (many games as sums that merge exactly across shards), ``search`` (the player
that plays out each choice), ``advisor`` (a player's lay-aways ranked under either model: the
advice endpoint's façade), ``stepwise`` (a whole game one action at a time, for the research
frameworks) and, on top, ``review/`` (what each decision of a deal or a game cost) and ``move``
(the computer's move, with the worth of every option), which only the HTTP layer imports.
"""
