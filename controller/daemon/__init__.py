"""The Soccerboard daemon: the deterministic core run as a long-lived, crash-proof service.

config (TOML + environment), inputs (HAL readings -> scenario lines), referee (core + seq numbering),
journal (fsynced JSON Lines), resume (the journal's match back after a restart), checkpoint, publisher (MQTT
as docs/mqtt.md), commands, sources (scenario and bots for `soccerboard sim`), broker (embedded amqtt),
systemd, report, service (wiring), main (the `run`, `sim`, `config` and `report` commands). See docs/daemon.md.
"""
