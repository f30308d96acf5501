"""A Python client of the Token Price Index REST API: standard library only, pandas optional."""

from . import schemas
from ._transport import (
    DEFAULT_MAX_RETRIES,
    DEFAULT_MAX_RETRY_AFTER_SECONDS,
    DEFAULT_TIMEOUT_SECONDS,
    VERSION,
    retry_after_seconds,
)
from .client import DEFAULT_BASE_URL, OPERATION_METHODS, EventStream, ServerEvent, TpiClient
from .errors import (
    AuthenticationError,
    BadRequestError,
    ChecksumMismatchError,
    ConflictError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    ServiceUnavailableError,
    TpiApiError,
    TpiConnectionError,
    TpiError,
)
from .frames import Answer, to_frame
from .releases import ReleaseDataset, ReleaseFile, ReleaseList, ReleaseManifest, ReleaseSummary

__version__ = VERSION

__all__ = [
    "DEFAULT_BASE_URL",
    "DEFAULT_MAX_RETRIES",
    "DEFAULT_MAX_RETRY_AFTER_SECONDS",
    "DEFAULT_TIMEOUT_SECONDS",
    "OPERATION_METHODS",
    "Answer",
    "AuthenticationError",
    "BadRequestError",
    "ChecksumMismatchError",
    "ConflictError",
    "EventStream",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "ReleaseDataset",
    "ReleaseFile",
    "ReleaseList",
    "ReleaseManifest",
    "ReleaseSummary",
    "ServerError",
    "ServerEvent",
    "ServiceUnavailableError",
    "TpiApiError",
    "TpiClient",
    "TpiConnectionError",
    "TpiError",
    "retry_after_seconds",
    "schemas",
    "to_frame",
    "__version__",
]
