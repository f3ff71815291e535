import importlib
import importlib as il
import pickle  # expect: B403
import pickle as pk  # expect: B403
import cPickle  # expect: B403
import dill  # expect: B403
import shelve  # expect: B403
import pickletools  # expect: B403
import subprocess, pickle  # expect: B404, B403
import json, shelve, dill  # expect: B403, B403
from pickle import loads, dumps  # expect: B403
from . import pickle  # expect: B403
from .pickle import helper  # expect: B403
from ..dill import settings  # expect: B403
from importlib import import_module as load_module
from pickle import *  # expect: B403

__import__("pickle")  # expect: B403
__import__("dill")  # expect: B403
importlib.import_module("pickle")  # expect: B403
il.import_module("shelve")  # expect: B403
importlib.__import__("cPickle")  # expect: B403
load_module("pickle")  # expect: B403
importlib.import_module(codecs.pickle)  # expect: B403
module = importlib.import_module(  # expect: B403
    "pickle",
)

import json
import mypickle
from storage import pickle
from jsonpickle import decode
__import__(name)
__import__()
importlib.import_module("pickle.compat")
importlib.import_module(module_name)
print("pickle")
