"""The ``search`` strategy: play-outs at each choice of the play over what the seat may
imagine of the others' tiles (docs/search.md)."""
