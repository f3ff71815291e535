import tempfile
import tempfile as tf
from tempfile import mktemp

tempfile.mktemp()  # expect: B306
mktemp(suffix=".txt")  # expect: B306
tf.mktemp(  # expect: B306
    prefix="job-",
)

tempfile.mkstemp()
tempfile.mkdtemp()
tempfile.NamedTemporaryFile(delete=False)
tempfile.TemporaryDirectory()
names.mktemp()
