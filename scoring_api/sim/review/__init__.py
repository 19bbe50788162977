"""The review of a deal or a game: what each decision cost, in expected points (docs/review.md).

``inputs`` checks the deal and the drawn tiles, ``reading`` says what each seat knew at each
tile, ``worth`` values each tile he could lay by play-outs over what he could not see (the
``playouts`` floor), ``labels`` names a loss, ``deal`` puts it together, and ``game`` reviews a
whole game deal by deal, each loss also in the chance to win (``winprob``). The HTTP layer and
the computer's move (``move``, which values its options by ``worth``) import it, nothing else
(``tests/test_layout.py``).
"""
