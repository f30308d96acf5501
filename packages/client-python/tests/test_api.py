"""Every route group of the api through the client, against the running api (see support.py)."""

import unittest
from typing import Any, ClassVar

from tpi_client import (
    AuthenticationError,
    BadRequestError,
    ConflictError,
    NotFoundError,
    PermissionDeniedError,
    TpiClient,
)

from .support import PREMIUM_KEY, require_api

GPU = "H100 SXM"
# Days inside the loaded samples (the harness's api stands at 2026-11-22).
START, END = "2026-11-01", "2026-11-14"


class LiveApi(unittest.TestCase):
    client: ClassVar[TpiClient]
    keyless: ClassVar[TpiClient]

    @classmethod
    def setUpClass(cls) -> None:
        base_url, key = require_api()
        cls.client = TpiClient(base_url, api_key=key)
        cls.keyless = TpiClient(base_url, api_key="")

    def assertRows(self, answer: Any, key: str = "data") -> None:  # noqa: N802 - unittest's style
        self.assertIs(answer.get("success"), True, answer)
        self.assertIsInstance(answer[key], list)
        self.assertGreater(len(answer[key]), 0, f"no rows in {key}: {answer}")


class Reference(LiveApi):
    def test_catalogues_methodologies_health_and_documents(self) -> None:
        self.assertIn(self.client.health()["status"], ("healthy", "degraded"))
        self.assertRows(self.keyless.list_token_types())
        self.assertRows(self.keyless.list_free_token_types())
        self.assertRows(self.keyless.list_gpu_types())
        self.assertRows(self.keyless.list_free_gpu_types())
        self.assertIs(self.keyless.get_gpu_methodology()["success"], True)
        self.assertIn("/api/otpi", self.keyless.openapi_document()["paths"])
        self.assertIn("<html", self.keyless.api_reference().lower())


class TokenPrices(LiveApi):
    def test_index_constituents_revisions_volume_methodology(self) -> None:
        latest = self.keyless.get_otpi()
        self.assertEqual(latest["access"], "public-1mo")
        self.assertRows(latest)
        history = self.client.get_otpi(lab="qwen", start_date=START, end_date=END)
        self.assertEqual(history["access"], "full")
        self.assertEqual({row["lab"] for row in history["data"]}, {"qwen"})
        self.assertEqual(len(history["data"]), 14)
        self.assertIs(self.client.get_otpi_constituents("anthropic", END)["success"], True)
        self.assertRows(self.client.get_otpi_revisions(lab="anthropic"))
        self.assertIs(self.keyless.get_otpi_methodology()["success"], True)
        self.assertRows(self.client.get_token_volume(START, END, labs=["anthropic", "openai"]))


class CurrentPrices(LiveApi):
    def test_latest_print_and_daily_values(self) -> None:
        self.assertIs(self.keyless.get_gpu_latest(GPU)["success"], True)
        self.assertRows(self.keyless.get_daily_index_all())
        self.assertIs(self.keyless.get_daily_index(GPU)["success"], True)
        self.assertIs(self.keyless.get_daily_index(gpu=GPU)["success"], True)
        self.assertIs(self.keyless.get_previous_daily_index(GPU)["success"], True)
        self.assertIs(self.keyless.get_day_index(GPU)["success"], True)


class HistoricalPrices(LiveApi):
    def test_history_routes(self) -> None:
        self.assertIs(
            self.client.get_gpu_nearest_print(GPU, "2026-11-10 12:00:00")["success"], True
        )
        self.assertRows(self.client.get_gpu_index_history(GPU, start_date=START, end_date=END))
        self.assertIs(self.client.get_gpu_constituents(GPU, "2026-11-10")["success"], True)
        self.assertRows(
            self.client.get_gpu_history_simple(GPU, start_date=START, end_date=END, limit=5)
        )
        self.assertRows(self.client.get_gpu_history_range(GPU, start_date=START, end_date=END))
        self.assertRows(
            self.client.get_gpu_hourly(GPU, start_date="2026-11-10", end_date="2026-11-11")
        )
        self.assertIs(self.client.get_gpu_rolling_average(GPU)["success"], True)
        self.assertRows(self.client.get_gpu_rolling_average_history(GPU, START, END))


class Analytics(LiveApi):
    def test_volatility_and_volume(self) -> None:
        self.assertIs(self.client.get_gpu_volatility(GPU, "2026-09-01", END)["success"], True)
        self.assertIs(self.client.get_gpu_volume_metrics(GPU, START, END)["success"], True)


class Memory(LiveApi):
    def test_catalogue_index_history_revisions_methodology(self) -> None:
        types = self.keyless.list_memory_types()
        self.assertRows(types)
        memory_type = types["data"][0]["id"]
        self.assertRows(self.client.get_memory_index())
        self.assertRows(self.client.get_memory_history(memory_type, start_date=START, end_date=END))
        self.assertIs(self.client.get_memory_revisions()["success"], True)
        self.assertIs(self.keyless.get_memory_methodology()["success"], True)


class WorkloadCost(LiveApi):
    def test_index_and_methodology(self) -> None:
        self.assertRows(self.client.get_workload(lab="anthropic"))
        self.assertIs(self.keyless.get_workload_methodology()["success"], True)


class LlmCoding(LiveApi):
    def test_products_index_history_revisions_tokens_methodology(self) -> None:
        products = self.keyless.list_llm_coding_products()
        self.assertRows(products)
        product = products["data"][0]["id"]
        self.assertEqual(self.client.get_llm_coding_index(product)["data"]["product"], product)
        self.assertRows(self.client.get_llm_coding_history(product, start_date=START, end_date=END))
        self.assertIs(self.client.get_llm_coding_revisions(product)["success"], True)
        self.assertIs(self.client.get_llm_coding_tokens()["success"], True)
        self.assertIs(self.keyless.get_llm_coding_methodology()["success"], True)


class NeoCloudSites(LiveApi):
    def test_sites_aggregate_map_methodology(self) -> None:
        sites = self.client.list_neocloud_sites(scope="all")
        self.assertRows(sites)
        self.assertRows(self.client.aggregate_neocloud_sites("country", scope="all"))
        self.assertEqual(self.client.get_neocloud_map(scope="all")["type"], "FeatureCollection")
        self.assertTrue(self.keyless.get_neocloud_methodology())

    def test_paging_reads_every_site_once_in_pages(self) -> None:
        everything = self.client.list_neocloud_sites(scope="all", limit=1000)
        self.assertGreater(everything["total"], 2, "the sample has too few sites to page")
        paged = list(self.client.iter_neocloud_sites(scope="all", page_size=2))
        self.assertEqual(
            [site["id"] for site in paged], [site["id"] for site in everything["data"]]
        )


class AccountWebhooksEventsAssistant(LiveApi):
    def test_a_webhook_subscription_through_its_life(self) -> None:
        created = self.client.create_webhook(
            "https://hooks.example.com/tpi", {"types": ["value.settled"]}
        )
        subscription = created["subscription"]
        self.assertTrue(created["secret"])
        webhook_id = subscription["id"]
        self.addCleanup(lambda: self.client.delete_webhook(webhook_id))
        self.assertIn(
            webhook_id, [each["id"] for each in self.client.list_webhooks()["subscriptions"]]
        )
        self.assertEqual(self.client.get_webhook(webhook_id)["subscription"]["id"], webhook_id)
        self.assertEqual(self.client.pause_webhook(webhook_id)["subscription"]["status"], "paused")
        self.assertEqual(self.client.resume_webhook(webhook_id)["subscription"]["status"], "active")
        with self.assertRaises(ConflictError):
            self.client.enable_webhook(webhook_id)  # only a disabled subscription is enabled
        self.assertTrue(self.client.rotate_webhook_secret(webhook_id)["secret"])
        log = self.client.list_webhook_deliveries(webhook_id, limit=5)
        self.assertEqual(log["deliveries"], [])
        self.assertEqual(list(self.client.iter_webhook_deliveries(webhook_id)), [])
        with self.assertRaises(NotFoundError):
            self.client.redeliver_webhook_event(webhook_id, "evt_0000000000000000")

    def test_a_new_key_of_the_account(self) -> None:
        created = self.client.create_api_key("python client test")
        self.assertTrue(created["key"].startswith("tpi_sk_"))

    def test_the_event_stream_opens_and_closes(self) -> None:
        with self.client.stream_events(types=["value.settled"], timeout=10) as events:
            self.assertIsNotNone(events)

    def test_the_assistant_answers(self) -> None:
        answer = self.client.chat("What is the latest index for anthropic?")
        self.assertIn("anthropic", answer["data"]["answer"].lower())


class Errors(LiveApi):
    def test_400_names_the_parameter(self) -> None:
        with self.assertRaises(BadRequestError) as raised:
            self.client.get_otpi(date="2025-13-40")
        self.assertEqual(raised.exception.status, 400)
        self.assertIn("date", raised.exception.message)
        self.assertTrue(raised.exception.request_id)

    def test_401_without_a_key_and_with_a_wrong_one(self) -> None:
        with self.assertRaises(AuthenticationError) as raised:
            self.keyless.get_otpi(lab="qwen")
        self.assertIn("Authorization: Bearer", raised.exception.message)
        with self.assertRaises(AuthenticationError):
            TpiClient(self.client.base_url, api_key="tpi_sk_notAKeyAtAll").get_memory_index()

    def test_403_for_data_beyond_the_plan(self) -> None:
        if not PREMIUM_KEY:
            self.skipTest("TPI_TEST_PREMIUM_KEY is not set")
        premium = TpiClient(self.client.base_url, api_key=PREMIUM_KEY)
        with self.assertRaises(PermissionDeniedError) as raised:
            premium.get_gpu_hourly(GPU)
        self.assertEqual(raised.exception.status, 403)

    def test_404_for_no_data(self) -> None:
        with self.assertRaises(NotFoundError) as raised:
            self.client.get_otpi(lab="qwen", date="2020-01-02")
        self.assertEqual(raised.exception.error, "No data available")


if __name__ == "__main__":
    unittest.main()
