"""The ``expert`` strategy: decisions worked out offline and looked up during a game.

From the foot up: ``tables`` names what the tables hold (roles, keys, the two players they
are for) and reads them; ``model`` values a lay-away with the tables; ``strategy`` is the
player. The tables are built by ``builders.expert``.
"""
