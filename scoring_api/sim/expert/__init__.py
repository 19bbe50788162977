"""The ``expert`` strategy: decisions worked out offline and looked up during a game.

``build`` makes the tables from a seed, ``tables`` reads them, ``model`` values a lay-away,
``playout`` plays the rest of a play on values, ``strategy`` is the player.
"""
