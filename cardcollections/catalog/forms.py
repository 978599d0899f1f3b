"""Forms of the catalog pages: the scan upload, and the browse filters of each game.

The browse page filters with `CardFilter`, the FilterSet the card API uses, so a
value the API refuses is refused here too (with a message, never a 500). Each
game shows only the filters that mean something for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from typing import Any

from django import forms
from django.db.models import F
from django.db.models import QuerySet
from django.http import QueryDict

from cardcollections.catalog.filters import CardFilter
from cardcollections.catalog.labels import STANDARD_WORK_NAMES
from cardcollections.catalog.labels import words
from cardcollections.catalog.selectors import CATALOG_ORDER
from cardcollections.images.scans import ALLOWED_FORMATS
from cardcollections.images.scans import scan_limits_text
from cardcollections.models import Card
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

SCAN_ACCEPT = ",".join(f"image/{f.lower()}" for f in ALLOWED_FORMATS)


class ScanUploadForm(forms.Form):
    # A plain FileField: Django's ImageField would open the image with Pillow
    # before our size and dimension checks; card_scan_set does all the checking.
    scan = forms.FileField(
        label="Card scan",
        help_text=f"PNG, JPEG, WebP or GIF; {scan_limits_text()}.",
        widget=forms.FileInput(attrs={"accept": SCAN_ACCEPT}),
    )


@dataclass(frozen=True)
class FilterSpec:
    """One control of the filter panel: a select, a text box (with suggestions) or a min/max range."""

    label: str
    names: tuple[str, ...]
    choices: tuple[tuple[str, str], ...] = ()
    suggestions_from: str = ""  # a Card list field whose known values are offered (datalist)

    @property
    def is_range(self) -> bool:
        return len(self.names) == 2


def _labelled(values, labels: dict[str, str] | None = None) -> tuple[tuple[str, str], ...]:
    labels = labels or {}
    return tuple((v, labels.get(v, words(v))) for v in values)


_YES_NO = (("true", "Yes"), ("false", "No"))
_PROVENANCE = (
    ("published", "Published cards"),
    ("sample", "Samples written for this site"),
    ("community", "Entered by players"),
)
_EFFECT_LABELS = {"cross-reference": "Cross reference", "quick-play": "Quick play", "text": "Other text"}

BROWSE_FILTERS: dict[str, tuple[FilterSpec, ...]] = {
    "chapter-and-verse": (
        FilterSpec("Theme", ("theme",), _labelled(CV_THEMES)),
        FilterSpec("Marker", ("marker",), suggestions_from="markers"),
        FilterSpec("Effect", ("effect",), _labelled(CV_EFFECT_KINDS, _EFFECT_LABELS)),
        FilterSpec("Standard work", ("standard_work",), _labelled(CV_STANDARD_WORKS, STANDARD_WORK_NAMES)),
        FilterSpec("Advanced", ("advanced",), _YES_NO),
        FilterSpec("Sacrifice", ("sacrifice_min", "sacrifice_max")),
        FilterSpec("Cards", ("provenance",), _PROVENANCE),
    ),
    "bible-battles": (
        FilterSpec("Type", ("type",), _labelled(BB_TYPES)),
        FilterSpec("Unique", ("unique",), _YES_NO),
        FilterSpec("Mounted", ("mounted",), _YES_NO),
        FilterSpec("Effort", ("effort_min", "effort_max")),
    ),
    "book-of-mormon-battles": (
        FilterSpec("Kind", ("kind",), _labelled(BMB_KINDS)),
        FilterSpec("Colour", ("color",), _labelled(BMB_COLORS)),
        FilterSpec("Shape", ("shape",), _labelled(BMB_SHAPES)),
        FilterSpec("Power", ("power",), _labelled(BMB_POWERS)),
    ),
    "warriors-of-the-promised-land": (
        FilterSpec("Kind", ("kind",), _labelled(WPL_KINDS)),
        FilterSpec("Alignment", ("alignment",), _labelled(WPL_ALIGNMENTS)),
        FilterSpec("Icon", ("icon",), suggestions_from="icon_names"),
    ),
    "battle-cards": (
        FilterSpec("Size", ("size",), (("B", "B (big)"), ("M", "M (medium)"), ("S", "S (small)"))),
        FilterSpec("Value", ("value_min", "value_max")),
    ),
}
SEARCH_PARAM = "q"
PAGE_PARAM = "page"
SORT_PARAM = "sort"
# The numbers of each game a card list can be sorted by (low first, or high first with "-"), besides
# the title and the catalog's own order (set, then number).
SORT_STATS: dict[str, tuple[tuple[str, str], ...]] = {
    "chapter-and-verse": (
        ("sacrifice", "Sacrifice"),
        ("icon_strength", "Strength icons"),
        ("icon_wisdom", "Wisdom icons"),
        ("icon_faith", "Faith icons"),
        ("icon_histories", "Histories icons"),
        ("icon_trials", "Trials icons"),
    ),
    "bible-battles": (
        ("effort", "Effort"),
        ("offense", "Offense"),
        ("defense", "Defense"),
        ("food", "Food"),
        ("wisdom", "Wisdom"),
    ),
    "book-of-mormon-battles": (("value", "Value"),),
    "warriors-of-the-promised-land": (("points", "Points"),),
    "battle-cards": (("value", "Value"),),
}


def sort_choices(game_slug: str) -> tuple[tuple[str, str], ...]:
    """The `sort` values a card list of the game takes, with their labels ("set": the catalog's order)."""
    choices = [("set", "Set and number"), ("title", "Title (A to Z)"), ("-title", "Title (Z to A)")]
    for name, label in SORT_STATS.get(game_slug, ()):
        choices += [(name, f"{label} (low first)"), (f"-{name}", f"{label} (high first)")]
    return tuple(choices)


def sort_order(game_slug: str, value: str) -> tuple[Any, ...] | None:
    """The order_by() arguments of a `sort` value, the catalog's order breaking ties; None for a
    value the game has no sort for. Cards without the number come last either way."""
    if value in ("", "set"):
        return CATALOG_ORDER
    if value not in dict(sort_choices(game_slug)):
        return None
    name = value.lstrip("-")
    key = F("title_key" if name == "title" else name)  # titles sort as the deck lists match them: by their key
    return (key.desc(nulls_last=True) if value.startswith("-") else key.asc(nulls_last=True), *CATALOG_ORDER)


@dataclass
class CatalogBrowse:
    """The browse page's search: the game's filters read from the query string and applied with CardFilter."""

    game_slug: str
    params: QueryDict
    queryset: QuerySet[Card]
    suggestions: dict[str, list[str]] = field(default_factory=dict)
    # The sort the queryset's own order is (what the menu shows when the URL names none).
    default_sort: str = "set"

    def __post_init__(self) -> None:
        self.specs = BROWSE_FILTERS.get(self.game_slug, ())
        self.names = (SEARCH_PARAM, *(n for spec in self.specs for n in spec.names))
        data = QueryDict(mutable=True)
        for name in self.names:
            if name in self.params:
                data.setlist(name, self.params.getlist(name))
        self.filterset = CardFilter(data=data, queryset=self.queryset, game=self.game_slug)
        self.valid = self.filterset.is_valid() and sort_order(self.game_slug, self.sort) is not None

    @property
    def sort(self) -> str:
        return self.params.get(SORT_PARAM, "")

    @property
    def sort_shown(self) -> str:
        return self.sort or self.default_sort

    @property
    def sort_choices(self) -> tuple[tuple[str, str], ...]:
        return sort_choices(self.game_slug)

    @property
    def qs(self) -> QuerySet[Card]:
        if not self.valid:
            return self.queryset.none()
        if not self.sort:
            return self.filterset.qs  # the list's own order (`default_sort`)
        return self.filterset.qs.order_by(*sort_order(self.game_slug, self.sort))  # type: ignore[misc]

    @property
    def query(self) -> str:
        return self.params.get(SEARCH_PARAM, "")

    @property
    def active(self) -> bool:
        return any(self.params.get(n) for n in self.names)

    @property
    def ignored(self) -> list[str]:
        """Parameters this page does not filter on (another game's filter, or a typo), to say so."""
        return sorted(k for k in self.params if k not in self.names and k not in (PAGE_PARAM, SORT_PARAM))

    @property
    def errors(self) -> list[str]:
        labels = {SEARCH_PARAM: "Search"}
        for spec in self.specs:
            for i, name in enumerate(spec.names):
                labels[name] = f"{spec.label} {('from', 'to')[i]}" if spec.is_range else spec.label
        out = []
        for name, messages in self.filterset.errors.items():
            for message in messages:
                out.append(f"{labels.get(name, name)}: {message}")
        if sort_order(self.game_slug, self.sort) is None:
            out.append(f"Sort: {self.sort[:40]!r} is not a sort of this game's cards.")
        return out

    def controls(self) -> list[dict[str, Any]]:
        """What the template draws for each filter: label, names, current values, choices, error."""
        errors = self.filterset.errors
        out = []
        for spec in self.specs:
            out.append(
                {
                    "label": spec.label,
                    "is_range": spec.is_range,
                    "fields": [
                        {
                            "name": name,
                            "id": f"filter-{name}",
                            "value": self.params.get(name, ""),
                            "error": bool(errors.get(name)),
                        }
                        for name in spec.names
                    ],
                    "choices": spec.choices,
                    "suggestions": self.suggestions.get(spec.suggestions_from, []),
                    "list_id": f"suggest-{spec.names[0]}" if spec.suggestions_from else "",
                }
            )
        return out
