import importlib as il
import ftplib  # expect: B402
import ftplib as ftp  # expect: B402
from ftplib import FTP_TLS  # expect: B402
import json, ftplib  # expect: B402

__import__("ftplib")  # expect: B402
il.import_module("ftplib")  # expect: B402
il.__import__("ftplib")  # expect: B402

import paramiko
from transfer import ftplib
import aioftp
il.import_module("ftplib_helpers")
