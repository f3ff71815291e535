import importlib
import pyghmi  # expect: B415
import pyghmi.ipmi.command  # expect: B415
from pyghmi.ipmi import command  # expect: B415
from pyghmi.ipmi.command import Command as IpmiCommand  # expect: B415

__import__("pyghmi")  # expect: B415
importlib.import_module("pyghmi")  # expect: B415

import redfish
from hardware import pyghmi
importlib.import_module("pyghmi.ipmi")
