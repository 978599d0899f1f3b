"""A JSON body's true or false, and nothing else.

DRF's BooleanField also reads 1, 0, "yes", "on", "off" and "true" as booleans, where the
schema promises a JSON boolean: a client sending 0 for false was answered as if it had
sent false, and one sending "false" by mistake in a form-shaped script got what it meant
only by luck. Query parameters (always strings) keep DRF's field.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class StrictBooleanField(serializers.BooleanField):
    """`true` or `false` in a JSON body; anything else is a 400 naming the field."""

    default_error_messages = {"invalid": "Must be true or false (a JSON boolean)."}

    def to_internal_value(self, data: Any) -> bool:
        if data is True or data is False:
            return data
        self.fail("invalid")
