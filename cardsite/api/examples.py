"""Examples and shared answers for the OpenAPI schema, in the shapes the site's API answers."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers


def refusal_example(name: str, value: dict[str, Any], status_code: str = "400") -> OpenApiExample:
    """An example answer of a refusal (`status_code`, 400 by default) for the schema's docs."""
    return OpenApiExample(name, response_only=True, status_codes=[status_code], value=value)


class FieldError(serializers.Serializer):
    """The API's one shape of a 400: what to fix (`field`, a JSON path or a query parameter) and why."""

    field = serializers.CharField(help_text='What to fix: a body field\'s JSON path ("cards[2]") or a query parameter.')
    message = serializers.CharField()


FIELD_ERROR_SCHEMA = {
    "type": "object",
    "description": FieldError.__doc__,
    "properties": {"field": {"type": "string"}, "message": {"type": "string"}},
    "required": ["field", "message"],
}

# A 400 naming the field or query parameter to fix, `{"field", "message"}`, as every 400 of the API.
FIELD_ERRORS = OpenApiResponse(
    FieldError,
    description='What the request got wrong: `{"field", "message"}` naming the field or query parameter to fix.',
    examples=[refusal_example("A wrong parameter", {"field": "game", "message": "Unknown game 'chess'."})],
)
