"""to_frame(): a pandas DataFrame of an answer's rows where pandas imports, a clear ImportError otherwise."""

import os
import sys
import unittest
from unittest import mock

from tpi_client import Answer, TpiClient, to_frame

from .support import BASE_URL, FULL_KEY

try:
    import pandas  # noqa: F401 - whether it imports is the question
except ImportError:
    PANDAS = False
else:
    PANDAS = True

REQUIRED = os.environ.get("TPI_TEST_REQUIRE_PANDAS") == "1"


class WithPandas(unittest.TestCase):
    def setUp(self) -> None:
        if not PANDAS:
            if REQUIRED:
                self.fail(
                    f"pandas must import here ({sys.executable}): apt-get install python3-pandas"
                )
            self.skipTest(f"pandas is not importable by {sys.executable}")

    def test_an_answer_frames_its_rows_with_nested_fields_flattened(self) -> None:
        answer = Answer(
            {"success": True, "data": [{"date": "2026-11-01", "v": "1.50", "n": {"a": 1}}]}
        )
        frame = answer.to_frame()
        self.assertEqual(list(frame.columns), ["date", "v", "n.a"])
        self.assertEqual(frame.iloc[0]["v"], "1.50")  # decimals served as text stay exact
        self.assertEqual(len(to_frame(answer["data"])), 1)
        deliveries = Answer(
            {"success": True, "deliveries": [{"id": 1}], "nextBefore": None, "tests": []}
        )
        self.assertEqual(list(deliveries.to_frame()["id"]), [1])

    def test_a_live_history_answer_frames_one_row_per_item(self) -> None:
        if not BASE_URL or not FULL_KEY:
            self.skipTest(
                "TPI_BASE_URL and TPI_API_KEY are not set (the api's test harness sets them)"
            )
        answer = TpiClient(BASE_URL, api_key=FULL_KEY).get_otpi(
            lab="anthropic", start_date="2026-11-01", end_date="2026-11-14"
        )
        frame = answer.to_frame()  # type: ignore[attr-defined]
        self.assertEqual(len(frame), len(answer["data"]))
        self.assertEqual(list(frame["date"]), [row["date"] for row in answer["data"]])

    def test_an_answer_without_rows_says_so(self) -> None:
        with self.assertRaisesRegex(ValueError, "no table of rows"):
            Answer({"success": True, "status": "ok"}).to_frame()


class WithoutPandas(unittest.TestCase):
    def test_to_frame_raises_an_import_error_saying_how_to_install_pandas(self) -> None:
        with mock.patch.dict(sys.modules, {"pandas": None}):
            with self.assertRaisesRegex(
                ImportError, "to_frame\\(\\) needs pandas.*pip install pandas"
            ):
                Answer({"data": []}).to_frame()


if __name__ == "__main__":
    unittest.main()
