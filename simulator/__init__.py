"""Pure-software stand-ins for the players and the hardware: bots, the simulated board, autoplay."""
