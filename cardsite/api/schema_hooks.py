"""The refusals every API operation can give, added to the schema once: NUL bytes, sign-in, a missing object, the rate limit."""

from __future__ import annotations

from typing import Any

from cardsite.api.examples import FIELD_ERROR_SCHEMA

UNSAFE = {"post", "put", "patch", "delete"}
ANSWERS = {
    "400": 'The request read wrong (an unknown or bad field or query parameter, a NUL byte): `{"field", "message"}`.',
    "401": "A token that is not valid (any more), or, where sign-in is needed, none.",
    "403": "Not allowed: signed in without the right to this, or a session request without its CSRF token.",
    "404": "No such object, or one you may not see (or a page past the last).",
    "429": "Too many requests from this account or address (see Retry-After).",
}


def document_refusals(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular post-processing hook: each operation lists the refusals the site's conventions give it.

    Any operation can answer 400 (a NUL byte in its query; its body is `{"field", "message"}`) and 401 (a token that is not valid); one that
    needs a signed-in caller, 403 as well;
    one whose path names an object, 404;
    one that writes or computes (any method but GET), 429 (cardsite.api.throttles). An operation's own
    description of such an answer is kept.
    """
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault("FieldError", FIELD_ERROR_SCHEMA)
    one_shape = {"application/json": {"schema": {"$ref": "#/components/schemas/FieldError"}}}
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in UNSAFE | {"get"}:
                continue
            # Every operation: a NUL in the query is refused before any view, and a token that is not
            # valid even where no sign-in is needed.
            codes = ["400", "401"]
            if {} not in operation.get("security", [{}]):
                codes.append("403")
            # A path naming an object, or a page number past the last page.
            if "{" in path or any(p.get("name") == "page" for p in operation.get("parameters", [])):
                codes.append("404")
            if method in UNSAFE:
                codes.append("429")
            responses = operation.setdefault("responses", {})
            for code in codes:
                responses.setdefault(code, {"description": ANSWERS[code]})
            # Every 400 is `{"field", "message"}`: one that says no more is given that shape.
            responses["400"].setdefault("content", one_shape)
            operation["responses"] = dict(sorted(responses.items()))
    return result
