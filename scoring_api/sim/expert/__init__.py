"""The ``expert`` strategy: decisions worked out offline and looked up during a game.

From the foot up: ``tables`` names what the tables hold (roles, keys, the two players they
are for) and reads them; ``sampling`` draws as ``Random.sample`` does, compiled; ``model``
values a lay-away with the tables; ``strategy`` is the player; ``entries`` works out each
entry by the two-player play-outs (``playouts.two_player``), ``selfplay`` the states games
meet, and ``build`` makes the tables from a seed in rounds.
"""
