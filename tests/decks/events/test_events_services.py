"""Events and registrations: the services every page and endpoint writes through."""

from datetime import timedelta

import pytest
from django.db import IntegrityError
from django.db import connection
from django.db import transaction
from django.utils import timezone

from decks.events.services import EventError
from decks.events.services import RegistrationClosed
from decks.events.services import RegistrationIllegal
from decks.events.services import event_create
from decks.events.services import event_registration_close
from decks.events.services import event_update
from decks.events.services import registration_create
from decks.events.services import registration_withdraw
from decks.lists.services import deck_create
from decks.lists.services import deck_list_of
from decks.lists.services import deck_update
from decks.models import Event
from decks.models import Registration
from rules.deck_compare import list_hash
from tests.decks.conftest import legal_cv_text
from tests.decks.events.fixtures import CV
from tests.decks.events.fixtures import close
from tests.decks.events.fixtures import spring_text
from tests.decks.races import race

pytestmark = pytest.mark.django_db


def active(event, player) -> list[Registration]:
    return list(Registration.objects.filter(event=event, player=player, active=True))


# ---------------------------------------------------------------- events
def test_it_creates_an_event_in_a_tournament_format(cv, alice, spring):
    created = event_create(
        organiser=alice, name="  Spring  ", game=CV, format_slug="spring-open", deadline=timezone.now() + timedelta(1)
    )
    assert created.name == "Spring" and created.format == "spring-open" and created.game == cv


def test_an_events_format_defaults_to_the_games_default(cv, alice):
    created = event_create(
        organiser=alice, name="Open", game=cv, format_slug=None, deadline=timezone.now() + timedelta(1)
    )
    assert created.format == "advanced"


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"format_slug": "no-such-format"}, "format"),
        ({"game": "no-such-game"}, "game"),
        ({"deadline": timezone.now() - timedelta(hours=1)}, "deadline"),
        ({"name": "   "}, "name"),
        ({"name": "x" * 121}, "name"),
    ],
    ids=["unknown-format", "unknown-game", "past-deadline", "blank-name", "long-name"],
)
def test_it_refuses_an_event_that_could_not_run(cv, alice, overrides, field):
    fields = {"organiser": alice, "name": "Open", "game": CV, "format_slug": "advanced"}
    fields["deadline"] = timezone.now() + timedelta(days=1)
    fields.update(overrides)
    with pytest.raises(EventError) as info:
        event_create(**fields)
    assert info.value.field == field
    assert not Event.objects.exists()


def test_a_format_of_another_game_is_refused(cv, bb_catalog, alice, spring):
    with pytest.raises(EventError) as info:
        event_create(
            organiser=alice,
            name="BB",
            game="bible-battles",
            format_slug="spring-open",
            deadline=timezone.now() + timedelta(1),
        )
    assert info.value.field == "format"


def test_the_organiser_may_close_registration_early(event, bob, bob_deck):
    event_registration_close(event=event)
    with pytest.raises(RegistrationClosed):
        registration_create(event=event, player=bob, deck=bob_deck)


def test_an_edit_cannot_move_the_deadline_into_the_past_as_a_creation_cannot(event):
    before = event.deadline
    with pytest.raises(EventError) as info:
        event_update(event=event, deadline=timezone.now() - timedelta(seconds=1))
    assert info.value.field == "deadline" and "Close registration now" in info.value.message
    event.refresh_from_db()
    assert event.deadline == before


# ---------------------------------------------------------------- registering
def test_a_registration_is_a_snapshot_of_the_list_validated_against_the_event(registered, bob_deck, event):
    text = deck_list_of(bob_deck).text
    assert registered.active and registered.replaced is None
    assert registered.deck_name == "Bob's faith" and registered.deck_version == 1
    assert registered.format == "advanced" and registered.card_count == 40
    assert registered.cards == bob_deck.cards
    assert registered.decklist == text
    assert registered.list_hash == list_hash(text)
    assert len(registered.list_hash) == 9 and registered.list_hash[4] == "-"
    assert registered.validation["legal"] is True and registered.validation["format"] == "advanced"


def test_later_edits_to_the_deck_do_not_change_the_snapshot(registered, bob_deck):
    before = Registration.objects.values().get(pk=registered.pk)
    deck_update(deck=bob_deck, name="Renamed", decklist=legal_cv_text(45))
    bob_deck.refresh_from_db()
    assert bob_deck.version == 2 and bob_deck.card_count == 45
    assert Registration.objects.values().get(pk=registered.pk) == before


def test_a_deleted_deck_leaves_the_snapshot(registered, bob_deck):
    bob_deck.delete()
    registered.refresh_from_db()
    assert registered.deck is None and registered.card_count == 40 and registered.active


def test_an_illegal_list_is_refused_with_every_finding_and_nothing_is_written(event, bob, cv):
    deck = deck_create(owner=bob, game=cv, name="Short", decklist=legal_cv_text(37) + "\n2 Pride Cycle")
    with pytest.raises(RegistrationIllegal) as info:
        registration_create(event=event, player=bob, deck=deck)
    assert info.value.field == "deck"
    assert {f["code"] for f in info.value.findings} == {"deck-too-small", "unique-limit"}
    assert info.value.validation["legal"] is False and info.value.validation["card_count"] == 39
    assert "Short is not legal in advanced" in info.value.message
    assert not Registration.objects.exists()


def test_the_events_format_decides_not_the_decks(cv, alice, bob, spring, bob_deck):
    # bob's deck is legal in advanced (its own format) but plays the banned Verse 001.
    assert bob_deck.legal
    spring_event = event_create(
        organiser=alice, name="Spring", game=cv, format_slug="spring-open", deadline=timezone.now() + timedelta(1)
    )
    with pytest.raises(RegistrationIllegal) as info:
        registration_create(event=spring_event, player=bob, deck=bob_deck)
    assert [f["code"] for f in info.value.findings] == ["banned-card"]
    legal = deck_create(owner=bob, game=cv, name="Spring deck", decklist=spring_text())
    assert not legal.legal  # 33 cards: too few for advanced, its own format
    assert registration_create(event=spring_event, player=bob, deck=legal).format == "spring-open"


def test_someone_elses_deck_or_another_games_is_refused(event, alice, bob, bob_deck, bb_catalog):
    from cardcollections.models import Game

    with pytest.raises(EventError) as info:
        registration_create(event=event, player=alice, deck=bob_deck)
    assert info.value.field == "deck"
    bb_deck = deck_create(owner=bob, game=Game.objects.get(slug="bible-battles"), name="BB", decklist="1 Shepherd")
    with pytest.raises(EventError) as info:
        registration_create(event=event, player=bob, deck=bb_deck)
    assert info.value.field == "deck" and "another game" in info.value.message
    assert not Registration.objects.exists()


def test_replacing_before_the_deadline_retires_the_old_registration(registered, event, bob, cv):
    other = deck_create(owner=bob, game=cv, name="Second", decklist=legal_cv_text(42))
    new = registration_create(event=event, player=bob, deck=other)
    registered.refresh_from_db()
    assert not registered.active and registered.replaced is not None
    assert active(event, bob) == [new]
    assert new.deck_name == "Second" and new.card_count == 42
    # The old snapshot is still there, unchanged.
    assert registered.card_count == 40 and registered.deck_name == "Bob's faith"


def test_nothing_can_be_registered_or_replaced_after_the_deadline(registered, event, bob, cv):
    close(event)
    other = deck_create(owner=bob, game=cv, name="Second", decklist=legal_cv_text(42))
    with pytest.raises(RegistrationClosed) as info:
        registration_create(event=event, player=bob, deck=other)
    assert info.value.field == "deadline" and "closed" in info.value.message
    assert active(event, bob) == [registered]
    assert Registration.objects.count() == 1


def test_the_deadline_moment_itself_is_closed(event, bob, bob_deck):
    with pytest.raises(RegistrationClosed):
        registration_create(event=event, player=bob, deck=bob_deck, now=event.deadline)
    assert registration_create(event=event, player=bob, deck=bob_deck, now=event.deadline - timedelta(seconds=1))


def test_a_player_may_withdraw_before_the_deadline_but_not_after(registered, event, bob, bob_deck):
    registration_withdraw(registration=registered)
    assert active(event, bob) == []
    with pytest.raises(EventError):
        registration_withdraw(registration=registered)
    again = registration_create(event=event, player=bob, deck=bob_deck)
    close(again.event)
    with pytest.raises(RegistrationClosed):
        registration_withdraw(registration=Registration.objects.select_related("event").get(pk=again.pk))
    assert active(event, bob) == [again]


def test_the_database_refuses_a_second_active_registration(registered):
    fields = {k: v for k, v in Registration.objects.values().get(pk=registered.pk).items() if k != "id"}
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(**fields)


# ---------------------------------------------------------------- double submit (PostgreSQL)
@pytest.mark.django_db(transaction=True)
def test_a_double_submit_leaves_exactly_one_active_registration(cv, alice, bob):
    if connection.vendor != "postgresql":
        pytest.skip("row locks and concurrent transactions need PostgreSQL")
    concurrent_event = event_create(
        organiser=alice, name="Rush", game=cv, format_slug="advanced", deadline=timezone.now() + timedelta(1)
    )
    decks = [deck_create(owner=bob, game=cv, name=f"Deck {i}", decklist=legal_cv_text(40 + i)) for i in range(8)]
    outcomes = race(
        [lambda deck=deck: registration_create(event=concurrent_event, player=bob, deck=deck) for deck in decks]
    )
    assert set(outcomes) <= {"refused", "done"}, outcomes
    assert len(outcomes) == len(decks)
    rows = Registration.objects.filter(event=concurrent_event, player=bob)
    assert rows.filter(active=True).count() == 1
    assert rows.count() == outcomes.count("done")
    # Every retired row was retired by a later one.
    assert rows.filter(active=False, replaced__isnull=True).count() == 0


@pytest.mark.parametrize("field", ["name", "description"])
def test_it_refuses_text_the_database_cannot_store_whoever_calls_it(cv, alice, field):
    from decks.events.services import EventError

    fields = {"name": "Open", "description": "", field: "Spring\x00Open"}
    with pytest.raises(EventError) as info:
        event_create(
            organiser=alice, game=cv, format_slug="advanced", deadline=timezone.now() + timedelta(days=1), **fields
        )
    assert info.value.field == field
    assert not Event.objects.exists()


@pytest.mark.parametrize("name", ["Spring \u202eOpen", "\u2067Spring Open", "Open\u200f"])
def test_a_name_with_text_direction_controls_is_refused_on_create_and_edit(event, name):
    with pytest.raises(EventError) as info:
        event_update(event=event, name=name)
    assert info.value.field == "name" and "direction" in info.value.message
