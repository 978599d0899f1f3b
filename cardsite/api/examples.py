"""Examples for the OpenAPI schema, in the shapes the site's API answers."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample


def refusal_example(name: str, value: dict[str, Any], status_code: str = "400") -> OpenApiExample:
    """An example answer of a refusal (`status_code`, 400 by default) for the schema's docs."""
    return OpenApiExample(name, response_only=True, status_codes=[status_code], value=value)
