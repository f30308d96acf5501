"""A real 429 from the api's public limiter: its Retry-After is waited out, a bounded number of times."""

import os
import time
import unittest
from typing import List

from tpi_client import RateLimitError, TpiClient

LIMITED_URL = os.environ.get("TPI_TEST_LIMITED_URL")


@unittest.skipUnless(
    LIMITED_URL, "TPI_TEST_LIMITED_URL is not set (the api's test harness sets it)"
)
class PublicLimiter(unittest.TestCase):
    def test_a_429_carries_retry_after_and_the_retrying_client_gets_through(self) -> None:
        impatient = TpiClient(LIMITED_URL, api_key="", max_retries=0)
        with self.assertRaises(RateLimitError) as raised:
            for _ in range(10):  # the limiter allows 2 a second
                impatient.list_token_types()
        self.assertEqual(raised.exception.status, 429)
        self.assertIsNotNone(raised.exception.retry_after)
        self.assertGreater(raised.exception.retry_after, 0)
        self.assertTrue(raised.exception.message)

        waits: List[float] = []

        def sleep(seconds: float) -> None:
            waits.append(seconds)
            time.sleep(seconds)

        patient = TpiClient(LIMITED_URL, api_key="", max_retries=3, sleep=sleep)
        for _ in range(4):
            self.assertIs(patient.list_token_types()["success"], True)
        self.assertGreater(
            len(waits), 0, "no 429 was met: the limiter allows more than the test thinks"
        )
        self.assertTrue(all(0 < wait <= 2 for wait in waits), waits)


if __name__ == "__main__":
    unittest.main()
