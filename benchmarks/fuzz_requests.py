"""Requests for the fuzz benchmark, generated with hypothesis from the server's OpenAPI
description (``web/openapi.py``) and salted with hostile payloads.

Each request is one of the described operations (sometimes with another method, or a
path nobody described), its path and query parameters and its JSON body drawn from the
schema, then spoiled at random: a value replaced by a hostile one (``NaN``, a lone
surrogate, arrays nested 900 deep, a 100 000-character text, a number of 40 digits, a
wrong type, a path such as ``/dev/zero``), or the whole body replaced by hostile bytes
(arrays nested 100 000 deep, a body over the size limit, bytes that are not UTF-8,
``NaN``, text where JSON is due).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from hypothesis import strategies as st

HOSTILE_TEXTS = (
    "/dev/zero", "/dev/urandom", "/etc/passwd", "../../../../etc/passwd", "/tmp", ".", "..",
    "~", "/", "C:\\Windows", "go-19.json", "nul", "\ud800", "\udfff", "²", "٣", " 3", "-1",
    "1e9", "0x10", "99999999999999999999", "", " ", "\x00", "null", "NaN", "<script>",
    "5x7:99999:99999", "999x999:33:25", "1000x1000:1:0.5:DICT_4X4_1000", "9x6:inf",
    "5x7:33:25:DICT_NONE", "oneworld", "go-9", "one-60", "onslaught",
)
"""Texts a hostile client would try in any place a text goes."""

RAW_BODIES: tuple[bytes, ...] = (
    b"[" * 100_000 + b"]" * 100_000,
    b'{"a":' * 5_000 + b"1" + b"}" * 5_000,
    b"[" * 33 + b"]" * 33,
    b"NaN", b'{"count": NaN}', b'{"count": Infinity, "sides": -Infinity}',
    b'{"game": "\\ud800"}', b'{"\\udc00": 1}', b'{"count": 1e999}',
    b'{"count": ' + b"9" * 5_000 + b"}",
    b"\xff\xfe\x00", b"not json", b"", b"null", b"[]", b"\"text\"", b"{", b"}",
    b'{"a": "' + b"x" * (70 * 1024) + b'"}',
    b" " * (65 * 1024),
)
"""Whole bodies no route should take, each refused with a 4xx."""

MAX_GENERATED_TEXT = 40
MAX_GENERATED_ITEMS = 6


@dataclass(frozen=True)
class FuzzRequest:
    """One request to send: its method, path (with its query), body and content type."""

    method: str
    path: str
    body: bytes = b""
    content_type: str = "application/json"
    query: dict[str, str] = field(default_factory=dict)

    def query_string(self) -> str:
        """The query, percent-encoded (a lone surrogate as the bytes a client sends)."""
        return "&".join(f"{k}={quoted(v)}" for k, v in self.query.items())

    def shown(self, limit: int = 200) -> str:
        """The request in one line, its body cut at ``limit`` bytes."""
        query = self.query_string()
        body = self.body[:limit].decode("utf-8", "backslashreplace")
        more = f"... ({len(self.body)} bytes)" if len(self.body) > limit else ""
        return (f"{self.method} {self.path}{'?' + query if query else ''} "
                f"[{self.content_type}] {body}{more}")


def quoted(text: str) -> str:
    """``text`` percent-encoded for a URL, lone surrogates too (as UTF-8 would write them,
    which is not UTF-8)."""
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


def hostile_values() -> st.SearchStrategy[Any]:
    """A value a hostile client puts where any JSON value goes."""
    deep = st.integers(min_value=33, max_value=900).map(_nested)
    return st.one_of(
        st.sampled_from(HOSTILE_TEXTS),
        st.sampled_from([float("nan"), float("inf"), float("-inf"), 10**40, -10**40,
                         -1, 0, 2**31, 1.5, True, False, None, [], {}]),
        st.integers(min_value=1_000, max_value=100_000).map(lambda n: "x" * n),
        deep,
        st.lists(st.integers(), min_size=200, max_size=300),
        st.dictionaries(st.text(max_size=8), st.integers(), min_size=100, max_size=120),
        json_values(),
    )


def json_values() -> st.SearchStrategy[Any]:
    """Any small JSON value, texts from all of Unicode (lone surrogates included)."""
    leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(),
                       st.text(max_size=MAX_GENERATED_TEXT))
    return st.recursive(leaves, lambda inner: st.one_of(
        st.lists(inner, max_size=MAX_GENERATED_ITEMS),
        st.dictionaries(st.text(max_size=12), inner, max_size=MAX_GENERATED_ITEMS)),
        max_leaves=12)


def from_schema(schema: dict[str, Any], spoil: float) -> st.SearchStrategy[Any]:
    """Values that keep to ``schema`` (a JSON Schema subset), each replaced by a hostile
    value with probability about ``spoil``."""
    kept = _keeping(schema, spoil)
    if spoil <= 0:
        return kept
    return st.floats(min_value=0, max_value=1).flatmap(
        lambda r: hostile_values() if r < spoil else kept)


def requests_for(spec: dict[str, Any], spoil: float = 0.1) -> st.SearchStrategy[FuzzRequest]:
    """Requests for the operations ``spec`` describes, spoiled as the module says."""
    operations = [(path, method.upper(), operation)
                  for path, item in sorted(spec["paths"].items())
                  for method, operation in sorted(item.items())]
    described = st.sampled_from(operations).flatmap(
        lambda o: _request_for(o[0], o[1], o[2], spoil))
    return st.one_of(
        described, described, described, described, described, described,
        st.sampled_from(operations).flatmap(lambda o: _raw_request(o[0])),
        _stray_request(),
    )


def _request_for(path: str, method: str, operation: dict[str, Any],
                 spoil: float) -> st.SearchStrategy[FuzzRequest]:
    parameters = operation.get("parameters", [])
    path_values = {p["name"]: _text_like(p["schema"], spoil)
                   for p in parameters if p["in"] == "path"}
    query_values = {p["name"]: _text_like(p["schema"], spoil)
                    for p in parameters if p["in"] == "query"}
    content = operation.get("requestBody", {}).get("content", {})
    body = _body(content, spoil)
    return st.builds(
        lambda filled, query, sent: FuzzRequest(
            method, _fill(path, filled), sent[0], sent[1], query),
        st.fixed_dictionaries(path_values),
        st.fixed_dictionaries({}, optional=query_values),
        body)


def _raw_request(path: str) -> st.SearchStrategy[FuzzRequest]:
    method = st.sampled_from(["POST", "PUT", "DELETE", "PATCH", "GET"])
    return st.builds(lambda m, raw, kind: FuzzRequest(m, _fill(path, {}), raw, kind),
                     method, st.sampled_from(RAW_BODIES),
                     st.sampled_from(["application/json", "text/plain",
                                      "application/x-www-form-urlencoded"]))


def _stray_request() -> st.SearchStrategy[FuzzRequest]:
    tail = st.one_of(st.sampled_from(HOSTILE_TEXTS), st.text(max_size=30))
    return st.builds(lambda m, t: FuzzRequest(m, "/api/" + quoted(t)),
                     st.sampled_from(["GET", "POST"]), tail)


def _body(content: dict[str, Any], spoil: float) -> st.SearchStrategy[tuple[bytes, str]]:
    choices: list[st.SearchStrategy[tuple[bytes, str]]] = [st.just((b"", "application/json"))]
    for media, entry in content.items():
        schema = entry.get("schema", {})
        if media == "application/json":
            choices.append(from_schema(schema, spoil).map(
                lambda value: (_dumps(value), "application/json")))
        else:
            choices.append(_record_texts().map(lambda text, m=media: (text.encode(
                "utf-8", "surrogatepass"), m)))
    return st.one_of(*choices)


def _record_texts() -> st.SearchStrategy[str]:
    """Short game records: a header and a few lines, some of them hostile."""
    header = st.sampled_from(['{"game": "go", "options": {"size": 9}}', '{"game": "one"}',
                              '{"game": "oneworld"}', '{"game": "onslaught"}',
                              '{"game": "go", "options": {"board": "/dev/zero"}}',
                              '{"game": "nope"}', "[" * 5000, "NaN", ""])
    line = st.one_of(
        st.sampled_from(['{"type": "place", "player": "black", "at": "C3"}',
                         '{"type": "pass", "player": "black"}', '{"type": "place", '
                         '"player": "black", "at": "D4", "junk": "' + "x" * 5000 + '"}',
                         '# correction: {"type": "set", "space": "C3", "content": "white"}',
                         '# correction: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]',
                         '{"type": "place", "player": "black", "at": "E5", "dice": [1e999]}',
                         "[" * 3000, '{"type": NaN}', '{"type": "\\ud800"}']),
        json_values().map(lambda v: _dumps(v).decode()))
    return st.builds(lambda h, lines: "\n".join([h, *lines]), header,
                     st.lists(line, max_size=8))


def _keeping(schema: dict[str, Any], spoil: float) -> st.SearchStrategy[Any]:
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "anyOf" in schema:
        return st.one_of(*(from_schema(s, spoil) for s in schema["anyOf"]))
    kind = schema.get("type")
    if kind == "integer":
        return st.integers(min_value=schema.get("minimum", -10**6),
                           max_value=schema.get("maximum", 10**6))
    if kind == "number":
        return st.floats(allow_nan=False, allow_infinity=False, width=32)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "string":
        texts = st.text(max_size=min(schema.get("maxLength", MAX_GENERATED_TEXT),
                                     MAX_GENERATED_TEXT))
        return st.one_of(texts, st.just(schema["example"])) if "example" in schema else texts
    if kind == "array":
        return st.lists(from_schema(schema.get("items", {}), spoil),
                        min_size=schema.get("minItems", 0),
                        max_size=min(schema.get("maxItems", MAX_GENERATED_ITEMS),
                                     MAX_GENERATED_ITEMS))
    if kind == "object":
        properties = schema.get("properties", {})
        required = set(schema.get("required", ()))
        fixed = {k: from_schema(v, spoil) for k, v in properties.items() if k in required}
        optional = {k: from_schema(v, spoil) for k, v in properties.items()
                    if k not in required}
        extra = schema.get("additionalProperties")
        known = st.fixed_dictionaries(fixed, optional=optional)
        if not extra:
            return known
        others = st.dictionaries(st.text(max_size=12), from_schema(
            extra if isinstance(extra, dict) else {}, spoil), max_size=4)
        return st.builds(lambda a, b: {**b, **a}, known, others)
    return json_values()


def _text_like(schema: dict[str, Any], spoil: float) -> st.SearchStrategy[str]:
    """A path or query parameter: the schema's value as text, or a hostile text."""
    kept = _keeping(schema, 0).map(lambda v: v if isinstance(v, str) else json.dumps(v))
    return st.one_of(kept, kept, st.sampled_from(HOSTILE_TEXTS), st.text(max_size=20))


def _fill(path: str, values: dict[str, str]) -> str:
    for name, value in values.items():
        path = path.replace("{" + name + "}", quoted(value) or "x")
    return path


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def _dumps(value: Any) -> bytes:
    """``value`` as JSON text, as a careless client writes it: ``NaN`` and lone
    surrogates (``\\ud800``) included."""
    return json.dumps(value, allow_nan=True).encode()
