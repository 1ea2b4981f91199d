"""What comes in: hardware readings, the clock, MQTT commands, simulator inputs and scenario sources, each turned
into scenario lines for the daemon's one input queue. Imports nothing else of the daemon."""
