"""The catalog's text checkers refuse what no text column can store, at the item's path."""

import pytest

from rules.catalog_fields import Invalid
from rules.catalog_fields import json_object
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


@pytest.mark.parametrize(
    ("extra", "subpath"),
    [
        ({"note": "\ud800"}, ".note"),
        ({"a": [1, {"b": "x\x00y"}]}, ".a[1].b"),
        ({"ok": {"k\x00": True}}, ".ok.k\\u0000"),
        ({"n": [1.5, float("nan")]}, ".n[1]"),
        ({"big": float("inf")}, ".big"),
        ({"small": float("-inf")}, ".small"),
    ],
)
def test_extra_refuses_text_no_column_can_store_in_keys_and_values_at_any_depth(extra, subpath):
    with pytest.raises(Invalid) as raised:
        json_object(extra)
    assert raised.value.subpath == subpath


def test_extra_is_otherwise_kept_as_is():
    extra = {"sets": ["CV1", "\U0001f64f"], "n": 1.5, "deep": [[[None, False]]]}
    assert json_object(extra) is extra
