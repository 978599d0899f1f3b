"""Examples and shared answers for the OpenAPI schema, in the shapes the site's API answers."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample
from drf_spectacular.utils import OpenApiResponse


def refusal_example(name: str, value: dict[str, Any], status_code: str = "400") -> OpenApiExample:
    """An example answer of a refusal (`status_code`, 400 by default) for the schema's docs."""
    return OpenApiExample(name, response_only=True, status_codes=[status_code], value=value)


# The collections API reads its input through serializers and filter sets: a 400 is DRF's own shape.
FIELD_ERRORS = OpenApiResponse(
    OpenApiTypes.OBJECT,
    description=(
        "What the request got wrong: each field (or query parameter) with its messages. "
        'A NUL byte, refused before any view, is `{"field", "message"}` as in the rest of the API.'
    ),
    examples=[
        refusal_example(
            "A wrong parameter", {"game": ["Select a valid choice. chess is not one of the available choices."]}
        )
    ],
)
