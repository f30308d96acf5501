"""The client without the api: key handling, errors by status, Retry-After, against a loopback stub."""

import os
import unittest
from typing import List
from unittest import mock

from tpi_client import (
    AuthenticationError,
    BadRequestError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    ServiceUnavailableError,
    TpiApiError,
    TpiClient,
    TpiConnectionError,
    retry_after_seconds,
)

from .support import StubServer, json_response

SECRET = "tpi_sk_thisIsASecretThatMustNeverShow"
TYPES = {"success": True, "data": []}


def error(status: int, label: str, headers=None):
    return json_response(
        status, {"error": label, "message": f"{label} happened", "requestId": "req-1"}, headers
    )


class KeyHandling(unittest.TestCase):
    def test_the_key_is_never_in_the_repr_nor_in_an_error(self) -> None:
        client = TpiClient("http://127.0.0.1:9", api_key=SECRET)
        self.assertNotIn(SECRET, repr(client))
        self.assertIn("api_key=set", repr(client))
        self.assertNotIn(SECRET, str(vars(client)))
        with StubServer({"/api/token-types": [error(401, "Unauthorized")]}) as stub:
            with self.assertRaises(AuthenticationError) as raised:
                TpiClient(stub.url, api_key=SECRET).list_token_types()
        self.assertNotIn(SECRET, str(raised.exception))
        self.assertNotIn(SECRET, repr(raised.exception.__dict__))

    def test_the_key_is_sent_as_bearer_and_read_from_TPI_API_KEY_when_not_given(self) -> None:
        with StubServer({"/api/token-types": [json_response(200, TYPES)]}) as stub:
            with mock.patch.dict(os.environ, {"TPI_API_KEY": SECRET, "TPI_BASE_URL": stub.url}):
                TpiClient().list_token_types()
            TpiClient(stub.url, api_key="").list_token_types()
        self.assertEqual(stub.requests[0][1].get("Authorization"), f"Bearer {SECRET}")
        self.assertNotIn("Authorization", stub.requests[1][1])

    def test_the_base_url_defaults_to_TPI_BASE_URL_then_localhost(self) -> None:
        with mock.patch.dict(os.environ, {"TPI_BASE_URL": "http://example.test:1/"}):
            self.assertEqual(TpiClient().base_url, "http://example.test:1")
        with mock.patch.dict(os.environ, {}, clear=True):
            self.assertEqual(TpiClient().base_url, "http://localhost:8080")


class Errors(unittest.TestCase):
    def test_each_status_raises_its_class_with_the_contract_body(self) -> None:
        cases = [
            (400, BadRequestError),
            (401, AuthenticationError),
            (403, PermissionDeniedError),
            (404, NotFoundError),
            (429, RateLimitError),
            (503, ServiceUnavailableError),
            (500, ServerError),
        ]
        for status, kind in cases:
            with self.subTest(status=status):
                with StubServer({"/api/token-types": [error(status, f"E{status}")]}) as stub:
                    with self.assertRaises(kind) as raised:
                        TpiClient(stub.url, max_retries=0).list_token_types()
                self.assertIsInstance(raised.exception, TpiApiError)
                self.assertEqual(raised.exception.status, status)
                self.assertEqual(raised.exception.error, f"E{status}")
                self.assertEqual(raised.exception.message, f"E{status} happened")
                self.assertEqual(raised.exception.request_id, "req-1")

    def test_a_body_not_of_the_contract_still_raises_with_the_status(self) -> None:
        page = (502, {"Content-Type": "text/html"}, b"<html>Bad gateway</html>")
        with StubServer({"/api/token-types": [page]}) as stub:
            with self.assertRaises(ServerError) as raised:
                TpiClient(stub.url).list_token_types()
        self.assertEqual(raised.exception.status, 502)
        self.assertIn("Bad gateway", raised.exception.message)

    def test_no_answer_raises_a_connection_error(self) -> None:
        with StubServer({}) as stub:
            url = stub.url
        with self.assertRaises(TpiConnectionError):
            TpiClient(url, timeout=5).list_token_types()


class RetryAfter(unittest.TestCase):
    def test_reads_delta_seconds_and_http_dates(self) -> None:
        self.assertEqual(retry_after_seconds("7"), 7.0)
        self.assertEqual(
            retry_after_seconds("Thu, 01 Jan 2026 00:00:10 GMT", now=1767225600.0), 10.0
        )
        self.assertEqual(
            retry_after_seconds("Thu, 01 Jan 2026 00:00:10 GMT", now=1767225700.0), 0.0
        )
        self.assertIsNone(retry_after_seconds("soon"))
        self.assertIsNone(retry_after_seconds(None))

    def test_429_and_503_are_sent_again_after_their_wait_a_bounded_number_of_times(self) -> None:
        for status in (429, 503):
            with self.subTest(status=status):
                waits: List[float] = []
                busy = error(status, "Busy", {"Retry-After": "3"})
                with StubServer(
                    {"/api/token-types": [busy, busy, json_response(200, TYPES)]}
                ) as stub:
                    answer = TpiClient(stub.url, sleep=waits.append).list_token_types()
                self.assertEqual(answer, TYPES)
                self.assertEqual(waits, [3.0, 3.0])
                self.assertEqual(len(stub.requests), 3)

    def test_gives_up_after_max_retries_with_the_retry_after(self) -> None:
        waits: List[float] = []
        with StubServer(
            {"/api/token-types": [error(429, "Too many", {"Retry-After": "1"})]}
        ) as stub:
            with self.assertRaises(RateLimitError) as raised:
                TpiClient(stub.url, max_retries=2, sleep=waits.append).list_token_types()
        self.assertEqual(waits, [1.0, 1.0])
        self.assertEqual(len(stub.requests), 3)
        self.assertEqual(raised.exception.retry_after, 1.0)

    def test_a_wait_longer_than_max_retry_after_is_not_made(self) -> None:
        waits: List[float] = []
        with StubServer(
            {"/api/token-types": [error(429, "Too many", {"Retry-After": "3600"})]}
        ) as stub:
            with self.assertRaises(RateLimitError) as raised:
                TpiClient(stub.url, sleep=waits.append).list_token_types()
        self.assertEqual(waits, [])
        self.assertEqual(raised.exception.retry_after, 3600.0)

    def test_a_429_without_retry_after_is_not_retried(self) -> None:
        waits: List[float] = []
        with StubServer({"/api/token-types": [error(429, "Too many")]}) as stub:
            with self.assertRaises(RateLimitError):
                TpiClient(stub.url, sleep=waits.append).list_token_types()
        self.assertEqual((waits, len(stub.requests)), ([], 1))


class Paging(unittest.TestCase):
    def test_releases_are_read_page_after_page_with_before(self) -> None:
        def release(number: int):
            return {
                "release": number,
                "day": "2026-11-01",
                "cutAt": "x",
                "files": 4,
                "url": f"/api/v1/releases/{number}",
            }

        pages = [
            json_response(200, {"success": True, "count": 2, "data": [release(5), release(4)]}),
            json_response(200, {"success": True, "count": 2, "data": [release(3), release(2)]}),
            json_response(200, {"success": True, "count": 1, "data": [release(1)]}),
        ]
        with StubServer({"/api/v1/releases": pages}) as stub:
            numbers = [entry["release"] for entry in TpiClient(stub.url).iter_releases(page_size=2)]
        self.assertEqual(numbers, [5, 4, 3, 2, 1])
        self.assertEqual(
            [path for path, _ in stub.requests],
            [
                "/api/v1/releases?limit=2",
                "/api/v1/releases?limit=2&before=4",
                "/api/v1/releases?limit=2&before=2",
            ],
        )

    def test_webhook_deliveries_follow_next_before(self) -> None:
        pages = [
            json_response(
                200,
                {
                    "success": True,
                    "deliveries": [{"id": "a"}, {"id": "b"}],
                    "nextBefore": "17",
                    "tests": [],
                },
            ),
            json_response(
                200, {"success": True, "deliveries": [{"id": "c"}], "nextBefore": None, "tests": []}
            ),
        ]
        with StubServer({"/api/v1/webhooks/w%201/deliveries": pages}) as stub:
            ids = [
                entry["id"]
                for entry in TpiClient(stub.url).iter_webhook_deliveries("w 1", page_size=2)
            ]  # type: ignore[typeddict-item]
        self.assertEqual(ids, ["a", "b", "c"])
        self.assertEqual(stub.requests[1][0], "/api/v1/webhooks/w%201/deliveries?limit=2&before=17")


class EventStreamParsing(unittest.TestCase):
    def test_events_are_parsed_and_heartbeats_skipped(self) -> None:
        body = (
            b": heartbeat\n\n"
            b'id: 1\nevent: value.settled\ndata: {"market":"token","value":1.5}\n\n'
            b"id: 2\nevent: source.degraded\ndata: not json\n\n"
        )
        with StubServer(
            {"/api/v1/events/stream": [(200, {"Content-Type": "text/event-stream"}, body)]}
        ) as stub:
            with TpiClient(stub.url, api_key="k").stream_events(
                types=["value.settled", "source.degraded"]
            ) as events:
                received = list(events)
        self.assertEqual(
            received,
            [
                {"id": "1", "event": "value.settled", "data": {"market": "token", "value": 1.5}},
                {"id": "2", "event": "source.degraded", "data": "not json"},
            ],
        )
        self.assertEqual(
            stub.requests[0][0], "/api/v1/events/stream?types=value.settled%2Csource.degraded"
        )
        self.assertEqual(stub.requests[0][1].get("Accept"), "text/event-stream")


if __name__ == "__main__":
    unittest.main()
