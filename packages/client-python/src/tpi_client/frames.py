"""pandas DataFrames of tabular answers, when pandas is importable (it is optional)."""

from typing import Any, List, Mapping, Optional, Sequence

#: The list of rows of an answer, by the first of these keys that holds a list.
TABLE_KEYS = ("data", "deliveries", "subscriptions", "datasets", "features", "cells", "sources")

PANDAS_MISSING = (
    "to_frame() needs pandas, which is not installed: `pip install pandas` "
    "(or Debian's `apt-get install python3-pandas`); the answers themselves need only the standard library"
)


def _pandas() -> Any:
    try:
        import pandas  # type: ignore  # noqa: PLC0415 - optional, imported when asked for
    except ImportError as missing:
        raise ImportError(PANDAS_MISSING) from missing
    return pandas


def table_of(answer: Mapping[str, Any], key: Optional[str] = None) -> Sequence[Any]:
    """The rows of `answer`: `answer[key]`, or the first list among TABLE_KEYS."""
    if key is not None:
        rows = answer.get(key)
        if not isinstance(rows, list):
            raise ValueError(f"the answer's {key!r} is not a list of rows")
        return rows
    for name in TABLE_KEYS:
        if isinstance(answer.get(name), list):
            return answer[name]
    lists = [name for name, value in answer.items() if isinstance(value, list)]
    raise ValueError(
        "this answer has no table of rows" + (f"; pass key= one of {lists}" if lists else "")
    )


def to_frame(rows_or_answer: Any, key: Optional[str] = None) -> Any:
    """A pandas DataFrame of an answer's rows (nested fields flattened as `parent.child`) or of a list of rows.

    Values are as the api serves them: decimals served as strings stay strings, so that nothing is
    rounded on the way; dates stay ISO strings (`pd.to_datetime(frame["date"])` when wanted).
    """
    pandas = _pandas()
    rows: List[Any] = list(
        rows_or_answer if isinstance(rows_or_answer, list) else table_of(rows_or_answer, key)
    )
    if not rows:
        return pandas.DataFrame()
    if all(isinstance(row, Mapping) for row in rows):
        return pandas.json_normalize(rows, sep=".")
    return pandas.DataFrame({"value": rows})


class Answer(dict):  # type: ignore[type-arg]
    """An answer's JSON object (a dict, typed by the method's TypedDict) with `to_frame()`."""

    def to_frame(self, key: Optional[str] = None) -> Any:
        """A pandas DataFrame of this answer's rows (`data`, unless `key` names another list)."""
        return to_frame(self, key)
