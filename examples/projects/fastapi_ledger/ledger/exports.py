"""Statement exports, run by a command line."""

import subprocess  # expect: B404

from ledger.schemas import ExportRequest, RawExportRequest
from ledger.settings import settings


def export(request: ExportRequest) -> int:
    # whoever calls it, the format passed the model's validator
    command = f"ledger-export --format {request.fmt} --to {settings.export_root}"
    return subprocess.run(command, shell=True).returncode  # expect: B602:LOW


def export_raw(request: RawExportRequest) -> int:
    command = f"ledger-export --format {request.fmt} --to {settings.export_root}"
    return subprocess.run(command, shell=True).returncode  # expect: B602:HIGH
