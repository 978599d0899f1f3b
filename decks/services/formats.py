"""Writing tournament formats."""

from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from cardcollections.adapters import card_pool_for_game
from cardcollections.models import CardSet, Game
from decks.models import TournamentFormat
from rules import formats
from rules.decklist import suggest_titles
from rules.text import title_key


def _titles(field: str, titles: Iterable[str], game: str, errors: dict[str, list[str]]) -> list[str]:
    """The titles as the catalog spells them, once each; unknown titles are errors with suggestions."""
    pool = card_pool_for_game(game)
    out: dict[str, str] = {}
    for raw in titles:
        if not raw.strip():
            continue
        printings = pool.by_title(raw)
        if not printings:
            near = suggest_titles(pool, raw)
            hint = f" Did you mean {', '.join(near)}?" if near else ""
            errors.setdefault(field, []).append(f"No {game} card is called {raw.strip()}.{hint}")
            continue
        out.setdefault(title_key(raw), printings[0].title)
    return list(out.values())


@transaction.atomic
def tournament_format_create(
    *,
    organiser: AbstractBaseUser | None,
    slug: str,
    name: str,
    game: Game,
    base_format: str,
    legal_sets: Iterable[CardSet] = (),
    banned_titles: Iterable[str] = (),
    restricted_titles: Iterable[str] = (),
    min_size: int | None = None,
    max_size: int | None = None,
) -> TournamentFormat:
    """Create a tournament format; raise ValidationError (by field) if it could never be used."""
    errors: dict[str, list[str]] = {}
    try:
        formats.base_format(game.slug, base_format)
    except formats.UnknownFormat as exc:
        errors["base_format"] = [exc.message]
    if formats.is_base_format_slug(slug):
        errors["slug"] = [f"{slug} is the name of a base format; choose another slug."]
    elif TournamentFormat.objects.filter(slug=slug).exists():
        errors["slug"] = [f"A format called {slug} already exists."]
    sets = list(legal_sets)
    foreign = [s.code for s in sets if s.game_id != game.pk]
    if foreign:
        errors["legal_sets"] = [f"{', '.join(foreign)} {'is' if len(foreign) == 1 else 'are'} not a {game} set."]
    if min_size is not None and max_size is not None and min_size > max_size:
        errors["max_size"] = ["The maximum size must not be below the minimum."]
    banned = _titles("banned_titles", banned_titles, game.slug, errors)
    restricted = _titles("restricted_titles", restricted_titles, game.slug, errors)
    if errors:
        raise ValidationError(errors)
    try:
        with transaction.atomic():
            row = TournamentFormat.objects.create(
                slug=slug,
                name=name,
                game=game,
                base_format=base_format,
                banned_titles=banned,
                restricted_titles=restricted,
                min_size=min_size,
                max_size=max_size,
                organiser=organiser,
            )
    except IntegrityError as exc:
        # Lost a race for the slug with another organiser.
        raise ValidationError({"slug": [f"A format called {slug} already exists."]}) from exc
    row.legal_sets.set(sets)
    return row
