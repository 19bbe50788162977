"""The simulator, over the rules core: whole games, strategies, the advisor, runs of games.

In floors, each importing only those below it (``tests/test_layout.py``, ``FLOORS``). The
foot: ``chance`` (a partial shuffle of a stream), ``streams`` (which stream each random draw
comes from: the key scheme), ``intervals`` (the 95% intervals figures are given with),
``layaway`` (what a
lay-away is made of), ``ranks`` (the set by rank, a hand as a mask), ``outcome`` (what a game
leaves), ``coverage`` (which rule sets the shipped tables cover) and ``dealing`` (a game's
deal from its seed and index: the practice table's); on it ``expected`` (the
model that values a lay-away by the hand and a crib of random discards), ``game_records`` (a
simulated game as a game record) and ``winprob/`` (the chance each side has to win, from the
shipped tables). ``playouts/``: what a seat knows, how the others' holdings are drawn and how
the rest of a play is played out. Above it: ``seat`` (the ``Seat`` a strategy is handed, built
one way from the referee), ``strategies`` (the named players and what each says of itself),
``game`` (one game through the core's referee and show) and ``expert/`` (the player that
plays from tables built offline); then ``runs`` (many games as sums that merge exactly across
shards), ``search`` and ``endgame`` (the players that play out each choice; the search's
lay-away near the end by the chance to win, ``layaway_chance``) and ``advisor``
(a player's lay-aways ranked under either model: the advice endpoint's façade). On those:
``registry`` (every strategy by name, read only), ``review/`` (what each decision of a deal or
a game cost) and ``builders/`` (the shipped tables, built offline); on top ``move`` (the
computer's move, with the worth of every option by the review's measure). ``stepwise`` (a
whole game one action at a time, for the research frameworks) and ``tensors`` (its tensors
and a batch of its games stepped, their hot path) stand apart on the foot. The
HTTP layer imports the review and the move; the move imports the review.
"""
