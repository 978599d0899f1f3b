"""The one strict reading of ids and counts: ASCII digits or a JSON integer, within bounds, the field named."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.numbers import ID_MAX
from rules.numbers import NotAWholeNumber
from rules.numbers import parse_id
from rules.numbers import parse_rate
from rules.numbers import parse_whole


@pytest.mark.parametrize(
    ("value", "minimum", "maximum", "expected"),
    [
        ("175", 1, None, 175),
        (" 7 ", 0, 9, 7),
        ("007", 0, 9, 7),
        (175, 1, 999, 175),
        ("-3", -9, 9, -3),
        ("+3", -9, 9, 3),
        ("0", 0, 0, 0),
    ],
)
def test_it_reads_whole_numbers(value, minimum, maximum, expected):
    assert parse_whole(value, field="n", minimum=minimum, maximum=maximum) == expected


@pytest.mark.parametrize(
    "value",
    [
        "²",  # isdigit() but not int()-able
        "\u0661\u0662",  # Arabic-Indic digits: int() reads 12
        "\uff11\uff12",  # full-width digits
        "175.9",
        "175.0",
        175.9,
        175.0,  # a JSON number with a decimal point is no id or count
        True,
        False,
        None,
        "",
        " ",
        "1e3",
        "1_000",
        "0x10",
        "-3",  # no sign where negatives are not allowed
        "+3",
        "abc",
        "9" * 5000,  # more digits than int() reads
        [1],
        {"n": 1},
    ],
)
def test_it_refuses_anything_else(value):
    with pytest.raises(NotAWholeNumber):
        parse_whole(value, field="n", minimum=0, maximum=None)


def test_the_error_names_the_field_and_the_bounds():
    with pytest.raises(NotAWholeNumber) as caught:
        parse_whole("1000", field="quantity", minimum=1, maximum=999)
    assert caught.value.field == "quantity"
    assert caught.value.message == "quantity must be a whole number from 1 to 999."
    with pytest.raises(NotAWholeNumber, match="card must be a whole number of at least 1"):
        parse_id(175.9, field="card")
    with pytest.raises(NotAWholeNumber):
        parse_id(ID_MAX + 1, field="card")


def _ascii_int(text: str) -> int | None:
    body = text.strip()
    digits = body.lstrip("+-") if body[:1] in "+-" else body
    if body.count("-") + body.count("+") > (1 if body[:1] in "+-" else 0):
        return None
    if not digits or not all("0" <= c <= "9" for c in digits) or len(digits.lstrip("0")) > 30:
        return None
    return int(body)


@given(
    text=st.one_of(st.text(), st.from_regex(r"\s*[-+]?[0-9]{1,40}\s*", fullmatch=True)),
    signed=st.booleans(),
    bounds=st.tuples(st.integers(-(10**6), 10**6), st.integers(0, 10**6)),
)
def test_any_text_reads_as_its_ascii_digits_or_raises_the_parsers_own_error(text, signed, bounds):
    low, span = bounds
    minimum = low if signed else abs(low)
    maximum = minimum + span
    try:
        value = parse_whole(text, field="n", minimum=minimum, maximum=maximum)
    except NotAWholeNumber as exc:
        assert exc.field == "n"
        expected = _ascii_int(text)
        if expected is not None and (minimum >= 0 and text.strip()[:1] in "+-"):
            return  # a sign where no negative is allowed
        assert expected is None or not minimum <= expected <= maximum
    else:
        assert value == _ascii_int(text)
        assert minimum <= value <= maximum


@pytest.mark.parametrize(
    ("value", "percent"),
    [
        ("0.4", 40),
        ("0.40", 40),
        (" 0.42 ", 42),
        ("0", 0),
        ("1", 100),
        ("1.0", 100),
        ("1.00", 100),
        ("-0", None),  # no sign: "-0" is no rate, not a second way to write 0
        ("-0.1", None),
        ("2", None),
        ("1.01", None),
        ("1.5", None),
        ("0.425", None),  # at most two decimals, as the learning app sends
        ("abc", None),
        ("nan", None),
        ("inf", None),
        ("1e-1", None),
        (".5", None),
        ("", None),
        (None, None),
        (0.4, None),  # a link brings text
    ],
)
def test_a_rate_reads_as_one_whole_percent_or_none(value, percent):
    assert parse_rate(value) == percent
