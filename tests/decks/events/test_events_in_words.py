"""Event pages name the format as players know it and a refused list's findings in words (#36: internal codes
shown to players)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from decks.events.services import event_create
from decks.lists.services import deck_create
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db


def test_the_events_list_and_an_event_name_their_formats(client, cv, alice, spring, event):
    cup = event_create(
        organiser=alice, name="Spring", game=cv, format_slug="spring-open", deadline=timezone.now() + timedelta(1)
    )
    listing = client.get("/events/").content.decode()
    assert "<td>Spring Open</td>" in listing and "<td>Advanced</td>" in listing
    detail = client.get(f"/events/{cup.pk}/").content.decode()
    assert "<dd>Spring Open</dd>" in detail
    assert "<code>spring-open</code>" not in listing + detail and "<code>advanced</code>" not in listing


def test_a_refused_registration_says_what_is_wrong_in_words(client, cv, event, bob):
    deck = deck_create(owner=bob, game=cv, name="Short", decklist=legal_cv_text(38))
    client.force_login(bob)
    html = client.post(f"/events/{event.pk}/register/", {"deck": str(deck.pk)}).content.decode()
    assert '<strong class="finding-label">Too few cards:</strong> The deck has 38 cards' in html
    assert 'data-code="deck-too-small"' in html and "<code>deck-too-small</code>" not in html
    assert "format Advanced" in html
