"""The builders: what makes the tables the package ships, offline, from a seed.

A request reads the expert's tables (``expert/``) and the chance's (``winprob/``); these build
them, and nothing a request reaches imports them. They stand on top of the simulator: they
play whole games and deals (``runs``, ``game``) with players of their own, handed to the run
as strategy objects.

``expert`` builds the expert's tables in rounds (``python -m scoring_api build-expert-tables``):
``selfplay`` plays the games whose states the play table covers, ``entries`` works out each
entry by the two-player play-outs, each from a stream of its own (``rules.stream``).
``winprob`` builds the chance's tables (``python -m scoring_api build-winprob-tables``) from
``library``, the deals the engine plays between expert players. ``files`` writes them, the
same data as the same bytes.
"""
