import os

from tpi_client import TpiApiError, TpiClient

tpi = TpiClient(os.environ.get("TPI_BASE_URL", "http://localhost:8080"))  # the key: TPI_API_KEY
try:
    october = tpi.get_otpi(lab="qwen", start_date="2026-10-01", end_date="2026-10-31")
except TpiApiError as error:  # 400, 401, 403, 404; a 429 or 503 after its Retry-After waits
    raise SystemExit(f"{error.status} {error.error}: {error.message}") from None
for row in october["data"]:
    print(row["date"], row["lab"], row["indexPerMtok"])
