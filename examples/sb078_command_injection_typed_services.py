"""A FastAPI network toolbox whose endpoints get a service object from a dependency, or hand
one to a helper typed by its annotation: the service's methods are followed through the object
the annotation names, so what reaches their shell is known at each call."""

import shlex
import subprocess  # expect: B404

from fastapi import Depends, FastAPI

app = FastAPI()


class Pinger:
    def ping(self, host: str):
        return subprocess.run("ping -c 1 " + host, shell=True)  # expect: B602


class Tracer:
    def __init__(self) -> None:
        self.hops = 8

    def trace(self, host: str):
        return subprocess.run(f"traceroute -m {self.hops} {host}", shell=True)  # expect: B602


def probe(pinger: Pinger, host: str):
    return pinger.ping(host)


def probe_quoted(pinger: "Pinger", host: str):
    return pinger.ping(shlex.quote(host))


@app.get("/ping")
def ping(host: str, pinger: Pinger = Depends(Pinger)):
    return {"rc": pinger.ping(host).returncode}  # expect: SB078:HIGH<35


@app.get("/ping-gateway")
def ping_gateway(host: str, pinger: Pinger = Depends(Pinger)):
    return {"rc": pinger.ping("gateway.internal").returncode}


@app.get("/ping-annotated")
def ping_annotated(host: str, pinger: Pinger = Depends()):
    return {"rc": pinger.ping(host).returncode}  # expect: SB078:HIGH<45


@app.get("/trace")
def trace(host: str, tracer: Tracer = Depends()):
    return {"rc": tracer.trace(host).returncode}  # expect: SB078:HIGH<50


@app.get("/trace-number")
def trace_number(hop: int, tracer: Tracer = Depends()):
    return {"rc": tracer.trace(str(hop)).returncode}


@app.get("/probe")
def probe_host(host: str):
    return {"rc": probe(Pinger(), host).returncode}  # expect: SB078:HIGH<60


@app.get("/probe-quoted")
def probe_host_quoted(host: str):
    return {"rc": probe_quoted(Pinger(), host).returncode}


def document_path(doc_id: int) -> str:
    return f"/srv/documents/{doc_id}.pdf"


def document_title(doc_id: str) -> str:
    return f"/srv/documents/{doc_id}.pdf"


@app.get("/render/{doc_id}")
def render(doc_id: int):
    # a helper's text given a number is built only of fixed parts
    subprocess.run(f"pdftoppm -png {document_path(doc_id)} out", shell=True)  # expect: B602:LOW


@app.get("/render-named/{doc_id}")
def render_named(doc_id: str):
    subprocess.run(f"pdftoppm -png {document_title(doc_id)} out", shell=True)  # expect: B602:HIGH<84
