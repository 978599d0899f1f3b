"""Print and play's fixtures: decks of the Chapter and Verse test catalog (tests/decks/conftest.py)."""

import pytest

from cardcollections.models import Game
from decks.lists.services import deck_create
from tests.decks.conftest import verse_title


def deck_of(owner, copies: dict[int, int], *, visibility: str = "private", name: str = "Proxies"):
    """A deck of `copies[i]` copies of Verse i (sorted by title, as every deck list)."""
    text = "".join(f"{n} {verse_title(i)}\n" for i, n in sorted(copies.items()))
    cv = Game.objects.get(slug="chapter-and-verse")
    return deck_create(owner=owner, game=cv, name=name, decklist=text, visibility=visibility)


@pytest.fixture
def twelve(cv_catalog, alice):
    """alice's private deck of twelve cards: three copies each of Verse 001 to 004 (two pages of fronts)."""
    return deck_of(alice, {1: 3, 2: 3, 3: 3, 4: 3})
