"""POST /api/v1/decks/validate/ (docs/contracts/validation.md, "HTTP")."""

import json
import time
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from rest_framework.exceptions import ParseError
from rest_framework.exceptions import UnsupportedMediaType
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.test import APIClient
from rest_framework.test import APIRequestFactory

from cardsite.api.errors import UnreadableText
from cardsite.api.parsers import BoundedJSONParser
from cardsite.api.parsers import check_text
from decks.validation.api.serializers import DeckValidateInputSerializer
from decks.validation.api.serializers import fast_validated_data
from tests.decks.conftest import legal_cv_text
from tests.decks.conftest import verse_title

URL = "/api/v1/decks/validate/"


@pytest.fixture
def client() -> APIClient:
    return APIClient()


def post(client: APIClient, body, **extra):
    return client.post(URL, data=json.dumps(body), content_type="application/json", **extra)


# ---------------------------------------------------------------- happy paths
def test_it_validates_a_legal_text_list(client, cv_catalog):
    response = post(client, {"game": "chapter-and-verse", "format": "advanced", "decklist": legal_cv_text()})
    assert response.status_code == 200
    assert response.json() == {
        "legal": True,
        "game": "chapter-and-verse",
        "format": "advanced",
        "card_count": 40,
        "errors": [],
        "warnings": [],
    }


def test_it_uses_the_games_default_format(client, cv_catalog):
    assert post(client, {"game": "chapter-and-verse", "decklist": "1 Verse 001"}).json()["format"] == "advanced"


def test_it_answers_200_for_an_illegal_deck_with_the_spec_findings(client, cv_catalog):
    text = legal_cv_text(35) + "\n4 By Small Means\n1 Bye Small Means\nnonsense"
    response = post(client, {"game": "chapter-and-verse", "decklist": text})
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False
    assert body["card_count"] == 39
    codes = [f["code"] for f in body["errors"]]
    assert codes == ["unknown-card", "unparseable-line", "deck-too-small", "too-many-copies"]
    unknown = body["errors"][0]
    assert unknown["line"] == 20
    assert unknown["suggestions"][0] == "By Small Means"
    assert body["errors"][3] == {
        "code": "too-many-copies",
        "title": "By Small Means",
        "count": 4,
        "limit": 3,
        "message": "4 copies of By Small Means; at most 3 are allowed.",
    }


def test_it_validates_json_entries(client, cv_catalog):
    cards = [{"title": verse_title(i), "count": 3} for i in range(1, 14)]
    cards += [{"set": "CV1", "number": "901", "count": 2}, {"set": "CV2", "number": "1", "count": 1}]
    body = post(client, {"game": "chapter-and-verse", "cards": cards}).json()
    assert body["card_count"] == 42
    assert [f["code"] for f in body["errors"]] == ["unique-limit"]


def test_it_counts_copies_across_printings(client, cv_catalog):
    text = legal_cv_text() + "\n2 By Small Means (CV1) 900\n2 by small means (CV2) 1"
    body = post(client, {"game": "chapter-and-verse", "decklist": text}).json()
    assert [(f["code"], f["count"]) for f in body["errors"]] == [("too-many-copies", 4)]


def test_it_annotates_entries_with_their_lines_when_asked(client, cv_catalog):
    body = post(client, {"game": "chapter-and-verse", "decklist": "# x\n2 Verse 001", "annotate": True}).json()
    assert body["entries"] == [{"count": 2, "title": "Verse 001", "line": 2}]
    assert "entries" not in post(client, {"game": "chapter-and-verse", "decklist": "2 Verse 001"}).json()


def test_it_needs_no_login_and_no_csrf_token(cv_catalog, alice):
    # A signed-in browser session must not turn on CSRF checks for this stateless endpoint.
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)
    assert post(client, {"game": "chapter-and-verse", "decklist": "1 Verse 001"}).status_code == 200
    assert post(APIClient(enforce_csrf_checks=True), {"game": "bible-battles", "decklist": ""}).status_code == 200


def test_it_warns_about_the_suggested_size(client, bb_catalog):
    body = post(client, {"game": "bible-battles", "decklist": "59 Shepherd"}).json()
    assert body["legal"] is True
    assert [w["code"] for w in body["warnings"]] == ["suggested-size"]


# ---------------------------------------------------------------- malformed requests
BAD_REQUESTS = [
    ("no game", {"decklist": "1 Verse 001"}, "game"),
    ("unknown game", {"game": "poker", "decklist": "1 Verse 001"}, "game"),
    ("game not a string", {"game": ["chapter-and-verse"], "decklist": "1 Verse 001"}, "game"),
    ("unknown format", {"game": "chapter-and-verse", "format": "modern", "decklist": "1 x"}, "format"),
    ("format of another game", {"game": "chapter-and-verse", "format": "standard", "decklist": "1 x"}, "format"),
    ("format not a string", {"game": "chapter-and-verse", "format": 3, "decklist": "1 x"}, "format"),
    ("decklist not a string", {"game": "chapter-and-verse", "decklist": 3}, "decklist"),
    ("decklist a list", {"game": "chapter-and-verse", "decklist": ["1 Verse 001"]}, "decklist"),
    ("neither list", {"game": "chapter-and-verse"}, "decklist"),
    ("both lists", {"game": "chapter-and-verse", "decklist": "1 x", "cards": []}, "decklist"),
    ("cards not a list", {"game": "chapter-and-verse", "cards": "1 Verse 001"}, "cards"),
    ("cards entry not an object", {"game": "chapter-and-verse", "cards": ["Verse 001"]}, "cards"),
    ("count not a number", {"game": "chapter-and-verse", "cards": [{"title": "Verse 001", "count": "2"}]}, "cards"),
    ("no count", {"game": "chapter-and-verse", "cards": [{"title": "Verse 001"}]}, "cards"),
    ("annotate not a bool", {"game": "chapter-and-verse", "decklist": "1 x", "annotate": "maybe"}, "annotate"),
]


@pytest.mark.parametrize(("body", "field"), [c[1:] for c in BAD_REQUESTS], ids=[c[0] for c in BAD_REQUESTS])
def test_it_answers_400_naming_the_field(client, cv_catalog, body, field):
    response = post(client, body)
    assert response.status_code == 400, response.content
    error = response.json()
    assert error["field"].startswith(field)
    assert isinstance(error["message"], str) and error["message"]


def test_it_names_the_bad_entry_of_a_json_list(client, cv_catalog):
    cards = [{"title": "Verse 001", "count": 1}, {"title": "Verse 002", "count": "2"}]
    response = post(client, {"game": "chapter-and-verse", "cards": cards})
    assert response.status_code == 400
    assert response.json()["message"].startswith("cards[1].count")


def test_it_reports_an_out_of_range_json_count_as_a_finding_not_a_400(client, cv_catalog):
    body = post(client, {"game": "chapter-and-verse", "cards": [{"title": "Verse 001", "count": 0}]}).json()
    assert [f["code"] for f in body["errors"]] == ["invalid-count", "deck-too-small"]


@pytest.mark.parametrize(
    "body",
    [
        b"\x00\xff\xfe binary junk \x89PNG\r\n",
        b"{not json",
        b'"just a string"',
        b"[1, 2, 3]",
        b"null",
        b"[" * 100_000 + b"]" * 100_000,
        b'{"game": "chapter-and-verse", "cards": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    ],
    ids=["binary", "broken", "string", "list", "null", "deeply-nested", "nested-cards"],
)
def test_it_answers_400_for_a_body_that_is_not_a_request(client, cv_catalog, body):
    response = client.post(URL, data=body, content_type="application/json")
    assert response.status_code == 400


def test_it_refuses_a_form_encoded_body_without_a_500(client, cv_catalog):
    response = client.post(URL, data={"game": "chapter-and-verse", "decklist": "1 Verse 001"})
    assert response.status_code == 415


def test_it_refuses_a_10_mb_body_quickly(client, cv_catalog):
    body = json.dumps({"game": "chapter-and-verse", "decklist": "1 Verse 001\n" * 900_000})
    assert len(body) > 10_000_000
    started = time.monotonic()
    response = client.post(URL, data=body, content_type="application/json")
    assert response.status_code == 413
    assert time.monotonic() - started < 5


def test_it_refuses_100000_lines_naming_the_decklist(client, cv_catalog):
    started = time.monotonic()
    response = post(client, {"game": "chapter-and-verse", "decklist": "1 x\n" * 100_000})
    assert response.status_code == 400
    assert "lines" in response.json()["message"]
    assert time.monotonic() - started < 5


def test_it_answers_a_list_at_the_line_cap_of_junk_quickly(client, cv_catalog):
    text = "\n".join(f"1 No such card {i}" if i % 2 else f"junk {i}" for i in range(10_000))
    started = time.monotonic()
    response = post(client, {"game": "chapter-and-verse", "decklist": text})
    assert response.status_code == 200
    assert len(response.json()["errors"]) == 10_001  # every line, and deck-too-small
    assert time.monotonic() - started < 10


def test_it_refuses_too_many_json_entries(client, cv_catalog):
    cards = [{"title": "Verse 001", "count": 1}] * 10_001
    response = post(client, {"game": "chapter-and-verse", "cards": cards})
    assert response.status_code == 400
    assert response.json()["field"] == "cards"


# ---------------------------------------------------------------- cost
# At most two: the catalog stamp, and the pool when the stamp changed (cardcollections.adapters).
def test_it_runs_the_same_number_of_queries_for_any_deck_size(client, cv_catalog_400, django_assert_max_num_queries):
    small = legal_cv_text(40)
    big = "\n".join(f"1 {verse_title(i)}" for i in range(1, 401))
    for text in (small, big):
        with django_assert_max_num_queries(2):
            response = post(client, {"game": "chapter-and-verse", "decklist": text})
        assert response.status_code == 200
    assert response.json()["card_count"] == 400


def test_it_documents_the_endpoint_in_the_schema(client):
    response = client.get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    operation = response.json()["paths"]["/api/v1/decks/validate/"]["post"]
    assert operation["operationId"] == "decks_validate"
    assert "200" in operation["responses"] and "400" in operation["responses"]
    assert operation["security"] == [{}] or "security" not in operation or {} in operation["security"]


# ---------------------------------------------------------------- the fast request path
# The view checks the plain well-formed request by hand and runs the serializer
# for anything else: what it accepts must be exactly what the serializer gives.
_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 2),
    st.sampled_from([0.0, 1.0, 2.5, float("inf")]),
    st.sampled_from(["", " ", "true", "false", "1", "0", "yes", "advanced", " advanced", "basic ", "x" * 61]),
    st.sampled_from(["chapter-and-verse", "bible-battles", "poker", "1 Verse 001", "a\x00b", "a\ud800b", "\u00e9"]),
    st.lists(st.sampled_from([None, 1, "x", {"title": "Verse 001", "count": 1}]), max_size=3),
    st.just({"title": "Verse 001"}),
)
# Values a real client sends, and the near misses the serializer reads differently or refuses.
_NEAR = {
    "format": st.sampled_from([None, "advanced", "basic", " advanced", "basic ", "", " ", "x" * 61, "ad\x00", 3]),
    "decklist": st.text(max_size=20),
    "cards": st.lists(
        st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {"title": st.text(max_size=5), "count": st.sampled_from([0, 1, 3, 2.5, float("inf")])}
            ),
        ),
        max_size=3,
    ),
    "annotate": st.sampled_from([True, False, "true", "no", 1, 0, None]),
}


def _near(field: str) -> st.SearchStrategy:
    # Three times in four a value from _NEAR (one_of would pick among _VALUES' many branches instead).
    return st.integers(0, 3).flatmap(lambda i: _VALUES if i == 0 else _NEAR[field])


def _request(one_list: str) -> st.SearchStrategy:
    # Mostly well-formed: a known game and one list, each field near valid or any value.
    return st.fixed_dictionaries(
        {
            "game": st.sampled_from(["chapter-and-verse", "battle-cards", "bible-battles", "poker"]),
            one_list: _near(one_list),
        },
        optional={"format": _near("format"), "annotate": _near("annotate"), "other": _VALUES},
    )


_BODIES = st.one_of(
    _request("decklist"),
    _request("cards"),
    # Anything, both lists included.
    st.dictionaries(st.sampled_from(["game", "format", "decklist", "cards", "annotate"]), _VALUES),
    _VALUES,
)


@settings(max_examples=500, deadline=None)
@given(_BODIES)
def test_the_fast_request_path_accepts_only_what_the_serializer_accepts_and_reads_it_alike(body):
    serializer = DeckValidateInputSerializer(data=body)
    valid = serializer.is_valid()
    fast = fast_validated_data(body)
    if fast is not None:
        assert valid, serializer.errors
        assert fast == {"annotate": False, **serializer.validated_data}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chapter-and-verse", "decklist": "1 Verse 001\x00"}, "decklist"),
        ({"game": "chapter-and-verse", "decklist": "1 Verse \ud800"}, "decklist"),
        ({"game": "chapter-and-verse", "format": "", "decklist": "1 x"}, "format"),
        ({"game": "chapter-and-verse", "format": "x" * 61, "decklist": "1 x"}, "format"),
        ({"game": "chapter-and-verse", "decklist": None}, "decklist"),
        ({"game": "chapter-and-verse", "cards": [None]}, "cards"),
        # A JSON boolean, as the schema says: DRF's BooleanField read 0, 1, "yes" and "true" as booleans.
        ({"game": "chapter-and-verse", "decklist": "1 x", "annotate": 0}, "annotate"),
        ({"game": "chapter-and-verse", "decklist": "1 x", "annotate": "true"}, "annotate"),
        # A key that cannot be stored is named escaped (the answer could not be encoded with it: a 500).
        ({"game": "chapter-and-verse", "decklist": "1 x", "\ud800": 1}, "\\ud800"),
        ({"game": "chapter-and-verse", "cards": [{"title": "x", "count": 1, "\udc00": 0}]}, "cards[0].\\udc00"),
    ],
)
def test_requests_the_fast_path_leaves_to_the_serializer_are_still_refused_naming_the_field(client, body, field):
    response = client.post(URL, data=json.dumps(body), content_type="application/json")
    assert response.status_code == 400, response.content
    assert response.json()["field"].startswith(field)


def test_requests_the_fast_path_leaves_to_the_serializer_are_still_read(client, cv_catalog):
    body = post(client, {"game": "chapter-and-verse", "format": " basic ", "decklist": "2 Verse 001", "annotate": True})
    assert body.status_code == 200, body.content
    assert body.json()["format"] == "basic"
    assert body.json()["entries"] == [{"count": 2, "title": "Verse 001", "line": 1}]


# The site's parser decodes a UTF-8 body in one go rather than through DRF's
# stream reader: it must read what DRF's JSONParser reads, and refuse what it
# refuses (and deep nesting, which DRF's answers with a RecursionError).
_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=10,
)
_RAW_BODIES = st.one_of(
    _JSON_VALUES.map(lambda v: json.dumps(v).encode()),
    _JSON_VALUES.map(lambda v: json.dumps(v, ensure_ascii=False).encode()),
    st.binary(max_size=20),
    st.sampled_from(
        [b"", b"NaN", b'{"a": Infinity}', b"\xef\xbb\xbf{}", b'{"a": 1}\xe2', b'"\xe9"', b"[" * 3000 + b"]" * 3000]
    ),
    # The escapes that carry a NUL or a surrogate, lone or paired, in values and keys, upper and lower case, and
    # an escaped backslash before "u0000" (plain text).
    st.sampled_from(
        [
            b'{"a": "\\u0000"}',
            b'["x\\uD800y"]',
            b'{"\\udc00": 1}',
            b'"\\ud83d\\ude00"',
            b'"\\\\u0000"',
            b'{"a": ["\\u00e9", "\\uDFFF"]}',
        ]
    ),
)
_CONTENT_TYPES = st.sampled_from(
    ["application/json", "application/json; charset=utf-8", "application/json; charset=latin-1", "text/plain"]
)
_REFUSED = object()


def _parsed(body: bytes, content_type: str, parser) -> Any:
    request = Request(APIRequestFactory().post(URL, data=body, content_type=content_type), parsers=[parser])
    try:
        return request.data
    except (ParseError, UnsupportedMediaType, RecursionError, UnreadableText):
        return _REFUSED


def _unstorable(data: Any) -> bool:
    try:
        check_text(data)
    except UnreadableText:
        return True
    return False


@settings(max_examples=300, deadline=None)
@given(_RAW_BODIES, _CONTENT_TYPES)
def test_the_sites_parser_reads_what_drfs_json_parser_reads(body, content_type):
    ours, drfs = _parsed(body, content_type, BoundedJSONParser()), _parsed(body, content_type, JSONParser())
    assert ours is _REFUSED or not _unstorable(ours)  # what it reads can always be stored
    if ours is _REFUSED and drfs is not _REFUSED:
        # The one difference: text no column can store (NUL, a lone surrogate) is refused with its path.
        assert _unstorable(drfs)
    else:
        assert ours == drfs


def test_the_sites_parser_reads_the_usual_request():
    body = json.dumps({"game": "chapter-and-verse", "decklist": "1 Verse 001"}).encode()
    assert _parsed(body, "application/json", BoundedJSONParser()) == json.loads(body)
