"""sarifbandit: Bandit's checks, fast, with SARIF that code-scanning platforms accept."""

import os as _os
import sys as _sys

# `python -m sarifbandit` puts the working directory first on sys.path, so in a scanned
# repository its yaml.py or click.py would be imported (run) in place of ours: drop it first
if _sys.argv[:1] == ["-m"] and _sys.path[:1] in ([""], [_os.getcwd()]):
    del _sys.path[0]

from .api import scan  # noqa: E402
from .config.options import Config  # noqa: E402
from .model import Report  # noqa: E402
from .version import __version__  # noqa: E402

__all__ = ["Config", "Report", "scan", "__version__"]
