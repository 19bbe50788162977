"""Domino cribbage for game-AI research (docs/research.md): the project's game as an OpenSpiel
game (``openspiel_game``, registered as ``python_domino_cribbage`` on import), the project's
strategies as OpenSpiel bots (``bots``) and a PettingZoo environment (``pettingzoo_env``).

Needs the optional extra ``research`` (``pip install 'scoring-api[research]'``); nothing in the
service imports this package.
"""
