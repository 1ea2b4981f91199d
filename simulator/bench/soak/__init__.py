"""The soak: autoplayed matches through the whole stack (the daemon as a subprocess, a real Mosquitto, a
subscriber checking every `seq`) with faults injected during play; docs/reliability.md says what it proves."""
