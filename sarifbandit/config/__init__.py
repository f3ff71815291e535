"""Configuration: defaults < config files (YAML, pyproject, .bandit INI) < flags, the exclusion
patterns, and the `init` template."""
