"""GET /api/v1/decks/{id}/print.pdf and the print-and-play pages: who may print a deck (as who may read it),
strict options, the refusals naming their field, and a sheet drawn once."""

import io

import pytest
from django.core.files.storage import default_storage
from pypdf import PdfReader
from rest_framework.test import APIClient

from cardcollections.models import Card
from cardcollections.printing.services import INLINE_CARDS
from cardcollections.printing.services import PrintOptions
from decks.print.services import deck_sheet_print
from tests.decks.print.conftest import deck_of

pytestmark = pytest.mark.django_db


def _url(deck) -> str:
    return f"/api/v1/decks/{deck.pk}/print.pdf"


def _pages(response) -> int:
    return len(PdfReader(io.BytesIO(b"".join(response.streaming_content))).pages)


def test_the_owner_downloads_the_deck_as_a_pdf(twelve, token_alice):
    response = token_alice.get(_url(twelve), {"paper": "letter", "bleed": "1", "backs": "true"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="proxies-print-and-play.pdf"'
    assert _pages(response) == 4


def test_a_private_deck_is_a_404_to_anyone_else_as_every_deck_read(twelve, charlie, api_as):
    for client in (api_as(charlie), APIClient()):
        response = client.get(_url(twelve))
        assert response.status_code == 404
        assert response.json() == {"detail": "No such deck."}


@pytest.mark.parametrize("visibility", ["public", "unlisted"])
def test_a_public_or_unlisted_deck_prints_for_anyone_with_its_link(cv_catalog, alice, bob, api_as, visibility):
    deck = deck_of(alice, {5: 2}, visibility=visibility)
    for client in (api_as(bob), APIClient()):
        response = client.get(_url(deck))
        assert response.status_code == 200
        assert _pages(response) == 1


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"paper": "a3"}, "paper"),
        ({"bleed": "1.5"}, "bleed"),
        ({"bleed": "\u00b2"}, "bleed"),
        ({"bleed": "4"}, "bleed"),
        ({"bleed": "3"}, "bleed"),  # on A4: no room for the crop marks
        ({"paper": "letter", "bleed": "2"}, "bleed"),
        ({"backs": "maybe"}, "backs"),
        ({"surely_unknown": "1"}, "surely_unknown"),
    ],
)
def test_bad_options_are_a_400_naming_the_field(twelve, token_alice, query, field):
    response = token_alice.get(_url(twelve), query)
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert response.json()["message"]


def test_bleed_that_does_not_fit_says_how_much_fits(twelve, token_alice):
    response = token_alice.get(_url(twelve), {"paper": "letter", "bleed": "3"})
    assert response.status_code == 400
    assert "at most 1 mm on Letter" in response.json()["message"]


def test_a_deck_of_ten_thousand_cards_is_refused_with_a_clear_message(cv_catalog, alice, token_alice):
    deck = deck_of(alice, {i: 200 for i in range(1, 51)})
    assert deck.card_count == 10_000
    response = token_alice.get(_url(deck))
    assert response.status_code == 400
    assert response.json() == {
        "field": "deck",
        "message": "10,000 cards are too many to print at once: a sheet holds at most 1,000 cards (112 pages). "
        "Print it in parts.",
    }


def test_a_deck_over_what_is_printed_while_you_wait_is_refused_for_now(cv_catalog, alice, token_alice):
    deck = deck_of(alice, {i: 3 for i in range(1, 38)})  # 111 cards
    assert deck.card_count > INLINE_CARDS
    response = token_alice.get(_url(deck))
    assert response.status_code == 400
    assert response.json()["field"] == "deck"
    assert "print it as a job, drawn in the background" in response.json()["message"]


def test_the_same_cards_are_drawn_once_and_a_changed_card_draws_again(twelve, bob):
    first = deck_sheet_print(deck=twelve, options=PrintOptions(backs=True))
    again = deck_sheet_print(deck=twelve, options=PrintOptions(backs=True))
    assert first.drawn and not again.drawn and again.name == first.name
    # Another deck of the same cards (anyone's) is the same sheet.
    copy = deck_of(bob, {1: 3, 2: 3, 3: 3, 4: 3}, name="Bob's copy")
    assert deck_sheet_print(deck=copy, options=PrintOptions(backs=True)).name == first.name
    # Other options, or a card whose face changed, are another sheet.
    plain = deck_sheet_print(deck=twelve, options=PrintOptions(backs=False))
    assert plain.drawn and plain.name != first.name
    Card.objects.filter(title="Verse 002").update(text="A changed text.")
    changed = deck_sheet_print(deck=twelve, options=PrintOptions(backs=True))
    assert changed.drawn and changed.name != first.name
    assert sorted(f"print/{name}" for name in default_storage.listdir("print")[1]) == sorted(
        [first.name, plain.name, changed.name]
    )


def test_the_page_offers_the_options_and_downloads_the_pdf(twelve, alice, client):
    client.force_login(alice)
    page = client.get(f"/decks/{twelve.pk}/print-and-play/")
    assert page.status_code == 200
    assert b"not an original card" in page.content
    assert f'action="/decks/{twelve.pk}/print-and-play.pdf"'.encode() in page.content
    pdf = client.get(f"/decks/{twelve.pk}/print-and-play.pdf", {"paper": "a4", "bleed": "0", "backs": "on"})
    assert pdf.status_code == 200
    assert _pages(pdf) == 4
    refused = client.get(f"/decks/{twelve.pk}/print-and-play.pdf", {"paper": "a4", "bleed": "3"})
    assert refused.status_code == 400
    assert b"at most 2 mm on A4" in refused.content


def test_the_pages_are_a_404_for_a_private_deck_of_someone_else(twelve, charlie, client):
    client.force_login(charlie)
    assert client.get(f"/decks/{twelve.pk}/print-and-play/").status_code == 404
    assert client.get(f"/decks/{twelve.pk}/print-and-play.pdf").status_code == 404


def test_two_requests_drawing_the_same_sheet_at_once_keep_one_file(twelve, monkeypatch):
    first = deck_sheet_print(deck=twelve, options=PrintOptions())
    # The second looked before the first had saved: it draws too, and finds the file there when it saves.
    real, blind = default_storage.exists, [2]  # sheet_print's two looks see nothing; the storage's own see the file

    def exists(name):
        if blind[0]:
            blind[0] -= 1
            return False
        return real(name)

    monkeypatch.setattr(default_storage, "exists", exists)
    again = deck_sheet_print(deck=twelve, options=PrintOptions())
    assert again.drawn and again.name == first.name
    assert default_storage.listdir("print")[1] == [first.name.removeprefix("print/")]


def test_drawing_sheets_is_rate_limited_like_any_costly_request(cv_catalog, alice, settings):
    # A GET that draws a sheet costs a core for a second or two: it counts against the compute limit, so an
    # anonymous visitor cannot keep the web workers drawing (a cached sheet counts too: the count is per request).
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "compute_anon": "2/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    deck = deck_of(alice, {5: 1}, visibility="public")
    visitor = APIClient()
    assert [visitor.get(_url(deck)).status_code for _ in range(3)] == [200, 200, 429]
    page = visitor.get(f"/decks/{deck.pk}/print-and-play.pdf")
    assert page.status_code == 429
