"""The API: bodies and query models handed to the exports module, and returns."""

from typing import Annotated

from fastapi import FastAPI, Query
from fastapi.responses import RedirectResponse

from ledger.exports import export, export_raw
from ledger.schemas import ExportRequest, LooseReturnTarget, RawExportRequest, ReturnTarget

api = FastAPI()


@api.post("/exports")
def create_export(body: ExportRequest):
    return {"status": export(body)}


@api.post("/exports/raw")
def create_raw_export(body: RawExportRequest):
    return {"status": export_raw(body)}  # expect: SB078:HIGH


@api.get("/payments/complete")
def payment_complete(target: Annotated[ReturnTarget, Query()]):
    return RedirectResponse(target.to, status_code=302)


@api.get("/payments/complete-loose")
def payment_complete_loose(target: Annotated[LooseReturnTarget, Query()]):
    return RedirectResponse(target.to, status_code=302)  # expect: SB601:HIGH


@api.get("/rates/{currency}")
def rate(currency: Annotated[str, Query(pattern="^[A-Z]{3}$")], rates: Rates):
    return rates.quote(currency)


@api.get("/rates-mirror")
def rate_mirror(source: str, rates: Rates):
    return rates.mirror(source)  # expect: SB918:HIGH


from ledger.deps import Rates  # noqa: E402
