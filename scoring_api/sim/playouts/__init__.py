"""The simulator's middle floor: what a seat knows, how the tiles he has not seen are drawn,
and how the rest of a play is played out from there. The search, the review of a deal and the
expert's table builder stand on it; it stands on the rules core and the simulator's foot
(``chance``, ``layaway``, ``expected``) alone, and imports none of them
(``tests/test_layout.py``).

From the foot up: ``knowledge`` is what a seat knows (``SeatView``; a game's ``Seat.view()``)
and the texts that seed his draws; ``holdings`` draws the others' holdings from it (one
``Sampler``, three kinds); ``laying`` is how a seat of a play-out lays a value (greedy,
careful, the one step of laying it); ``two_player`` plays out a two-player play by play
tables or greedily (the expert's tables are keyed by its ``PlayKey``); ``any_players`` plays
out a play of any number of seats; ``nets`` measures a choice by those play-outs.
"""
