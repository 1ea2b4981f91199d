"""Race to the far rank, a test-only game on the sensed board: one red token on a1 runs up file a, one blue
token on b16 runs down file b, each by its own die's roll. It proves that a sensed-board game plugs in
through the registry alone."""
