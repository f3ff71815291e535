import importlib
import os, subprocess  # expect: B404
import subprocess  # expect: B404
import subprocess as sp  # expect: B404
from subprocess import PIPE, CalledProcessError  # expect: B404
import subprocess32  # expect: B404

__import__("subprocess")  # expect: B404
importlib.import_module("subprocess")  # expect: B404

import shlex
from runner import subprocess
import my_subprocess
importlib.import_module("subprocess.run")
