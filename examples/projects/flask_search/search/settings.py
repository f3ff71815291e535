"""The search app's settings: the hosts its mirror view may fetch from."""

MIRROR_HOSTS = frozenset({"mirror-a.example.com", "mirror-b.example.com"})
