"""Bulk downloads: streamed to a partial file, checked against the manifest's SHA-256, renamed or deleted."""

import hashlib
import os
import tempfile
import unittest
from typing import Any, Dict

from tpi_client import AuthenticationError, ChecksumMismatchError, TpiClient, TpiError

from .support import StubServer, json_response

CONTENT = b"date,lab,indexPerMtok\n" + b"".join(
    b"2026-11-%02d,anthropic,6.2%d\n" % (d, d % 10) for d in range(1, 29)
)
FILE = "token-otpi-full.csv"


def manifest(sha256: str, size: int, release: int = 7) -> Dict[str, Any]:
    return {
        "success": True,
        "release": release,
        "day": "2026-11-28",
        "cutAt": "2026-11-29T00:30:00.000Z",
        "citation": "Token Price Index, release 7 (2026-11-28).",
        "methodologyVersions": {"token": "1.0"},
        "sources": [],
        "datasets": [
            {
                "market": "token",
                "name": "otpi",
                "title": "Token price index",
                "description": "",
                "historyRoute": "/api/otpi",
                "columns": [],
                "files": [
                    {
                        "variant": "full",
                        "format": "csv",
                        "fileName": FILE,
                        "rows": 28,
                        "bytes": size,
                        "sha256": sha256,
                        "url": f"/api/v1/releases/{release}/files/{FILE}",
                    }
                ],
            }
        ],
    }


def serve(sha256: str, size: int = len(CONTENT)) -> StubServer:
    file = (200, {"Content-Type": "text/csv; charset=utf-8"}, CONTENT)
    return StubServer(
        {
            "/api/v1/releases/latest": [json_response(200, manifest(sha256, size))],
            "/api/v1/releases/7": [json_response(200, manifest(sha256, size))],
            f"/api/v1/releases/7/files/{FILE}": [file],
        }
    )


class Download(unittest.TestCase):
    def setUp(self) -> None:
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)

    def test_writes_the_file_when_its_sha256_and_size_are_the_manifests(self) -> None:
        with serve(hashlib.sha256(CONTENT).hexdigest()) as stub:
            path = TpiClient(stub.url, api_key="k").download_release_file(
                FILE, self.directory.name, chunk_size=64
            )
        self.assertEqual(path, os.path.join(self.directory.name, FILE))
        with open(path, "rb") as written:
            self.assertEqual(written.read(), CONTENT)
        self.assertEqual(os.listdir(self.directory.name), [FILE])
        # `latest` was resolved to its number: the file is read from the release the manifest is of.
        self.assertEqual(
            [path for path, _ in stub.requests],
            ["/api/v1/releases/latest", f"/api/v1/releases/7/files/{FILE}"],
        )
        self.assertEqual(stub.requests[1][1].get("Authorization"), "Bearer k")

    def test_a_wrong_sha256_raises_and_leaves_no_file(self) -> None:
        wrong = hashlib.sha256(b"other bytes").hexdigest()
        target = os.path.join(self.directory.name, "otpi.csv")
        with serve(wrong) as stub:
            with self.assertRaises(ChecksumMismatchError) as raised:
                TpiClient(stub.url).download_release_file(FILE, target, release=7)
        self.assertEqual(raised.exception.expected_sha256, wrong)
        self.assertEqual(raised.exception.actual_sha256, hashlib.sha256(CONTENT).hexdigest())
        self.assertIn("does not match the release manifest", str(raised.exception))
        self.assertEqual(os.listdir(self.directory.name), [])

    def test_a_wrong_size_raises_too(self) -> None:
        with serve(hashlib.sha256(CONTENT).hexdigest(), size=len(CONTENT) + 1) as stub:
            with self.assertRaises(ChecksumMismatchError):
                TpiClient(stub.url).download_release_file(FILE, self.directory.name)
        self.assertEqual(os.listdir(self.directory.name), [])

    def test_a_refused_file_raises_its_error_and_leaves_no_file(self) -> None:
        refused = json_response(401, {"error": "Unauthorized", "message": "a key is needed"})
        routes = {
            "/api/v1/releases/7": [
                json_response(200, manifest(hashlib.sha256(CONTENT).hexdigest(), len(CONTENT)))
            ],
            f"/api/v1/releases/7/files/{FILE}": [refused],
        }
        with StubServer(routes) as stub:
            with self.assertRaises(AuthenticationError):
                TpiClient(stub.url).download_release_file(FILE, self.directory.name, release=7)
        self.assertEqual(os.listdir(self.directory.name), [])

    def test_a_file_not_in_the_manifest_is_named_with_the_files_there_are(self) -> None:
        with serve(hashlib.sha256(CONTENT).hexdigest()) as stub:
            with self.assertRaises(TpiError) as raised:
                TpiClient(stub.url).download_release_file("nothing.csv", self.directory.name)
        self.assertIn(f"no file named 'nothing.csv'; its files: {FILE}", str(raised.exception))


if __name__ == "__main__":
    unittest.main()
