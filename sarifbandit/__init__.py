"""sarifbandit: Bandit's checks, fast, with SARIF that code-scanning platforms accept."""

__version__ = "0.1.0"

from .api import Report, scan  # noqa: E402  (the version must exist before api imports it)
from .config import Config  # noqa: E402

__all__ = ["Config", "Report", "scan", "__version__"]
