"""Players are told when a registration is refused, and when the organiser's re-check finds their list illegal."""

from datetime import timedelta

import pytest
from django.utils import timezone

from cardcollections.models import Notification
from decks.events.services import RegistrationIllegal
from decks.events.services import event_check_create
from decks.events.services import event_create
from decks.events.services import event_format_version_move
from decks.events.services import registration_create
from decks.events.tasks import event_check
from decks.lists.services import deck_create
from tests.decks.conftest import legal_cv_text
from tests.decks.events.fixtures import ban_verse_003
from tests.decks.events.fixtures import spring_text

pytestmark = pytest.mark.django_db


def told(user) -> list[tuple[str, str, str]]:
    return list(Notification.objects.filter(user=user).order_by("id").values_list("kind", "message", "url"))


def test_a_refused_registration_tells_the_player_why_and_where(event, bob, cv):
    deck = deck_create(owner=bob, game=cv, name="Short", decklist=legal_cv_text(37) + "\n2 Pride Cycle")
    with pytest.raises(RegistrationIllegal) as info:
        registration_create(event=event, player=bob, deck=deck)
    [(kind, message, url)] = told(bob)
    assert kind == "registration-refused"
    assert message == f"Your registration for {event.name} was refused: {info.value.message}"
    assert "Short is not legal in advanced" in message and "(and 1 more)" in message
    assert url == f"/events/{event.pk}/"
    assert told(event.organiser) == []


def test_a_legal_registration_tells_no_one(registered, bob, alice):
    assert told(bob) == [] and told(alice) == []


def test_a_recheck_tells_each_player_whose_list_it_found_illegal_once(cv, alice, bob, charlie, staff, spring, sent):
    ev = event_create(
        organiser=alice, name="Spring", game=cv, format_slug="spring-open", deadline=timezone.now() + timedelta(1)
    )
    for player, first in ((bob, 3), (charlie, 3), (staff, 10)):
        deck = deck_create(owner=player, game=cv, name=f"{player.username}'s", decklist=spring_text(first=first))
        registration_create(event=ev, player=player, deck=deck)
    ban_verse_003(spring, alice)
    _event, check = event_format_version_move(event=ev, requested_by=alice)
    assert event_check(str(check.pk)) == "done"
    [(kind, message, url)] = told(bob)
    assert kind == "registration-illegal" and url == f"/events/{ev.pk}/"
    assert message.startswith("Spring: your list bob's is not legal on the organiser's re-check: ")
    assert "Verse 003" in message
    assert [k for k, _m, _u in told(charlie)] == ["registration-illegal"]
    assert told(staff) == []  # still legal
    # A second re-check finds the same lists illegal: no one is told again.
    again = event_check_create(event=ev, requested_by=alice)
    assert event_check(str(again.pk)) == "done"
    assert len(told(bob)) == 1 and len(told(charlie)) == 1
