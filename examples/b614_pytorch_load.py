import torch
from torch import load
from torch.serialization import load as serialization_load

model = torch.load("model.pt")  # expect: B614@9
model = torch.load("model.pt", weights_only=False)  # expect: B614@45
model = torch.load(handle, map_location="cpu", weights_only=flag)  # expect: B614@61
model = torch.serialization.load(handle)  # expect: B614
model = load("model.pt")  # expect: B614@9
model = serialization_load(handle)  # expect: B614
model = torch.load(  # expect: B614
    "model.pt",
    map_location="cpu",
)

model = torch.load("model.pt", weights_only=True)
model = load("model.pt", weights_only=True)
model = torch.jit.load("model.pt")
model = safetensors.torch.load_file("model.safetensors")
model = pickle_free.load("model.pt")
