"""Admin of the catalogs: games, sets and cards. A card's scan is uploaded through the same checks as the site's upload form."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING
from typing import Protocol

from django import forms
from django.contrib import admin
from django.core.files.uploadedfile import UploadedFile
from django.db.models import Count
from django.urls import reverse
from django.utils.html import format_html

from cardcollections.catalog.forms import SCAN_ACCEPT
from cardcollections.catalog.mapping import fields_from_card
from cardcollections.images.scans import CardImageError
from cardcollections.images.scans import PreparedScan
from cardcollections.images.scans import card_scan_clear
from cardcollections.images.scans import card_scan_prepare
from cardcollections.images.scans import card_scan_store
from cardcollections.images.scans import scan_limits_text
from cardcollections.models import Card
from cardcollections.models import CardSet
from cardcollections.models import Game
from rules.catalog import CatalogError
from rules.catalog import card_document
from rules.catalog import parse_catalog

if TYPE_CHECKING:
    from django.contrib.admin.options import _FieldsetSpec  # the stubs' type of ModelAdmin.fieldsets


class _Counted(Protocol):
    """A game or a set of the list's query, with its cards counted (annotate)."""

    card_count: int


class _CardCountAdmin(admin.ModelAdmin):
    """Lists a game's or a set's number of cards, counted in the list's own query."""

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(card_count=Count("cards"))

    @admin.display(ordering="card_count", description="cards")
    def card_count(self, obj: _Counted) -> int:
        return obj.card_count


@admin.register(Game)
class GameAdmin(_CardCountAdmin):
    list_display = ("name", "slug", "collectible", "position", "card_count")
    ordering = ("position",)

    def has_add_permission(self, request) -> bool:
        return False  # the five games are fixed by the spec (created by a migration)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(CardSet)
class CardSetAdmin(_CardCountAdmin):
    list_display = ("code", "name", "game", "released", "card_count")
    list_filter = ("game",)
    search_fields = ("code", "name")
    list_select_related = ("game",)


CARD_FIELDSETS: _FieldsetSpec = (
    (None, {"fields": ("game", "card_set", "number", "title", "title_key", "text", "copies", "extra")}),
    ("Image", {"fields": ("image_preview", "scan_upload", "scan_remove", "image_ref", "face_key")}),
    (
        "Chapter and Verse",
        {
            "classes": ("collapse",),
            "fields": (
                "sacrifice",
                ("icon_strength", "icon_wisdom", "icon_faith", "icon_histories", "icon_trials"),
                "markers",
                "scripture",
                "reference",
                "standard_work",
                "advanced",
                "effects",
            ),
        },
    ),
    (
        "Bible Battles",
        {
            "classes": ("collapse",),
            "fields": (
                "type",
                ("effort", "offense", "defense", "food", "wisdom"),
                ("unique", "mounted"),
                "abilities",
            ),
        },
    ),
    (
        "Book of Mormon Battles / Warriors of the Promised Land",
        {
            "classes": ("collapse",),
            "fields": (
                "kind",
                ("value", "color", "shape", "power"),
                ("icon_names", "alignment", "points", "prophet"),
                "bonuses",
                "armory",
            ),
        },
    ),
    ("Battle Cards", {"classes": ("collapse",), "fields": (("strength", "skill", "magic", "terror", "size"),)}),
)
# The model fields the admin edits (the scan goes through scan_upload instead).
CARD_FORM_FIELDS = tuple(
    name
    for _, options in CARD_FIELDSETS
    for entry in options["fields"]
    for name in (entry if isinstance(entry, tuple) else (entry,))
    if name not in ("image_preview", "title_key", "face_key", "scan_upload", "scan_remove")
)


class CardAdminForm(forms.ModelForm):
    # The model's ImageField would let Django open the file with Pillow before
    # our checks; a plain file field hands it to card_scan_prepare instead.
    scan_upload = forms.FileField(
        label="Upload a scan",
        required=False,
        help_text=f"PNG, JPEG, WebP or GIF; {scan_limits_text()}. A thumbnail is made from it.",
        widget=forms.FileInput(attrs={"accept": SCAN_ACCEPT}),
    )
    scan_remove = forms.BooleanField(label="Remove the scan", required=False)

    class Meta:
        model = Card
        fields = CARD_FORM_FIELDS

    def clean(self):
        """Check the card like the catalog loader would, so an admin edit cannot store what a file could not."""
        cleaned = super().clean()
        game, card_set = cleaned.get("game"), cleaned.get("card_set")
        if self.errors or game is None or card_set is None:
            return cleaned
        if card_set.game_id != game.pk:
            self.add_error("card_set", f"{card_set} is a set of {card_set.game}, not of {game}.")
            return cleaned
        draft = copy.copy(self.instance)
        for name in CARD_FORM_FIELDS:
            if name in cleaned:
                setattr(draft, name, cleaned[name])
        doc = card_document(game.slug, card_set.code, draft.number, draft.title, fields_from_card(draft))
        try:
            parse_catalog({"game": game.slug, "cards": [doc]}, known_set_codes={card_set.code})
        except CatalogError as exc:
            for problem in exc.problems:
                # "cards[0].effects[1].n" -> "effects[1].n", shown on the form field it belongs to.
                path = problem.path.removeprefix("cards[0].")
                field = path.split(".")[0].split("[")[0]
                target = field if field in self.fields and field not in ("icons",) else None
                self.add_error(target, f"{path}: {problem.message}" if target is None else problem.message)
        return cleaned

    def clean_scan_upload(self) -> UploadedFile | None:
        upload = self.cleaned_data.get("scan_upload")
        self.prepared_scan: PreparedScan | None = None
        if upload:
            try:
                self.prepared_scan = card_scan_prepare(upload=upload)
            except CardImageError as exc:
                raise forms.ValidationError(str(exc)) from exc
        return upload


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    list_display = ("title", "game", "card_set", "number", "type", "kind", "has_scan")
    list_filter = ("game", "card_set", "type", "kind")
    search_fields = ("title",)
    list_select_related = ("game", "card_set")
    list_per_page = 50
    readonly_fields = ("image_preview", "title_key", "face_key")
    fieldsets = CARD_FIELDSETS

    @admin.display(boolean=True, description="scan")
    def has_scan(self, obj: Card) -> bool:
        return bool(obj.scan)

    @admin.display(description="image")
    def image_preview(self, obj: Card) -> str:
        if not obj.pk:
            return "-"
        return format_html(
            # A width attribute, not a style attribute: the Content-Security-Policy allows no inline styles.
            '<img src="{}" alt="" width="160">',
            reverse("card-image", args=[obj.pk]),
        )

    def save_model(self, request, obj: Card, form: CardAdminForm, change: bool) -> None:
        super().save_model(request, obj, form, change)
        prepared = getattr(form, "prepared_scan", None)
        if prepared is not None:
            card_scan_store(card=obj, scan=prepared)
        elif form.cleaned_data.get("scan_remove") and obj.scan:
            card_scan_clear(card=obj)
