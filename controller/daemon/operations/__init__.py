"""What an owner runs beside the match: the configuration (TOML and environment), `soccerboard doctor` and
`soccerboard report`. Reads the service's journal and referee; the service never imports it."""
