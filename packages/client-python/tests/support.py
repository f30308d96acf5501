"""What the tests share: the running api they are pointed at, and a loopback stub server.

The api's test harness (apps/api/src/python-client.int.test.ts) starts the api on a test database
with every market's data loaded and runs `python3 -m unittest discover` with:
  TPI_BASE_URL          the api (relaxed rate limits)
  TPI_API_KEY           a Full plan key
  TPI_TEST_PREMIUM_KEY  a Premium plan key (no hourly prints: 403)
  TPI_TEST_LIMITED_URL  a second api whose public limiter allows 2 requests a second
  TPI_TEST_REQUIRE_PANDAS  "1" when the pandas test must not skip
Without TPI_BASE_URL the tests of the live api skip; the others run.
"""

import http.server
import json
import os
import threading
import unittest
from typing import Dict, List, Optional, Tuple

BASE_URL = os.environ.get("TPI_BASE_URL")
FULL_KEY = os.environ.get("TPI_API_KEY")
PREMIUM_KEY = os.environ.get("TPI_TEST_PREMIUM_KEY")
LIMITED_URL = os.environ.get("TPI_TEST_LIMITED_URL")


def require_api() -> Tuple[str, str]:
    if not BASE_URL or not FULL_KEY:
        raise unittest.SkipTest(
            "TPI_BASE_URL and TPI_API_KEY are not set (the api's test harness sets them)"
        )
    return BASE_URL, FULL_KEY


Response = Tuple[int, Dict[str, str], bytes]


class StubServer:
    """A loopback HTTP server answering each path with its queued responses, in order (the last repeats)."""

    def __init__(self, routes: Dict[str, List[Response]]) -> None:
        self.routes = routes
        self.requests: List[Tuple[str, Dict[str, str]]] = []
        stub = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                stub.requests.append((self.path, dict(self.headers.items())))
                queue = stub.routes.get(self.path.split("?")[0])
                if not queue:
                    status, headers, body = (
                        404,
                        {"Content-Type": "application/json"},
                        json.dumps(
                            {"error": "Not found", "message": f"no stub for {self.path}"}
                        ).encode(),
                    )
                else:
                    status, headers, body = queue.pop(0) if len(queue) > 1 else queue[0]
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    def __enter__(self) -> "StubServer":
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def json_response(status: int, body: object, headers: Optional[Dict[str, str]] = None) -> Response:
    return (
        status,
        {"Content-Type": "application/json", **(headers or {})},
        json.dumps(body).encode(),
    )
