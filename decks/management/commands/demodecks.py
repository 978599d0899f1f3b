"""`manage.py demodecks`: sample decks, a small collection and an open event for the local demo account.

Run by `make run` after `demoaccount`, so a first visit has something to look at:
a legal Chapter and Verse deck (built, so its cards are reserved), a Bible Battles
deck, and an event the demo account organises. It does nothing for a user who
already has decks, so it never overwrites what a player made.
"""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.core.management.base import CommandError
from django.db import transaction
from django.utils import timezone

from cardcollections.collection.services import collection_change
from cardcollections.models import Card
from cardcollections.models import Game
from decks.events.services import event_create
from decks.events.services import registration_create
from decks.lists.services import deck_create
from decks.lists.services import deck_set_built
from decks.models import Deck


def _plain_titles(game: Game, limit: int) -> list[Card]:
    """The first printing of the first `limit` titles that carry no copy limit of their own (not Unique)."""
    seen: dict[str, Card] = {}
    for card in Card.objects.filter(game=game).select_related("card_set").order_by("card_set__code", "id"):
        unique = card.type == "unique-person" or any(e.get("kind") == "unique" for e in card.effects)
        if not unique and not card.advanced and card.title_key not in seen:
            seen[card.title_key] = card
    return list(seen.values())[:limit]


def _text(cards: list[Card], copies: int) -> str:
    return "".join(f"{copies} {c.title} ({c.card_set.code}) {c.number}\n" for c in cards)


class Command(BaseCommand):
    help = "Give the demo account sample decks, a collection and an event (only if it has no decks yet)."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="demo")

    @transaction.atomic
    def handle(self, *args, **options):
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"No user {options['username']!r}; run `manage.py demoaccount` first.")
        if Deck.objects.filter(owner=user).exists():
            self.stdout.write(f"{user} already has decks; nothing changed.")
            return
        cv = Game.objects.filter(slug="chapter-and-verse").first()
        bb = Game.objects.filter(slug="bible-battles").first()
        if cv is None or bb is None:
            raise CommandError("Load the starter catalogs first (manage.py loadcatalog).")
        verses = _plain_titles(cv, 14)
        for card in verses[:10]:
            collection_change(owner=user, card=card, delta=2)  # a collection that covers part of the deck
        faith = deck_create(
            owner=user,
            game=cv,
            name="Sample: small and simple things",
            description="Fourteen verses, three copies of most: a legal advanced deck to start from.",
            decklist=_text(verses[:12], 3) + _text(verses[12:14], 2),
            visibility="public",
        )
        deck_set_built(deck=faith, built=True)
        followers = [c for c in _plain_titles(bb, 60) if c.type == "follower"][:8]
        others = [c for c in _plain_titles(bb, 60) if c.type not in ("follower", "event")][:12]
        deck_create(
            owner=user,
            game=bb,
            name="Sample: shepherds and storehouses",
            description="Followers first, food to feed the armies.",
            decklist=_text(followers, 3) + _text(others, 3),
        )
        event = event_create(
            organiser=user,
            name="Demo spring tournament",
            game=cv,
            format_slug="advanced",
            deadline=timezone.now() + timedelta(days=14),
            description="A sample event: register a deck, then see it under Manage.",
        )
        registration_create(event=event, player=user, deck=faith)
        self.stdout.write(f"Sample decks and the event {event.name!r} made for {user}.")
