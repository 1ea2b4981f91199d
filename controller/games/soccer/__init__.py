"""Soccer!!, the referee assistant: nothing on the table is sensed; every action is an entered line, every die a
`roll` line, and the engine keeps the match and resolves every die and table."""
