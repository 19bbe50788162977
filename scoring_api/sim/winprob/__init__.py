"""The chance each side has to win a game from where it stands (docs/winprob.md).

From the foot up: ``paths`` is a deal as the sequence of its scoring events, relative to the
dealer (the library of such deals the engine plays between expert players is
``builders.library``); ``race`` works the chance out exactly for two sides (a recursion over
the scores, deal by deal, on the library's distribution); ``montecarlo`` estimates it for
three and four sides (games made of the library's deals); ``tables`` is the file shipped
beside them, by mode, which ``builders.winprob`` makes; ``chances`` answers any position
between deals or inside one, and ``deals`` each event of a refereed deal.
"""
