"""What goes out: the MQTT publisher and its documents (LEDs, Home Assistant discovery), the embedded broker of
`soccerboard sim` and the observer thread of the terminal console. Imports nothing else of the daemon."""
