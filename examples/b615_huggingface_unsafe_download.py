import transformers
from datasets import load_dataset
from huggingface_hub import hf_hub_download, snapshot_download
from transformers import AutoModel

model = AutoModel.from_pretrained("org/model")  # expect: B615@9
model = transformers.AutoTokenizer.from_pretrained("org/model", revision="main")  # expect: B615@74
model = AutoModel.from_pretrained("org/model", revision="v1.0")  # expect: B615@57
data = load_dataset("org/data")  # expect: B615@8
path = hf_hub_download("org/model", "config.json")  # expect: B615@8
path = snapshot_download(repo_id="org/model", commit_id="abc")  # expect: B615@57
path = snapshot_download("org/model", revision="")  # expect: B615@48
model = AutoModel.from_pretrained(  # expect: B615
    "org/model",
    trust_remote_code=True,
)

model = AutoModel.from_pretrained("org/model", revision="5d0f2e8a1c3b4f6e")
model = AutoModel.from_pretrained("org/model", revision="5D0F2E8")
model = AutoModel.from_pretrained("org/model", revision=pinned_revision)
model = AutoModel.from_pretrained("org/model", revision=config.revision)
path = snapshot_download(repo_id="org/model", commit_id="5d0f2e8a1c3b")
model = AutoModel.from_pretrained("./local/model")
model = AutoModel.from_pretrained("/models/bert")
model = AutoModel.from_pretrained("../models/bert")
data = pandas.load_dataset("org/data")
model = keras.models.from_pretrained("org/model")
