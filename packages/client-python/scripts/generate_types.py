"""Writes src/tpi_client/schemas.py: TypedDicts of every answer of the api's OpenAPI document.

Usage: python3 scripts/generate_types.py OPENAPI_JSON [OUTPUT]
OPENAPI_JSON is a path or an http(s) URL of GET /openapi.json. Standard library only, Python >= 3.9.
The output is deterministic for a given document, so a test compares it with the committed file.
"""

import json
import keyword
import re
import sys
import urllib.request
from typing import Any, Dict, List, Optional, Tuple

HEADER = '''"""Generated from the api's GET /openapi.json by scripts/generate_types.py: do not edit.

Regenerate with `pnpm --filter @tpi/api client:types` (with the TypeScript client's types);
apps/api/src/python-client.int.test.ts fails while this file differs from what the api serves.
"""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, Tuple, TypedDict, Union

'''


def literal(value: Any) -> str:
    """A JSON value as Python source: true -> True, null -> None, strings and numbers as JSON spells them."""
    if value is True:
        return "True"
    if value is False:
        return "False"
    if value is None:
        return "None"
    return json.dumps(value)


def pascal(text: str) -> str:
    parts = re.split(r"[^0-9A-Za-z]+", text)
    return "".join(part[:1].upper() + part[1:] for part in parts if part)


class Generator:
    def __init__(self, document: Dict[str, Any]) -> None:
        self.document = document
        self.schemas: Dict[str, Any] = document.get("components", {}).get("schemas", {})
        self.classes: List[str] = []
        self.emitted: Dict[str, str] = {}

    def annotation(self, schema: Any, name: str) -> str:
        """The Python type of `schema`; objects with properties become TypedDicts named `name`."""
        if not isinstance(schema, dict) or not schema:
            return "Any"
        if "$ref" in schema:
            return schema["$ref"].rsplit("/", 1)[-1]
        if "const" in schema:
            return f"Literal[{literal(schema['const'])}]"
        if "enum" in schema:
            values = ", ".join(literal(value) for value in schema["enum"])
            return f"Literal[{values}]"
        for combinator in ("anyOf", "oneOf"):
            if combinator in schema:
                options: List[str] = []
                alternatives = schema[combinator]
                many = len([option for option in alternatives if option.get("type") != "null"]) > 1
                for index, option in enumerate(alternatives):
                    typed = self.annotation(option, f"{name}{index + 1}" if many else name)
                    if typed not in options:
                        options.append(typed)
                return self.union(options)
        kind = schema.get("type")
        if isinstance(kind, list):
            options = [self.annotation({**schema, "type": one}, name) for one in kind]
            return self.union(options)
        if kind == "null":
            return "None"
        if kind == "string":
            return "str"
        if kind == "integer":
            return "int"
        if kind == "number":
            return "float"
        if kind == "boolean":
            return "bool"
        if kind == "array":
            if "prefixItems" in schema:
                return "List[Any]"
            return f"List[{self.annotation(schema.get('items'), name + 'Item')}]"
        if kind == "object" or "properties" in schema:
            if schema.get("properties"):
                return self.typed_dict(schema, name)
            extra = schema.get("additionalProperties")
            value = self.annotation(extra, name + "Value") if isinstance(extra, dict) else "Any"
            return f"Dict[str, {value}]"
        return "Any"

    @staticmethod
    def union(options: List[str]) -> str:
        if len(options) == 1:
            return options[0]
        if "Any" in options:
            return "Any"
        if "None" in options:
            rest = [option for option in options if option != "None"]
            inner = rest[0] if len(rest) == 1 else f"Union[{', '.join(rest)}]"
            return f"Optional[{inner}]"
        return f"Union[{', '.join(options)}]"

    def typed_dict(self, schema: Dict[str, Any], name: str) -> str:
        if name in self.emitted:
            return name
        self.emitted[name] = name
        required = set(schema.get("required", []))
        fields: List[Tuple[str, str, bool, str]] = []
        for key, value in schema["properties"].items():
            typed = self.annotation(value, name + pascal(key))
            description = (value.get("description") or "") if isinstance(value, dict) else ""
            fields.append((key, typed, key in required, description))
        plain = all(key.isidentifier() and not keyword.iskeyword(key) for key, *_ in fields)
        lines: List[str] = []
        doc = (schema.get("description") or "").strip().replace('"""', "'''")
        if plain:
            must = [field for field in fields if field[2]]
            may = [field for field in fields if not field[2]]
            base = "TypedDict"
            if must and may:
                base = f"_{name}Required"
                lines.append(f"class {base}(TypedDict):")
                lines += [f"    {key}: {typed}" for key, typed, _, _ in must]
                lines.append("")
                lines.append("")
            total = "" if not may else ", total=False"
            lines.append(f"class {name}({base}{total}):")
            if doc:
                lines.append(f'    """{doc}"""')
                lines.append("")
            body = may if (must and may) else fields
            for key, typed, _, description in body:
                if description:
                    first = description.strip().splitlines()[0][:150].replace("\\", "\\\\")
                    lines.append(f"    # {first}")
                lines.append(f"    {key}: {typed}")
            if not body and not doc:
                lines.append("    pass")
        else:
            entries = ", ".join(
                f"{json.dumps(key)}: {json.dumps(typed)}" for key, typed, *_ in fields
            )
            lines.append(f'{name} = TypedDict("{name}", {{{entries}}}, total=False)')
        self.classes.append("\n".join(lines))
        return name

    def operations(self) -> List[Tuple[str, str, str, Any]]:
        found = []
        for path, item in self.document.get("paths", {}).items():
            for method, operation in item.items():
                if method not in ("get", "post", "put", "patch", "delete"):
                    continue
                responses = operation.get("responses", {})
                answer = responses.get("200") or responses.get("201") or {}
                content = answer.get("content", {})
                schema = content.get("application/json", {}).get("schema")
                found.append((operation["operationId"], method.upper(), path, schema))
        return found

    def render(self) -> str:
        for name in sorted(self.schemas):
            self.annotation(self.schemas[name], name) if self.schemas[name].get(
                "properties"
            ) else None
        aliases: List[str] = []
        for name in sorted(self.schemas):
            if not self.schemas[name].get("properties"):
                aliases.append(f"{name} = {self.annotation(self.schemas[name], name + 'Value')}")
        answers: List[Tuple[str, str]] = []
        for operation_id, _, _, schema in self.operations():
            typed = (
                "str"
                if schema is None
                else self.annotation(schema, pascal(operation_id) + "Response")
            )
            answers.append((operation_id, typed))
        out = [HEADER]
        out.append("\n\n\n".join(self.classes))
        out.append("\n\n")
        out.extend(line + "\n" for line in aliases)
        out.append("\n#: The type of each operation's 200 (or 201) answer, by operationId.\n")
        out.append("ANSWER_TYPES: Dict[str, str] = {\n")
        out.extend(f"    {json.dumps(op)}: {json.dumps(typed)},\n" for op, typed in answers)
        out.append("}\n")
        out.append("\n#: Every operation of the document: operationId -> (method, path).\n")
        out.append("OPERATIONS: Dict[str, Tuple[str, str]] = {\n")
        out.extend(
            f"    {json.dumps(op)}: ({json.dumps(method)}, {json.dumps(path)}),\n"
            for op, method, path, _ in self.operations()
        )
        out.append("}\n")
        return "".join(out)


def load(source: str) -> Dict[str, Any]:
    if re.match(r"^https?://", source):
        with urllib.request.urlopen(source, timeout=30) as response:  # noqa: S310 - operator's URL
            return json.load(response)
    with open(source, encoding="utf-8") as file:
        return json.load(file)


def generate(document: Dict[str, Any]) -> str:
    return Generator(document).render()


def main(argv: List[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    text = generate(load(argv[1]))
    output: Optional[str] = argv[2] if len(argv) > 2 else None
    if output is None:
        import os

        output = os.path.join(os.path.dirname(__file__), "..", "src", "tpi_client", "schemas.py")
    with open(output, "w", encoding="utf-8", newline="\n") as file:
        file.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
