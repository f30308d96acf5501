"""The client's key and downloaded files stay where they belong."""

import hashlib
import os
import tempfile
import unittest

from tpi_client import TpiClient

from .support import StubServer, json_response
from .test_download import CONTENT, FILE, manifest


class KeyHandlingTest(unittest.TestCase):
    def test_the_key_is_not_sent_to_another_origin_on_a_redirect(self) -> None:
        # A file served from elsewhere (a CDN, a misconfigured proxy, a compromised host): the
        # redirect is followed, and urllib copies every header, Authorization included.
        digest = hashlib.sha256(CONTENT).hexdigest()
        with StubServer({f"/elsewhere/{FILE}": [(200, {"Content-Type": "text/csv"}, CONTENT)]}) as other:
            with StubServer(
                {
                    "/api/v1/releases/7": [json_response(200, manifest(digest, len(CONTENT)))],
                    f"/api/v1/releases/7/files/{FILE}": [
                        (302, {"Location": f"{other.url}/elsewhere/{FILE}"}, b"")
                    ],
                }
            ) as api:
                client = TpiClient(api.url, api_key="tpi_sk_secret_key")
                with tempfile.TemporaryDirectory() as directory:
                    client.download_release_file(FILE, directory, release=7)
            sent = [
                {name.lower(): value for name, value in headers.items()}
                for _, headers in other.requests
            ]
        self.assertEqual(len(sent), 1)
        self.assertNotIn("authorization", sent[0])


class DownloadPathTest(unittest.TestCase):
    def test_a_manifest_file_name_cannot_write_outside_the_destination_directory(self) -> None:
        # The file name comes from the server's manifest; a user downloads each file of it into
        # a directory. A name with a path (`../`, absolute) must not escape that directory.
        evil = "../escaped.csv"
        digest = hashlib.sha256(CONTENT).hexdigest()
        body = manifest(digest, len(CONTENT))
        body["datasets"][0]["files"][0]["fileName"] = evil
        with StubServer(
            {
                "/api/v1/releases/7": [json_response(200, body)],
                "/api/v1/releases/7/files/..%2Fescaped.csv": [
                    (200, {"Content-Type": "text/csv"}, CONTENT)
                ],
            }
        ) as api:
            client = TpiClient(api.url)
            with tempfile.TemporaryDirectory() as root:
                inside = os.path.join(root, "data")
                os.mkdir(inside)
                m = client.get_release(7)
                for dataset in m["datasets"]:
                    for entry in dataset["files"]:
                        try:
                            client.download_release_file(entry["fileName"], inside, manifest=m)
                        except Exception:  # refusing the name is the fix
                            pass
                self.assertFalse(os.path.exists(os.path.join(root, "escaped.csv")))


if __name__ == "__main__":
    unittest.main()
