"""The service's settings: defaults of the class, which only the deployment may replace."""


class Settings:
    return_hosts = frozenset({"portal.ledger.example", "pay.ledger.example"})
    export_root = "/srv/ledger/exports"


settings = Settings()
