"""The client against the api's OpenAPI document: a method for every operation, the `release`
parameter wherever a route takes it, and schemas.py as the generator writes it from the document."""

import inspect
import json
import re
import unittest
import urllib.request
from typing import Any, ClassVar, Dict

from tpi_client import OPERATION_METHODS, TpiClient, schemas

from .support import require_api

REGENERATE = "run `pnpm --filter @tpi/api client:types`"


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def operations(document: Dict[str, Any]) -> Dict[str, Dict[str, Any]]:
    return {
        operation["operationId"]: operation
        for item in document["paths"].values()
        for method, operation in item.items()
        if method in ("get", "post", "put", "patch", "delete")
    }


class EveryOperationHasAMethod(unittest.TestCase):
    document: ClassVar[Dict[str, Any]]

    @classmethod
    def setUpClass(cls) -> None:
        base_url, _ = require_api()
        with urllib.request.urlopen(f"{base_url}/openapi.json", timeout=30) as response:
            cls.document = json.load(response)

    def test_each_operation_of_the_document_maps_to_a_client_method(self) -> None:
        missing = [
            f"{operation_id} ({snake(operation_id)}?)"
            for operation_id in operations(self.document)
            if not callable(getattr(TpiClient, OPERATION_METHODS.get(operation_id, ""), None))
        ]
        self.assertEqual(
            missing,
            [],
            "operations of GET /openapi.json without a TpiClient method: add the method and its "
            "line in OPERATION_METHODS (packages/client-python/src/tpi_client/client.py)",
        )

    def test_every_mapped_method_exists(self) -> None:
        absent = [
            method
            for method in OPERATION_METHODS.values()
            if not callable(getattr(TpiClient, method, None))
        ]
        self.assertEqual(absent, [])

    def test_a_method_takes_release_wherever_its_route_does(self) -> None:
        lacking = []
        for operation_id, operation in operations(self.document).items():
            names = {parameter["name"] for parameter in operation.get("parameters", [])}
            method = getattr(TpiClient, OPERATION_METHODS.get(operation_id, ""), None)
            if "release" in names and method is not None:
                if "release" not in inspect.signature(method).parameters:
                    lacking.append(OPERATION_METHODS[operation_id])
        self.assertEqual(lacking, [], "history routes take `release`; these methods do not")

    def test_methods_offer_release_only_where_the_route_takes_it_once_releases_exist(self) -> None:
        ops = operations(self.document)
        if not any(
            "release" in {p["name"] for p in op.get("parameters", [])} for op in ops.values()
        ):
            self.skipTest("the `release` parameter is not served by this api yet")
        extra = []
        for operation_id, method_name in OPERATION_METHODS.items():
            method = getattr(TpiClient, method_name)
            takes = (
                "release" in inspect.signature(method).parameters
                and method_name != "download_release_file"
            )
            route = ops.get(operation_id)
            if (
                takes
                and route is not None
                and "release" not in {p["name"] for p in route.get("parameters", [])}
            ):
                extra.append(method_name)
        self.assertEqual(extra, [], "these methods send `release` to routes that do not take it")

    def test_schemas_py_names_every_operation_of_the_document(self) -> None:
        # Its content is checked against the document by the api's harness (python-client.int.test.ts).
        self.assertEqual(
            set(schemas.OPERATIONS),
            set(operations(self.document)),
            f"schemas.py is stale: {REGENERATE}",
        )


if __name__ == "__main__":
    unittest.main()
