"""Whole-number fields for serializers and forms, built on the one strict parser (`rules.numbers`).

DRF's IntegerField reads `175.0`, `"175.0"` and `"١٢"` as numbers, and a PrimaryKeyRelatedField
given `175.9` looks up card 175. These fields read ids, counts and quantities as
`rules.numbers.parse_whole` does (ASCII digits or a JSON integer, within bounds), and refuse
anything else with a message naming the field and its bounds.
"""

from __future__ import annotations

from typing import Any
from typing import cast

from django import forms
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from rules.numbers import ID_MAX
from rules.numbers import NotAWholeNumber
from rules.numbers import parse_whole


class StrictIntegerField(serializers.IntegerField):
    """A serializer's whole number: `min_value`/`max_value` are the bounds (and the schema's)."""

    def to_internal_value(self, data: Any) -> int:
        try:
            return parse_whole(data, field=self.field_name or "value", minimum=self.min_value, maximum=self.max_value)
        except NotAWholeNumber as exc:
            raise serializers.ValidationError(exc.message, code="invalid") from None


class StrictPrimaryKeyRelatedField(serializers.PrimaryKeyRelatedField):
    """A PrimaryKeyRelatedField whose key is read strictly: `175.9` is a 400, not card 175."""

    def to_internal_value(self, data: Any) -> Any:
        try:
            pk = parse_whole(data, field=self.field_name or "id", minimum=1, maximum=ID_MAX)
        except NotAWholeNumber as exc:
            raise serializers.ValidationError(exc.message, code="incorrect_type") from None
        return super().to_internal_value(pk)


class StrictIntegerFormField(forms.IntegerField):
    """A form's whole number: `min_value`/`max_value` are the bounds; `name` is said in the error."""

    def __init__(self, *, name: str | None = None, **kwargs: Any):
        self.name = name
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        try:
            return parse_whole(
                value,
                field=self.name or str(self.label or "value"),
                # Our fields are given numbers, never the callable bound Django also takes.
                minimum=cast(int | None, self.min_value),
                maximum=cast(int | None, self.max_value),
            )
        except NotAWholeNumber as exc:
            raise DjangoValidationError(exc.message, code="invalid") from None
