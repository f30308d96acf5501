"""The exceptions the client raises: one base class, one subclass per kind of failure.

TpiError
├── TpiApiError               a non-2xx answer: .status, .error, .message, .request_id, .body
│   ├── BadRequestError       400 (a parameter the api refused; the message names it)
│   ├── AuthenticationError   401 (no key, an unknown or revoked key, or data beyond the free tier)
│   ├── PermissionDeniedError 403 (the key's plan does not include the data)
│   ├── NotFoundError         404 (no data for the request, an unknown release)
│   ├── ConflictError         409
│   ├── RateLimitError        429 (.retry_after: seconds, or None)
│   ├── ServiceUnavailableError 503 (.retry_after)
│   └── ServerError           any other 5xx
├── TpiConnectionError        no answer: refused, reset, timed out
└── ChecksumMismatchError     a downloaded file whose SHA-256 or size is not the manifest's
"""

from typing import Any, Dict, Optional


class TpiError(Exception):
    """Every error this client raises."""


class TpiConnectionError(TpiError):
    """The api could not be reached or did not answer in time."""


class TpiApiError(TpiError):
    """A non-2xx answer, with the contract's `{error, message, requestId}` body."""

    def __init__(
        self,
        status: int,
        error: str,
        message: str,
        *,
        request_id: Optional[str] = None,
        body: Optional[Dict[str, Any]] = None,
        retry_after: Optional[float] = None,
    ) -> None:
        super().__init__(f"{status} {error}: {message}")
        self.status = status
        self.error = error
        self.message = message
        self.request_id = request_id
        self.body: Dict[str, Any] = (
            body if body is not None else {"error": error, "message": message}
        )
        #: Seconds the api asked to wait (Retry-After), or None.
        self.retry_after = retry_after


class BadRequestError(TpiApiError):
    """400: a parameter the api refused."""


class AuthenticationError(TpiApiError):
    """401: no key where one is needed, a key that is unknown, revoked or expired."""


class PermissionDeniedError(TpiApiError):
    """403: the key's plan does not include this data."""


class NotFoundError(TpiApiError):
    """404: no data for the request (or an unknown release)."""


class ConflictError(TpiApiError):
    """409: the request conflicts with the resource's state."""


class RateLimitError(TpiApiError):
    """429: too many requests; `retry_after` says when to try again."""


class ServiceUnavailableError(TpiApiError):
    """503: the api (or its database) is unavailable for now; `retry_after` when it says."""


class ServerError(TpiApiError):
    """Any other 5xx."""


class ChecksumMismatchError(TpiError):
    """A downloaded file whose SHA-256 (or size) differs from its release manifest's."""

    def __init__(
        self,
        file_name: str,
        expected_sha256: str,
        actual_sha256: str,
        expected_bytes: int,
        actual_bytes: int,
    ) -> None:
        super().__init__(
            f"{file_name}: the downloaded file does not match the release manifest "
            f"(sha256 {actual_sha256}, {actual_bytes} bytes; expected sha256 {expected_sha256}, "
            f"{expected_bytes} bytes); the partial file was deleted"
        )
        self.file_name = file_name
        self.expected_sha256 = expected_sha256
        self.actual_sha256 = actual_sha256
        self.expected_bytes = expected_bytes
        self.actual_bytes = actual_bytes


_BY_STATUS = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    429: RateLimitError,
    503: ServiceUnavailableError,
}


def error_for(
    status: int, body: Any, request_id: Optional[str], retry_after: Optional[float], fallback: str
) -> TpiApiError:
    """The exception of a non-2xx answer: the body as sent when it has the contract's shape."""
    if (
        isinstance(body, dict)
        and isinstance(body.get("error"), str)
        and isinstance(body.get("message"), str)
    ):
        error, message = body["error"], body["message"]
        request_id = body.get("requestId") if isinstance(body.get("requestId"), str) else request_id
    else:
        # Not the contract's body (a proxy's page): the status and the start of what was sent.
        error, message = (
            fallback or f"HTTP {status}",
            (str(body)[:200] if body else "no error body"),
        )
        body = None
    kind = _BY_STATUS.get(status, ServerError if status >= 500 else TpiApiError)
    return kind(status, error, message, request_id=request_id, body=body, retry_after=retry_after)
