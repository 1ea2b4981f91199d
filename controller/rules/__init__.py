"""The Soccer Tactics WORLD rules engine: pure, no I/O, no clock, no randomness.

Dice, spins and the passing of time arrive as actions (chance actions, as in OpenSpiel), so a game
replays exactly from the list of actions it was given.
"""
