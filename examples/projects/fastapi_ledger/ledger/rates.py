"""A client the app makes at start-up and keeps on its state: endpoints receive it through a
dependency typed by its class."""

import httpx


class RatesClient:
    def __init__(self, base: str) -> None:
        self._base = base
        self._http = httpx.Client(timeout=5)

    def quote(self, currency: str) -> dict:
        return self._http.get(f"{self._base}/quotes/{currency}").json()

    def mirror(self, url: str) -> dict:
        return self._http.get(url).json()
