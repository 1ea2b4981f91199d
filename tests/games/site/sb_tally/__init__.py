"""Tally to twelve, a test-only game with no board at all: two teams take turns rolling one die, the first to
a total of 12 wins. It proves that a game with no sensed board plugs in through the registry alone."""
