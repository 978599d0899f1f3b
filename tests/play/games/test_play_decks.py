"""A collectible game's seats bring their deck lists (docs/contracts/deck-format.md) to `game_replay`: each list
is resolved against the catalog and reaches the engine as that seat's cards; a fixed-deck game still refuses a
deck; a bad or oversized list is a SetupError (a 400 on the API) naming the seat, before any parsing for a
list over the bounds."""

import json

import pytest

from cardcollections.catalog.services import catalog_load
from play.games import services
from rules.play.interface import Result
from rules.play.interface import SetupError
from tests.rules.checkers.pools import CATALOGS

GAME = "chapter-and-verse"  # a collectible game


class Recording:
    """An engine that keeps the Setup it was dealt: what a collectible game's engine is handed."""

    game = GAME
    min_seats = 2
    max_seats = 6
    variants: tuple[str, ...] = ()

    def new_game(self, setup):
        return setup, []

    def legal(self, state):
        return {}

    def result(self, state):
        return Result((), "recorded")

    def to_dict(self, state):
        return {}


@pytest.fixture
def collectible(db, monkeypatch):
    catalog_load(document=json.loads((CATALOGS / f"{GAME}.json").read_text(encoding="utf-8")))
    monkeypatch.setattr(services, "engine_for", lambda game: Recording())


def _setup(seats, options=None):
    return services.game_replay(game=GAME, seats=seats, options=options or {}, seed=1, actions=[]).state


def test_it_hands_each_seat_its_own_deck_every_copy_in_the_lists_order(collectible):
    setup = _setup([{"name": "Ann", "deck": "3 Be Strong\n1 Go and Do"}, {"name": "Ben", "deck": "2x Go and Do"}])
    assert [c.title for c in setup.seats[0].deck] == ["Be Strong"] * 3 + ["Go and Do"]
    assert [c.title for c in setup.seats[1].deck] == ["Go and Do", "Go and Do"]
    assert setup.box  # the starter set is there too, for a basic game split from it


def test_a_seat_without_a_deck_brings_none_and_the_engine_decides(collectible):
    setup = _setup([{"name": "Ann", "deck": "1 Go and Do"}, {"name": "Ben"}])
    assert setup.seats[1].deck == ()


@pytest.mark.parametrize(
    ("deck", "code"),
    [
        ("3 Not A Verse At All", "unknown-card"),
        ("this is not a deck line", "unparseable-line"),
        ("# only a comment", "empty-deck"),
        ("501 Go and Do", "deck-too-big"),
        ("1 Faith\n" * 1000, "deck-too-long"),
        ("x" * 20_001, "deck-too-long"),
        (["1 Faith"], "bad-deck"),
    ],
)
def test_a_bad_deck_list_is_refused_naming_the_seat(collectible, deck, code):
    with pytest.raises(SetupError) as refused:
        _setup([{"name": "Ann"}, {"name": "Ben", "deck": deck}])
    assert refused.value.path == "seats[1].deck"
    assert refused.value.code == code


def test_a_fixed_deck_game_still_refuses_a_deck(boxes):
    with pytest.raises(SetupError) as refused:
        services.game_replay(
            game="battle-cards", seats=[{"name": "A", "deck": "1 X"}, {"name": "B"}], options={}, seed=1, actions=[]
        )
    assert refused.value.path == "seats[0].deck" and refused.value.code == "no-decks"


def test_the_api_refuses_a_deck_list_of_sixty_thousand_lines_before_reading_it(collectible):
    from rest_framework.test import APIClient

    body = {"seats": [{"name": "Ann", "deck": "1 Faith\n" * 60_000}, {"name": "Ben"}], "seed": 1}
    answer = APIClient().post(f"/api/v1/play/{GAME}/", body, format="json")
    assert answer.status_code == 400
    assert answer.json()["field"].startswith("seats")


def test_the_new_game_form_passes_each_seats_deck(collectible):
    from play.games.forms import NewGameForm

    form = NewGameForm({"game": "battle-cards", "mode": "computer", "players": 3, "deck": "1 Faith", "other_deck": ""})
    assert not form.is_valid() and "deck" in form.errors  # a fixed-deck game takes no deck
