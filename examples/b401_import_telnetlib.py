import importlib
import os, telnetlib  # expect: B401
import telnetlib  # expect: B401
import telnetlib as tn  # expect: B401
from telnetlib import Telnet as T  # expect: B401
import telnetlib3  # expect: B401
from importlib import import_module

__import__("telnetlib")  # expect: B401
importlib.import_module("telnetlib")  # expect: B401
import_module(name="telnetlib")  # expect: B401

import mytelnetlib
from network import telnetlib
import paramiko
__import__("telnetlib.x")
__import__(module_name)
import_module("telnetlib.x")
print("telnetlib")
