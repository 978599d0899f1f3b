"""Catalog filters, shared by the card API and the catalog pages.

Every value is checked: an unknown game, type, theme or a non-number is a 400
that names the parameter, never ignored.
"""

from django import forms
from django.db.models import Q
from django.db.models import QuerySet
from django.forms.utils import ErrorDict
from django_filters import rest_framework as filters

from cardcollections.catalog.search import UNIQUE
from cardcollections.catalog.search import search_filter
from cardcollections.catalog.selectors import cards_with_free_copies
from cardcollections.models import Card
from rules.catalog_fields import PROVENANCES
from rules.games import GAME_SLUGS
from rules.games.battle_cards import BC_SIZES
from rules.games.bible_battles import BB_TYPES
from rules.games.book_of_mormon_battles import BMB_COLORS
from rules.games.book_of_mormon_battles import BMB_KINDS
from rules.games.book_of_mormon_battles import BMB_POWERS
from rules.games.book_of_mormon_battles import BMB_SHAPES
from rules.games.chapter_and_verse import CV_EFFECT_KINDS
from rules.games.chapter_and_verse import CV_STANDARD_WORKS
from rules.games.chapter_and_verse import CV_THEMES
from rules.games.warriors_of_the_promised_land import WPL_ALIGNMENTS
from rules.games.warriors_of_the_promised_land import WPL_KINDS
from rules.search import Match
from rules.search import SearchSyntaxError
from rules.search import checked_search
from rules.search.syntax import Node
from rules.text import title_key

BOOLEAN_CHOICES = (("true", "yes"), ("false", "no"))
KINDS = (*BMB_KINDS, *WPL_KINDS)  # the class body below has a filter named `set`


OWNED_CHOICES = (("free", "only cards I own (free copies)"),)
OWNED_NEEDS_USER = "owned needs a signed-in user."


def _choices(values) -> list[tuple[str, str]]:
    return [(v, v) for v in values]


class _CheapCopy:
    """django-filter deep-copies every filter for every request; ours hold no
    per-request state, so a shallow copy does (it was 14 ms of a card search)."""

    def __deepcopy__(self, memo):
        # What copy.copy does, without its generic __reduce_ex__ round trip
        # (40 filters per request).
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone.extra = dict(self.extra)
        if getattr(self, "_method", None):
            clone.method = self._method  # re-binds the FilterMethod to the clone
        return clone


class CharFilter(_CheapCopy, filters.CharFilter):
    pass


class ChoiceFilter(_CheapCopy, filters.ChoiceFilter):
    pass


class NumberFilter(_CheapCopy, filters.NumberFilter):
    pass


class StrictBooleanFilter(ChoiceFilter):
    """true/false only; anything else is a 400 (BooleanFilter would ignore it)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("choices", BOOLEAN_CHOICES)
        super().__init__(*args, **kwargs)

    def filter(self, qs, value):
        if value in ("", None):
            return qs
        return super().filter(qs, value == "true")


# (Aliased here: in CardFilter's body `type` is the Bible Battles filter.)
_FormClass = type[forms.Form]
# Form classes by the filters they hold (bounded: a client picks the combination).
_FORM_CLASSES: dict[tuple[type, tuple[str, ...]], _FormClass] = {}
_FORM_CLASSES_MAX = 256


class CardFilter(filters.FilterSet):
    game = ChoiceFilter(field_name="game__slug", choices=_choices(GAME_SLUGS))
    set = CharFilter(field_name="card_set__code", max_length=20, help_text="set code, e.g. CV1")
    q = CharFilter(
        method="filter_q",
        max_length=500,
        help_text='a search in the search language (docs/contracts/search-syntax.md): words, "phrases", '
        "key:value and key<=number terms, -, or, parentheses; a game's keys need `game`",
    )
    title = CharFilter(method="filter_title", max_length=200, help_text="exact title (case and spacing ignored)")
    provenance = ChoiceFilter(
        choices=_choices(PROVENANCES), help_text="published (from a public source), sample, community"
    )

    # Chapter and Verse
    theme = ChoiceFilter(method="filter_theme", choices=_choices(CV_THEMES), help_text="has an icon of it")
    marker = CharFilter(method="filter_tag", max_length=100)
    effect = ChoiceFilter(method="filter_effect", choices=_choices(CV_EFFECT_KINDS))
    standard_work = ChoiceFilter(choices=_choices(CV_STANDARD_WORKS))
    advanced = StrictBooleanFilter()
    sacrifice_min = NumberFilter(field_name="sacrifice", lookup_expr="gte")
    sacrifice_max = NumberFilter(field_name="sacrifice", lookup_expr="lte")
    cost_min = NumberFilter(method="filter_cost_min", help_text="sacrifice or effort at least")
    cost_max = NumberFilter(method="filter_cost_max", help_text="sacrifice or effort at most")

    # Bible Battles
    type = ChoiceFilter(choices=_choices(BB_TYPES))
    unique = StrictBooleanFilter(method="filter_unique", help_text="Unique for the copy limits")
    mounted = StrictBooleanFilter()
    effort_min = NumberFilter(field_name="effort", lookup_expr="gte")
    effort_max = NumberFilter(field_name="effort", lookup_expr="lte")
    offense_min = NumberFilter(field_name="offense", lookup_expr="gte")
    defense_min = NumberFilter(field_name="defense", lookup_expr="gte")
    food_min = NumberFilter(field_name="food", lookup_expr="gte")
    wisdom_min = NumberFilter(field_name="wisdom", lookup_expr="gte")

    # Book of Mormon Battles and Warriors of the Promised Land
    kind = ChoiceFilter(choices=_choices(KINDS))
    color = ChoiceFilter(choices=_choices(BMB_COLORS))
    shape = ChoiceFilter(choices=_choices(BMB_SHAPES))
    power = ChoiceFilter(choices=_choices(BMB_POWERS))
    alignment = ChoiceFilter(choices=_choices(WPL_ALIGNMENTS))
    icon = CharFilter(method="filter_tag", max_length=100, help_text="Warriors icon name")
    prophet = StrictBooleanFilter()
    armory = CharFilter(max_length=60)
    points_min = NumberFilter(field_name="points", lookup_expr="gte")
    points_max = NumberFilter(field_name="points", lookup_expr="lte")

    # Battle Cards (value also for Book of Mormon Battles)
    value_min = NumberFilter(field_name="value", lookup_expr="gte")
    value_max = NumberFilter(field_name="value", lookup_expr="lte")
    strength_min = NumberFilter(field_name="strength", lookup_expr="gte")
    skill_min = NumberFilter(field_name="skill", lookup_expr="gte")
    magic_min = NumberFilter(field_name="magic", lookup_expr="gte")
    terror_min = NumberFilter(field_name="terror", lookup_expr="gte")
    size = ChoiceFilter(choices=_choices(BC_SIZES))

    # The signed-in user's collection
    owned = ChoiceFilter(
        method="filter_owned",
        choices=OWNED_CHOICES,
        help_text="free: only titles the signed-in user has a free copy of (owned, not reserved by a built deck)",
    )

    class Meta:
        model = Card
        fields: list[str] = []

    def __init__(
        self,
        data=None,
        queryset=None,
        *,
        request=None,
        prefix=None,
        holder: str | None = None,
        game: str | None = None,
    ) -> None:
        """`holder`: a built deck's reservation key whose copies count as free (the builder editing that deck).
        `game`: the game whose search keys `q` may use, when the data names none (a game's own page)."""
        super().__init__(data, queryset, request=request, prefix=prefix)
        self._checked_form: forms.Form | None = None
        self._owner_checked = False
        self.holder = holder
        self.search_game = game
        self._search_tree: Node | Match | None = None

    def _form_class_for(self, names: tuple[str, ...]) -> _FormClass:
        # django-filter builds a new form class, and a form field per filter,
        # on every request; they depend only on which filters the form holds.
        key = (type(self), names)
        form_class = _FORM_CLASSES.get(key)
        if form_class is None:
            fields = {name: self.filters[name].field for name in names}
            form_class = type(f"{type(self).__name__}Form", (self._meta.form,), fields)
            if len(_FORM_CLASSES) < _FORM_CLASSES_MAX:
                _FORM_CLASSES[key] = form_class
        return form_class

    def get_form_class(self) -> _FormClass:
        return self._form_class_for(tuple(self.filters))

    @property
    def checked_form(self) -> forms.Form:
        """The form that checks and cleans the data: the fields of the parameters given.

        An absent parameter would clean to an empty value, which every filter
        here ignores, so the result and the errors are those of the whole
        form (`form`, kept whole for the browsable API's filter dialog);
        cleaning and applying all 40 filters for each request was a fifth of a
        search's time.
        """
        if self._checked_form is None:
            if not self.is_bound or self.form_prefix is not None:
                self._checked_form = self.form
            else:
                given = tuple(name for name in self.filters if name in self.data)
                self._checked_form = self._form_class_for(given)(self.data)
        return self._checked_form

    def is_valid(self) -> bool:
        return self.is_bound and self.checked_form.is_valid() and self._check_owner()

    @property
    def errors(self) -> ErrorDict:
        if self.is_bound and self.checked_form.is_valid():
            self._check_owner()
        return self.checked_form.errors

    def _user(self):
        user = getattr(self.request, "user", None)
        return user if user is not None and user.is_authenticated else None

    def _check_owner(self) -> bool:
        """`owned` reads the signed-in user's collection: without one it is refused, not ignored.
        `q` is read in the search language here too: a bad query is refused, naming its bad part."""
        form = self.checked_form
        if not self._owner_checked:
            self._owner_checked = True
            if form.cleaned_data.get("owned") and self._user() is None:
                form.add_error("owned", OWNED_NEEDS_USER)
            if form.cleaned_data.get("q"):
                game = form.cleaned_data.get("game") or self.search_game
                try:
                    self._search_tree = checked_search(form.cleaned_data["q"], game)
                except SearchSyntaxError as exc:
                    form.add_error("q", exc.message)
        return not form.errors

    def filter_queryset(self, queryset: QuerySet) -> QuerySet:
        self._check_owner()
        if "owned" in self.checked_form.errors or "q" in self.checked_form.errors:
            return queryset.none()  # refused: never every card instead of the user's or the search's
        for name, value in self.checked_form.cleaned_data.items():
            queryset = self.filters[name].filter(queryset, value)
        return queryset

    def filter_q(self, qs: QuerySet, name: str, value: str) -> QuerySet:
        return search_filter(qs, self._search_tree)

    def filter_title(self, qs: QuerySet, name: str, value: str) -> QuerySet:
        return qs.filter(title_key=title_key(value))

    def filter_theme(self, qs: QuerySet, name: str, value: str) -> QuerySet:
        return qs.filter(**{f"icon_{value}__gte": 1})

    def filter_tag(self, qs: QuerySet, name: str, value: str) -> QuerySet:
        return qs.filter(tags_key__contains=f"|{title_key(value)}|")

    def filter_effect(self, qs: QuerySet, name: str, value: str) -> QuerySet:
        return qs.filter(tags_key__contains=f"|effect:{value}|")

    def filter_unique(self, qs: QuerySet, name: str, value: bool) -> QuerySet:
        return qs.filter(UNIQUE) if value else qs.exclude(UNIQUE)

    def filter_cost_min(self, qs: QuerySet, name: str, value) -> QuerySet:
        return qs.filter(Q(sacrifice__gte=value) | Q(sacrifice__isnull=True, effort__gte=value))

    def filter_cost_max(self, qs: QuerySet, name: str, value) -> QuerySet:
        return qs.filter(Q(sacrifice__lte=value) | Q(sacrifice__isnull=True, effort__lte=value))

    def filter_owned(self, qs: QuerySet, name: str, value: str) -> QuerySet:
        user = self._user()
        if user is None:  # is_valid refuses this first; never show everything instead
            return qs.none()
        return cards_with_free_copies(qs, owner=user, exclude_holder=self.holder)


ORDERING_FIELDS = ("title", "number", "sacrifice", "effort", "offense", "defense", "value", "points", "id")


def unknown_parameters(params, *, allowed_extra: tuple[str, ...] = ()) -> list[str]:
    """Query parameters no filter knows (a typo would otherwise be silently ignored)."""
    known = set(CardFilter.base_filters) | {"page", "page_size", "ordering", "format", *allowed_extra}
    return sorted(k for k in params if k not in known)
