"""The releases routes of the running api, once its OpenAPI document has them."""

import hashlib
import json
import os
import tempfile
import unittest
import urllib.request

from tpi_client import NotFoundError, TpiClient

from .support import require_api


class Releases(unittest.TestCase):
    def setUp(self) -> None:
        base_url, key = require_api()
        with urllib.request.urlopen(f"{base_url}/openapi.json", timeout=30) as response:
            paths = json.load(response)["paths"]
        if "/api/v1/releases" not in paths:
            self.skipTest("the releases routes are not served by this api yet")
        self.client = TpiClient(base_url, api_key=key)

    def test_list_manifest_and_a_verified_download(self) -> None:
        releases = list(self.client.iter_releases(page_size=1))
        if not releases:
            with self.assertRaises(NotFoundError):
                self.client.get_release("latest")
            return
        self.assertEqual(
            [r["release"] for r in releases], sorted((r["release"] for r in releases), reverse=True)
        )
        manifest = self.client.get_release(releases[0]["release"])
        self.assertEqual(manifest["release"], releases[0]["release"])
        self.assertTrue(manifest["citation"])
        files = [entry for dataset in manifest["datasets"] for entry in dataset["files"]]
        if not files:
            return
        smallest = min(files, key=lambda entry: entry["bytes"])
        with tempfile.TemporaryDirectory() as directory:
            path = self.client.download_release_file(
                smallest["fileName"], directory, manifest=manifest
            )
            with open(path, "rb") as written:
                self.assertEqual(hashlib.sha256(written.read()).hexdigest(), smallest["sha256"])
            self.assertEqual(os.listdir(directory), [smallest["fileName"]])


if __name__ == "__main__":
    unittest.main()
