"""The card catalogs of the five games.

One Card table carries the fields of every game (docs/contracts/catalog-format.md); a column a
game does not use stays at its empty value. One table keeps the catalog, the
search and every later foreign key (collections, decks) simple, and each game's
fields stay queryable columns.
"""

from django.db import models
from django.db.models.functions import Lower

from rules.catalog_fields import DEFAULT_PROVENANCE
from rules.catalog_fields import PROVENANCES
from rules.games import GAMES
from rules.games.chapter_and_verse import CV_THEMES
from rules.text import title_key


class Game(models.Model):
    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=100)
    collectible = models.BooleanField(default=True)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position"]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def ensure_all(cls) -> None:
        """Create the five games if missing (they are fixed by the spec)."""
        for position, game in enumerate(GAMES):
            cls.objects.update_or_create(
                slug=game.slug,
                defaults={"name": game.name, "collectible": game.collectible, "position": position},
            )


class CardSet(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sets")
    code = models.CharField(max_length=20)
    name = models.CharField(max_length=200)
    released = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["game__position", "released", "code"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="uniq_set_code_per_game")]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


def card_scan_path(card: "Card", filename: str) -> str:
    return f"cards/{card.game_id}/{card.card_set_id}/{card.number}/scan-{filename}"


class Card(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="cards")
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="cards")
    number = models.CharField(max_length=20)
    title = models.CharField(max_length=200)
    title_key = models.CharField(max_length=200, db_index=True, editable=False)
    text = models.TextField(blank=True, default="")
    copies = models.PositiveIntegerField(default=1)
    image_ref = models.CharField("image path in the catalog file", max_length=500, blank=True, default="")
    extra = models.JSONField(default=dict, blank=True)
    # Where the card's facts come from: published (a public source, its URL in `source`),
    # sample (written for this site) or community (entered by a player and approved).
    provenance = models.CharField(
        max_length=10, choices=[(p, p) for p in PROVENANCES], default=DEFAULT_PROVENANCE, db_index=True
    )
    source = models.URLField(max_length=500, blank=True, default="")
    # Errata and rulings: [{"text": ..., "source": URL}].
    rulings = models.JSONField(default=list, blank=True)
    # Lower-cased title, text, scripture, abilities: what the search box looks in.
    search_text = models.TextField(blank=True, default="", editable=False)
    # Bumped by every save: the catalog stamp that tells cached card pools they are stale.
    modified = models.DateTimeField(auto_now=True, db_index=True)

    # Images: an uploaded scan (verified), its thumbnail, or a rendered face.
    scan = models.ImageField(upload_to=card_scan_path, blank=True, max_length=300)
    thumbnail = models.ImageField(upload_to="cards/thumbs/", blank=True, max_length=300, editable=False)
    face = models.ImageField(upload_to="cards/faces/", blank=True, max_length=300, editable=False)
    face_key = models.CharField(max_length=64, blank=True, default="", editable=False)

    # Chapter and Verse
    sacrifice = models.PositiveSmallIntegerField(null=True, blank=True)
    icon_strength = models.PositiveSmallIntegerField(default=0)
    icon_wisdom = models.PositiveSmallIntegerField(default=0)
    icon_faith = models.PositiveSmallIntegerField(default=0)
    icon_histories = models.PositiveSmallIntegerField(default=0)
    icon_trials = models.PositiveSmallIntegerField(default=0)
    markers = models.JSONField(default=list, blank=True)
    scripture = models.TextField(blank=True, default="")
    reference = models.CharField(max_length=200, blank=True, default="")
    standard_work = models.CharField(max_length=40, blank=True, default="")
    advanced = models.BooleanField(default=False)
    effects = models.JSONField(default=list, blank=True)
    # "|faith verse|prophet|effect:unique|": markers and effect kinds (C&V) or
    # icon names (WPL), for filtering on every database (SQLite has no JSON
    # containment).
    tags_key = models.CharField(max_length=500, blank=True, default="", editable=False)

    # Bible Battles
    type = models.CharField(max_length=20, blank=True, default="")
    effort = models.PositiveIntegerField(null=True, blank=True)
    offense = models.PositiveIntegerField(null=True, blank=True)
    defense = models.PositiveIntegerField(null=True, blank=True)
    food = models.PositiveIntegerField(default=0)
    wisdom = models.PositiveIntegerField(default=0)
    unique = models.BooleanField(default=False)
    mounted = models.BooleanField(default=False)
    abilities = models.TextField(blank=True, default="")

    # Book of Mormon Battles (kind, value, color, shape, power) and
    # Warriors of the Promised Land (kind, icons, alignment, points, ...)
    kind = models.CharField(max_length=20, blank=True, default="")
    value = models.IntegerField(null=True, blank=True)
    color = models.CharField(max_length=10, blank=True, default="")
    shape = models.CharField(max_length=10, blank=True, default="")
    power = models.CharField(max_length=40, blank=True, default="")
    icon_names = models.JSONField("icons (Warriors)", default=list, blank=True)
    alignment = models.CharField(max_length=10, null=True, blank=True)
    points = models.IntegerField(null=True, blank=True)
    prophet = models.BooleanField(default=False)
    bonuses = models.JSONField(default=list, blank=True)
    armory = models.CharField(max_length=60, blank=True, default="")

    # Battle Cards (value is shared with Book of Mormon Battles)
    strength = models.PositiveIntegerField(null=True, blank=True)
    skill = models.PositiveIntegerField(null=True, blank=True)
    magic = models.PositiveIntegerField(null=True, blank=True)
    terror = models.PositiveIntegerField(null=True, blank=True)
    size = models.CharField(max_length=1, blank=True, default="")

    class Meta:
        ordering = ["game__position", "card_set__released", "card_set__code", "number"]
        constraints = [
            models.UniqueConstraint(fields=["card_set", "number"], name="uniq_card_number_per_set"),
        ]
        indexes = [
            models.Index(fields=["game", "title_key"]),
            models.Index(fields=["game", "type"]),
            models.Index(fields=["game", "sacrifice"]),
            models.Index(Lower("title"), name="card_title_lower"),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.card_set.code}) {self.number}"

    def save(self, *args, **kwargs) -> None:
        self.title_key = title_key(self.title)
        self.search_text = self.derived_search_text()
        self.tags_key = self.derived_tags_key()
        super().save(*args, **kwargs)

    # Derived only from the card's own fields.
    def derived_search_text(self) -> str:
        parts = [self.title, self.text, self.scripture, self.reference, self.abilities]
        return " \n".join(p for p in parts if p).casefold()

    def derived_tags_key(self) -> str:
        effects = [f"effect:{e.get('kind')}" for e in self.effects or []]
        tags = [*(self.markers or []), *(self.icon_names or []), *effects]
        return "|" + "|".join(title_key(t) for t in tags) + "|" if tags else ""

    @property
    def icons(self) -> dict[str, int]:
        return {theme: getattr(self, f"icon_{theme}") for theme in CV_THEMES}

    @property
    def is_unique(self) -> bool:
        """Unique for the copy limits: the C&V effect, or BB's flag or unique-person type."""
        if any(e.get("kind") == "unique" for e in self.effects or []):
            return True
        return self.unique or self.type == "unique-person"

    @property
    def cost(self) -> int | None:
        return self.sacrifice if self.sacrifice is not None else self.effort

    @property
    def image_url(self) -> str:
        if self.thumbnail:
            return self.thumbnail.url
        if self.scan:
            return self.scan.url
        if self.face:
            return self.face.url
        return ""
