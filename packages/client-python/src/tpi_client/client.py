"""TpiClient: one method per operation of the api's OpenAPI document (see OPERATION_METHODS)."""

import hashlib
import json
import os
import urllib.parse
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Union, cast

from . import schemas as s
from ._transport import (
    DEFAULT_MAX_RETRIES,
    DEFAULT_MAX_RETRY_AFTER_SECONDS,
    DEFAULT_TIMEOUT_SECONDS,
    Transport,
    iter_chunks,
)
from .errors import ChecksumMismatchError, TpiError
from .frames import Answer
from .releases import ReleaseFile, ReleaseList, ReleaseManifest, ReleaseSummary

DEFAULT_BASE_URL = "http://localhost:8080"
#: Bytes read and hashed at a time by downloads.
DOWNLOAD_CHUNK_BYTES = 1 << 16

#: Every operationId of the api's OpenAPI document and the TpiClient method that calls it. A test
#: reads the served document and fails when one of its operations is missing here.
OPERATION_METHODS: Dict[str, str] = {
    "health": "health",
    "getOtpi": "get_otpi",
    "getOtpiConstituents": "get_otpi_constituents",
    "getOtpiMethodology": "get_otpi_methodology",
    "getOtpiRevisions": "get_otpi_revisions",
    "getTokenVolume": "get_token_volume",
    "listTokenTypes": "list_token_types",
    "listFreeTokenTypes": "list_free_token_types",
    "listGpuTypes": "list_gpu_types",
    "listFreeGpuTypes": "list_free_gpu_types",
    "getGpuMethodology": "get_gpu_methodology",
    "getGpuLatest": "get_gpu_latest",
    "getDailyIndexAll": "get_daily_index_all",
    "getDailyIndex": "get_daily_index",
    "getPreviousDailyIndex": "get_previous_daily_index",
    "getDayIndex": "get_day_index",
    "getGpuNearestPrint": "get_gpu_nearest_print",
    "getGpuIndexHistory": "get_gpu_index_history",
    "getGpuConstituents": "get_gpu_constituents",
    "getGpuHistorySimple": "get_gpu_history_simple",
    "getGpuHistoryRange": "get_gpu_history_range",
    "getGpuHourly": "get_gpu_hourly",
    "getGpuRollingAverage": "get_gpu_rolling_average",
    "getGpuRollingAverageHistory": "get_gpu_rolling_average_history",
    "getGpuVolatility": "get_gpu_volatility",
    "getGpuVolumeMetrics": "get_gpu_volume_metrics",
    "listMemoryTypes": "list_memory_types",
    "getMemoryIndex": "get_memory_index",
    "getMemoryHistory": "get_memory_history",
    "getMemoryRevisions": "get_memory_revisions",
    "getMemoryMethodology": "get_memory_methodology",
    "getWorkload": "get_workload",
    "getWorkloadMethodology": "get_workload_methodology",
    "listLlmCodingProducts": "list_llm_coding_products",
    "getLlmCodingIndex": "get_llm_coding_index",
    "getLlmCodingHistory": "get_llm_coding_history",
    "getLlmCodingMethodology": "get_llm_coding_methodology",
    "getLlmCodingRevisions": "get_llm_coding_revisions",
    "getLlmCodingTokens": "get_llm_coding_tokens",
    "listNeocloudSites": "list_neocloud_sites",
    "aggregateNeocloudSites": "aggregate_neocloud_sites",
    "getNeocloudMap": "get_neocloud_map",
    "getNeocloudMethodology": "get_neocloud_methodology",
    "createApiKey": "create_api_key",
    "listWebhooks": "list_webhooks",
    "createWebhook": "create_webhook",
    "getWebhook": "get_webhook",
    "pauseWebhook": "pause_webhook",
    "resumeWebhook": "resume_webhook",
    "enableWebhook": "enable_webhook",
    "rotateWebhookSecret": "rotate_webhook_secret",
    "testWebhook": "test_webhook",
    "deleteWebhook": "delete_webhook",
    "listWebhookDeliveries": "list_webhook_deliveries",
    "redeliverWebhookEvent": "redeliver_webhook_event",
    "streamEvents": "stream_events",
    "chat": "chat",
    "openApiDocument": "openapi_document",
    "apiReference": "api_reference",
    # The releases routes (fixed design; operationIds as the api is to name them).
    "listReleases": "list_releases",
    "getRelease": "get_release",
    "getReleaseFile": "download_release_file",
}

Release = Union[int, str]


def _segment(value: Union[str, int]) -> str:
    """A path segment, percent-encoded (`H100 SXM` -> `H100%20SXM`)."""
    return urllib.parse.quote(str(value), safe="")


class ServerEvent(Dict[str, Any]):
    """One Server-Sent Event: `id`, `event` (its type) and `data` (parsed JSON when it is JSON)."""


class EventStream:
    """The open event stream: iterate for events; `close()` (or `with`) ends it."""

    def __init__(self, response: Any) -> None:
        self._response = response

    def __enter__(self) -> "EventStream":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        self._response.close()

    def __iter__(self) -> Iterator[ServerEvent]:
        fields: Dict[str, Any] = {}
        data: List[str] = []
        for raw in self._response:
            line = raw.decode("utf-8").rstrip("\r\n")
            if line == "":
                if data or fields:
                    text = "\n".join(data)
                    try:
                        parsed: Any = json.loads(text) if text else None
                    except ValueError:
                        parsed = text
                    yield ServerEvent(
                        id=fields.get("id"), event=fields.get("event", "message"), data=parsed
                    )
                fields, data = {}, []
                continue
            if line.startswith(":"):
                continue  # a heartbeat comment
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "data":
                data.append(value)
            else:
                fields[name] = value


class TpiClient:
    """A client of the Token Price Index REST API, standard library only.

    >>> tpi = TpiClient("http://localhost:8080", api_key="tpi_sk_...")   # or TPI_API_KEY
    >>> tpi.get_otpi(lab="anthropic")["data"][0]["index"]

    - `api_key`: sent as `Authorization: Bearer`; defaults to the TPI_API_KEY environment
      variable; without one only the free tier answers. It is never shown in a repr or an error.
    - `base_url`: defaults to TPI_BASE_URL, then http://localhost:8080.
    - `timeout`: seconds for the connection and each read.
    - A 429 or 503 with `Retry-After` is sent again after that wait, `max_retries` times; a wait
      longer than `max_retry_after` seconds is not made: the RateLimitError is raised with it.
    - Errors raise TpiApiError subclasses (see tpi_client.errors) carrying `{error, message}`.
    - Answers are dicts typed by TypedDicts (tpi_client.schemas); those with rows have
      `.to_frame()` (pandas, when installed).
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        *,
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
        max_retries: int = DEFAULT_MAX_RETRIES,
        max_retry_after: float = DEFAULT_MAX_RETRY_AFTER_SECONDS,
        sleep: Optional[Callable[[float], None]] = None,
    ) -> None:
        url = base_url or os.environ.get("TPI_BASE_URL") or DEFAULT_BASE_URL
        key = api_key if api_key is not None else os.environ.get("TPI_API_KEY")
        extra = {"sleep": sleep} if sleep is not None else {}
        self._transport = Transport(url, key, timeout, max_retries, max_retry_after, **extra)

    @property
    def base_url(self) -> str:
        return self._transport.base_url

    def __repr__(self) -> str:
        key = "set" if self._transport.has_key else "none"
        return f"TpiClient(base_url={self.base_url!r}, api_key={key})"

    # ---- plumbing ---------------------------------------------------------------------------

    def _get(self, path: str, query: Optional[Mapping[str, Any]] = None) -> Any:
        body, _ = self._transport.request_json("GET", path, query)
        return Answer(body) if isinstance(body, dict) else body

    def _post(self, path: str, body: Any = None) -> Any:
        answer, _ = self._transport.request_json("POST", path, None, body)
        return Answer(answer) if isinstance(answer, dict) else answer

    # ---- Reference ----------------------------------------------------------------------------

    def health(self) -> s.Health:
        """GET /health: the api's and its database's state."""
        return cast(s.Health, self._get("/health"))

    def list_token_types(self) -> s.TokenTypes:
        """GET /api/token-types: every lab tracked, with its free-tier flag."""
        return cast(s.TokenTypes, self._get("/api/token-types"))

    def list_free_token_types(self) -> s.TokenTypesFree:
        """GET /api/token-types-free: the labs the free tier serves."""
        return cast(s.TokenTypesFree, self._get("/api/token-types-free"))

    def list_gpu_types(self) -> s.GpuCatalog:
        """GET /api/gpu-types: every GPU tracked."""
        return cast(s.GpuCatalog, self._get("/api/gpu-types"))

    def list_free_gpu_types(self) -> s.GpuCatalog:
        """GET /api/gpu-types-free: the GPUs the free tier serves."""
        return cast(s.GpuCatalog, self._get("/api/gpu-types-free"))

    def get_gpu_methodology(self) -> s.GpuMethodologyResponse:
        """GET /api/gpu-methodology."""
        return cast(s.GpuMethodologyResponse, self._get("/api/gpu-methodology"))

    def openapi_document(self) -> Dict[str, Any]:
        """GET /openapi.json: the api's OpenAPI 3.1 document."""
        return cast(Dict[str, Any], self._get("/openapi.json"))

    def api_reference(self) -> str:
        """GET /docs: the HTML reference page."""
        return self._transport.request_text("GET", "/docs", "text/html")

    # ---- Token Prices -------------------------------------------------------------------------

    def get_otpi(
        self,
        *,
        lab: Optional[str] = None,
        date: Optional[str] = None,
        start_date: Optional[str] = None,
        end_date: Optional[str] = None,
        release: Optional[int] = None,
    ) -> s.OtpiResponse:
        """GET /api/otpi: the token price index per lab and day (the latest day without dates)."""
        query = {
            "lab": lab,
            "date": date,
            "startDate": start_date,
            "endDate": end_date,
            "release": release,
        }
        return cast(s.OtpiResponse, self._get("/api/otpi", query))

    def get_otpi_constituents(self, lab: str, date: str) -> s.GetOtpiConstituentsResponse:
        """GET /api/otpi/constituents: the models behind a lab's value of a day."""
        return cast(
            s.GetOtpiConstituentsResponse,
            self._get("/api/otpi/constituents", {"date": date, "lab": lab}),
        )

    def get_otpi_methodology(self) -> s.GetOtpiMethodologyResponse:
        """GET /api/otpi/methodology."""
        return cast(s.GetOtpiMethodologyResponse, self._get("/api/otpi/methodology"))

    def get_otpi_revisions(
        self,
        *,
        lab: Optional[str] = None,
        start_date: Optional[str] = None,
        end_date: Optional[str] = None,
    ) -> s.GetOtpiRevisionsResponse:
        """GET /api/otpi/revisions: restatements of settled values."""
        query = {"lab": lab, "startDate": start_date, "endDate": end_date}
        return cast(s.GetOtpiRevisionsResponse, self._get("/api/otpi/revisions", query))

    def get_token_volume(
        self,
        start_date: str,
        end_date: str,
        *,
        labs: Union[str, Sequence[str], None] = None,
        lab: Optional[str] = None,
        release: Optional[int] = None,
    ) -> s.TokenVolumeResponse:
        """GET /api/token-volume: tokens per lab and day, shares and the growth index."""
        query = {
            "labs": labs,
            "lab": lab,
            "startDate": start_date,
            "endDate": end_date,
            "release": release,
        }
        return cast(s.TokenVolumeResponse, self._get("/api/token-volume", query))

    # ---- Current Prices (GPU) -----------------------------------------------------------------

    def get_gpu_latest(self, gpu_name: str) -> s.GpuLatestPrint:
        """GET /api/gpu/{gpuName}: the GPU's latest print."""
        return cast(s.GpuLatestPrint, self._get(f"/api/gpu/{_segment(gpu_name)}"))

    def get_daily_index_all(self) -> s.DailyIndexAll:
        """GET /api/daily-index/all: every GPU's latest daily value."""
        return cast(s.DailyIndexAll, self._get("/api/daily-index/all"))

    def get_daily_index(
        self, gpu_type: Optional[str] = None, *, gpu: Optional[str] = None
    ) -> s.GpuDailyIndex:
        """GET /api/daily-index?gpuType=: one GPU's latest daily value (`gpu` is the alias)."""
        return cast(
            s.GpuDailyIndex, self._get("/api/daily-index", {"gpuType": gpu_type, "gpu": gpu})
        )

    def get_previous_daily_index(self, gpu_name: str) -> s.GpuPreviousDailyIndex:
        """GET /api/daily-index/{gpuName}/previous: the daily value before the latest."""
        return cast(
            s.GpuPreviousDailyIndex, self._get(f"/api/daily-index/{_segment(gpu_name)}/previous")
        )

    def get_day_index(
        self, gpu_type: Optional[str] = None, *, gpu: Optional[str] = None
    ) -> s.GpuDailyIndex:
        """GET /api/day-index?gpuType=: the GPU's value of the current day so far."""
        return cast(s.GpuDailyIndex, self._get("/api/day-index", {"gpuType": gpu_type, "gpu": gpu}))

    # ---- Historical Prices (GPU) --------------------------------------------------------------

    def get_gpu_nearest_print(
        self, gpu_name: str, datetime: str, *, release: Optional[int] = None
    ) -> s.GpuNearestPrint:
        """GET /api/gpu/{gpuName}/history?datetime=: the print nearest an instant."""
        query = {"datetime": datetime, "release": release}
        return cast(
            s.GpuNearestPrint, self._get(f"/api/gpu/{_segment(gpu_name)}/history", query)
        )

    def get_gpu_index_history(
        self,
        gpu_name: str,
        *,
        start_date: Optional[str] = None,
        end_date: Optional[str] = None,
        release: Optional[int] = None,
    ) -> s.GpuIndexHistory:
        """GET /api/gpu/{gpuName}/index-history: daily values over a range."""
        query = {"startDate": start_date, "endDate": end_date, "release": release}
        return cast(
            s.GpuIndexHistory, self._get(f"/api/gpu/{_segment(gpu_name)}/index-history", query)
        )

    def get_gpu_constituents(self, gpu_name: str, date: str) -> s.GpuConstituents:
        """GET /api/gpu/{gpuName}/constituents: what a daily value was computed from."""
        return cast(
            s.GpuConstituents,
            self._get(f"/api/gpu/{_segment(gpu_name)}/constituents", {"date": date}),
        )

    def get_gpu_history_simple(
        self,
        gpu_name: str,
        *,
        start_date: Optional[str] = None,
        end_date: Optional[str] = None,
        granularity: Optional[str] = None,
        limit: Optional[int] = None,
        release: Optional[int] = None,
    ) -> s.GpuHistorySimple:
        """GET /api/gpu/{gpuName}/history-simple: daily values or hourly prints, most recent first."""
        query = {
            "startDate": start_date,
            "endDate": end_date,
            "granularity": granularity,
            "limit": limit,
            "release": release,
        }
        return cast(
            s.GpuHistorySimple, self._get(f"/api/gpu/{_segment(gpu_name)}/history-simple", query)
        )

    def get_gpu_history_range(
        self,
        gpu_name: str,
        *,
        start_date: Optional[str] = None,
        end_date: Optional[str] = None,
        limit: Optional[int] = None,
        release: Optional[int] = None,
    ) -> s.GpuHistoryRange:
        """GET /api/gpu/{gpuName}/history-range."""
        query = {"startDate": start_date, "endDate": end_date, "limit": limit, "release": release}
        return cast(
            s.GpuHistoryRange, self._get(f"/api/gpu/{_segment(gpu_name)}/history-range", query)
        )

    def get_gpu_hourly(
        self,
        gpu_name: str,
        *,
        start_date: Optional[str] = None,
        end_date: Optional[str] = None,
        release: Optional[int] = None,
    ) -> s.GpuHourlySeries:
        """GET /api/gpu/{gpuName}/hourly: hourly prints (Full plan)."""
        query = {"startDate": start_date, "endDate": end_date, "release": release}
        return cast(s.GpuHourlySeries, self._get(f"/api/gpu/{_segment(gpu_name)}/hourly", query))

    def get_gpu_rolling_average(self, gpu_name: str) -> s.GpuRollingAverage:
        """GET /api/gpu/{gpuName}/rolling-24h-average."""
        return cast(
            s.GpuRollingAverage, self._get(f"/api/gpu/{_segment(gpu_name)}/rolling-24h-average")
        )

    def get_gpu_rolling_average_history(
        self,
        gpu_name: str,
        start_date: str,
        end_date: str,
        *,
        granularity: Optional[str] = None,
        release: Optional[int] = None,
    ) -> s.GpuRollingAverageHistory:
        """GET /api/gpu/{gpuName}/rolling-24h-average/history."""
        query = {
            "startDate": start_date,
            "endDate": end_date,
            "granularity": granularity,
            "release": release,
        }
        path = f"/api/gpu/{_segment(gpu_name)}/rolling-24h-average/history"
        return cast(s.GpuRollingAverageHistory, self._get(path, query))

    # ---- Analytics (GPU) ----------------------------------------------------------------------

    def get_gpu_volatility(
        self,
        gpu_name: str,
        start_date: str,
        end_date: str,
        *,
        window_days: Optional[int] = None,
    ) -> s.GpuVolatility:
        """GET /api/gpu/{gpuName}/volatility."""
        query = {"startDate": start_date, "endDate": end_date, "windowDays": window_days}
        return cast(s.GpuVolatility, self._get(f"/api/gpu/{_segment(gpu_name)}/volatility", query))

    def get_gpu_volume_metrics(
        self,
        gpu_name: str,
        start_date: str,
        end_date: str,
        *,
        granularity: Optional[str] = None,
    ) -> s.GpuVolumeMetrics:
        """GET /api/gpu/{gpuName}/volume-metrics."""
        query = {"startDate": start_date, "endDate": end_date, "granularity": granularity}
        return cast(
            s.GpuVolumeMetrics, self._get(f"/api/gpu/{_segment(gpu_name)}/volume-metrics", query)
        )

    # ---- Memory -------------------------------------------------------------------------------

    def list_memory_types(self) -> s.MemoryTypesResponse:
        """GET /api/memory-types: the memory catalogue."""
        return cast(s.MemoryTypesResponse, self._get("/api/memory-types"))

    def get_memory_index(
        self, *, category: Optional[str] = None, type: Optional[str] = None
    ) -> s.MemoryIndexResponse:
        """GET /api/memory-index: the latest settled values."""
        return cast(
            s.MemoryIndexResponse,
            self._get("/api/memory-index", {"category": category, "type": type}),
        )

    def get_memory_history(
        self,
        memory_type: str,
        *,
        start_date: Optional[str] = None,
        end_date: Optional[str] = None,
        limit: Optional[int] = None,
        release: Optional[int] = None,
    ) -> s.MemoryHistoryResponse:
        """GET /api/memory/{memoryType}/history: settled values, oldest first."""
        query = {"startDate": start_date, "endDate": end_date, "limit": limit, "release": release}
        return cast(
            s.MemoryHistoryResponse,
            self._get(f"/api/memory/{_segment(memory_type)}/history", query),
        )

    def get_memory_revisions(
        self,
        *,
        type: Optional[str] = None,
        start_date: Optional[str] = None,
        end_date: Optional[str] = None,
    ) -> s.MemoryRevisionsResponse:
        """GET /api/memory/revisions."""
        query = {"type": type, "startDate": start_date, "endDate": end_date}
        return cast(s.MemoryRevisionsResponse, self._get("/api/memory/revisions", query))

    def get_memory_methodology(self) -> s.MemoryMethodologyResponse:
        """GET /api/memory/methodology."""
        return cast(s.MemoryMethodologyResponse, self._get("/api/memory/methodology"))

    # ---- Workload Cost ------------------------------------------------------------------------

    def get_workload(
        self,
        *,
        lab: Optional[str] = None,
        family: Optional[str] = None,
        cells: Optional[str] = None,
        start_date: Optional[str] = None,
        end_date: Optional[str] = None,
        release: Optional[int] = None,
    ) -> s.WorkloadResponse:
        """GET /api/workload: cents per coding-agent session, the index and its effects."""
        query = {
            "lab": lab,
            "family": family,
            "cells": cells,
            "startDate": start_date,
            "endDate": end_date,
            "release": release,
        }
        return cast(s.WorkloadResponse, self._get("/api/workload", query))

    def get_workload_methodology(self) -> s.WorkloadMethodologyResponse:
        """GET /api/workload/methodology."""
        return cast(s.WorkloadMethodologyResponse, self._get("/api/workload/methodology"))

    # ---- LLM Coding ---------------------------------------------------------------------------

    def list_llm_coding_products(self) -> s.LlmCodingProductsResponse:
        """GET /api/llm-coding/products."""
        return cast(s.LlmCodingProductsResponse, self._get("/api/llm-coding/products"))

    def get_llm_coding_index(self, product: str) -> s.LlmCodingIndexResponse:
        """GET /api/llm-coding/index: each product's latest day."""
        return cast(
            s.LlmCodingIndexResponse, self._get("/api/llm-coding/index", {"product": product})
        )

    def get_llm_coding_history(
        self,
        product: str,
        *,
        start_date: Optional[str] = None,
        end_date: Optional[str] = None,
        limit: Optional[int] = None,
        release: Optional[int] = None,
    ) -> s.LlmCodingHistoryResponse:
        """GET /api/llm-coding/history?product=: a product's daily rows, oldest first."""
        query = {
            "product": product,
            "startDate": start_date,
            "endDate": end_date,
            "limit": limit,
            "release": release,
        }
        return cast(s.LlmCodingHistoryResponse, self._get("/api/llm-coding/history", query))

    def get_llm_coding_methodology(self) -> s.LlmCodingMethodologyResponse:
        """GET /api/llm-coding/methodology."""
        return cast(s.LlmCodingMethodologyResponse, self._get("/api/llm-coding/methodology"))

    def get_llm_coding_revisions(
        self, product: str, *, start_date: Optional[str] = None, end_date: Optional[str] = None
    ) -> s.LlmCodingRevisionsResponse:
        """GET /api/llm-coding/revisions."""
        query = {"product": product, "startDate": start_date, "endDate": end_date}
        return cast(s.LlmCodingRevisionsResponse, self._get("/api/llm-coding/revisions", query))

    def get_llm_coding_tokens(
        self,
        *,
        agent: Optional[str] = None,
        start_date: Optional[str] = None,
        end_date: Optional[str] = None,
        release: Optional[int] = None,
    ) -> s.LlmCodingTokensResponse:
        """GET /api/llm-coding/tokens: the agents' OpenRouter tokens."""
        query = {"agent": agent, "startDate": start_date, "endDate": end_date, "release": release}
        return cast(s.LlmCodingTokensResponse, self._get("/api/llm-coding/tokens", query))

    # ---- Neo-Cloud Sites ----------------------------------------------------------------------

    def list_neocloud_sites(
        self,
        *,
        city: Optional[str] = None,
        state: Optional[str] = None,
        country: Optional[str] = None,
        lat: Optional[float] = None,
        lon: Optional[float] = None,
        radius_km: Optional[float] = None,
        scope: Optional[str] = None,
        status: Optional[str] = None,
        limit: Optional[int] = None,
        offset: Optional[int] = None,
        release: Optional[int] = None,
    ) -> s.NeocloudSitesResponse:
        """GET /api/neocloud/sites: one page of sites (`total`, `limit`, `offset`); see iter_neocloud_sites."""
        query = {
            "city": city,
            "state": state,
            "country": country,
            "lat": lat,
            "lon": lon,
            "radiusKm": radius_km,
            "scope": scope,
            "status": status,
            "limit": limit,
            "offset": offset,
            "release": release,
        }
        return cast(s.NeocloudSitesResponse, self._get("/api/neocloud/sites", query))

    def iter_neocloud_sites(
        self, *, page_size: int = 1000, **filters: Any
    ) -> Iterator[s.NeocloudSite]:
        """Every site matching `filters` (list_neocloud_sites' arguments), page after page."""
        offset = 0
        while True:
            page = self.list_neocloud_sites(limit=page_size, offset=offset, **filters)
            yield from page["data"]
            offset += len(page["data"])
            if not page["data"] or offset >= page["total"]:
                return

    def aggregate_neocloud_sites(
        self, by: str, *, scope: Optional[str] = None
    ) -> s.NeocloudAggregateResponse:
        """GET /api/neocloud/sites/aggregate?by=country|gpu_type."""
        return cast(
            s.NeocloudAggregateResponse,
            self._get("/api/neocloud/sites/aggregate", {"by": by, "scope": scope}),
        )

    def get_neocloud_map(self, *, scope: Optional[str] = None) -> s.NeocloudMapResponse:
        """GET /api/neocloud/map: the sites as GeoJSON features."""
        return cast(s.NeocloudMapResponse, self._get("/api/neocloud/map", {"scope": scope}))

    def get_neocloud_methodology(self) -> s.NeocloudMethodologyResponse:
        """GET /api/neocloud/methodology."""
        return cast(s.NeocloudMethodologyResponse, self._get("/api/neocloud/methodology"))

    # ---- Account ------------------------------------------------------------------------------

    def create_api_key(self, name: str) -> s.CreateApiKeyResponse:
        """POST /api/create-api-key: a new key of the calling key's account (printed once)."""
        return cast(s.CreateApiKeyResponse, self._post("/api/create-api-key", {"name": name}))

    # ---- Webhooks -----------------------------------------------------------------------------

    def list_webhooks(self) -> s.WebhookList:
        """GET /api/v1/webhooks: the key's account's subscriptions and its plan's limits."""
        return cast(s.WebhookList, self._get("/api/v1/webhooks"))

    def create_webhook(
        self, url: str, filter: Optional[Mapping[str, Any]] = None
    ) -> s.WebhookCreated:
        """POST /api/v1/webhooks: subscribe `url` (https); the signing secret is in the answer, once."""
        body: Dict[str, Any] = {"url": url}
        if filter is not None:
            body["filter"] = dict(filter)
        return cast(s.WebhookCreated, self._post("/api/v1/webhooks", body))

    def get_webhook(self, id: str) -> s.WebhookAnswer:
        """GET /api/v1/webhooks/{id}."""
        return cast(s.WebhookAnswer, self._get(f"/api/v1/webhooks/{_segment(id)}"))

    def pause_webhook(self, id: str) -> s.WebhookAnswer:
        """POST /api/v1/webhooks/{id}/pause."""
        return cast(s.WebhookAnswer, self._post(f"/api/v1/webhooks/{_segment(id)}/pause"))

    def resume_webhook(self, id: str) -> s.WebhookAnswer:
        """POST /api/v1/webhooks/{id}/resume."""
        return cast(s.WebhookAnswer, self._post(f"/api/v1/webhooks/{_segment(id)}/resume"))

    def enable_webhook(self, id: str) -> s.WebhookAnswer:
        """POST /api/v1/webhooks/{id}/enable: a disabled subscription delivers again."""
        return cast(s.WebhookAnswer, self._post(f"/api/v1/webhooks/{_segment(id)}/enable"))

    def rotate_webhook_secret(self, id: str) -> s.WebhookSecretRotated:
        """POST /api/v1/webhooks/{id}/rotate-secret: a new secret (the old one signs for 24 more hours)."""
        return cast(
            s.WebhookSecretRotated, self._post(f"/api/v1/webhooks/{_segment(id)}/rotate-secret")
        )

    def test_webhook(self, id: str) -> s.WebhookTestAnswer:
        """POST /api/v1/webhooks/{id}/test: a signed test delivery now."""
        return cast(s.WebhookTestAnswer, self._post(f"/api/v1/webhooks/{_segment(id)}/test"))

    def delete_webhook(self, id: str) -> s.WebhookDeleted:
        """POST /api/v1/webhooks/{id}/delete."""
        return cast(s.WebhookDeleted, self._post(f"/api/v1/webhooks/{_segment(id)}/delete"))

    def list_webhook_deliveries(
        self, id: str, *, limit: Optional[int] = None, before: Optional[str] = None
    ) -> s.WebhookDeliveryLog:
        """GET /api/v1/webhooks/{id}/deliveries: one page of the log, newest first (`nextBefore`)."""
        query = {"limit": limit, "before": before}
        return cast(
            s.WebhookDeliveryLog, self._get(f"/api/v1/webhooks/{_segment(id)}/deliveries", query)
        )

    def iter_webhook_deliveries(
        self, id: str, *, page_size: int = 200
    ) -> Iterator[s.WebhookDelivery]:
        """Every delivery of the log, newest first, page after page."""
        before: Optional[str] = None
        while True:
            page = self.list_webhook_deliveries(id, limit=page_size, before=before)
            yield from page["deliveries"]
            if page.get("nextBefore") is None or not page["deliveries"]:
                return
            before = str(page["nextBefore"])

    def redeliver_webhook_event(self, id: str, event_id: str) -> s.WebhookRedelivered:
        """POST /api/v1/webhooks/{id}/deliveries/{eventId}/redeliver."""
        path = f"/api/v1/webhooks/{_segment(id)}/deliveries/{_segment(event_id)}/redeliver"
        return cast(s.WebhookRedelivered, self._post(path))

    # ---- Events -------------------------------------------------------------------------------

    def stream_events(
        self,
        *,
        types: Union[str, Sequence[str], None] = None,
        markets: Union[str, Sequence[str], None] = None,
        series: Union[str, Sequence[str], None] = None,
        thresholds: Union[str, Sequence[str], None] = None,
        last_event_id: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> EventStream:
        """GET /api/v1/events/stream: live events (Server-Sent Events). Use as `with ... as events: for e in events`."""
        query = {
            "types": types,
            "markets": markets,
            "series": series,
            "thresholds": thresholds,
            "lastEventId": last_event_id,
        }
        response = self._transport.open(
            "GET",
            "/api/v1/events/stream",
            query,
            headers={"Accept": "text/event-stream"},
            timeout=timeout,
        )
        return EventStream(response)

    # ---- Assistant ----------------------------------------------------------------------------

    def chat(
        self, message: str, history: Optional[Sequence[Mapping[str, str]]] = None
    ) -> s.ChatResponse:
        """POST /api/chat: a question in words, answered from the data (Full plan; 20 a minute)."""
        body: Dict[str, Any] = {"message": message}
        if history is not None:
            body["history"] = [dict(turn) for turn in history]
        return cast(s.ChatResponse, self._post("/api/chat", body))

    # ---- Releases -----------------------------------------------------------------------------

    def list_releases(
        self, *, limit: Optional[int] = None, before: Optional[int] = None
    ) -> ReleaseList:
        """GET /api/v1/releases: one page of releases, newest first (`before`: a release number)."""
        return cast(ReleaseList, self._get("/api/v1/releases", {"limit": limit, "before": before}))

    def iter_releases(self, *, page_size: int = 100) -> Iterator[ReleaseSummary]:
        """Every release kept, newest first, page after page."""
        before: Optional[int] = None
        while True:
            page = self.list_releases(limit=page_size, before=before)
            yield from page["data"]
            if len(page["data"]) < page_size:
                return
            before = page["data"][-1]["release"]

    def get_release(self, release: Release = "latest") -> ReleaseManifest:
        """GET /api/v1/releases/{release}: the manifest (a number, or `latest`)."""
        return cast(ReleaseManifest, self._get(f"/api/v1/releases/{_segment(release)}"))

    def download_release_file(
        self,
        file_name: str,
        destination: Union[str, "os.PathLike[str]", None] = None,
        *,
        release: Release = "latest",
        manifest: Optional[ReleaseManifest] = None,
        chunk_size: int = DOWNLOAD_CHUNK_BYTES,
    ) -> str:
        """Downloads a release's file, checked against its manifest's SHA-256 and size; returns its path.

        The file is streamed to `<destination>.partial` in chunks (never held whole in memory),
        hashed on the way, and renamed to `destination` only when it matches the manifest. On a
        mismatch the partial file is deleted and ChecksumMismatchError is raised. `destination`
        defaults to the file's name in the current directory; a directory takes the file's name.
        A `latest` release is resolved to its number first, so that the file and the manifest
        checked against are of one release.
        """
        if manifest is None:
            manifest = self.get_release(release)
        expected = self._manifest_file(manifest, file_name)
        # The name comes from the server's manifest: a path in it (`../x`, `/etc/x`) would write
        # outside the directory asked for.
        if file_name != os.path.basename(file_name) or file_name in ("", ".", ".."):
            raise ValueError(f"refusing a file name that is not a plain name: {file_name!r}")
        target = os.fspath(destination) if destination is not None else file_name
        if os.path.isdir(target):
            target = os.path.join(target, file_name)
        partial = target + ".partial"
        path = f"/api/v1/releases/{manifest['release']}/files/{_segment(file_name)}"
        digest = hashlib.sha256()
        size = 0
        try:
            with (
                self._transport.open("GET", path, headers={"Accept": "*/*"}) as response,
                open(partial, "wb") as out,
            ):
                for chunk in iter_chunks(response, chunk_size):
                    digest.update(chunk)
                    size += len(chunk)
                    out.write(chunk)
        except BaseException:
            _remove(partial)
            raise
        actual = digest.hexdigest()
        if actual != expected["sha256"].lower() or size != expected["bytes"]:
            _remove(partial)
            raise ChecksumMismatchError(
                file_name, expected["sha256"], actual, expected["bytes"], size
            )
        os.replace(partial, target)
        return target

    @staticmethod
    def _manifest_file(manifest: ReleaseManifest, file_name: str) -> ReleaseFile:
        names = []
        for dataset in manifest["datasets"]:
            for entry in dataset["files"]:
                if entry["fileName"] == file_name:
                    return entry
                names.append(entry["fileName"])
        raise TpiError(
            f"release {manifest['release']} has no file named {file_name!r}"
            + (f"; its files: {', '.join(names)}" if names else "")
        )


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except FileNotFoundError:
        pass
