"""The API's one parser: JSON, bounded in depth and size, decoded by one shared decoder."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Mapping
from typing import Any

from drf_spectacular.utils import OpenApiResponse
from rest_framework import parsers
from rest_framework import status
from rest_framework.exceptions import ParseError
from rest_framework.utils import json as drf_json

from cardsite.api.errors import Problem
from cardsite.api.errors import UnreadableText
from cardsite.api.errors import refused
from rules.text import UNSTORABLE

MB = 1024 * 1024
# "\u0000" and "\ud800"-"\udfff": the only ways a NUL or a surrogate gets into a UTF-8 JSON text.
UNSTORABLE_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F])")
_UTF8 = {"utf-8", "utf8", "utf_8"}


# Made once: parsers are made a request, and a JSONDecoder costs as much as decoding a deck list.
_DECODERS = {
    strict: json.JSONDecoder(parse_constant=drf_json.strict_constant if strict else None) for strict in (True, False)
}


class BoundedJSONParser(parsers.JSONParser):
    """DRF's JSONParser, answering the same data and errors, with bounds and a fast path.

    - JSON nested deeper than Python's recursion limit is a 400 (ParseError), not a 500.
    - `max_bytes` (none by default: Django's DATA_UPLOAD_MAX_MEMORY_SIZE still holds)
      refuses a longer body with a 413 `{"detail": too_large}` before decoding it.
    - A UTF-8 body is decoded in one go by one decoder made once: DRF's reads it
      through a codecs stream reader and builds a JSONDecoder per request, at
      several times the cost of decoding a deck list. Anything the fast path
      does not read (bad bytes, bad JSON, another charset) goes to DRF's own
      parse, so its answer and its error messages are DRF's.
    """

    max_bytes: int | None = None
    too_large = "The body is larger than {mb} MB."

    def body_too_large(self) -> Problem:
        size = self.max_bytes if self.max_bytes is not None else 0
        return refused(status.HTTP_413_REQUEST_ENTITY_TOO_LARGE, self.too_large.format(mb=size // MB))

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        context = parser_context or {}
        if self.max_bytes is not None and _content_length(context.get("request")) > self.max_bytes:
            raise self.body_too_large()
        try:
            data, may_hold_unstorable = self._parse(stream, media_type, context)
        except RecursionError as exc:
            raise ParseError("JSON parse error - the document is nested too deeply.") from exc
        if may_hold_unstorable:
            check_text(data)
        return data

    def _parse(self, stream: Any, media_type: str | None, context: Mapping[str, Any]) -> tuple[Any, bool]:
        """The data, and whether it may hold a NUL or a lone surrogate (then check_text walks it)."""
        raw = stream.getvalue() if isinstance(stream, io.BytesIO) else stream.read()
        # DRF has get_encoding (rest_framework/parsers.py); its stubs leave it out.
        if parsers.get_encoding(context).lower() in _UTF8:  # type: ignore[attr-defined]
            try:
                text = raw.decode("utf-8")
                if not text.startswith("\ufeff"):  # json.loads refuses a BOM with a message of its own
                    data = _DECODERS[bool(self.strict)].decode(text)
                    # Valid UTF-8 holds no lone surrogate, and the decoder refuses a raw NUL (a control
                    # character): in JSON they only come as escapes. No such escape, no walk (a 1,000-action
                    # game log is 4 ms of walking).
                    return data, UNSTORABLE_ESCAPE.search(text) is not None
            except ValueError:  # UnicodeDecodeError, JSONDecodeError: DRF's parse says what
                pass
        return super().parse(io.BytesIO(raw), media_type, context), True


class FormParser(parsers.MultiPartParser):
    """DRF's multipart parser (forms with a file), refusing a field that holds a NUL byte as the JSON parser does.

    A form field is text the view may look up or store: `game=chapter%00` reached a query, a 500
    on PostgreSQL. (Multipart text is decoded as UTF-8 with replacement: no lone surrogate.)
    """

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        parsed = super().parse(stream, media_type, parser_context)
        for key, values in parsed.data.lists():
            for text in (key, *values):
                check_text(text, key)
        return parsed


def check_text(data: Any, path: str = "") -> None:
    """Raise UnreadableText at the first string (value or key) holding a NUL byte or an unpaired surrogate.

    JSON can carry both (`"\\u0000"`, `"\\ud800"`); a paired surrogate escape decodes to one
    character and passes. The path reads like the API's other errors: `deck.cards[2].title`.
    The walk keeps its own stack: a document nested almost to the decoder's limit must not
    overflow Python's on the way down.
    """
    pending: list[tuple[Any, str]] = [(data, path)]
    while pending:
        value, where = pending.pop()
        if isinstance(value, str):
            found = UNSTORABLE.search(value)
            if found:
                what = "a NUL byte" if found.group() == "\x00" else "an unpaired surrogate (a broken \\u escape)"
                raise UnreadableText(where or "body", f"The text contains {what}; it cannot be stored.")
        elif isinstance(value, dict):
            for key, inner in reversed(list(value.items())):
                # The key is shown escaped: the path goes into the error body, which a lone surrogate
                # would make impossible to encode (a 500 instead of the 400 naming it).
                shown = UNSTORABLE.sub(lambda bad: bad.group().encode("unicode_escape").decode("ascii"), str(key))
                inner_path = f"{where}.{shown}" if where else shown
                pending += [(inner, inner_path), (key, inner_path)]
        elif isinstance(value, list):
            pending += [(inner, f"{where}[{index}]") for index, inner in reversed(list(enumerate(value)))]


def _content_length(request: Any) -> int:
    if request is None:
        return 0
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def too_large_answer(parser_class: type[BoundedJSONParser]) -> OpenApiResponse:
    """The schema's 413 of an endpoint that reads its body with `parser_class`: the body is over its bound."""
    return OpenApiResponse(description=f"The body is larger than {(parser_class.max_bytes or 0) // MB} MB.")
