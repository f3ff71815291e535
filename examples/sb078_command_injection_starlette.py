"""Job control of a small Starlette service: the parts of a route's path reach shell commands,
as text (`{name}`) or converted to a number first (`{job_id:int}`), which carries no command."""

import subprocess  # expect: B404

from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route


async def job_status(request):
    job_id = request.path_params["job_id"]
    subprocess.run(f"jobctl status {job_id}", shell=True)  # expect: B602:LOW
    return PlainTextResponse("ok")


async def queue_status(request):
    queue = request.path_params["queue"]
    subprocess.run(f"jobctl queue {queue}", shell=True)  # expect: B602:HIGH<18
    return PlainTextResponse("ok")


async def cancel(request):
    # routed twice: once with a number, once with any text, which the endpoint must expect
    job = request.path_params["job"]
    subprocess.run(f"jobctl cancel {job}", shell=True)  # expect: B602:HIGH<25
    return PlainTextResponse("ok")


async def replay(request):
    run_id = request.path_params["run_id"]
    subprocess.run(f"jobctl replay {run_id}", shell=True)  # expect: B602:LOW
    return PlainTextResponse("ok")


app = Starlette(
    routes=[
        Route("/jobs/{job_id:int}", job_status),
        Route("/queues/{queue}", endpoint=queue_status),
        Route("/jobs/{job:int}/cancel", cancel, methods=["POST"]),
        Route("/jobs/by-name/{job}/cancel", cancel, methods=["POST"]),
    ]
)
app.add_route("/runs/{run_id:uuid}/replay", replay, methods=["POST"])
