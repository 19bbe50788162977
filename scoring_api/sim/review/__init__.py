"""The review of a deal: what each decision cost, in expected points (docs/review.md).

``inputs`` checks the deal and the drawn tiles, ``views`` says what each seat knew at each
tile, ``playouts`` values each tile he could lay over what he could not see (``seatplay``: the
play-outs with three and four players), ``labels`` names a loss, ``deal`` puts it together.
"""
