"""The catalog's text checkers refuse what no text column can store, at the item's path."""

import pytest

from rules.catalog_fields import Invalid
from rules.catalog_fields import string
from rules.catalog_fields import string_list


@pytest.mark.parametrize(
    ("text", "message"),
    [("a\x00b", "must not contain NUL characters"), ("\ud800", "must not contain lone surrogates")],
)
def test_a_string_or_a_list_item_no_column_can_store_is_invalid(text, message):
    with pytest.raises(Invalid, match=message):
        string()(text)
    with pytest.raises(Invalid, match=message) as raised:
        string_list(["fine", text])
    assert raised.value.subpath == "[1]"


def test_paired_surrogates_and_other_text_pass():
    assert string_list(["faith \U0001f64f", " works "]) == ["faith \U0001f64f", "works"]
