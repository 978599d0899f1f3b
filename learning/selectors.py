"""Reading a player's learning: their verses, the due queue, their goal and honest statistics (no streaks).

Every read takes the player and reads only their rows: another player's verse is not there for them (a 404).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count
from django.db.models import Q
from django.db.models import QuerySet

from cardcollections.catalog.memo import per_catalog
from cardcollections.models import Card
from cardcollections.models import CardSet
from cardcollections.models import CollectionEntry
from decks.lists.stats import deck_lines
from decks.lists.stats import lists_lines
from decks.models import Deck
from learning import scheduling
from learning.models import DEFAULT_DAILY_GOAL
from learning.models import FsrsState
from learning.models import LearnedVerse
from learning.models import LearningGoal
from learning.models import Review
from rules.learning import Grade
from rules.learning import blank_count
from rules.learning import verse_key
from rules.numbers import ID_MAX
from rules.numbers import NotAWholeNumber
from rules.numbers import parse_whole

# Retention is measured over the reviews of this many last days.
RETENTION_DAYS = 30
MAX_QUEUE = 200


def verse_get_owned(*, user: Any, pk: Any) -> LearnedVerse | None:
    """`user`'s verse `pk`, or None: for a missing id and for another player's alike."""
    if not getattr(user, "is_authenticated", False):
        return None
    try:
        pk = parse_whole(pk, field="verse", minimum=1, maximum=ID_MAX)
    except NotAWholeNumber:
        return None
    return LearnedVerse.objects.select_related("card", "card__card_set").filter(pk=pk, user_id=user.pk).first()


def verses_of(*, user: User) -> QuerySet[LearnedVerse]:
    """Every verse `user` learns, the soonest due first."""
    return LearnedVerse.objects.filter(user_id=user.pk).select_related("card").order_by("due", "id")


def verses_due(*, user: User, now: datetime, limit: int = MAX_QUEUE) -> QuerySet[LearnedVerse]:
    """The due queue: `user`'s verses due at `now`, the longest overdue first (new verses are due when added)."""
    return (
        LearnedVerse.objects.filter(user_id=user.pk, due__lte=now)
        .select_related("card", "card__card_set")
        .order_by("due", "id")[:limit]
    )


def due_count(*, user: User, now: datetime) -> int:
    return LearnedVerse.objects.filter(user_id=user.pk, due__lte=now).count()


def next_due(*, user: User, now: datetime) -> datetime | None:
    """When the next verse comes due, if none is due now."""
    verse = LearnedVerse.objects.filter(user_id=user.pk, due__gt=now).order_by("due").only("due").first()
    return verse.due if verse else None


def reviews_since(*, user: User, since: datetime) -> int:
    """How many reviews `user` made since `since` (the start of their day): the goal's count."""
    return Review.objects.filter(user_id=user.pk, reviewed__gte=since).count()


def daily_goal(*, user: User) -> int:
    goal = LearningGoal.objects.filter(user_id=user.pk).values_list("daily_reviews", flat=True).first()
    return goal or DEFAULT_DAILY_GOAL


def verse_blank_count(*, verse: LearnedVerse, now: datetime) -> int:
    """How many words the verse's blanks drill hides at `now`: more as the player's measured recall of it grows
    (the FSRS library's, `scheduling.recall_ahead`), the same for the same state and moment."""
    return blank_count(len(verse.card.scripture.split()), scheduling.recall_ahead(verse, now))


def verse_reviews(*, verse: LearnedVerse, limit: int = 20) -> QuerySet[Review]:
    return Review.objects.filter(verse=verse).order_by("-reviewed", "-id")[:limit]


@dataclass(frozen=True)
class LearningStats:
    """What the numbers say, no more: verses, how many are known, reviews, and the share of answers recalled."""

    verses: int
    known: int
    due: int
    reviews: int
    reviews_today: int
    goal: int
    # Of the reviews of verses in review (past their first steps) in the last RETENTION_DAYS days: how many,
    # and the share not forgotten (graded Hard or better); None when there were none.
    retention_reviews: int
    retention: float | None

    @property
    def goal_left(self) -> int:
        return max(0, self.goal - self.reviews_today)

    @property
    def retention_percent(self) -> int | None:
        return None if self.retention is None else round(100 * self.retention)


def learning_stats(*, user: User, now: datetime, day_start: datetime) -> LearningStats:
    """`user`'s numbers at `now`; `day_start` is the start of their day (their own time zone's midnight).

    A verse is known when it is in review: it passed its learning steps and was not forgotten since.
    """
    verses = LearnedVerse.objects.filter(user_id=user.pk).aggregate(
        verses=Count("id"),
        known=Count("id", filter=Q(state=FsrsState.REVIEW)),
        due=Count("id", filter=Q(due__lte=now)),
    )
    since = now - timedelta(days=RETENTION_DAYS)
    reviews = Review.objects.filter(user_id=user.pk).aggregate(
        reviews=Count("id"),
        today=Count("id", filter=Q(reviewed__gte=day_start)),
        mature=Count("id", filter=Q(state_before=FsrsState.REVIEW, reviewed__gte=since)),
        recalled=Count("id", filter=Q(state_before=FsrsState.REVIEW, reviewed__gte=since, grade__gt=Grade.AGAIN)),
    )
    mature = reviews["mature"]
    return LearningStats(
        verses=verses["verses"],
        known=verses["known"],
        due=verses["due"],
        reviews=reviews["reviews"],
        reviews_today=reviews["today"],
        goal=daily_goal(user=user),
        retention_reviews=mature,
        retention=reviews["recalled"] / mature if mature else None,
    )


def verse_cards() -> QuerySet[Card]:
    """Cards with a verse to learn: a scripture and its reference."""
    return Card.objects.exclude(scripture="").exclude(reference="")


def sets_with_verses() -> list[tuple[CardSet, int]]:
    """The catalog sets that hold cards with verses, each with how many."""
    counts = dict(
        verse_cards().values("card_set_id").annotate(n=Count("id")).values_list("card_set_id", "n").order_by()
    )
    sets = CardSet.objects.filter(pk__in=counts).select_related("game").order_by("game__position", "released", "code")
    return [(s, counts[s.pk]) for s in sets]


def deck_verse_cards(*, deck: Deck) -> QuerySet[Card]:
    """The cards of `deck` that print a verse, in catalog order."""
    lines = deck_lines(game_id=deck.game_id, game_slug=deck.game.slug, entries=deck.cards)
    ids = [line.card_id for line in lines if line.card_id is not None]
    return verse_cards().filter(pk__in=ids).order_by("id")


def owned_verse_cards(*, user: User) -> QuerySet[Card]:
    """The cards printing a verse that `user` owns a copy of (any condition), in catalog order."""
    owned = CollectionEntry.objects.filter(owner_id=user.pk, quantity__gt=0).values("card_id")
    return verse_cards().filter(pk__in=owned).order_by("id")


@dataclass(frozen=True)
class SetMastery:
    """A player's progress on the verses of one catalog set: how many it has, how many they learn, how many known."""

    card_set: CardSet
    verses: int
    learning: int
    known: int
    keys: frozenset[str] = frozenset()  # the set's verses' keys

    @property
    def known_percent(self) -> int:
        return round(100 * self.known / self.verses) if self.verses else 0


def _verse_keys_by_set() -> dict[int, frozenset[str]]:
    by_set: dict[int, set[str]] = {}
    for set_id, scripture, reference in verse_cards().values_list("card_set_id", "scripture", "reference"):
        by_set.setdefault(set_id, set()).add(verse_key(scripture, reference))
    return {set_id: frozenset(keys) for set_id, keys in by_set.items()}


def mastery_by_set(*, user: User) -> list[SetMastery]:
    """Each catalog set of which `user` learns at least one verse, with the set's verses (one per verse, however
    many cards print it), those the player learns, and those known (in FSRS's review state)."""
    mine = dict(LearnedVerse.objects.filter(user_id=user.pk).values_list("verse_key", "state"))
    if not mine:
        return []
    # Every verse's key is a hash of its words: 10,000 cards cost half a second, so the keys are kept per catalog.
    by_set = per_catalog(None, "learning.verse_keys_by_set", _verse_keys_by_set)
    sets = CardSet.objects.filter(pk__in=by_set).select_related("game").order_by("game__position", "released", "code")
    out = []
    for card_set in sets:
        keys = by_set[card_set.pk]
        learning = [mine[k] for k in keys if k in mine]
        if learning:
            known = sum(1 for state in learning if state == FsrsState.REVIEW)
            out.append(SetMastery(card_set, len(keys), len(learning), known, keys))
    return out


# The decks the offline page keeps (docs/learning.md, "Offline"): the page is the cache, so it stays small.
MAX_OFFLINE_DECKS = 12


@dataclass(frozen=True)
class OfflineCard:
    count: int
    title: str
    reference: str
    scripture: str


@dataclass(frozen=True)
class OfflineDeck:
    deck: Deck
    cards: list[OfflineCard]

    @property
    def size(self) -> int:
        return sum(c.count for c in self.cards)


def offline_decks(*, user: User) -> list[OfflineDeck]:
    """The player's own decks (the most recently changed first, at most MAX_OFFLINE_DECKS), each card with its
    count and its verse, for the offline page to keep: with no connection the player still reads their decks and
    the verses on their cards. Two queries, however many decks: the decks, and every deck's cards."""
    decks = list(
        Deck.objects.filter(owner_id=user.pk, archived=False)
        .select_related("game")
        .order_by("-updated", "-pk")[:MAX_OFFLINE_DECKS]
    )
    lines = lists_lines([(d.game_id, d.cards) for d in decks])
    return [
        OfflineDeck(
            deck,
            [
                OfflineCard(line.count, line.title, line.card.reference, line.card.scripture)
                if line.card is not None
                else OfflineCard(line.count, line.title, "", "")
                for line in own
            ],
        )
        for deck, own in zip(decks, lines, strict=True)
    ]


def decks_to_learn(*, user: User, game_slug: str | None = None) -> QuerySet[Deck]:
    """The player's own decks (not archived), to choose verses from; only `game_slug`'s when given."""
    decks = Deck.objects.filter(owner_id=user.pk, archived=False)
    if game_slug is not None:
        decks = decks.filter(game__slug=game_slug)
    return decks.select_related("game").order_by("name")


@dataclass(frozen=True)
class DeckRecall:
    """A player's measured recall of a deck's Quote verses (docs/learning.md, "What you know plays"): the mean of
    the fsrs library's predicted chance they recall each now, over the deck's copies of cards with a Quote effect
    (a verse not learned counts 0: nothing measured says it is known). `recall` is None for a deck without one."""

    deck: Deck
    quote_cards: int  # copies in the deck of cards with a Quote effect and a verse
    verses: int  # the distinct verses among them
    learned: int  # of those, the verses the player learns
    recall: float | None

    @property
    def percent(self) -> int | None:
        return None if self.recall is None else round(100 * self.recall)

    @property
    def rate(self) -> str | None:
        """The recall as a quote rate to send on (two decimals, 0.00 to 1.00)."""
        return None if self.recall is None else f"{self.recall:.2f}"


def deck_quote_recall(*, user: User, deck: Deck, now: datetime) -> DeckRecall:
    """`user`'s recall of the Quote verses of `deck` (one of theirs: the caller looked it up) at `now`."""
    lines = deck_lines(game_id=deck.game_id, game_slug=deck.game.slug, entries=deck.cards)
    copies: dict[int, int] = {}
    keys: dict[int, str] = {}
    for line in lines:
        card = line.card
        # A card with a verse (verse_cards: a scripture and its reference) and a Quote effect.
        if line.card_id is None or card is None or not card.scripture or not card.reference:
            continue
        if any(isinstance(e, Mapping) and e.get("kind") == "quote" for e in card.effects):
            copies[line.card_id] = copies.get(line.card_id, 0) + line.count
            keys[line.card_id] = verse_key(card.scripture, card.reference)
    mine = {v.verse_key: v for v in LearnedVerse.objects.filter(user_id=user.pk, verse_key__in=set(keys.values()))}
    recall = {key: scheduling.recall_at(verse, now) for key, verse in mine.items()}
    total = sum(copies[pk] for pk in keys)
    known = sum(copies[pk] * recall.get(key, 0.0) for pk, key in keys.items())
    return DeckRecall(
        deck=deck,
        quote_cards=total,
        verses=len(set(keys.values())),
        learned=len(mine),
        recall=known / total if total else None,
    )
