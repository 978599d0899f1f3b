"""Reading catalogs: the whole-game dump, and the queries pages and the API share."""

from collections.abc import Iterable
from types import SimpleNamespace
from typing import TYPE_CHECKING
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Case
from django.db.models import Count
from django.db.models import F
from django.db.models import IntegerField
from django.db.models import Min
from django.db.models import OuterRef
from django.db.models import QuerySet
from django.db.models import Subquery
from django.db.models import Sum
from django.db.models import Value
from django.db.models import When
from django.db.models import Window
from django.db.models.functions import Coalesce
from django.db.models.functions import Length

from cardcollections.adapters import card_pool_for_game
from cardcollections.catalog.mapping import card_columns
from cardcollections.catalog.mapping import fields_from_card
from cardcollections.catalog.memo import per_catalog
from cardcollections.catalog.search import search_filter
from cardcollections.models import Card
from cardcollections.models import CardReservation
from cardcollections.models import CardSet
from cardcollections.models import CollectionEntry
from cardcollections.models import Game
from rules.catalog import card_document
from rules.catalog import set_document
from rules.decklist.resolving import suggest_titles
from rules.search import And
from rules.search import Or
from rules.search import SearchSyntaxError
from rules.search import Word
from rules.search import checked_search
from rules.search import game_keys
from rules.search import parse_search
from rules.text import title_key


def catalog_document(*, game: str) -> dict[str, Any]:
    """The game's whole catalog in the file format of docs/contracts/catalog-format.md."""
    # Insertion order, so a loaded file dumps back in its own order.
    sets = CardSet.objects.filter(game__slug=game).order_by("id")
    cards = Card.objects.filter(game__slug=game).select_related("game", "card_set").order_by("id")
    return {
        "game": game,
        "sets": [set_document(s.code, s.name, s.released) for s in sets],
        "cards": [card_document(game, c.card_set.code, c.number, c.title, fields_from_card(c)) for c in cards],
    }


def cards_for_listing() -> QuerySet[Card]:
    """Cards with their game and set joined in (a card in one query).

    The card API filters and orders it, then reads its pages through
    `card_listing_page`.
    """
    return Card.objects.select_related("game", "card_set").defer("search_text")


class CardRow(SimpleNamespace):
    """A card of a list page as plain column values, read like the Card the API serializer reads.

    It has the columns of `card_columns()` for its game, `pk`, `game.slug`,
    `card_set.code` and `.name`, and the model's own `icons` and `is_unique`
    (the same property objects, so the rules stay in one place). Model
    instances for a page of 60 (each card with its game and set, every
    column through Model.__init__) took about 6 ms of CPU, more than the
    search's SQL; these rows take about 2.
    """

    if TYPE_CHECKING:  # what the model's properties give (mypy will not bind Card's to another class)
        icons: dict[str, int]
        is_unique: bool
    else:
        icons = Card.icons
        is_unique = Card.is_unique

    @property
    def pk(self) -> int:
        return self.id


def card_listing_page(cards: QuerySet[Card], *, offset: int, limit: int) -> tuple[list[CardRow], int]:
    """Rows `offset` to `offset + limit` of a filtered, ordered card list, and the list's exact length.

    The page's ids and the total come from one narrow query (COUNT(*) OVER ()
    on the same scan): the matches are found once, not again for a separate
    COUNT, and the sort (which joins game and set for the default order)
    moves ids rather than whole cards. A second query reads the page's
    columns by primary key. Past the end there is no row to carry the
    total, so it is counted.
    """
    page = list(
        cards.annotate(_total=Window(Count("*"))).values_list("pk", "game__slug", "_total")[offset : offset + limit]
    )
    if not page:
        return [], (0 if offset == 0 else cards.count())
    # Rows already read, while no catalog changes: shared by the process's threads, which may add to or empty
    # it at any time, so this page's rows are gathered in a dict of its own and only looked up there.
    kept: dict[int, CardRow] = per_catalog(None, "listed rows", dict)
    rows = {pk: row for pk, _, _ in page if (row := kept.get(pk)) is not None}
    missing = [(pk, game) for pk, game, _ in page if pk not in rows]
    if missing:
        read = _card_rows(missing)
        rows.update(read)
        if len(kept) + len(read) > LISTED_ROWS_KEPT:
            kept.clear()
        kept.update(read)
    # A card deleted between the two queries is left out rather than failing the page.
    return [rows[pk] for pk, _, _ in page if pk in rows], page[0][2]


# How many list rows a process keeps (about 2 kB each). Lists mostly show the same cards again
# (the first pages, popular searches), so a page of kept cards costs one query, not two.
LISTED_ROWS_KEPT = 3000


def _card_rows(cards: list[tuple[int, str]]) -> dict[int, CardRow]:
    """{id: CardRow} of the (id, game slug) pairs, read in one query."""
    # Only the columns of these cards' games: fewer to compile, fetch and convert.
    columns = (*card_columns(frozenset(game for _, game in cards)), "game__slug", "card_set__code", "card_set__name")
    rows: dict[int, CardRow] = {}
    # One game and set object per read, shared by their cards.
    games: dict[str, SimpleNamespace] = {}
    sets: dict[tuple[str, str], SimpleNamespace] = {}
    for values in Card.objects.filter(pk__in=[pk for pk, _ in cards]).order_by().values(*columns):
        slug = values.pop("game__slug")
        set_key = (values.pop("card_set__code"), values.pop("card_set__name"))
        if slug not in games:
            games[slug] = SimpleNamespace(slug=slug)
        if set_key not in sets:
            sets[set_key] = SimpleNamespace(code=set_key[0], name=set_key[1])
        rows[values["id"]] = CardRow(game=games[slug], card_set=sets[set_key], **values)
    return rows


def card_ids_needing_faces() -> list[int]:
    """Cards with no scan whose rendered face is missing or out of date."""
    return list(Card.objects.filter(scan="", face_key="").order_by("id").values_list("id", flat=True))


# Sets by release (undated sets last), then numbers as a person counts them (2 before 17: shorter first,
# then as text, so "12a" follows "12"), then the catalog file's own order.
CATALOG_ORDER = (F("card_set__released").asc(nulls_last=True), "card_set__code", Length("number"), "number", "id")


def game_card_counts() -> list[Game]:
    """The games in their fixed order, each with `card_count`, `set_count` and `preview_card_id` (one query)."""
    # Sets are counted in a subquery: joining cards and sets together would
    # multiply the rows (cards x sets) before counting.
    set_counts = CardSet.objects.filter(game=OuterRef("pk")).order_by().values("game").annotate(n=Count("id"))
    return list(
        Game.objects.annotate(
            card_count=Count("cards"),
            set_count=Coalesce(Subquery(set_counts.values("n")), 0),
            preview_card_id=Min("cards__id"),
        ).order_by("position")
    )


def game_get(*, slug: str | None) -> Game | None:
    if not isinstance(slug, str) or "\x00" in slug:
        return None  # no game has it, and PostgreSQL would refuse the query (a 500)
    return Game.objects.filter(slug=slug).first()


def card_list(*, game: Game) -> QuerySet[Card]:
    """The game's cards in catalog order, with what a grid tile shows (its provenance badge included)."""
    return (
        Card.objects.filter(game=game)
        .select_related("card_set")
        .only("id", "title", "number", "provenance", "card_set__code", "card_set__name", "card_set__released")
        .order_by(*CATALOG_ORDER)
    )


def search_title_suggestions(*, game: Game, query: str) -> list[dict[str, str]]:
    """For a search of plain words that found nothing: the game's titles closest to them (the deck checker's
    suggest_titles), each with the search that finds it ({"title", "query"}). None for a search with keys,
    negations or alternatives: a misspelt title is what it can answer."""
    try:
        tree = parse_search(query)
    except SearchSyntaxError:
        return []
    terms = tree.terms if isinstance(tree, And) and not isinstance(tree, Or) else (tree,)
    if not terms or not all(isinstance(t, Word) for t in terms):
        return []
    text = " ".join(t.text for t in terms if isinstance(t, Word))
    return [
        {"title": title, "query": f'"{title}"' if '"' not in title else title}
        for title in suggest_titles(card_pool_for_game(game.slug), text)
    ]


PICK_LIMIT = 8  # choices the card picker shows at once
PICK_QUERY_LENGTH = 100  # characters of a typed name that are read


def card_pick(*, game: Game, query: str, within: QuerySet[Card] | None = None, limit: int = PICK_LIMIT) -> list[Card]:
    """The card picker's choices for what was typed (templates/_partials/card_picker.html): titles that start
    with it first, then titles that contain it, then near misses by the deck checker's `suggest_titles` (so
    "mustard seeed" offers Mustard Seed); at most PICK_LIMIT printings, each with its set. `within` narrows the
    choice (a trade offer's own cards, or the other player's trade list); nothing typed, nothing offered. The
    battle calculators' search is this search too, with their own `limit`."""
    text = query[: PICK_QUERY_LENGTH * 2].strip()[:PICK_QUERY_LENGTH]
    key = title_key(text)
    if not key:
        return []
    cards = (within if within is not None else Card.objects.all()).filter(game=game).select_related("card_set")
    found: list[Card] = list(
        cards.filter(title_key__contains=key)
        .annotate(starts=Case(When(title_key__startswith=key, then=Value(0)), default=Value(1)))
        .order_by("starts", "title_key", *CATALOG_ORDER)[:limit]
    )
    if len(found) < limit:
        near = [title_key(t) for t in suggest_titles(card_pool_for_game(game.slug), text)]
        rank = {k: i for i, k in enumerate(near)}
        more = cards.filter(title_key__in=near).exclude(pk__in=[c.pk for c in found]).order_by(*CATALOG_ORDER)
        found += sorted(more, key=lambda c: rank[c.title_key])[: limit - len(found)]
    return found


def card_get(*, pk: int) -> Card | None:
    return Card.objects.select_related("game", "card_set").filter(pk=pk).first()


def printings_by_title_key(*, game: Game, title_keys: Iterable[str]) -> dict[str, Card]:
    """{title key: the title's first printing in `game`} for the card previews of lists that name titles (one query)."""
    found: dict[str, Card] = {}
    for card in Card.objects.filter(game=game, title_key__in=set(title_keys)).order_by("id"):
        found.setdefault(card.title_key, card)
    return found


def card_printings(*, card: Card) -> list[Card]:
    """Other printings of the card's title in its game (the copy limits count them together)."""
    return list(
        Card.objects.filter(game_id=card.game_id, title_key=card.title_key)
        .exclude(pk=card.pk)
        .select_related("card_set")
        .order_by(*CATALOG_ORDER)
    )


def game_tag_values(*, game: Game, field: str) -> list[str]:
    """The distinct strings in a list field (C&V `markers`, Warriors `icon_names`) of the game's cards.

    Read in Python (SQLite cannot unnest JSON lists portably) and kept until the
    catalog changes: decoding every card's list on each catalog page was most of
    the page's time with 10,000 cards.
    """
    if field not in ("markers", "icon_names"):
        raise ValueError(f"not a tag field: {field}")

    def distinct() -> list[str]:
        seen: dict[str, str] = {}
        for values in Card.objects.filter(game=game).values_list(field, flat=True):
            for value in values or []:
                seen.setdefault(value.casefold(), value)
        return sorted(seen.values(), key=str.casefold)

    return list(per_catalog(game.slug, f"tags:{field}", distinct))  # a copy: the kept list is shared


def cards_with_free_copies(cards: QuerySet[Card], *, owner: User, exclude_holder: str | None = None) -> QuerySet[Card]:
    """The cards of `cards` whose title `owner` has a free copy of: owned (any printing) minus reserved.

    Reservations count by title (a built deck's slot takes any printing), so
    every printing of such a title stays in; `exclude_holder` leaves one
    holder's reservations out (a built deck being edited does not compete
    with itself). Still one query: the owned and reserved copies are
    correlated subqueries, and only titles the owner has at all are looked at.
    """
    owned_titles = CollectionEntry.objects.filter(owner=owner, quantity__gt=0).values("card__title_key")
    owned = (
        CollectionEntry.objects.filter(
            owner=owner, quantity__gt=0, card__game_id=OuterRef("game_id"), card__title_key=OuterRef("title_key")
        )
        .order_by()
        .values("owner")
        .annotate(n=Sum("quantity"))
        .values("n")
    )
    reserved: QuerySet[Any, Any] = CardReservation.objects.filter(
        owner=owner, game_id=OuterRef("game_id"), title_key=OuterRef("title_key")
    )
    if exclude_holder is not None:
        reserved = reserved.exclude(holder=exclude_holder)
    reserved = reserved.order_by().values("owner").annotate(n=Sum("quantity")).values("n")
    return (
        cards.filter(title_key__in=owned_titles)
        .alias(
            _owned=Coalesce(Subquery(owned), 0, output_field=IntegerField()),
            _reserved=Coalesce(Subquery(reserved), 0, output_field=IntegerField()),
        )
        .filter(_owned__gt=F("_reserved"))
    )


def card_ids_by_title(*, game: str, titles: Iterable[str]) -> dict[str, int]:
    """{title as the catalog spells it, case-folded: the id of its first printing}, for card images."""
    rows = Card.objects.filter(game__slug=game, title__in=set(titles)).order_by("id").values_list("pk", "title")
    ids: dict[str, int] = {}
    for pk, title in rows:
        ids.setdefault(title.casefold(), pk)
    return ids


def search_examples(*, game: Game) -> dict[str, tuple[str, bool]]:
    """{key name: (an example search of that key, whether it finds a card of this game)} for the search help:
    the engine's own example when it finds cards here, else the first that does among this catalog's sets, words
    of its titles and the key's choices (#36: a Chapter and Verse set was every game's example). Kept until the
    catalog changes (a query per example tried)."""
    return dict(per_catalog(game.slug, "search examples", lambda: _search_examples(game)))


def _search_examples(game: Game) -> dict[str, tuple[str, bool]]:
    cards = Card.objects.filter(game=game)

    def finds(text: str) -> bool:
        try:
            return search_filter(cards, checked_search(text, game.slug)).exists()
        except SearchSyntaxError:
            return False

    codes = list(CardSet.objects.filter(game=game).order_by("code").values_list("code", flat=True)[:5])
    titles = cards.order_by("id").values_list("title", flat=True)[:40]
    words = list(dict.fromkeys(w.casefold() for t in titles for w in t.split() if w.isalpha() and len(w) >= 4))[:5]
    out: dict[str, tuple[str, bool]] = {}
    for name, key in game_keys(game.slug).items():
        candidates = [key.example]
        if name == "set":
            candidates += [f"set:{code}" for code in codes]
        elif name == "title":
            candidates += [f"title:{word}" for word in words]
        elif key.kind == "choice":
            typed = {value: typed for typed, value in reversed(list(key.choices.items()))}  # each value's first name
            candidates += [f"{name}:{t}" for t in list(typed.values())[:8]]
        elif key.kind == "number":
            candidates += [f"{name}>=1"]
        found = next((c for c in dict.fromkeys(candidates) if finds(c)), None)
        out[name] = (found, True) if found else (key.example, False)
    return out
