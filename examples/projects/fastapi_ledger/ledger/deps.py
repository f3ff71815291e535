"""Dependencies: the app's shared clients, read from its state."""

from typing import Annotated

from fastapi import Depends, Request

from ledger.rates import RatesClient


def rates_client(request: Request) -> RatesClient:
    return request.app.state.rates


Rates = Annotated[RatesClient, Depends(rates_client)]
