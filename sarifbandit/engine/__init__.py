"""The scan engine: discovery, the per-file pipeline run in workers, the walk, nosec, the cache."""
