"""The ladder (docs/strength.md): every player rated on one Elo scale from paired games, the
project's strategies and OpenSpiel's ISMCTS through the research game, with 95% intervals
and each player's CPU a move. ``python -m scoring_api.research.ladder`` builds it (``cli``);
``games`` plays a shard of paired deals, ``fit`` is the Bradley-Terry fit, ``report`` writes
the table, the picture and the ratings the service ships."""
