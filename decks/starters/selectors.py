"""Reading the starter decks: those whose game's catalog is loaded, their lists and sizes."""

from dataclasses import dataclass

from django.db.models import Sum

from cardcollections.models import Card
from cardcollections.models import Game
from decks.starters.catalog import STARTERS
from decks.starters.catalog import STARTERS_BY_SLUG
from decks.starters.catalog import Starter
from rules.decklist.parse import parse_decklist
from rules.text import title_key


@dataclass(frozen=True)
class StarterShown:
    starter: Starter
    game: Game
    card_count: int
    sample: bool  # some of its cards are sample cards written for this site, not printed ones


def starter_decklist(*, starter: Starter, game: Game) -> str:
    """The list as text; a box is every card of the game's catalog with its copies (one query)."""
    if starter.decklist is not None:
        return starter.decklist
    cards = Card.objects.filter(game=game).select_related("card_set").order_by("card_set__code", "id")
    return "".join(f"{c.copies} {c.title} ({c.card_set.code}) {c.number}\n" for c in cards)


def starters_available() -> list[StarterShown]:
    """Every starter whose game is loaded, in the file's order, with its size and whether it holds sample cards
    (three queries)."""
    games = {g.slug: g for g in Game.objects.filter(slug__in={s.game for s in STARTERS})}
    boxes = dict(
        Card.objects.filter(game__slug__in=games).values_list("game__slug").annotate(total=Sum("copies")).order_by()
    )
    samples: dict[str, set[str]] = {}
    for slug, title in Card.objects.filter(game__slug__in=games, provenance="sample").values_list(
        "game__slug", "title"
    ):
        samples.setdefault(slug, set()).add(title_key(title))
    out = []
    for s in STARTERS:
        if s.game not in games:
            continue
        listed = s.decklist is not None
        entries = parse_decklist(s.decklist).entries if s.decklist is not None else ()
        count = sum(e.count for e in entries) if listed else boxes.get(s.game, 0)
        sampled = samples.get(s.game, set())
        sample = any(title_key(e.title or "") in sampled for e in entries) if listed else bool(sampled)
        out.append(StarterShown(s, games[s.game], count, sample))
    return out


def starter_get(*, slug: str) -> tuple[Starter, Game] | None:
    starter = STARTERS_BY_SLUG.get(slug)
    if starter is None:
        return None
    game = Game.objects.filter(slug=starter.game).first()
    return None if game is None else (starter, game)
