import json
import pickle  # expect: B403
import pickle as pk  # expect: B403
import dill  # expect: B403
import shelve  # expect: B403
import jsonpickle
import jsonpickle.unpickler
import pandas as pd
from pickle import loads, Unpickler as U  # expect: B403
from jsonpickle.unpickler import decode as jp_decode

pickle.loads(blob)  # expect: B301
pickle.load(handle)  # expect: B301
pk.Unpickler(handle)  # expect: B301
loads(blob)  # expect: B301
U(handle).load()  # expect: B301
dill.loads(blob)  # expect: B301
dill.load(handle)  # expect: B301
dill.Unpickler(handle)  # expect: B301
shelve.open(path)  # expect: B301
shelve.DbfilenameShelf(path)  # expect: B301
jsonpickle.decode(text)  # expect: B301
jsonpickle.unpickler.decode(text)  # expect: B301
jsonpickle.unpickler.Unpickler()  # expect: B301
jp_decode(text)  # expect: B301
pd.read_pickle(path)  # expect: B301
state = pickle.loads(  # expect: B301
    blob
)

# writing pickles and reading other formats is fine
pickle.dumps(state)
pickle.dump(state, handle)
dill.dumps(state)
jsonpickle.encode(state)
json.loads(text)
pd.read_csv(path)
codec.loads(blob)  # someone else's loads
cache.load(handle)
