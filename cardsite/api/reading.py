"""Reading a request's query parameters or JSON body through a serializer: unknown keys and bad values are 400s
`{"field", "message"}` naming them, the one shape of the API's 400s (docs/api-conventions.md)."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from collections.abc import Iterable
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request

from cardsite.api.errors import bad
from cardsite.api.numbers import StrictIntegerField


def refuse_unknown(given: Iterable[Any], allowed: Iterable[str], what: str, prefix: str = "") -> None:
    """A 400 naming the first unknown key (`prefix` + key), listing them all in `unknown` and the known ones."""
    allowed = list(allowed)
    unknown = sorted(str(k) for k in given if k not in allowed)
    if unknown:
        names = ", ".join(unknown)
        raise bad(
            f"{prefix}{unknown[0]}",
            f"Unknown {what}{'s' if len(unknown) > 1 else ''}: {names}. Known: {', '.join(sorted(allowed))}.",
            unknown=unknown,
        )


def error_path(errors: Any, prefix: str = "") -> tuple[str, str]:
    """The first problem in a serializer's errors: its JSON path ("cards[0]") and message."""
    if isinstance(errors, dict):
        key, value = next(iter(errors.items()))
        if key == "non_field_errors":
            return error_path(value, prefix)
        name = f"{prefix}[{key}]" if isinstance(key, int) else (f"{prefix}.{key}" if prefix else str(key))
        return error_path(value, name)
    if isinstance(errors, list) and errors:
        for i, item in enumerate(errors):
            if item:  # a list of nested errors has {} for the items that were fine
                if isinstance(item, (dict, list)):
                    return error_path(item, f"{prefix}[{i}]")
                return prefix, str(item)
    return prefix, str(errors)


def _validated(serializer_class: type, data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        field, message = error_path(serializer.errors)
        raise bad(field, message, errors=serializer.errors)
    return dict(serializer.validated_data)


def read_query(request: Request, serializer_class: type) -> dict[str, Any]:
    """The query parameters, checked: unknown or repeated ones and bad values are 400s naming them."""
    params = request.query_params
    refuse_unknown(params.keys(), serializer_class().fields.keys(), "parameter")
    for key in params:
        if len(params.getlist(key)) > 1:
            raise bad(key, f"{key} is given more than once.")
    return _validated(serializer_class, params.dict())


def reads_query(serializer_class: type) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A view method that takes its query parameters from `serializer_class`: the schema lists them, and they
    are read (`read_query`: 400s naming them) before the method runs, which gets them as `query` if it asks.

    A query of no fields (an endpoint that takes none) lists nothing and refuses every parameter.
    """

    def decorate(method: Callable[..., Any]) -> Callable[..., Any]:
        wants_query = "query" in inspect.signature(method).parameters

        @functools.wraps(method)
        def run(view: Any, request: Request, *args: Any, **kwargs: Any) -> Any:
            query = read_query(request, serializer_class)
            if wants_query:
                kwargs["query"] = query
            return method(view, request, *args, **kwargs)

        if serializer_class().fields:
            return extend_schema(parameters=[serializer_class])(run)
        return run

    return decorate


def read_body(request: Request, serializer_class: type) -> dict[str, Any]:
    """The JSON body, checked: not an object, unknown fields and bad values are 400s naming the field."""
    data = request.data
    if not isinstance(data, dict):
        raise bad("", "The body must be a JSON object.")
    refuse_unknown(data.keys(), serializer_class().fields.keys(), "field")
    return _validated(serializer_class, data)


def _refuse_unknown_within(data: Any, serializer: serializers.Serializer, prefix: str = "") -> None:
    """Unknown keys of `data` and of the objects nested in it, as `serializer` describes them, refused by
    their JSON path ("a.colour", "players[1].hand"). A value of another shape is left for its reader to refuse."""
    if not isinstance(data, dict):
        return
    refuse_unknown(data.keys(), serializer.fields.keys(), "field", f"{prefix}." if prefix else "")
    for name, field in serializer.fields.items():
        value, path = data.get(name), f"{prefix}.{name}" if prefix else name
        child = getattr(field, "child", None)
        if isinstance(field, serializers.Serializer):
            _refuse_unknown_within(value, field, path)
        elif isinstance(child, serializers.Serializer) and isinstance(value, list):
            for i, item in enumerate(value):
                _refuse_unknown_within(item, child, f"{path}[{i}]")


def read_body_keys(request: Request, serializer_class: type) -> Any:
    """The JSON body as sent, its keys checked against `serializer_class` at every depth: an unknown field
    (`a.colour`) is a 400 naming it. The values are left to a reader that names its own
    JSON paths (the rules checkers: docs/contracts/rules-checkers.md), a body that is not an object too."""
    data = request.data
    _refuse_unknown_within(data, serializer_class())
    return data


def reads_body(serializer_class: type) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A view method that takes its JSON body from `serializer_class`: the schema shows it, and it is read
    (`read_body`: 400s naming the field) before the method runs, so before anything is looked up; the method
    gets it as `data` if it asks. A body of no fields (a write that takes none) refuses every field.
    """

    def decorate(method: Callable[..., Any]) -> Callable[..., Any]:
        wants_data = "data" in inspect.signature(method).parameters

        @functools.wraps(method)
        def run(view: Any, request: Request, *args: Any, **kwargs: Any) -> Any:
            data = read_body(request, serializer_class)
            if wants_data:
                kwargs["data"] = data
            return method(view, request, *args, **kwargs)

        if serializer_class().fields:
            return extend_schema(request=serializer_class)(run)
        return run

    return decorate


class NoFields(serializers.Serializer):
    """The query or body of an operation that takes none: every parameter or field is refused."""


class PageQuery(serializers.Serializer):
    """The query of a paged list (cardsite.api.pagination): `page`, `page_size`."""

    page = StrictIntegerField(required=False, min_value=1)
    page_size = StrictIntegerField(required=False, min_value=1, max_value=200, help_text="At most 200.")
