"""The baseline for bench/gateway.py: a bare Starlette app with one JSON route.

Started the way the daemon starts its gateway: a subprocess, a socket bound on
127.0.0.1:0 before uvicorn runs, the same uvicorn options and the same HTTP
protocol class (``http_protocol``), on the named event loop. It prints its port
on stdout and serves until SIGTERM.

    python3 bench/_bare_app.py uvloop|asyncio [h11|auto]
"""

from __future__ import annotations

import asyncio
import sys

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from uvicorn.protocols.http.h11_impl import H11Protocol

from zeroclaw_daemon.channels.gateway import bind_socket

try:
    from zeroclaw_daemon.channels.gateway import http_protocol
except ImportError:  # an older daemon (A/B runs against a previous commit): uvicorn's default
    http_protocol = None  # type: ignore[assignment]


async def healthz(request: Request) -> Response:
    return JSONResponse({"status": "ok"})


def main() -> int:
    loop_name = sys.argv[1] if len(sys.argv) > 1 else "uvloop"
    http: type[asyncio.Protocol] | str = (
        H11Protocol if len(sys.argv) > 2 and sys.argv[2] == "h11"
        else "auto" if http_protocol is None else http_protocol(10.0))
    app = Starlette(routes=[Route("/healthz", healthz, methods=["GET"])])
    config = uvicorn.Config(app, log_config=None, lifespan="off", access_log=False,
                            server_header=False, http=http, ws="none", proxy_headers=False,
                            loop="uvloop" if loop_name == "uvloop" else "asyncio")
    sock = bind_socket("127.0.0.1", 0, 2048)
    print(sock.getsockname()[1], flush=True)
    uvicorn.Server(config).run(sockets=[sock])
    return 0


if __name__ == "__main__":
    sys.exit(main())
