"""`soccerboard bench`: the figures of benchmarks/ in one table, each beside its goal and as a ratio to a
baseline measured in the same run (so figures from different machines compare). One module per area; the
scripts under benchmarks/ are thin wrappers over these."""
