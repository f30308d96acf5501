"""HTTP over urllib: the key, the timeout, errors as exceptions, 429 and 503 retried after Retry-After."""

import email.utils
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable, Dict, Iterable, Mapping, Optional, Tuple

from .errors import TpiConnectionError, error_for


class _SameOriginAuthorization(urllib.request.HTTPRedirectHandler):
    """Follows redirects, but sends the key only to the origin it was given for.

    urllib copies every header of a request onto its redirect, Authorization included: a
    redirect to another host (a CDN, a proxy, a compromised server) would receive the key.
    """

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        new = super().redirect_request(req, fp, code, msg, headers, newurl)
        if new is not None:
            before = urllib.parse.urlsplit(req.full_url)
            after = urllib.parse.urlsplit(new.full_url)
            if (before.scheme, before.hostname, before.port) != (after.scheme, after.hostname, after.port):
                new.remove_header("Authorization")
        return new


_OPENER = urllib.request.build_opener(_SameOriginAuthorization)

VERSION = "0.1.0"
USER_AGENT = f"tpi-client-python/{VERSION}"

#: How many times a 429 or 503 is sent again after its Retry-After wait.
DEFAULT_MAX_RETRIES = 2
#: The longest Retry-After waited for, in seconds (the public limiter's window): a longer one is
#: raised at once, since waiting less than asked would fail again.
DEFAULT_MAX_RETRY_AFTER_SECONDS = 60.0
#: Seconds to wait for the connection and for each read.
DEFAULT_TIMEOUT_SECONDS = 30.0

RETRIED_STATUSES = (429, 503)

QueryValue = Any


def retry_after_seconds(header: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Seconds from a Retry-After header: delta-seconds or an HTTP date (RFC 9110 10.2.3); None if unreadable."""
    if header is None:
        return None
    value = header.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None or when.tzinfo is None:
        return None
    current = time.time() if now is None else now
    return max(0.0, float(int(when.timestamp() - current + 0.999)))


def encode_query(query: Mapping[str, QueryValue]) -> str:
    """`name=value` pairs of the values that are not None: lists comma-separated, booleans lower case."""
    pairs = []
    for name, value in query.items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            value = ",".join(str(item) for item in value)
        pairs.append((name, str(value)))
    return urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote)


class Transport:
    """Sends requests to one api. The key is held privately: never in a repr, a log or an error."""

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str],
        timeout: float,
        max_retries: int,
        max_retry_after: float,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.__api_key = api_key or None
        self.timeout = timeout
        self.max_retries = max_retries
        self.max_retry_after = max_retry_after
        self.sleep = sleep

    @property
    def has_key(self) -> bool:
        return self.__api_key is not None

    def url(self, path: str, query: Optional[Mapping[str, QueryValue]] = None) -> str:
        encoded = encode_query(query or {})
        return f"{self.base_url}{path}" + (f"?{encoded}" if encoded else "")

    def open(
        self,
        method: str,
        path: str,
        query: Optional[Mapping[str, QueryValue]] = None,
        body: Any = None,
        headers: Optional[Mapping[str, str]] = None,
        timeout: Optional[float] = None,
    ) -> Any:
        """The open response of a 2xx answer (the caller reads and closes it); raises otherwise."""
        url = self.url(path, query)
        data = None if body is None else json.dumps(body).encode("utf-8")
        sent: Dict[str, str] = {"User-Agent": USER_AGENT, "Accept": "application/json"}
        if data is not None:
            sent["Content-Type"] = "application/json"
        if self.__api_key is not None:
            sent["Authorization"] = f"Bearer {self.__api_key}"
        sent.update(headers or {})
        attempt = 0
        while True:
            request = urllib.request.Request(url, data=data, headers=sent, method=method)
            try:
                return _OPENER.open(request, timeout=timeout or self.timeout)  # noqa: S310
            except urllib.error.HTTPError as answer:
                wait = retry_after_seconds(answer.headers.get("Retry-After"))
                retry = (
                    answer.code in RETRIED_STATUSES
                    and attempt < self.max_retries
                    and wait is not None
                    and wait <= self.max_retry_after
                )
                if retry:
                    answer.read()
                    answer.close()
                    attempt += 1
                    self.sleep(wait)  # type: ignore[arg-type]
                    continue
                raise self._error(answer, wait) from None
            except (
                urllib.error.URLError,
                socket.timeout,
                ConnectionError,
                TimeoutError,
            ) as failure:
                reason = getattr(failure, "reason", failure)
                raise TpiConnectionError(f"{method} {self.base_url}{path}: {reason}") from None

    def request_json(
        self,
        method: str,
        path: str,
        query: Optional[Mapping[str, QueryValue]] = None,
        body: Any = None,
    ) -> Tuple[Any, Mapping[str, str]]:
        with self.open(method, path, query, body) as response:
            text = response.read()
            headers = response.headers
        return json.loads(text.decode("utf-8")) if text else None, headers

    def request_text(self, method: str, path: str, accept: str) -> str:
        with self.open(method, path, headers={"Accept": accept}) as response:
            charset = response.headers.get_content_charset() or "utf-8"
            return response.read().decode(charset)

    @staticmethod
    def _error(answer: urllib.error.HTTPError, retry_after: Optional[float]) -> Exception:
        try:
            raw = answer.read()
        except (OSError, ValueError):
            raw = b""
        finally:
            answer.close()
        text = raw.decode("utf-8", errors="replace")
        try:
            body: Any = json.loads(text) if text else None
        except ValueError:
            body = text
        return error_for(
            answer.code,
            body,
            answer.headers.get("X-Request-Id"),
            retry_after,
            fallback=answer.reason if isinstance(answer.reason, str) else "",
        )


def iter_chunks(response: Any, size: int) -> Iterable[bytes]:
    while True:
        chunk = response.read(size)
        if not chunk:
            return
        yield chunk
