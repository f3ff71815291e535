"""The package version: one place, read by the packaging metadata and every report."""

__version__ = "0.1.0"
