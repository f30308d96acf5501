"""Types of the releases routes (`/api/v1/releases`), written from the api's fixed design.

Once the api's OpenAPI document carries these routes, schemas.py is regenerated with them too;
these names stay the client's public ones.
"""

from typing import Dict, List, Literal, Optional, TypedDict


class ReleaseSummary(TypedDict):
    #: The release number (1, 2, ...), one per UTC day.
    release: int
    #: The UTC day it holds, as first published that day (YYYY-MM-DD).
    day: str
    #: When it was cut, ISO 8601 UTC.
    cutAt: str
    #: How many files it has.
    files: int
    #: Its manifest's URL.
    url: str


class ReleaseList(TypedDict):
    success: bool
    count: int
    #: Newest first.
    data: List[ReleaseSummary]


class Licence(TypedDict):
    name: str
    url: str


class DatasetSource(TypedDict):
    #: As the rows' `source` column names it.
    source: str
    sample: bool
    citation: Optional[str]
    licence: Optional[Licence]


class ReleaseSource(DatasetSource):
    market: str


class _ReleaseColumnRequired(TypedDict):
    name: str
    type: str
    nullable: bool
    description: str


class ReleaseColumn(_ReleaseColumnRequired, total=False):
    #: Digits after the point of a DECIMAL column.
    scale: int


class ReleaseFile(TypedDict):
    variant: Literal["full", "free"]
    format: Literal["csv", "parquet"]
    fileName: str
    rows: int
    bytes: int
    #: Hex SHA-256 of the file's bytes.
    sha256: str
    url: str


class _ReleaseDatasetRequired(TypedDict):
    market: str
    name: str
    title: str
    description: str
    #: The history route whose items the rows equal, e.g. `/api/otpi`.
    historyRoute: str
    columns: List[ReleaseColumn]
    files: List[ReleaseFile]


class ReleaseDataset(_ReleaseDatasetRequired, total=False):
    #: How many rows the release holds of the dataset (0: none). Absent in releases cut before
    #: it was stated.
    rows: int
    #: The sources the dataset's rows name (empty when it holds none). Absent as `rows` is.
    sources: List[DatasetSource]


class ReleaseManifest(TypedDict):
    success: bool
    release: int
    day: str
    cutAt: str
    #: The suggested citation line.
    citation: str
    #: Each market's methodology version in this release.
    methodologyVersions: Dict[str, str]
    sources: List[ReleaseSource]
    datasets: List[ReleaseDataset]
