import json
import marshal
import marshal as m
from marshal import loads as unmarshal

marshal.loads(blob)  # expect: B302
marshal.load(handle)  # expect: B302
m.loads(blob)  # expect: B302
unmarshal(blob)  # expect: B302
value = marshal.loads(  # expect: B302
    blob
)

marshal.dumps(value)
marshal.dump(value, handle)
json.loads(blob)
serializer.loads(blob)
