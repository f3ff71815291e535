"""The notes app; its base view is importable from the package."""

from .base import NotesView  # noqa: F401
