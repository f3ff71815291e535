import yaml
from yaml import load

data = yaml.load(text)  # expect: B506
data = yaml.load(text, Loader=yaml.Loader)  # expect: B506
data = yaml.load(text, yaml.FullLoader)  # expect: B506
data = load(text)  # expect: B506
data = yaml.load(  # expect: B506
    text,
    Loader=yaml.UnsafeLoader,
)

safe = yaml.load(text, Loader=yaml.SafeLoader)
safe = yaml.load(text, yaml.CSafeLoader)
safe = yaml.safe_load(text)
json_like = json.load(handle)
