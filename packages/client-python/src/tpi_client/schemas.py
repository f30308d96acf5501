"""Generated from the api's GET /openapi.json by scripts/generate_types.py: do not edit.

Regenerate with `pnpm --filter @tpi/api client:types` (with the TypeScript client's types);
apps/api/src/python-client.int.test.ts fails while this file differs from what the api serves.
"""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, Tuple, TypedDict, Union

class AnswerDataSourcesSourcesItemLicence(TypedDict):
    name: str
    url: str


class AnswerDataSourcesSourcesItem(TypedDict):
    # `openrouter`, `sample`, or an observation file's source
    source: str
    # True for generated sample data: never market data
    sample: bool
    # The source's as-of time of the data, ISO 8601 UTC
    asOf: Optional[str]
    # The line to show with the numbers (OpenRouter's citation, or the sample notice)
    citation: Optional[str]
    licence: Optional[AnswerDataSourcesSourcesItemLicence]


class AnswerDataSources(TypedDict):
    # True when any number of the answer rests on the generated sample: not market data
    sample: bool
    # The sample notice to show with the numbers when `sample` is true; null otherwise
    notice: Optional[str]
    # Each source of the answer's numbers: sample or not, as-of, citation, licence
    sources: List[AnswerDataSourcesSourcesItem]


class ChatRequestHistoryItem(TypedDict):
    role: Literal["user", "assistant"]
    content: str


class _ChatRequestRequired(TypedDict):
    message: str


class ChatRequest(_ChatRequestRequired, total=False):
    # Earlier turns, oldest first, at most 10 (`role` `user` or `assistant`, `content` at most 1000 characters); a follow-up without a lab or GPU refers to 
    history: List[ChatRequestHistoryItem]


class ChatResponseData(TypedDict):
    answer: str
    sources: List[ChatSource]
    # What the question was understood as: `latest`, `on_day`, `change`, `compare`, `extreme`, `mover`, `free_tier`, `methodology`, `provenance`, `invalid_d
    intent: str
    # The data notice of the markets the answer is about, also the answer's last lines: the sample notice while their data is the generated sample, else the
    notices: List[str]
    # `built-in` answers alone; `model` when the configured model answered by calling the data tools, whose results are the sources.
    engine: Literal["built-in", "model"]


class ChatResponse(TypedDict):
    success: Literal[True]
    data: ChatResponseData


class _ChatSourceRequired(TypedDict):
    endpoint: str
    parameters: Dict[str, str]
    values: List[Dict[str, Optional[Union[str, float, bool, List[str]]]]]


class ChatSource(_ChatSourceRequired, total=False):
    # Model answers: the data tool the model called for these rows (the MCP server's tool of the same name).
    tool: str


class DailyIndexAllDataItem(TypedDict):
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_type: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    # Only the global index is published.
    region: Literal["global"]
    # USD per GPU-hour, full precision.
    index_value: float
    date: str
    # The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
    basis: Literal["trades", "quotes", "mixed"]
    # The data sources behind the value, sorted (`sample` for the generated sample).
    sources: List[str]
    # Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print.
    providerCount: int
    # Posted prices counted (quotes basis; summed over a day's prints); 0 for trades.
    offerCount: int
    # True when the value was computed more than an hour after its hour or settlement instant.
    backfilled: bool


class DailyIndexAll(TypedDict):
    success: Literal[True]
    # Latest settlement instant among the rows: 4 PM America/New_York in UTC (20:00 or 21:00).
    date: str
    data: List[DailyIndexAllDataItem]
    count: int
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources


class _ErrorBodyRequired(TypedDict):
    error: str
    message: str


class ErrorBody(_ErrorBodyRequired, total=False):
    # The request's id, also sent as the X-Request-Id header (an incoming X-Request-Id of up to 64 letters, digits and . _ : - is kept); quote it when repor
    requestId: str


class GpuAnswerProvenanceSourcesItemLicence(TypedDict):
    name: str
    url: str


class GpuAnswerProvenanceSourcesItem(TypedDict):
    # `openrouter`, `sample`, or an observation file's source
    source: str
    # True for generated sample data: never market data
    sample: bool
    # The source's as-of time of the data, ISO 8601 UTC
    asOf: Optional[str]
    # The line to show with the numbers (OpenRouter's citation, or the sample notice)
    citation: Optional[str]
    licence: Optional[GpuAnswerProvenanceSourcesItemLicence]


class GpuAnswerProvenance(TypedDict):
    # True when any value of the answer rests on the generated sample.
    sample: bool
    # Each source of the answer's values: its latest as-of time, the citation to show with the numbers and its licence.
    sources: List[GpuAnswerProvenanceSourcesItem]


class GpuCatalogDataItem(TypedDict):
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_name: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    # Only the global index is published.
    region: Literal["global"]


class GpuCatalog(TypedDict):
    success: Literal[True]
    data: List[GpuCatalogDataItem]


class GpuConstituentsDataItem1(TypedDict):
    kind: Literal["quote"]
    # The quote source of the snapshot (`gpurentalprices`).
    source: str
    # The stored snapshot the price was read from.
    snapshotId: int
    # The source's own time of that snapshot.
    snapshotAsOf: str
    provider: str
    # How the price is offered; only `on-demand` counts.
    tier: str
    # What tells the offer apart from the provider's others; "" when one.
    offer: str
    # USD per GPU-hour.
    priceUsdPerGpuHour: float
    # How many of the day's hourly prints read this snapshot.
    prints: int
    # True when the price counted in those prints.
    included: bool
    # Why the price did not count; null when it counted.
    exclusionReason: Optional[Literal["tier", "stale"]]
    exclusionDescription: Optional[str]


class GpuConstituentsDataItem2(TypedDict):
    kind: Literal["trades"]
    # The trades' source (`sample` for the generated sample).
    source: str
    provider: str
    tradeCount: int
    gpuHours: float
    # GPU-hour-weighted mean of the trades' prices, before winsorizing, USD per GPU-hour.
    averagePriceUsdPerGpuHour: float


class GpuConstituents(TypedDict):
    success: Literal[True]
    # `public-3mo` without a key, `premium` with a Premium or Trial key, `full` with a Full key.
    access: Literal["public-3mo", "premium", "full"]
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpuName: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    # The New York settlement day.
    date: str
    # 4 PM America/New_York on `date`, in UTC.
    settledAt: str
    published: Literal[True]
    # The daily value: mean of the day's hourly prints.
    indexValue: float
    methodologyVersion: str
    basis: Literal["trades", "quotes", "mixed"]
    backfilled: bool
    printCount: int
    providerCount: int
    offerCount: int
    tradeCount: int
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources
    count: int
    # Quote rows (every posted price of the snapshots the day's prints read, included or excluded with the reason) then trade rows (the trades of the day's 
    data: List[Union[GpuConstituentsDataItem1, GpuConstituentsDataItem2]]


class GpuDailyIndexData(TypedDict):
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_type: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    # Only the global index is published.
    region: Literal["global"]
    # Settled daily value: mean of the day's hourly prints, USD per GPU-hour.
    index_value: float
    # Settlement instant: 4 PM America/New_York in UTC (20:00 or 21:00).
    date: str
    # The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
    basis: Literal["trades", "quotes", "mixed"]
    # The data sources behind the value, sorted (`sample` for the generated sample).
    sources: List[str]
    # Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print.
    providerCount: int
    # Posted prices counted (quotes basis; summed over a day's prints); 0 for trades.
    offerCount: int
    # True when the value was computed more than an hour after its hour or settlement instant.
    backfilled: bool


class GpuDailyIndex(TypedDict):
    success: Literal[True]
    data: GpuDailyIndexData
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources


class GpuHistoryRangeDataItem(TypedDict):
    # The print's hour, or the daily value's settlement instant (4 PM New York in UTC).
    timestamp: str
    # USD per GPU-hour, full precision.
    index_value: float
    # The grain actually served: `daily` (settled values, 4 PM New York) or `hourly` (prints).
    granularity: Literal["daily", "hourly"]
    # Hourly rows: the hour had no trades and the previous print was carried. Always false on daily rows.
    is_carried: bool
    # The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
    basis: Literal["trades", "quotes", "mixed"]
    # The data sources behind the value, sorted (`sample` for the generated sample).
    sources: List[str]
    # Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print.
    providerCount: int
    # Posted prices counted (quotes basis; summed over a day's prints); 0 for trades.
    offerCount: int
    # True when the value was computed more than an hour after its hour or settlement instant.
    backfilled: bool


class GpuHistoryRange(TypedDict):
    success: Literal[True]
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_type: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    # `premium` for Premium and Trial keys, `full` for Full keys.
    access: Literal["public-3mo", "premium", "full"]
    # First instant of the range served (UTC).
    startDate: str
    # Last instant of the range served (UTC).
    endDate: str
    limit: int
    count: int
    # True when the range holds more rows than `limit`: the most recent were left out (ask again from the last `timestamp`).
    has_more: bool
    # Oldest first.
    data: List[GpuHistoryRangeDataItem]
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources


class GpuHistorySimpleDataItem(TypedDict):
    # The print's hour, or the daily value's settlement instant (4 PM New York in UTC).
    timestamp: str
    # USD per GPU-hour, full precision.
    index_value: float
    # The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
    basis: Literal["trades", "quotes", "mixed"]
    # The data sources behind the value, sorted (`sample` for the generated sample).
    sources: List[str]
    # Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print.
    providerCount: int
    # Posted prices counted (quotes basis; summed over a day's prints); 0 for trades.
    offerCount: int
    # True when the value was computed more than an hour after its hour or settlement instant.
    backfilled: bool


class GpuHistorySimple(TypedDict):
    success: Literal[True]
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_type: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    # `premium` for Premium and Trial keys, `full` for Full keys.
    access: Literal["public-3mo", "premium", "full"]
    # The grain actually served: `daily` (settled values, 4 PM New York) or `hourly` (prints).
    granularity: Literal["daily", "hourly"]
    # First instant of the range served (UTC).
    startDate: str
    # Last instant of the range served (UTC).
    endDate: str
    limit: int
    count: int
    # True when the range holds more rows than `limit`: the oldest were left out.
    has_more: bool
    # Most recent first.
    data: List[GpuHistorySimpleDataItem]
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources


class GpuHourlySeriesDataItem(TypedDict):
    # The print's hour (UTC).
    timestamp: str
    # USD per GPU-hour, full precision.
    index_value: float
    is_carried: bool
    # The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
    basis: Literal["trades", "quotes", "mixed"]
    # The data sources behind the value, sorted (`sample` for the generated sample).
    sources: List[str]
    # Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print.
    providerCount: int
    # Posted prices counted (quotes basis; summed over a day's prints); 0 for trades.
    offerCount: int
    # True when the value was computed more than an hour after its hour or settlement instant.
    backfilled: bool


class GpuHourlySeries(TypedDict):
    success: Literal[True]
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_type: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    access: Literal["full"]
    granularity: Literal["hourly"]
    # First instant of the range served (UTC).
    startDate: str
    # Last instant of the range served (UTC).
    endDate: str
    count: int
    # Oldest first.
    data: List[GpuHourlySeriesDataItem]
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources


class GpuIndexHistoryDataItem(TypedDict):
    # Settlement instant: 4 PM America/New_York in UTC.
    timestamp: str
    # Daily value: mean of the day's hourly prints, USD per GPU-hour.
    index_value: float
    # The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
    basis: Literal["trades", "quotes", "mixed"]
    # The data sources behind the value, sorted (`sample` for the generated sample).
    sources: List[str]
    # Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print.
    providerCount: int
    # Posted prices counted (quotes basis; summed over a day's prints); 0 for trades.
    offerCount: int
    # True when the value was computed more than an hour after its hour or settlement instant.
    backfilled: bool


class GpuIndexHistory(TypedDict):
    success: Literal[True]
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_type: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    # `public-3mo` without a key, `premium` with a Premium or Trial key, `full` with a Full key (the original's values).
    access: Literal["public-3mo", "premium", "full"]
    # First day of the range served; null when unbounded.
    startDate: Optional[str]
    endDate: str
    count: int
    data: List[GpuIndexHistoryDataItem]
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources


class GpuLatestPrintData(TypedDict):
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_name: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    # Only the global index is published.
    region: Literal["global"]
    # USD per GPU-hour, full precision.
    index_value: float
    # The hour of the latest hourly print (UTC).
    last_updated: str
    # True when that hour had no trades and the previous print was carried forward.
    is_carried: bool
    # The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
    basis: Literal["trades", "quotes", "mixed"]
    # The data sources behind the value, sorted (`sample` for the generated sample).
    sources: List[str]
    # Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print.
    providerCount: int
    # Posted prices counted (quotes basis; summed over a day's prints); 0 for trades.
    offerCount: int
    # True when the value was computed more than an hour after its hour or settlement instant.
    backfilled: bool


class GpuLatestPrint(TypedDict):
    success: Literal[True]
    data: GpuLatestPrintData
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources


class GpuMethodologyResponseWinsor(TypedDict):
    """The winsorizing percentiles the settlement runs with, as fractions"""

    lower: float
    upper: float


class GpuMethodologyResponseQuoteRules(TypedDict):
    """Methodology 2.0's rules for prints from posted prices"""

    # Fewest providers with an on-demand price for a print from quotes
    minProviders: int
    # Per quote source read: hours after its as-of time a snapshot may still be used
    maxSnapshotAgeHours: Dict[str, float]
    # Why a posted price of a snapshot read does not count, by reason
    exclusionReasons: Dict[str, str]


class GpuMethodologyResponseSectionsItem(TypedDict):
    id: str
    heading: str
    text: str


class GpuMethodologyResponseHistoryItem(TypedDict):
    version: str
    effectiveFrom: str
    summary: str


class GpuMethodologyResponseDataSourcesSourcesItemLicence(TypedDict):
    name: str
    url: str


class GpuMethodologyResponseDataSourcesSourcesItem(TypedDict):
    source: str
    sample: bool
    firstDay: str
    lastDay: str
    days: int
    latestAsOf: Optional[str]
    citation: Optional[str]
    licence: Optional[GpuMethodologyResponseDataSourcesSourcesItemLicence]


class GpuMethodologyResponseDataSources(TypedDict):
    """The stored trades by source: `sample` is true while any of them is the generated sample"""

    # True when any published data comes from the generated sample
    sample: bool
    # The sample notice when sample data is shown
    notice: Optional[str]
    sources: List[GpuMethodologyResponseDataSourcesSourcesItem]


class GpuMethodologyResponse(TypedDict):
    success: Literal[True]
    version: str
    unit: str
    # The winsorizing percentiles the settlement runs with, as fractions
    winsor: GpuMethodologyResponseWinsor
    # Methodology 2.0's rules for prints from posted prices
    quoteRules: GpuMethodologyResponseQuoteRules
    settlementTimeZone: str
    sections: List[GpuMethodologyResponseSectionsItem]
    history: List[GpuMethodologyResponseHistoryItem]
    # The stored trades by source: `sample` is true while any of them is the generated sample
    dataSources: GpuMethodologyResponseDataSources


class GpuNearestPrintData(TypedDict):
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_name: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    # Only the global index is published.
    region: Literal["global"]
    # USD per GPU-hour, full precision.
    index_value: float
    # The hour of the hourly print nearest the requested instant.
    timestamp: str
    is_carried: bool
    # The requested instant, normalised to UTC.
    requested_datetime: str
    # Absolute gap between the requested instant and `timestamp`, in seconds.
    time_difference: float
    # True when `time_difference` is 0.
    is_exact: bool
    # The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
    basis: Literal["trades", "quotes", "mixed"]
    # The data sources behind the value, sorted (`sample` for the generated sample).
    sources: List[str]
    # Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print.
    providerCount: int
    # Posted prices counted (quotes basis; summed over a day's prints); 0 for trades.
    offerCount: int
    # True when the value was computed more than an hour after its hour or settlement instant.
    backfilled: bool


class GpuNearestPrint(TypedDict):
    success: Literal[True]
    data: GpuNearestPrintData
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources


class GpuPreviousDailyIndexData(TypedDict):
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_type: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    # Only the global index is published.
    region: Literal["global"]
    # Settled daily value: mean of the day's hourly prints, USD per GPU-hour.
    index_value: float
    # Settlement instant: 4 PM America/New_York in UTC (20:00 or 21:00).
    date: str
    # The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
    basis: Literal["trades", "quotes", "mixed"]
    # The data sources behind the value, sorted (`sample` for the generated sample).
    sources: List[str]
    # Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print.
    providerCount: int
    # Posted prices counted (quotes basis; summed over a day's prints); 0 for trades.
    offerCount: int
    # True when the value was computed more than an hour after its hour or settlement instant.
    backfilled: bool
    # The latest settled daily value (the one after `date`), USD per GPU-hour.
    latest_index_value: float
    # Settlement instant of the latest value.
    latest_date: str
    # `latest_index_value` minus `index_value`, USD per GPU-hour.
    change: float
    # `change` as a percentage of `index_value`.
    change_percent: float


class GpuPreviousDailyIndex(TypedDict):
    success: Literal[True]
    data: GpuPreviousDailyIndexData
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources


class GpuRollingAverageData(TypedDict):
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_name: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    # Only the global index is published.
    region: Literal["global"]
    # Mean of the hourly prints in the window, USD per GPU-hour.
    average_usd_per_hour: float
    # The latest print's hour: the window ends here (included).
    as_of: str
    # The first print hour the window covers (as_of minus 23 hours).
    window_start: str
    # The last print hour covered (= as_of).
    window_end: str
    # Prints averaged: 24 unless the history is shorter.
    print_count: int
    # How many of them were carried forward (hours without trades).
    carried_count: int


class GpuRollingAverage(TypedDict):
    success: Literal[True]
    data: GpuRollingAverageData
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources


class GpuRollingAverageHistoryDataItem(TypedDict):
    # The instant the average is as of: a settlement instant (daily) or a print hour (hourly).
    timestamp: str
    # Mean of the hourly prints in the window, USD per GPU-hour.
    average_usd_per_hour: float
    print_count: int


class GpuRollingAverageHistory(TypedDict):
    success: Literal[True]
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_type: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    # `premium` for Premium and Trial keys, `full` for Full keys.
    access: Literal["public-3mo", "premium", "full"]
    # The grain actually served: `daily` (settled values, 4 PM New York) or `hourly` (prints).
    granularity: Literal["daily", "hourly"]
    # First instant of the range served (UTC).
    startDate: str
    # Last instant of the range served (UTC).
    endDate: str
    count: int
    # Oldest first.
    data: List[GpuRollingAverageHistoryDataItem]
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources


class GpuVolatilityDataItem(TypedDict):
    # Settlement instant of the daily value: 4 PM America/New_York in UTC.
    recorded_at: str
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_type: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    region: Literal["global"]
    # The daily value, USD per GPU-hour.
    index_value: float
    # Annualized standard deviation of the window's daily log returns, a fraction (0.80 is 80 %); null when the window is not complete.
    rolling_volatility: Optional[float]
    window_days: int
    # The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
    basis: Literal["trades", "quotes", "mixed"]
    # The data sources behind the value, sorted (`sample` for the generated sample).
    sources: List[str]
    # Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print.
    providerCount: int
    # Posted prices counted (quotes basis; summed over a day's prints); 0 for trades.
    offerCount: int
    # True when the value was computed more than an hour after its hour or settlement instant.
    backfilled: bool


class GpuVolatility(TypedDict):
    success: Literal[True]
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_type: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    window_days: int
    startDate: str
    endDate: str
    count: int
    data: List[GpuVolatilityDataItem]
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources


class GpuVolumeMetricsDataItem(TypedDict):
    # End of the period: the print's hour (hourly) or the settlement instant (daily).
    recorded_at: str
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_type: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    region: Literal["global"]
    # Trades executed in the period.
    trade_count: int
    # GPU-hours rented in those trades.
    gpu_hours: float
    # How many providers traded in the period (never which).
    distinct_providers: int
    # The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
    basis: Literal["trades", "quotes", "mixed"]
    # The data sources behind the value, sorted (`sample` for the generated sample).
    sources: List[str]
    # Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print.
    providerCount: int
    # Posted prices counted (quotes basis; summed over a day's prints); 0 for trades.
    offerCount: int
    # True when the value was computed more than an hour after its hour or settlement instant.
    backfilled: bool


class GpuVolumeMetrics(TypedDict):
    success: Literal[True]
    # Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
    gpu_type: Literal["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]
    # The grain served.
    granularity: Literal["daily", "hourly"]
    startDate: str
    endDate: str
    count: int
    data: List[GpuVolumeMetricsDataItem]
    provenance: GpuAnswerProvenance
    dataSources: AnswerDataSources


class _HealthRequired(TypedDict):
    status: Literal["healthy", "loading", "degraded", "unhealthy"]
    timestamp: str
    database: Literal["connected", "disconnected"]


class Health(_HealthRequired, total=False):
    # Each market's data set, by market name (absent while the database does not answer): `complete`, `loading` or `incomplete`.
    data: Dict[str, Literal["complete", "loading", "incomplete"]]


class LlmCodingHistoryResponseDataSourcesSourcesItemLicence(TypedDict):
    name: str
    url: str


class LlmCodingHistoryResponseDataSourcesSourcesItem(TypedDict):
    source: str
    sample: bool
    firstDay: str
    lastDay: str
    days: int
    latestAsOf: Optional[str]
    citation: Optional[str]
    licence: Optional[LlmCodingHistoryResponseDataSourcesSourcesItemLicence]


class LlmCodingHistoryResponseDataSources(TypedDict):
    """The sources of the values: GitHub search (its citation; counts are facts and carry no licence), or the generated sample (`sample` true, with its notice), each with its days and newest search (`latestAsOf`)"""

    # True when any published data comes from the generated sample
    sample: bool
    # The sample notice when sample data is shown
    notice: Optional[str]
    sources: List[LlmCodingHistoryResponseDataSourcesSourcesItem]


class _LlmCodingHistoryResponseDataItemRequired(TypedDict):
    date: str
    value: Optional[float]
    status: Literal["provisional", "settled"]


class LlmCodingHistoryResponseDataItem(_LlmCodingHistoryResponseDataItemRequired, total=False):
    # Comparison products only: the second series' value (null: none)
    value2: Optional[float]


class _LlmCodingHistoryResponseRequired(TypedDict):
    success: Literal[True]
    product: Literal["cc-prs", "codex-prs", "copilot-prs", "cursor-prs", "devin-prs", "cc-commits", "cc-merge", "codex-merge", "copilot-merge", "cursor-merge", "devin-merge", "cc-vs-codex", "cc-vs-codex-merge"]
    compare: bool
    count: int
    dataSources: LlmCodingHistoryResponseDataSources
    data: List[LlmCodingHistoryResponseDataItem]


class LlmCodingHistoryResponse(_LlmCodingHistoryResponseRequired, total=False):
    # Comparison products only: the labels of `value` and `value2`
    seriesLabels: List[Any]


class LlmCodingIndexResponseData(TypedDict):
    product: Literal["cc-prs", "codex-prs", "copilot-prs", "cursor-prs", "devin-prs", "cc-commits", "cc-merge", "codex-merge", "copilot-merge", "cursor-merge", "devin-merge", "cc-vs-codex", "cc-vs-codex-merge"]
    label: str
    # `count`: pull requests or commits per UTC day; `pct`: a merge rate in percent
    kind: Literal["count", "pct"]
    # The latest day's value: a whole count, or a merge rate in percent (unrounded)
    value: float
    # Change from the previous UTC day's value in percent; null when that day has no value or it is 0
    changePct: Optional[float]
    # The UTC day of the value
    date: str
    # When the newest count behind the value was searched (ISO 8601 UTC); for the generated sample, when it was generated
    updatedAt: str
    # `provisional` while any count the value uses may still move (until 7 whole days after the day ended); `settled` after. A settled count that changes is
    status: Literal["provisional", "settled"]


class LlmCodingIndexResponseDataSourcesSourcesItemLicence(TypedDict):
    name: str
    url: str


class LlmCodingIndexResponseDataSourcesSourcesItem(TypedDict):
    source: str
    sample: bool
    firstDay: str
    lastDay: str
    days: int
    latestAsOf: Optional[str]
    citation: Optional[str]
    licence: Optional[LlmCodingIndexResponseDataSourcesSourcesItemLicence]


class LlmCodingIndexResponseDataSources(TypedDict):
    """The sources of the values: GitHub search (its citation; counts are facts and carry no licence), or the generated sample (`sample` true, with its notice), each with its days and newest search (`latestAsOf`)"""

    # True when any published data comes from the generated sample
    sample: bool
    # The sample notice when sample data is shown
    notice: Optional[str]
    sources: List[LlmCodingIndexResponseDataSourcesSourcesItem]


class LlmCodingIndexResponse(TypedDict):
    success: Literal[True]
    data: LlmCodingIndexResponseData
    # The sources of the values: GitHub search (its citation; counts are facts and carry no licence), or the generated sample (`sample` true, with its notic
    dataSources: LlmCodingIndexResponseDataSources


class LlmCodingMethodologyResponseQueriesItemOpened(TypedDict):
    endpoint: str
    # The search's `q`, with the day as YYYY-MM-DD
    q: str


class LlmCodingMethodologyResponseQueriesItemMerged(TypedDict):
    endpoint: str
    # The search's `q`, with the day as YYYY-MM-DD
    q: str


class LlmCodingMethodologyResponseQueriesItemCommits(TypedDict):
    endpoint: str
    # The search's `q`, with the day as YYYY-MM-DD
    q: str


class LlmCodingMethodologyResponseQueriesItem(TypedDict):
    agent: Literal["claude", "codex", "copilot", "cursor", "devin"]
    label: str
    opened: LlmCodingMethodologyResponseQueriesItemOpened
    merged: LlmCodingMethodologyResponseQueriesItemMerged
    commits: Optional[LlmCodingMethodologyResponseQueriesItemCommits]
    reason: str


class LlmCodingMethodologyResponseSourcesItemLicence(TypedDict):
    name: str
    url: str


class LlmCodingMethodologyResponseSourcesItem(TypedDict):
    id: str
    name: str
    url: str
    measures: str
    citation: str
    licence: Optional[LlmCodingMethodologyResponseSourcesItemLicence]


class LlmCodingMethodologyResponseDataSourcesSourcesItemLicence(TypedDict):
    name: str
    url: str


class LlmCodingMethodologyResponseDataSourcesSourcesItem(TypedDict):
    source: str
    sample: bool
    firstDay: str
    lastDay: str
    days: int
    latestAsOf: Optional[str]
    citation: Optional[str]
    licence: Optional[LlmCodingMethodologyResponseDataSourcesSourcesItemLicence]


class LlmCodingMethodologyResponseDataSources(TypedDict):
    """The sources of the values: GitHub search (its citation; counts are facts and carry no licence), or the generated sample (`sample` true, with its notice), each with its days and newest search (`latestAsOf`)"""

    # True when any published data comes from the generated sample
    sample: bool
    # The sample notice when sample data is shown
    notice: Optional[str]
    sources: List[LlmCodingMethodologyResponseDataSourcesSourcesItem]


class LlmCodingMethodologyResponse(TypedDict):
    success: Literal[True]
    version: str
    unit: str
    # Whole days after a day ends during which its counts are provisional
    maturationDays: int
    # How a merge rate is computed
    mergeRate: str
    # The method, one rule per sentence
    rules: List[str]
    # The exact GitHub searches per agent, one per count and UTC day
    queries: List[LlmCodingMethodologyResponseQueriesItem]
    sources: List[LlmCodingMethodologyResponseSourcesItem]
    # The sources of the values: GitHub search (its citation; counts are facts and carry no licence), or the generated sample (`sample` true, with its notic
    dataSources: LlmCodingMethodologyResponseDataSources


class LlmCodingProductsResponseDataItem(TypedDict):
    id: Literal["cc-prs", "codex-prs", "copilot-prs", "cursor-prs", "devin-prs", "cc-commits", "cc-merge", "codex-merge", "copilot-merge", "cursor-merge", "devin-merge", "cc-vs-codex", "cc-vs-codex-merge"]
    label: str
    category: Literal["prs", "commits", "merge", "compare"]
    # `count`: pull requests or commits per UTC day; `pct`: a merge rate in percent
    kind: Literal["count", "pct"]
    # True for a two-series product (`value` and `value2`)
    compare: bool
    # The two series' labels of a comparison product; null otherwise
    seriesLabels: Optional[List[Any]]


class LlmCodingProductsResponse(TypedDict):
    success: Literal[True]
    data: List[LlmCodingProductsResponseDataItem]


class LlmCodingRevisionsResponseDataSourcesSourcesItemLicence(TypedDict):
    name: str
    url: str


class LlmCodingRevisionsResponseDataSourcesSourcesItem(TypedDict):
    source: str
    sample: bool
    firstDay: str
    lastDay: str
    days: int
    latestAsOf: Optional[str]
    citation: Optional[str]
    licence: Optional[LlmCodingRevisionsResponseDataSourcesSourcesItemLicence]


class LlmCodingRevisionsResponseDataSources(TypedDict):
    """The sources of the values: GitHub search (its citation; counts are facts and carry no licence), or the generated sample (`sample` true, with its notice), each with its days and newest search (`latestAsOf`)"""

    # True when any published data comes from the generated sample
    sample: bool
    # The sample notice when sample data is shown
    notice: Optional[str]
    sources: List[LlmCodingRevisionsResponseDataSourcesSourcesItem]


class LlmCodingRevisionsResponseDataItem(TypedDict):
    # The UTC day whose count changed
    date: str
    agent: Literal["claude", "codex", "copilot", "cursor", "devin"]
    # Which count: `opened` pull requests, `merged` pull requests or `commits`
    metric: Literal["opened", "merged", "commits"]
    # The settled count before the change
    oldCount: int
    # The count served since
    newCount: int
    # Relative change in percent; null when the old count was 0
    changePercent: Optional[float]
    reason: Literal["rose_after_settlement", "fell_after_settlement"]
    message: str
    # When the change was observed (ISO 8601 UTC)
    recordedAt: str


class LlmCodingRevisionsResponse(TypedDict):
    success: Literal[True]
    product: Literal["cc-prs", "codex-prs", "copilot-prs", "cursor-prs", "devin-prs", "cc-commits", "cc-merge", "codex-merge", "copilot-merge", "cursor-merge", "devin-merge", "cc-vs-codex", "cc-vs-codex-merge"]
    count: int
    # The sources of the values: GitHub search (its citation; counts are facts and carry no licence), or the generated sample (`sample` true, with its notic
    dataSources: LlmCodingRevisionsResponseDataSources
    data: List[LlmCodingRevisionsResponseDataItem]


class LlmCodingTokensResponseDataSourcesSourcesItemLicence(TypedDict):
    name: str
    url: str


class LlmCodingTokensResponseDataSourcesSourcesItem(TypedDict):
    source: str
    sample: bool
    firstDay: str
    lastDay: str
    days: int
    latestAsOf: Optional[str]
    citation: Optional[str]
    licence: Optional[LlmCodingTokensResponseDataSourcesSourcesItemLicence]


class LlmCodingTokensResponseDataSources(TypedDict):
    """OpenRouter's app rankings with the newest `as_of`, its citation and licence (CC BY 4.0)"""

    # True when any published data comes from the generated sample
    sample: bool
    # The sample notice when sample data is shown
    notice: Optional[str]
    sources: List[LlmCodingTokensResponseDataSourcesSourcesItem]


class LlmCodingTokensResponseDataItem(TypedDict):
    # The UTC day of the one-day rankings window
    date: str
    agent: Literal["claude", "codex", "copilot", "cursor", "devin"]
    appId: int
    # The app's name in the rankings
    appName: str
    # Its rank in the coding category that day
    rank: int
    totalRequests: int
    # Prompt + completion tokens that day as each provider's tokenizer counts them, a decimal string (totals exceed 2^53)
    totalTokens: str
    # The rankings' `as_of` (ISO 8601 UTC)
    asOf: str


class LlmCodingTokensResponse(TypedDict):
    success: Literal[True]
    count: int
    # OpenRouter's app rankings with the newest `as_of`, its citation and licence (CC BY 4.0)
    dataSources: LlmCodingTokensResponseDataSources
    data: List[LlmCodingTokensResponseDataItem]


class MemoryHistoryResponseDataItem(TypedDict):
    # The trading day (New York date), as the ISO instant 00:00 UTC of that date (`2026-01-01T00:00:00.000Z`), the reference service's form; the settlement 
    date: str
    # Frozen type id
    id: str
    # The type's name
    memoryType: str
    category: Literal["dram", "flash", "module"]
    # Session average: the mean of the type's observations in the trading day's session, USD
    price: float
    # Percent change from the type's previous settled price; null for its first value
    changePct: Optional[float]
    # Highest settled price of the type over the 7 calendar days ending on the day, USD
    weeklyHigh: float
    # Lowest settled price of the type over the 7 calendar days ending on the day, USD
    weeklyLow: float
    # The latest source publication time among the session's observations (ISO UTC)
    sourceUpdatedAt: str
    # The sources of the session's observations
    sources: List[str]
    # True for the generated sample: not market data
    sample: bool
    # The settlement instant: 4 PM New York of `date`, in UTC
    timestamp: str
    # When the service settled the value (ISO UTC)
    updatedAt: str


class MemoryHistoryResponse(TypedDict):
    success: Literal[True]
    id: str
    memoryType: str
    count: int
    # Oldest first
    data: List[MemoryHistoryResponseDataItem]
    dataSources: AnswerDataSources


class MemoryIndexResponseData1(TypedDict):
    # Frozen type id
    id: str
    # The type's name
    memoryType: str
    category: Literal["dram", "flash", "module"]
    # Session average: the mean of the type's observations in the trading day's session, USD
    price: float
    # Percent change from the type's previous settled price; null for its first value
    changePct: Optional[float]
    # Highest settled price of the type over the 7 calendar days ending on the day, USD
    weeklyHigh: float
    # Lowest settled price of the type over the 7 calendar days ending on the day, USD
    weeklyLow: float
    # The latest source publication time among the session's observations (ISO UTC)
    sourceUpdatedAt: str
    # The sources of the session's observations
    sources: List[str]
    # True for the generated sample: not market data
    sample: bool
    # The trading day (New York date) whose 4 PM settlement this is, as the ISO instant 00:00 UTC of that date (`2026-01-01T00:00:00.000Z`), the reference s
    date: str
    # When the service settled the value (ISO UTC)
    updatedAt: str


class MemoryIndexResponseData2Item(TypedDict):
    # Frozen type id
    id: str
    # The type's name
    memoryType: str
    category: Literal["dram", "flash", "module"]
    # Session average: the mean of the type's observations in the trading day's session, USD
    price: float
    # Percent change from the type's previous settled price; null for its first value
    changePct: Optional[float]
    # Highest settled price of the type over the 7 calendar days ending on the day, USD
    weeklyHigh: float
    # Lowest settled price of the type over the 7 calendar days ending on the day, USD
    weeklyLow: float
    # The latest source publication time among the session's observations (ISO UTC)
    sourceUpdatedAt: str
    # The sources of the session's observations
    sources: List[str]
    # True for the generated sample: not market data
    sample: bool
    # The trading day (New York date) whose 4 PM settlement this is, as the ISO instant 00:00 UTC of that date (`2026-01-01T00:00:00.000Z`), the reference s
    date: str
    # When the service settled the value (ISO UTC)
    updatedAt: str


class MemoryIndexResponse(TypedDict):
    success: Literal[True]
    date: Optional[str]
    count: int
    # An array (every type, or the `category`'s), or one object when `type` is given; a type without a settled value is left out
    data: Union[MemoryIndexResponseData1, List[MemoryIndexResponseData2Item]]
    dataSources: AnswerDataSources


class MemoryMethodologyResponseImportColumnsItem(TypedDict):
    column: str
    meaning: str


class MemoryMethodologyResponse(TypedDict):
    success: Literal[True]
    version: str
    unit: str
    # The method, one sentence per rule
    rules: List[str]
    # The fields of `tpi memory import` files (CSV header or JSON keys)
    importColumns: List[MemoryMethodologyResponseImportColumnsItem]
    # What was checked for a public series to bundle, and why none is
    publicSeries: List[str]
    latestDate: Optional[str]
    dataSources: AnswerDataSources


class MemoryRevisionsResponseDataItem(TypedDict):
    id: int
    # The trading day revised
    date: str
    memoryTypeId: str
    memoryType: str
    # USD; null when the day had no value
    oldPrice: Optional[float]
    # USD; null when the day lost its value
    newPrice: Optional[float]
    changePercent: Optional[float]
    # When the old value was settled
    oldUpdatedAt: Optional[str]
    reason: str
    recordedAt: str


class MemoryRevisionsResponse(TypedDict):
    success: Literal[True]
    count: int
    data: List[MemoryRevisionsResponseDataItem]


class MemoryTypesResponseDataItem(TypedDict):
    # Frozen key (at most 32 characters), never renamed or reused
    id: Literal["mem_ddr3_4gb", "mem_ddr4_8gb", "mem_ddr4_8gb_ett", "mem_ddr4_16gb", "mem_ddr4_16gb_ett", "mem_ddr5_16gb", "mem_ddr5_16gb_ett", "mem_mlc_32gb", "mem_mlc_64gb", "mem_slc_1gb", "mem_slc_2gb", "mem_ddr4_udimm_16gb", "mem_ddr5_rdimm_32gb", "mem_ddr5_udimm_16gb"]
    # The type's name
    memory_type: str
    category: Literal["dram", "flash", "module"]
    # What one price is for: USD per chip (DRAM, NAND flash) or per module
    unit: Literal["USD per chip", "USD per module"]


class MemoryTypesResponse(TypedDict):
    success: Literal[True]
    data: List[MemoryTypesResponseDataItem]


class NeocloudAggregateResponseDataItem(TypedDict):
    # Country (`Unknown` without one) or chip family (`Other`)
    key: str
    site_count: int
    total_power_mw: float
    # Known and estimated chips together
    total_gpu_qty: float
    sites_without_power: int
    sites_without_gpu_qty: int


class NeocloudAggregateResponse(TypedDict):
    success: Literal[True]
    by: Literal["country", "gpu_type"]
    scope: Literal["neocloud", "all"]
    # Sites in the scope
    sites: int
    sitesWithoutPower: int
    sitesWithoutGpuQty: int
    data: List[NeocloudAggregateResponseDataItem]
    dataSources: AnswerDataSources


class NeocloudMapResponseFeaturesItemGeometry(TypedDict):
    type: Literal["Point"]
    # [longitude, latitude] (RFC 7946)
    coordinates: List[float]


class NeocloudMapResponseFeaturesItemProperties(TypedDict):
    siteName: str
    company: Optional[str]
    dataset: Literal["gpu-clusters", "data-centers"]
    city: Optional[str]
    state: Optional[str]
    country: Optional[str]
    status: Optional[Literal["operational", "under_construction", "planned", "decommissioned"]]
    category: Literal["neocloud", "hyperscaler", "ai-lab", "dc-developer", "public-sector", "other-private", "unknown"]
    isNeocloud: bool
    gpuTypes: List[str]
    gpuQty: Optional[float]
    powerCapacity: Optional[float]
    coordinatePrecision: Optional[Literal["site", "city"]]
    sample: bool


class NeocloudMapResponseFeaturesItem(TypedDict):
    type: Literal["Feature"]
    id: str
    geometry: NeocloudMapResponseFeaturesItemGeometry
    properties: NeocloudMapResponseFeaturesItemProperties


class NeocloudMapResponse(TypedDict):
    type: Literal["FeatureCollection"]
    scope: Literal["neocloud", "all"]
    features: List[NeocloudMapResponseFeaturesItem]
    # Sites of the scope left off the map
    sitesWithoutCoordinates: int
    dataSources: AnswerDataSources


class NeocloudMethodologyResponseSourcesItemLicence(TypedDict):
    name: str
    url: str


class NeocloudMethodologyResponseSourcesItem(TypedDict):
    source: str
    title: str
    urls: List[str]
    documentation: str
    citation: str
    licence: NeocloudMethodologyResponseSourcesItemLicence
    terms: str


class NeocloudMethodologyResponseOperatorsItem(TypedDict):
    name: str
    category: str
    aliases: List[str]
    note: Optional[str]


class NeocloudMethodologyResponseChipFamiliesItem(TypedDict):
    family: str
    generation: str


class NeocloudMethodologyResponseGazetteer(TypedDict):
    name: str
    licence: str
    attribution: str
    url: str


class NeocloudMethodologyResponseImportsItem(TypedDict):
    dataset: str
    sourceUrls: List[str]
    retrievedAt: str
    records: int


class NeocloudMethodologyResponse(TypedDict):
    methodologyVersion: str
    summary: str
    sources: List[NeocloudMethodologyResponseSourcesItem]
    fields: Dict[str, str]
    neocloudDefinition: str
    operatorCategories: Dict[str, str]
    operators: List[NeocloudMethodologyResponseOperatorsItem]
    chipFamilies: List[NeocloudMethodologyResponseChipFamiliesItem]
    rules: List[str]
    geocoding: str
    gazetteer: NeocloudMethodologyResponseGazetteer
    imports: List[NeocloudMethodologyResponseImportsItem]
    dataSources: AnswerDataSources


class NeocloudSiteChipsItem(TypedDict):
    # Chip family (`H100`, `GB200`), or Epoch's name when no family matches
    type: str
    # Aggregate bucket: the family, or `Other`
    bucket: str
    generation: Optional[str]
    # This chip's quantity as the source splits it
    quantity: Optional[float]
    # Epoch's chip type as written
    sourceName: str


class _NeocloudSiteRequired(TypedDict):
    id: str
    dataset: Literal["gpu-clusters", "data-centers"]
    company: Optional[str]
    siteName: str
    streetAddress: Optional[str]
    city: Optional[str]
    state: Optional[str]
    country: Optional[str]
    latitude: Optional[float]
    longitude: Optional[float]
    coordinatePrecision: Optional[Literal["site", "city"]]
    dcTier: None
    ownershipModel: Optional[Literal["owned", "colocation"]]
    coloPartner: Optional[str]
    gpuTypes: List[str]
    chips: List[NeocloudSiteChipsItem]
    gpuQtyKnown: Optional[float]
    gpuQtyEst: Optional[float]
    h100Equivalents: Optional[float]
    chipGeneration: Optional[str]
    powerCapacity: Optional[float]
    category: Literal["neocloud", "hyperscaler", "ai-lab", "dc-developer", "public-sector", "other-private", "unknown"]
    isNeocloud: bool
    status: Optional[Literal["operational", "under_construction", "planned", "decommissioned"]]
    leaseTerm: None
    keyCustomer: Optional[str]
    contractAnnounced: None
    gpuOrderDate: None
    constructionStart: Optional[str]
    phase1LiveDate: Optional[str]
    fullCapacityTarget: Optional[str]
    sourceNotes: Optional[str]
    sample: bool
    provenance: NeocloudSiteProvenance


class NeocloudSite(_NeocloudSiteRequired, total=False):
    # Great-circle distance from the search centre, km (radius searches only)
    distanceKm: float


class NeocloudSiteProvenanceLicence(TypedDict):
    name: str
    url: str


class NeocloudSiteProvenance(TypedDict):
    dataset: Literal["gpu-clusters", "data-centers"]
    source: str
    # GPU Clusters `Name` or the hub's `Handle`
    recordName: str
    sourceUrls: List[str]
    # When the import that wrote this content read the file(s)
    retrievedAt: str
    licence: NeocloudSiteProvenanceLicence
    citation: str
    # Epoch's own sources of the record
    sourceLinks: List[str]
    # Epoch's confidence tag of each owner and user (`confident`, `likely`, `speculative`)
    confidence: Dict[str, str]
    # GPU Clusters `Certainty`; null for the hub
    certainty: Optional[str]


class NeocloudSitesResponse(TypedDict):
    success: Literal[True]
    scope: Literal["neocloud", "all"]
    # Sites in `data`
    count: int
    # Sites matching, before `limit` and `offset`
    total: int
    limit: int
    offset: int
    data: List[NeocloudSite]
    dataSources: AnswerDataSources


class OtpiResponseDataItem(TypedDict):
    date: str
    # Model lab identifier (case-sensitive).
    lab: Literal["anthropic", "openai", "google", "deepseek", "minimax", "xiaomi", "qwen", "moonshotai", "z-ai", "mistralai", "meta-llama"]
    # USD per million tokens, full precision.
    indexPerMtok: float
    computedAt: str


class _OtpiResponseRequired(TypedDict):
    success: Literal[True]
    access: Literal["public-1mo", "full"]
    count: int
    data: List[OtpiResponseDataItem]
    dataSources: AnswerDataSources


class OtpiResponse(_OtpiResponseRequired, total=False):
    # Single-day responses only.
    date: str
    # Range responses only.
    startDate: str
    # Range responses only.
    endDate: str


class ReleaseListDataItem(TypedDict):
    release: int
    # The UTC day the release holds, as first published that day
    day: str
    # When it was cut, ISO 8601 UTC
    cutAt: str
    # How many files it has
    files: int
    # Its manifest (a path of this api)
    url: str


class ReleaseList(TypedDict):
    success: Literal[True]
    count: int
    data: List[ReleaseListDataItem]


class ReleaseManifestSourcesItemLicence(TypedDict):
    name: str
    url: str


class ReleaseManifestSourcesItem(TypedDict):
    market: str
    source: str
    sample: bool
    citation: Optional[str]
    licence: Optional[ReleaseManifestSourcesItemLicence]


class _ReleaseManifestDatasetsItemColumnsItemRequired(TypedDict):
    name: str
    type: str
    nullable: bool
    description: str


class ReleaseManifestDatasetsItemColumnsItem(_ReleaseManifestDatasetsItemColumnsItemRequired, total=False):
    scale: int


class ReleaseManifestDatasetsItemSourcesItemLicence(TypedDict):
    name: str
    url: str


class ReleaseManifestDatasetsItemSourcesItem(TypedDict):
    source: str
    sample: bool
    citation: Optional[str]
    licence: Optional[ReleaseManifestDatasetsItemSourcesItemLicence]


class ReleaseManifestDatasetsItemFilesItem(TypedDict):
    variant: Literal["full", "free"]
    format: Literal["csv", "parquet"]
    fileName: str
    # Data rows (the header not counted)
    rows: int
    bytes: int
    # Hex SHA-256 of the file's bytes
    sha256: str
    # Where the file is downloaded (a path of this api)
    url: str


class _ReleaseManifestDatasetsItemRequired(TypedDict):
    market: str
    name: str
    title: str
    description: str
    historyRoute: str
    columns: List[ReleaseManifestDatasetsItemColumnsItem]
    files: List[ReleaseManifestDatasetsItemFilesItem]


class ReleaseManifestDatasetsItem(_ReleaseManifestDatasetsItemRequired, total=False):
    # How many rows the release holds of the dataset: 0 when it holds none (absent in releases cut before it was stated)
    rows: int
    # Each source the dataset's rows name (a row standing on several sources names each), sample when any of its rows is, with the market's citation and lic
    sources: List[ReleaseManifestDatasetsItemSourcesItem]


class ReleaseManifest(TypedDict):
    success: Literal[True]
    release: int
    day: str
    cutAt: str
    # The suggested citation line
    citation: str
    # Each market's method version
    methodologyVersions: Dict[str, str]
    # Every source the release's rows name, by market (a release cut before its datasets named their sources: each market's sources at the cut)
    sources: List[ReleaseManifestSourcesItem]
    datasets: List[ReleaseManifestDatasetsItem]


class TokenTypesDataItem(TypedDict):
    # Model lab identifier (case-sensitive).
    lab: Literal["anthropic", "openai", "google", "deepseek", "minimax", "xiaomi", "qwen", "moonshotai", "z-ai", "mistralai", "meta-llama"]
    label: str
    freeTier: bool


class TokenTypes(TypedDict):
    success: Literal[True]
    data: List[TokenTypesDataItem]


class TokenTypesFreeDataItem(TypedDict):
    # Model lab identifier (case-sensitive).
    lab: Literal["anthropic", "openai", "google", "deepseek", "minimax", "xiaomi", "qwen", "moonshotai", "z-ai", "mistralai", "meta-llama"]
    label: str


class TokenTypesFree(TypedDict):
    success: Literal[True]
    access: Literal["free-tier"]
    data: List[TokenTypesFreeDataItem]


class TokenVolumeResponseTotalBaseline(TypedDict):
    # The first settled day on which every lab of `labs` has a published value
    date: str
    # Tokens (exact up to 2^53)
    totalTokens: float


class TokenVolumeResponseBaselinesItem(TypedDict):
    lab: Literal["anthropic", "openai", "google", "deepseek", "minimax", "xiaomi", "qwen", "moonshotai", "z-ai", "mistralai", "meta-llama"]
    # The lab's first settled day with a published value
    date: str
    # Tokens (exact up to 2^53)
    totalTokens: float


class TokenVolumeResponseDataSourcesSourcesItemLicence(TypedDict):
    name: str
    url: str


class TokenVolumeResponseDataSourcesSourcesItem(TypedDict):
    source: str
    sample: bool
    firstDay: str
    lastDay: str
    days: int
    latestAsOf: Optional[str]
    citation: Optional[str]
    licence: Optional[TokenVolumeResponseDataSourcesSourcesItemLicence]


class TokenVolumeResponseDataSources(TypedDict):
    """The sources behind the published values; `sample` marks generated data"""

    # True when any published data comes from the generated sample
    sample: bool
    # The sample notice when sample data is shown
    notice: Optional[str]
    sources: List[TokenVolumeResponseDataSourcesSourcesItem]


class TokenVolumeResponseDataItem(TypedDict):
    date: str
    lab: Literal["anthropic", "openai", "google", "deepseek", "minimax", "xiaomi", "qwen", "moonshotai", "z-ai", "mistralai", "meta-llama"]
    # Tokens the lab-day's published index value was computed from (frozen at settlement)
    totalTokens: float
    # 100 x totalTokens / the lab's base-day totalTokens; 100 on the base day
    growthIndex: Optional[float]
    # totalTokens / the sum over the labs of `labs` published that day (a fraction; the shares of a day sum to 1)
    share: Optional[float]
    # 100 x the day's summed tokens of the labs of `labs` / `totalBaseline.totalTokens` (the same on every row of the day); null on a day one of those labs 
    totalGrowthIndex: Optional[float]


class TokenVolumeResponse(TypedDict):
    success: Literal[True]
    access: Literal["public-1mo", "full"]
    startDate: str
    endDate: str
    # The labs the shares and totals are over, catalog order
    labs: List[Literal["anthropic", "openai", "google", "deepseek", "minimax", "xiaomi", "qwen", "moonshotai", "z-ai", "mistralai", "meta-llama"]]
    count: int
    # The base of `totalGrowthIndex`, from all history; null when no day has every lab of `labs`
    totalBaseline: Optional[TokenVolumeResponseTotalBaseline]
    # The base of each lab in `data` (from all history, not the range)
    baselines: List[TokenVolumeResponseBaselinesItem]
    # The sources behind the published values; `sample` marks generated data
    dataSources: TokenVolumeResponseDataSources
    data: List[TokenVolumeResponseDataItem]


class WebhookAnswer(TypedDict):
    success: Literal[True]
    subscription: WebhookSubscription


class WebhookCreated(TypedDict):
    success: Literal[True]
    subscription: WebhookSubscription
    # The signing secret (whsec_...), shown this once
    secret: str


class WebhookDeleted(TypedDict):
    success: Literal[True]
    id: str
    deleted: Literal[True]


class WebhookDelivery(TypedDict):
    position: int
    eventId: str
    eventType: Literal["value.settled", "print.published", "value.revised", "threshold.crossed", "source.degraded", "source.recovered"]
    publishedAt: str
    status: Literal["pending", "delivering", "delivered", "failed", "skipped"]
    attempts: int
    lastAttemptAt: Optional[str]
    responseStatus: Optional[int]
    error: Optional[str]
    latencyMs: Optional[int]
    nextAttemptAt: Optional[str]
    deliveredAt: Optional[str]


class WebhookDeliveryLog(TypedDict):
    success: Literal[True]
    deliveries: List[WebhookDelivery]
    nextBefore: Optional[int]
    tests: List[WebhookTest]


class WebhookFilterThresholdsItem1(TypedDict):
    kind: Literal["level"]
    level: float


class WebhookFilterThresholdsItem2(TypedDict):
    kind: Literal["change"]
    percent: float


class WebhookFilter(TypedDict):
    """null: no narrowing (every value)"""

    types: Optional[List[Literal["value.settled", "print.published", "value.revised", "threshold.crossed", "source.degraded", "source.recovered"]]]
    markets: Optional[List[str]]
    series: Optional[List[str]]
    thresholds: List[Union[WebhookFilterThresholdsItem1, WebhookFilterThresholdsItem2]]


class WebhookListAllowanceLimits(TypedDict):
    subscriptions: int
    deliveriesPerDay: int


class WebhookListAllowance(TypedDict):
    plan: str
    limits: WebhookListAllowanceLimits
    deliveriesToday: int


class WebhookList(TypedDict):
    success: Literal[True]
    subscriptions: List[WebhookSubscription]
    allowance: WebhookListAllowance


class WebhookRedelivered(TypedDict):
    success: Literal[True]
    eventId: str
    requeued: Literal[True]


class WebhookSecretRotated(TypedDict):
    success: Literal[True]
    # The new signing secret, shown this once
    secret: str
    # Until then the previous secret signs too
    previousSecretExpiresAt: str


class WebhookSubscription(TypedDict):
    id: str
    url: str
    filter: WebhookFilter
    status: Literal["active", "paused", "disabled"]
    disabledReason: Optional[str]
    createdAt: str
    failingSince: Optional[str]


class WebhookTest(TypedDict):
    sentAt: str
    delivered: bool
    responseStatus: Optional[int]
    latencyMs: int
    error: Optional[str]


class WebhookTestAnswer(TypedDict):
    success: Literal[True]
    test: WebhookTest


class WorkloadMethodologyResponseSourcesItem(TypedDict):
    source: str
    what: str
    citation: str
    licence: str


class WorkloadMethodologyResponse(TypedDict):
    success: Literal[True]
    version: str
    unit: Literal["US cents per coding-agent session (cCents); thousands of tokens per session (qKtok)"]
    sources: List[WorkloadMethodologyResponseSourcesItem]
    turnRanges: List[Literal["1-turn", "2-9-turns", "10-49-turns", "50-plus-turns"]]
    # The method, one sentence per rule
    rules: List[str]
    # Why a cell is left out
    exclusions: Dict[str, str]
    # Weeks published
    weeks: int
    latestWeek: Optional[str]
    dataSources: AnswerDataSources


class WorkloadResponseDataItem(TypedDict):
    # The week: its session-cost window's end date (UTC)
    date: str
    lab: Literal["anthropic", "openai", "google", "deepseek", "minimax", "xiaomi", "qwen", "moonshotai", "z-ai", "mistralai", "meta-llama"]
    # Model family, or `all` (every cell of the lab)
    family: str
    # Cost per coding-agent SESSION, US cents: the mean over the group's cells of the median session cost (not per request)
    cCents: float
    # Like-for-like index, base 100 in the group's first week, chained weekly over cells present in both weeks (Törnqvist)
    lfl: float
    # Implied thousands of tokens per session: median session cost / the model's blended list price, averaged over cells
    qKtok: float
    # Percent of the previous week's cost per session due to list prices of the same cells (LMDI); null in the group's first week
    priceEffect: Optional[float]
    # Percent due to implied tokens per session of the same cells (LMDI); null in the first week
    intensityEffect: Optional[float]
    # Percent due to the cells' shares and cells entering or leaving (LMDI); null in the first week
    mixEffect: Optional[float]
    # Percent change of cCents from the group's previous week: priceEffect + intensityEffect + mixEffect (to 1e-9); null in the first week
    totalChange: Optional[float]
    # Cells (harness x model x turn range) in the group this week
    cells: int
    # Cells also present in the group's previous week (the like-for-like link's base); null in the first week
    matchedCells: Optional[int]
    # True when no cell matched the previous week: the link is taken as 1 and the change is all mix
    lflImputed: bool
    # When the row's inputs were complete: the later of the session-cost snapshot's as-of time and the price snapshot's fetch time (ISO UTC)
    computedAt: str


class WorkloadResponseWeeksItemExcluded(TypedDict):
    """Cells left out of the week, by reason (see the methodology)"""

    unknown_lab: int
    no_price: int
    duplicate_cell: int


class WorkloadResponseWeeksItem(TypedDict):
    date: str
    windowDays: int
    asOf: str
    # When the price snapshot that priced the week was taken; null: none did
    pricesFetchedAt: Optional[str]
    pricedCells: int
    # Cells left out of the week, by reason (see the methodology)
    excluded: WorkloadResponseWeeksItemExcluded


class WorkloadResponseCellsItem(TypedDict):
    # The week (window end date)
    date: str
    # Days of sessions the window covers
    windowDays: int
    # When OpenRouter computed the window
    asOf: str
    # The coding agent (OpenRouter's app slug)
    harness: str
    harnessName: str
    # OpenRouter model permaslug
    model: str
    lab: Literal["anthropic", "openai", "google", "deepseek", "minimax", "xiaomi", "qwen", "moonshotai", "z-ai", "mistralai", "meta-llama"]
    family: str
    turnRange: Literal["1-turn", "2-9-turns", "10-49-turns", "50-plus-turns"]
    # Median cost of one session, USD
    medianSessionCostUsd: float
    # The model's list price, 0.75 x input + 0.25 x output, USD per million tokens
    blendedPricePerMtok: float
    # Implied thousands of tokens per session: cost / blended price
    impliedKtok: float


class WorkloadResponse(TypedDict):
    success: Literal[True]
    unit: Literal["US cents per coding-agent session (cCents); thousands of tokens per session (qKtok)"]
    # As asked; null: from the first week
    startDate: Optional[str]
    # As asked; null: through the latest week
    endDate: Optional[str]
    # Which weeks' cells `cells` holds: `latest` (the latest week of the answer), `all` or `none`
    cellsOf: Literal["latest", "all", "none"]
    count: int
    data: List[WorkloadResponseDataItem]
    # The weeks of the answer, with their price snapshot and exclusions
    weeks: List[WorkloadResponseWeeksItem]
    # The session-cost cells behind the rows (the asked lab and family) of the weeks `cellsOf` names, week by week
    cells: List[WorkloadResponseCellsItem]
    dataSources: AnswerDataSources


class GetOtpiConstituentsResponseCoverage(TypedDict):
    source: str
    # Tokens of the listed top models (all authors)
    listedTokens: float
    # Tokens of the `other` row: every model outside the top list
    otherTokens: float
    # Tokens of listed models of the tracked labs
    trackedTokens: float
    # Listed tokens / (listed + other); null on a day without traffic
    listedShare: Optional[float]
    # Tracked labs' listed tokens / (listed + other); null on a day without traffic
    trackedShare: Optional[float]


class GetOtpiConstituentsResponseProvenanceLicence(TypedDict):
    name: str
    url: str


class GetOtpiConstituentsResponseProvenance(TypedDict):
    """Where the numbers come from; with mixed sources, the source of the largest volume"""

    # `openrouter`, `sample`, or an observation file's source
    source: str
    # True for generated sample data: never market data
    sample: bool
    # The source's as-of time of the data, ISO 8601 UTC
    asOf: Optional[str]
    # The line to show with the numbers (OpenRouter's citation, or the sample notice)
    citation: Optional[str]
    licence: Optional[GetOtpiConstituentsResponseProvenanceLicence]


class GetOtpiConstituentsResponseDataItem(TypedDict):
    modelId: str
    inputPricePerMtok: Optional[float]
    outputPricePerMtok: Optional[float]
    # Input tokens the formula used (reported or estimated)
    inputTokens: float
    # Output tokens the formula used (reported or estimated)
    outputTokens: float
    # Tokens (a JSON number; exact up to 2^53)
    totalTokens: float
    # Whether the input/output split came from the source or was estimated
    split: Literal["reported", "estimated"]
    # Input share used to estimate the split; null when reported
    inputShare: Optional[float]
    priceBasis: Literal["reported", "snapshot", "backfilled"]
    priceBasisDescription: str
    # The stored price snapshot that priced the model-day
    priceSnapshotId: Optional[int]
    source: str
    # (input price x input tokens + output price x output tokens) / tokens
    blendedPricePerMtok: Optional[float]
    # Share of the lab's eligible tokens; 0 when excluded
    weight: float
    eligible: bool
    exclusionReason: Optional[str]
    exclusionDescription: Optional[str]


class GetOtpiConstituentsResponse(TypedDict):
    success: Literal[True]
    access: Literal["public-1mo", "full"]
    date: str
    lab: Literal["anthropic", "openai", "google", "deepseek", "minimax", "xiaomi", "qwen", "moonshotai", "z-ai", "mistralai", "meta-llama"]
    # False when the lab-day was not published (see suppressionReason)
    published: bool
    indexPerMtok: Optional[float]
    computedAt: Optional[str]
    methodologyVersion: str
    totalTokens: Optional[float]
    suppressionReason: Optional[str]
    suppressionDescription: Optional[str]
    # The day's traffic as the ranking source describes it (top models and `other`)
    coverage: Optional[GetOtpiConstituentsResponseCoverage]
    # Where the numbers come from; with mixed sources, the source of the largest volume
    provenance: GetOtpiConstituentsResponseProvenance
    count: int
    data: List[GetOtpiConstituentsResponseDataItem]


class GetOtpiMethodologyResponseEligibility(TypedDict):
    excludedModelPatterns: List[str]
    exclusionReasons: Dict[str, str]


class GetOtpiMethodologyResponseSufficiency(TypedDict):
    minEligibleModels: int
    minEligibleTokens: int
    suppressionReasons: Dict[str, str]


class GetOtpiMethodologyResponseSettlement(TypedDict):
    lagHours: float
    calendar: str


class GetOtpiMethodologyResponseRestatements(TypedDict):
    materialityThresholdPercent: float
    policy: str


class GetOtpiMethodologyResponseEstimatedSplit(TypedDict):
    # Share of a total-only volume counted as input tokens
    inputShare: float
    rule: str
    effectiveFrom: str


class GetOtpiMethodologyResponsePricing(TypedDict):
    snapshotWindowHours: float
    priceBases: Dict[str, str]


class GetOtpiMethodologyResponseDataSourcesSourcesItemLicence(TypedDict):
    name: str
    url: str


class GetOtpiMethodologyResponseDataSourcesSourcesItem(TypedDict):
    source: str
    sample: bool
    firstDay: str
    lastDay: str
    days: int
    latestAsOf: Optional[str]
    citation: Optional[str]
    licence: Optional[GetOtpiMethodologyResponseDataSourcesSourcesItemLicence]


class GetOtpiMethodologyResponseDataSources(TypedDict):
    # True when any published data comes from the generated sample
    sample: bool
    # The sample notice when sample data is shown
    notice: Optional[str]
    sources: List[GetOtpiMethodologyResponseDataSourcesSourcesItem]


class GetOtpiMethodologyResponseHistoryItem(TypedDict):
    version: str
    effectiveFrom: str
    summary: str


class GetOtpiMethodologyResponse(TypedDict):
    success: Literal[True]
    version: str
    unit: str
    formula: str
    eligibility: GetOtpiMethodologyResponseEligibility
    sufficiency: GetOtpiMethodologyResponseSufficiency
    settlement: GetOtpiMethodologyResponseSettlement
    restatements: GetOtpiMethodologyResponseRestatements
    estimatedSplit: GetOtpiMethodologyResponseEstimatedSplit
    pricing: GetOtpiMethodologyResponsePricing
    dataSources: GetOtpiMethodologyResponseDataSources
    history: List[GetOtpiMethodologyResponseHistoryItem]


class GetOtpiRevisionsResponseDataItem(TypedDict):
    id: int
    date: str
    lab: str
    oldIndexPerMtok: Optional[float]
    newIndexPerMtok: Optional[float]
    oldSuppressionReason: Optional[str]
    newSuppressionReason: Optional[str]
    # Relative change in percent; null when the lab-day gained or lost its value
    changePercent: Optional[float]
    reason: str
    # True when the change was below the materiality threshold and an operator forced it
    forced: bool
    methodologyVersion: str
    oldComputedAt: Optional[str]
    # The new computedAt of the value
    restatedAt: str


class GetOtpiRevisionsResponse(TypedDict):
    success: Literal[True]
    count: int
    data: List[GetOtpiRevisionsResponseDataItem]


class CreateApiKeyResponse(TypedDict):
    success: Literal[True]
    # The secret, shown this once (only its hash is stored)
    key: str
    id: str
    name: str
    # The first characters of the key, for lists
    displayPrefix: str
    # ISO 8601 UTC
    createdAt: str


#: The type of each operation's 200 (or 201) answer, by operationId.
ANSWER_TYPES: Dict[str, str] = {
    "health": "Health",
    "getOtpi": "OtpiResponse",
    "getOtpiConstituents": "GetOtpiConstituentsResponse",
    "getOtpiMethodology": "GetOtpiMethodologyResponse",
    "getOtpiRevisions": "GetOtpiRevisionsResponse",
    "getTokenVolume": "TokenVolumeResponse",
    "listTokenTypes": "TokenTypes",
    "listFreeTokenTypes": "TokenTypesFree",
    "listGpuTypes": "GpuCatalog",
    "listFreeGpuTypes": "GpuCatalog",
    "getGpuMethodology": "GpuMethodologyResponse",
    "getGpuLatest": "GpuLatestPrint",
    "getDailyIndexAll": "DailyIndexAll",
    "getDailyIndex": "GpuDailyIndex",
    "getPreviousDailyIndex": "GpuPreviousDailyIndex",
    "getDayIndex": "GpuDailyIndex",
    "getGpuNearestPrint": "GpuNearestPrint",
    "getGpuIndexHistory": "GpuIndexHistory",
    "getGpuConstituents": "GpuConstituents",
    "getGpuHistorySimple": "GpuHistorySimple",
    "getGpuHistoryRange": "GpuHistoryRange",
    "getGpuHourly": "GpuHourlySeries",
    "getGpuRollingAverage": "GpuRollingAverage",
    "getGpuRollingAverageHistory": "GpuRollingAverageHistory",
    "getGpuVolatility": "GpuVolatility",
    "getGpuVolumeMetrics": "GpuVolumeMetrics",
    "listMemoryTypes": "MemoryTypesResponse",
    "getMemoryIndex": "MemoryIndexResponse",
    "getMemoryHistory": "MemoryHistoryResponse",
    "getMemoryRevisions": "MemoryRevisionsResponse",
    "getMemoryMethodology": "MemoryMethodologyResponse",
    "getWorkload": "WorkloadResponse",
    "getWorkloadMethodology": "WorkloadMethodologyResponse",
    "listLlmCodingProducts": "LlmCodingProductsResponse",
    "getLlmCodingIndex": "LlmCodingIndexResponse",
    "getLlmCodingHistory": "LlmCodingHistoryResponse",
    "getLlmCodingMethodology": "LlmCodingMethodologyResponse",
    "getLlmCodingRevisions": "LlmCodingRevisionsResponse",
    "getLlmCodingTokens": "LlmCodingTokensResponse",
    "listNeocloudSites": "NeocloudSitesResponse",
    "aggregateNeocloudSites": "NeocloudAggregateResponse",
    "getNeocloudMap": "NeocloudMapResponse",
    "getNeocloudMethodology": "NeocloudMethodologyResponse",
    "createApiKey": "CreateApiKeyResponse",
    "listWebhooks": "WebhookList",
    "createWebhook": "WebhookCreated",
    "getWebhook": "WebhookAnswer",
    "pauseWebhook": "WebhookAnswer",
    "resumeWebhook": "WebhookAnswer",
    "enableWebhook": "WebhookAnswer",
    "rotateWebhookSecret": "WebhookSecretRotated",
    "testWebhook": "WebhookTestAnswer",
    "deleteWebhook": "WebhookDeleted",
    "listWebhookDeliveries": "WebhookDeliveryLog",
    "redeliverWebhookEvent": "WebhookRedelivered",
    "listReleases": "ReleaseList",
    "getRelease": "ReleaseManifest",
    "getReleaseFile": "str",
    "streamEvents": "str",
    "chat": "ChatResponse",
    "openApiDocument": "Dict[str, Any]",
    "apiReference": "str",
}

#: Every operation of the document: operationId -> (method, path).
OPERATIONS: Dict[str, Tuple[str, str]] = {
    "health": ("GET", "/health"),
    "getOtpi": ("GET", "/api/otpi"),
    "getOtpiConstituents": ("GET", "/api/otpi/constituents"),
    "getOtpiMethodology": ("GET", "/api/otpi/methodology"),
    "getOtpiRevisions": ("GET", "/api/otpi/revisions"),
    "getTokenVolume": ("GET", "/api/token-volume"),
    "listTokenTypes": ("GET", "/api/token-types"),
    "listFreeTokenTypes": ("GET", "/api/token-types-free"),
    "listGpuTypes": ("GET", "/api/gpu-types"),
    "listFreeGpuTypes": ("GET", "/api/gpu-types-free"),
    "getGpuMethodology": ("GET", "/api/gpu-methodology"),
    "getGpuLatest": ("GET", "/api/gpu/{gpuName}"),
    "getDailyIndexAll": ("GET", "/api/daily-index/all"),
    "getDailyIndex": ("GET", "/api/daily-index"),
    "getPreviousDailyIndex": ("GET", "/api/daily-index/{gpuName}/previous"),
    "getDayIndex": ("GET", "/api/day-index"),
    "getGpuNearestPrint": ("GET", "/api/gpu/{gpuName}/history"),
    "getGpuIndexHistory": ("GET", "/api/gpu/{gpuName}/index-history"),
    "getGpuConstituents": ("GET", "/api/gpu/{gpuName}/constituents"),
    "getGpuHistorySimple": ("GET", "/api/gpu/{gpuName}/history-simple"),
    "getGpuHistoryRange": ("GET", "/api/gpu/{gpuName}/history-range"),
    "getGpuHourly": ("GET", "/api/gpu/{gpuName}/hourly"),
    "getGpuRollingAverage": ("GET", "/api/gpu/{gpuName}/rolling-24h-average"),
    "getGpuRollingAverageHistory": ("GET", "/api/gpu/{gpuName}/rolling-24h-average/history"),
    "getGpuVolatility": ("GET", "/api/gpu/{gpuName}/volatility"),
    "getGpuVolumeMetrics": ("GET", "/api/gpu/{gpuName}/volume-metrics"),
    "listMemoryTypes": ("GET", "/api/memory-types"),
    "getMemoryIndex": ("GET", "/api/memory-index"),
    "getMemoryHistory": ("GET", "/api/memory/{memoryType}/history"),
    "getMemoryRevisions": ("GET", "/api/memory/revisions"),
    "getMemoryMethodology": ("GET", "/api/memory/methodology"),
    "getWorkload": ("GET", "/api/workload"),
    "getWorkloadMethodology": ("GET", "/api/workload/methodology"),
    "listLlmCodingProducts": ("GET", "/api/llm-coding/products"),
    "getLlmCodingIndex": ("GET", "/api/llm-coding/index"),
    "getLlmCodingHistory": ("GET", "/api/llm-coding/history"),
    "getLlmCodingMethodology": ("GET", "/api/llm-coding/methodology"),
    "getLlmCodingRevisions": ("GET", "/api/llm-coding/revisions"),
    "getLlmCodingTokens": ("GET", "/api/llm-coding/tokens"),
    "listNeocloudSites": ("GET", "/api/neocloud/sites"),
    "aggregateNeocloudSites": ("GET", "/api/neocloud/sites/aggregate"),
    "getNeocloudMap": ("GET", "/api/neocloud/map"),
    "getNeocloudMethodology": ("GET", "/api/neocloud/methodology"),
    "createApiKey": ("POST", "/api/create-api-key"),
    "listWebhooks": ("GET", "/api/v1/webhooks"),
    "createWebhook": ("POST", "/api/v1/webhooks"),
    "getWebhook": ("GET", "/api/v1/webhooks/{id}"),
    "pauseWebhook": ("POST", "/api/v1/webhooks/{id}/pause"),
    "resumeWebhook": ("POST", "/api/v1/webhooks/{id}/resume"),
    "enableWebhook": ("POST", "/api/v1/webhooks/{id}/enable"),
    "rotateWebhookSecret": ("POST", "/api/v1/webhooks/{id}/rotate-secret"),
    "testWebhook": ("POST", "/api/v1/webhooks/{id}/test"),
    "deleteWebhook": ("POST", "/api/v1/webhooks/{id}/delete"),
    "listWebhookDeliveries": ("GET", "/api/v1/webhooks/{id}/deliveries"),
    "redeliverWebhookEvent": ("POST", "/api/v1/webhooks/{id}/deliveries/{eventId}/redeliver"),
    "listReleases": ("GET", "/api/v1/releases"),
    "getRelease": ("GET", "/api/v1/releases/{release}"),
    "getReleaseFile": ("GET", "/api/v1/releases/{release}/files/{fileName}"),
    "streamEvents": ("GET", "/api/v1/events/stream"),
    "chat": ("POST", "/api/chat"),
    "openApiDocument": ("GET", "/openapi.json"),
    "apiReference": ("GET", "/docs"),
}
