"""Tournament formats: defined by an organiser, then accepted by slug wherever a format is."""

import json

import pytest
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from cardcollections.models import CardSet
from cardcollections.models import Game
from decks.exceptions import DeckRequestError
from decks.formats.services import FormatRules
from decks.formats.services import tournament_format_create
from decks.models import TournamentFormat
from decks.validation.services import deck_validate
from tests.decklists import copies_per_title
from tests.decks.conftest import legal_cv_text
from tests.decks.conftest import verse_title
from tests.decks.events.fixtures import cv1_format

CV = "chapter-and-verse"


@pytest.fixture
def spring(cv_catalog, alice) -> TournamentFormat:
    """Spring Open: CV1 only, Verse 001 banned, Verse 002 restricted, 30 to 45 cards."""
    return cv1_format(
        Game.objects.get(slug=CV),
        alice,
        "spring-open",
        "Spring Open",
        banned_titles=["verse 001"],
        restricted_titles=["Verse   002"],
    )


def spring_deck(cards: int) -> str:
    """`cards` cards of Spring Open's plain verses, 3 of each (Verse 001 and 002 left out)."""
    return "\n".join(f"{count} {verse_title(i)}" for i, count in enumerate(copies_per_title(cards, 3), start=3))


def codes(result) -> list[str]:
    return [f.code for f in result.errors]


def test_it_stores_titles_as_the_catalog_spells_them(spring):
    assert spring.banned_titles == ["Verse 001"]
    assert spring.restricted_titles == ["Verse 002"]
    assert [s.code for s in spring.legal_sets.all()] == ["CV1"]


@pytest.mark.parametrize(
    ("text", "code", "fields"),
    [
        (spring_deck(33) + "\n1 Verse 001", "banned-card", {"title": "Verse 001", "count": 1}),
        (spring_deck(33) + "\n2 Verse 002", "restricted-card", {"title": "Verse 002", "count": 2, "limit": 1}),
        (spring_deck(33) + "\n1 Only In Two", "set-not-legal", {"title": "Only In Two", "sets": ["CV2"]}),
        (spring_deck(33) + "\n1 By Small Means (CV2) 1", "set-not-legal", {"title": "By Small Means"}),
        (spring_deck(29), "deck-too-small", {"minimum": 30}),
        (spring_deck(46), "deck-too-large", {"maximum": 45}),
    ],
    ids=["banned", "restricted", "set-not-legal", "printing-not-legal", "too-small", "too-large"],
)
def test_it_applies_a_tournament_format_by_slug(spring, text, code, fields):
    result = deck_validate(game=CV, format_slug="spring-open", decklist=text)
    assert result.format == "spring-open"
    assert codes(result) == [code]
    found = result.to_dict()["errors"][0]
    assert {k: found[k] for k in fields} == fields


def test_its_sizes_replace_the_base_ones(spring):
    # 33 cards: too few for advanced, enough for Spring Open.
    assert deck_validate(game=CV, format_slug="spring-open", decklist=spring_deck(33)).legal
    assert codes(deck_validate(game=CV, format_slug="advanced", decklist=spring_deck(33))) == ["deck-too-small"]


def test_it_keeps_the_base_formats_rules(spring):
    result = deck_validate(game=CV, format_slug="spring-open", decklist=spring_deck(33) + "\n2 Pride Cycle")
    assert codes(result) == ["unique-limit"]


def test_a_title_printed_in_a_legal_set_is_legal_without_a_printing(spring):
    assert deck_validate(game=CV, format_slug="spring-open", decklist=spring_deck(33) + "\n1 By Small Means").legal


def test_it_is_accepted_on_the_api(spring):
    body = {"game": CV, "format": "spring-open", "decklist": spring_deck(33) + "\n1 Verse 001"}
    response = APIClient().post("/api/v1/decks/validate/", json.dumps(body), content_type="application/json")
    assert response.status_code == 200
    assert response.json()["format"] == "spring-open"
    assert [f["code"] for f in response.json()["errors"]] == ["banned-card"]


def test_it_costs_a_bounded_number_of_queries(spring, django_assert_max_num_queries):
    for deck in (spring_deck(33), legal_cv_text(60, copies=1)):
        with django_assert_max_num_queries(3):
            deck_validate(game=CV, format_slug="spring-open", decklist=deck)


def test_it_is_not_a_format_of_another_game(spring, bb_catalog):
    with pytest.raises(DeckRequestError) as info:
        deck_validate(game="bible-battles", format_slug="spring-open", decklist="1 Shepherd")
    assert info.value.field == "format"


def test_no_legal_sets_means_every_set(cv_catalog):
    tournament_format_create(
        organiser=None, slug="open", name="Open", game=Game.objects.get(slug=CV), rules=FormatRules("advanced")
    )
    assert deck_validate(game=CV, format_slug="open", decklist=legal_cv_text() + "\n1 Only In Two").legal


# ---------------------------------------------------------------- creating formats
def create(**overrides):
    """A format by the service: `overrides` of the organiser, slug, name or game, or of its rules."""
    fields = {"organiser": None, "slug": "summer", "name": "Summer", "game": Game.objects.get(slug=CV)}
    rules = {"base_format": "advanced"}
    for key, value in overrides.items():
        (fields if key in fields else rules)[key] = value
    return tournament_format_create(**fields, rules=FormatRules(**rules))


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"base_format": "standard"}, "base_format"),
        ({"slug": "advanced"}, "slug"),
        ({"slug": "complete"}, "slug"),
        ({"banned_titles": ["Verse 001", "Bye Small Means"]}, "banned_titles"),
        ({"restricted_titles": ["Nope"]}, "restricted_titles"),
        ({"min_size": 50, "max_size": 40}, "max_size"),
    ],
)
def test_it_refuses_a_format_that_could_never_be_used(cv_catalog, overrides, field):
    with pytest.raises(ValidationError) as info:
        create(**overrides)
    assert field in info.value.message_dict
    assert not TournamentFormat.objects.exists()


def test_it_suggests_a_title_for_a_misspelt_ban(cv_catalog):
    with pytest.raises(ValidationError) as info:
        create(banned_titles=["Bye Small Means"])
    assert "Did you mean By Small Means" in info.value.message_dict["banned_titles"][0]


def test_it_refuses_a_set_of_another_game(cv_catalog, bb_catalog):
    with pytest.raises(ValidationError) as info:
        create(legal_sets=CardSet.objects.filter(code="BB1"))
    assert "legal_sets" in info.value.message_dict


def test_it_refuses_a_slug_that_is_taken(cv_catalog):
    create()
    with pytest.raises(ValidationError) as info:
        create(name="Other")
    assert "slug" in info.value.message_dict


# ---------------------------------------------------------------- pages
def test_anyone_can_list_the_formats(client, spring):
    response = client.get("/decks/formats/")
    assert response.status_code == 200
    assert b"Spring Open" in response.content
    assert b"spring-open" in response.content


def test_an_anonymous_visitor_is_sent_to_log_in_to_create_a_format(client, cv_catalog, settings):
    settings.LOGIN_URL = "/accounts/login/"
    response = client.get("/decks/formats/new/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    response = client.post("/decks/formats/new/", {"name": "X", "slug": "x", "game": CV, "base_format": "advanced"})
    assert response.status_code == 302
    assert not TournamentFormat.objects.exists()


def test_an_organiser_creates_a_format_from_the_page(client, cv_catalog, alice):
    client.force_login(alice)
    assert client.get("/decks/formats/new/").status_code == 200
    cv1 = CardSet.objects.get(code="CV1")
    response = client.post(
        "/decks/formats/new/",
        {
            "name": "Autumn Cup",
            "slug": "autumn-cup",
            "game": CV,
            "base_format": "advanced",
            "legal_sets": [cv1.pk],
            "banned_titles": "Verse 001\n\n  verse 003 \n",
            "restricted_titles": "",
            "min_size": "40",
            "max_size": "",
        },
    )
    assert response.status_code == 302, response.content.decode()
    row = TournamentFormat.objects.get(slug="autumn-cup")
    assert row.organiser == alice
    assert row.banned_titles == ["Verse 001", "Verse 003"]
    assert row.min_size == 40 and row.max_size is None
    assert list(row.legal_sets.all()) == [cv1]
    assert (
        deck_validate(game=CV, format_slug="autumn-cup", decklist=legal_cv_text()).to_dict()["errors"][0]["code"]
        == "banned-card"
    )


def test_the_page_shows_the_services_objections_beside_the_fields(client, cv_catalog, alice):
    client.force_login(alice)
    response = client.post(
        "/decks/formats/new/",
        {"name": "Bad", "slug": "bad", "game": CV, "base_format": "standard", "banned_titles": "Nope"},
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert "base_format" in form.errors
    assert "banned_titles" in form.errors
    assert not TournamentFormat.objects.exists()


def test_a_hand_edited_format_is_refused_not_a_crash(spring):
    TournamentFormat.objects.filter(pk=spring.pk).update(base_format="standard", banned_titles={"x": 1})
    with pytest.raises(DeckRequestError) as info:
        deck_validate(game=CV, format_slug="spring-open", decklist="1 Verse 003")
    assert info.value.field == "format"
    response = APIClient().post(
        "/api/v1/decks/validate/",
        json.dumps({"game": CV, "format": "spring-open", "decklist": "1 Verse 003"}),
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "format" and "misconfigured" in response.json()["message"]


def test_the_admin_form_checks_a_format(cv_catalog):
    row = TournamentFormat(
        slug="basic",
        name="X",
        game=Game.objects.get(slug=CV),
        base_format="standard",
        banned_titles="Verse 001",
        min_size=5,
        max_size=4,
    )
    with pytest.raises(ValidationError) as info:
        row.full_clean()
    assert {"slug", "base_format", "banned_titles", "max_size"} <= set(info.value.message_dict)


def test_the_admin_lists_and_adds_formats(client, staff, spring):
    staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    assert client.get("/admin/decks/tournamentformat/").status_code == 200
    assert client.get("/admin/decks/tournamentformat/add/").status_code == 200
    assert client.get(f"/admin/decks/tournamentformat/{spring.pk}/change/").status_code == 200


def test_the_admin_form_shows_every_field_of_a_format_in_its_order(client, staff, spring):
    # `fields` is written out (the rule fields come from an abstract base): a field the model gains must be added.
    staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    response = client.get(f"/admin/decks/tournamentformat/{spring.pk}/change/")
    shown = [name for _title, options in response.context["adminform"].fieldsets for name in options["fields"]]
    model_fields = {f.name for f in TournamentFormat._meta.get_fields() if f.concrete and f.name != "id"}
    assert set(shown) == model_fields
    assert shown[:5] == ["slug", "name", "game", "base_format", "legal_sets"]
