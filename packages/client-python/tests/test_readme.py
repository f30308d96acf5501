"""The README's Python example: quoted as examples/readme_example.py holds it, and run against the api."""

import os
import re
import subprocess
import sys
import unittest

from .support import require_api

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(PACKAGE_DIR, "examples", "readme_example.py")
README = os.path.join(PACKAGE_DIR, "..", "..", "README.md")


class ReadmeExample(unittest.TestCase):
    def test_the_readme_quotes_the_example_as_written(self) -> None:
        with open(README, encoding="utf-8") as readme, open(EXAMPLE, encoding="utf-8") as example:
            quoted = re.search(r"## Python client[\s\S]*?```python\n([\s\S]*?)```", readme.read())
            self.assertIsNotNone(quoted, "README.md has a ```python block under '## Python client'")
            assert quoted is not None
            self.assertEqual(quoted.group(1), example.read())

    def test_it_prints_octobers_qwen_rows_with_a_key(self) -> None:
        base_url, key = require_api()
        source = os.path.join(PACKAGE_DIR, "src")
        env = {**os.environ, "TPI_BASE_URL": base_url, "TPI_API_KEY": key, "PYTHONPATH": source}
        run = subprocess.run(
            [sys.executable, EXAMPLE], env=env, capture_output=True, text=True, timeout=60
        )
        self.assertEqual(run.returncode, 0, run.stderr)
        lines = run.stdout.splitlines()
        self.assertEqual(len(lines), 31, run.stdout)
        self.assertEqual(
            [line.split()[:2] for line in lines[:2]],
            [["2026-10-01", "qwen"], ["2026-10-02", "qwen"]],
        )

    def test_without_a_key_it_says_why_and_exits(self) -> None:
        base_url, _ = require_api()
        env = {
            **os.environ,
            "TPI_BASE_URL": base_url,
            "TPI_API_KEY": "",
            "PYTHONPATH": os.path.join(PACKAGE_DIR, "src"),
        }
        run = subprocess.run(
            [sys.executable, EXAMPLE], env=env, capture_output=True, text=True, timeout=60
        )
        self.assertEqual(run.returncode, 1)
        self.assertRegex(run.stderr, r"^401 Unauthorized: .*qwen")


if __name__ == "__main__":
    unittest.main()
