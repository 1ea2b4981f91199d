"""The Soccerboard daemon: the deterministic core run as a long-lived, crash-proof service.

Here, the service and what keeps its match: service (the input queue, the core thread, I/O at the edges), referee
(core + seq numbering), journal (fsynced JSON Lines), resume (the journal's match back after a restart),
checkpoint, pathcache, systemd; and main (the `run`, `sim`, `config` and `report` commands, wiring all of it).
inputs/ (what comes in) and outputs/ (what goes out) import none of it; operations/ (config, doctor, report) reads
the journal and the referee; main sits on top of all three.
See docs/daemon.md.
"""
