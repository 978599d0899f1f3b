"""Whole numbers from outside: the one strict reading of ids, counts and quantities.

Every form, query parameter, JSON body, import and deck list reads its ids and counts
through `parse_whole`, so a field cannot get it wrong on its own:

- an `int` (never a `bool`, never a `float`: `175.9` is not card 175, and `175.0` is
  refused too, as a JSON number with a decimal point is not written as an id or a count);
- or text of ASCII digits `0-9`, with white space around it, and a leading `-` or `+`
  only where the bounds allow a negative number. Other digits (`²`, `٣`, full-width ones), a decimal
  point, an exponent, underscores and empty text are refused;
- within `minimum..maximum`.

Anything else raises `NotAWholeNumber`, which names the field and the bounds; never
another exception.

A rate a link brings (a quote rate, a computer's recall: 0 to 1) is read by `parse_rate`, the one reading
the goldfish and play pages share, so "1", "1.0" and "1.00" are one rate and "-0" none.
"""

from __future__ import annotations

import re

# Ids are database keys (BigAutoField): a larger number is no id.
ID_MAX = 2**63 - 1

_UNSIGNED = re.compile(r"[0-9]+", re.ASCII)
_SIGNED = re.compile(r"[-+]?[0-9]+", re.ASCII)
# A rate from 0 to 1 in at most two decimals: no sign, no exponent, no "nan" or "inf" as float() reads them.
_RATE = re.compile(r"(?:0(?:\.[0-9]{1,2})?|1(?:\.0{1,2})?)", re.ASCII)
# More digits than any bound we use has (leading zeros aside): refused before int() reads them.
_MAX_DIGITS = 30


class NotAWholeNumber(ValueError):
    """`field` is not a whole number within `minimum..maximum`; the message says so."""

    def __init__(self, field: str, minimum: int | None, maximum: int | None):
        self.field = field
        self.minimum = minimum
        self.maximum = maximum
        self.message = f"{field} must be a whole number {bounds_text(minimum, maximum)}."
        super().__init__(self.message)


def bounds_text(minimum: int | None, maximum: int | None) -> str:
    """`from 1 to 999`, `of at least 1`, `of at most 9` (or nothing) for a message."""
    if maximum is not None and maximum >= ID_MAX:
        maximum = None  # an id's bound is the database's, not the reader's
    if minimum is not None and maximum is not None:
        return f"from {minimum} to {maximum}"
    if minimum is not None:
        return f"of at least {minimum}"
    if maximum is not None:
        return f"of at most {maximum}"
    return "(ASCII digits)"


def parse_whole(value: object, *, field: str, minimum: int | None, maximum: int | None) -> int:
    """`value` (an int, or text of ASCII digits) as an int within the bounds, else `NotAWholeNumber`."""
    if isinstance(value, bool):
        raise NotAWholeNumber(field, minimum, maximum)
    if isinstance(value, int):
        number = value
    elif isinstance(value, str):
        text = value.strip()
        pattern = _SIGNED if minimum is None or minimum < 0 else _UNSIGNED
        if pattern.fullmatch(text) is None or len(text.lstrip("+-").lstrip("0")) > _MAX_DIGITS:
            raise NotAWholeNumber(field, minimum, maximum)
        number = int(text)
    else:
        raise NotAWholeNumber(field, minimum, maximum)
    if (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
        raise NotAWholeNumber(field, minimum, maximum)
    return number


def parse_id(value: object, *, field: str) -> int:
    """A database id: a whole number from 1 to ID_MAX."""
    return parse_whole(value, field=field, minimum=1, maximum=ID_MAX)


def parse_rate(value: object) -> int | None:
    """A rate from 0 to 1 with at most two decimals ("0.4", "0.40", "1", "1.00"), as a whole percent (40, 100);
    None for anything else. Callers read a rate from a link, where a bad one is ignored rather than refused."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if _RATE.fullmatch(text) is None:
        return None
    whole, _, decimals = text.partition(".")
    return int(whole) * 100 + int(decimals.ljust(2, "0"))
