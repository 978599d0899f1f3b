"""Folders, tags and archiving on the pages: my decks filtered, a deck organised from its page, public tags."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from decks.lists.services import deck_create
from decks.models import Deck
from decks.models import DeckFolder
from decks.models import DeckTag
from decks.organise.services import deck_organise
from decks.organise.services import folder_create

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def rows(response) -> list[str]:
    html = response.content.decode()
    return [
        re.search(r'<a href="/decks/[^"]+/">([^<]*)</a>', row).group(1) for row in html.split('class="deck-row"')[1:]
    ]


def test_my_decks_filter_by_folder_tag_format_and_hide_archived_ones(cv, alice):
    spring = folder_create(owner=alice, name="Spring")
    drafts = folder_create(owner=alice, name="Drafts", parent=spring)
    a = deck_create(owner=alice, game=cv, name="Alpha", format_slug="advanced")
    b = deck_create(owner=alice, game=cv, name="Beta", format_slug="basic")
    c = deck_create(owner=alice, game=cv, name="Gamma", format_slug="basic")
    deck_organise(deck=a, folder=spring, tags=["aggro"])
    deck_organise(deck=b, folder=drafts, tags=["aggro", "budget"])
    deck_organise(deck=c, archived=True)
    client = signed_in(alice)
    assert sorted(rows(client.get("/decks/"))) == ["Alpha", "Beta"]
    assert sorted(rows(client.get("/decks/", {"folder": spring.pk}))) == ["Alpha", "Beta"]
    assert rows(client.get("/decks/", {"folder": drafts.pk})) == ["Beta"]
    assert rows(client.get("/decks/", {"tag": "budget"})) == ["Beta"]
    assert rows(client.get("/decks/", {"format": "basic"})) == ["Beta"]
    assert rows(client.get("/decks/", {"archived": "on"})) == ["Gamma"]
    page = client.get("/decks/").content.decode()
    assert "Drafts" in page and '<span class="chip deck-tag">budget</span>' in page


def test_the_owner_organises_a_deck_from_its_page(cv, alice):
    folder = folder_create(owner=alice, name="Spring")
    deck = deck_create(owner=alice, game=cv, name="Alpha")
    client = signed_in(alice)
    response = client.post(
        f"/decks/{deck.pk}/organise/", {"folder": folder.pk, "tags": "Aggro, spring open,,", "archived": "on"}
    )
    assert response.status_code == 302
    deck.refresh_from_db()
    assert deck.folder == folder and deck.archived
    assert sorted(DeckTag.objects.filter(deck=deck).values_list("name", flat=True)) == ["aggro", "spring open"]
    page = client.get(f"/decks/{deck.pk}/").content.decode()  # archived: still opens
    assert "spring open" in page and 'id="organise-archived" checked' in page
    client.post(f"/decks/{deck.pk}/organise/", {"folder": "", "tags": ""})
    deck.refresh_from_db()
    assert deck.folder is None and not deck.archived and not DeckTag.objects.filter(deck=deck).exists()


def test_folders_are_made_renamed_and_deleted_from_my_decks(cv, alice):
    client = signed_in(alice)
    client.post("/decks/folders/", {"name": "Spring"})
    spring = DeckFolder.objects.get(owner=alice)
    client.post("/decks/folders/", {"name": "Drafts", "parent": spring.pk})
    client.post(f"/decks/folders/{spring.pk}/rename/", {"name": "Summer"})
    assert sorted(DeckFolder.objects.values_list("name", flat=True)) == ["Drafts", "Summer"]
    deck = deck_create(owner=alice, game=cv, name="Alpha")
    deck_organise(deck=deck, folder=DeckFolder.objects.get(name="Drafts"))
    client.post(f"/decks/folders/{spring.pk}/delete/")
    assert not DeckFolder.objects.exists()
    assert Deck.objects.get(pk=deck.pk).folder is None


def test_a_stranger_cannot_organise_a_deck_or_touch_a_folder_and_sees_none(cv, alice, bob):
    folder = folder_create(owner=alice, name="Secret folder")
    deck = deck_create(owner=alice, game=cv, name="Shown", visibility="public")
    deck_organise(deck=deck, folder=folder, tags=["shared"])
    own = deck_create(owner=bob, game=cv, name="Bob's")
    client = signed_in(bob)
    for path, data in [
        (f"/decks/{deck.pk}/organise/", {"tags": "taken", "archived": "on"}),
        (f"/decks/folders/{folder.pk}/rename/", {"name": "Taken"}),
        (f"/decks/folders/{folder.pk}/delete/", {}),
        ("/decks/folders/", {"name": "Inside", "parent": folder.pk}),
        (f"/decks/{own.pk}/organise/", {"folder": folder.pk}),
        (f"/decks/{own.pk}/organise/", {"folder": "9" * 30}),
        (f"/decks/{own.pk}/organise/", {"folder": "\u0661"}),  # an Arabic-Indic one is no folder id
    ]:
        assert client.post(path, data).status_code == 404, path
    deck.refresh_from_db()
    assert deck.folder == folder and not deck.archived and DeckFolder.objects.get().name == "Secret folder"
    assert not DeckFolder.objects.filter(owner=bob).exists()
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Secret folder" not in page and "organise" not in page and "shared" in page  # a public deck's tags show
    assert "Secret folder" not in client.get("/decks/").content.decode()


def test_public_decks_filter_by_tag(cv, alice, bob):
    tagged = deck_create(owner=alice, game=cv, name="Tagged", visibility="public")
    deck_create(owner=alice, game=cv, name="Plain", visibility="public")
    private = deck_create(owner=alice, game=cv, name="Hidden")
    deck_organise(deck=tagged, tags=["budget"])
    deck_organise(deck=private, tags=["budget"])
    assert rows(Client().get("/decks/public/", {"tag": "Budget"})) == ["Tagged"]
    assert sorted(rows(Client().get("/decks/public/"))) == ["Plain", "Tagged"]


def test_my_decks_sort_by_latest_change_newest_or_name_and_keep_the_filters(cv, alice, bob):
    now = timezone.now()
    for name, created, updated in (("beta", 3, 1), ("Alpha", 2, 3), ("gamma", 1, 2)):  # days ago
        deck = deck_create(owner=alice, game=cv, name=name)
        deck_organise(deck=deck, tags=["aggro"])
        Deck.objects.filter(pk=deck.pk).update(
            created=now - timedelta(days=created), updated=now - timedelta(days=updated)
        )
    folder = folder_create(owner=alice, name="Spring")
    deck_create(owner=bob, game=cv, name="Aardvark", visibility="public")  # first by name, but not alice's
    client = signed_in(alice)

    assert rows(client.get("/decks/")) == ["beta", "gamma", "Alpha"]
    assert rows(client.get("/decks/", {"sort": "newest"})) == ["gamma", "Alpha", "beta"]
    assert rows(client.get("/decks/", {"sort": "name"})) == ["Alpha", "beta", "gamma"]
    assert rows(client.get("/decks/", {"sort": "loudest"})) == ["beta", "gamma", "Alpha"]  # unknown: the default

    page = client.get("/decks/", {"sort": "name", "tag": "aggro"})
    assert rows(page) == ["Alpha", "beta", "gamma"]
    html = page.content.decode()
    assert '<option value="name" selected>Name (A to Z)</option>' in html
    assert '<option value="aggro" selected>' in html  # one form: the filters and the sort go together
    assert f'href="?sort=name&amp;tag=aggro&amp;folder={folder.pk}"' in html  # a folder keeps them too

    api = client.get("/api/v1/decks/", {"sort": "name"}).json()
    assert [d["name"] for d in api["results"]] == ["Alpha", "beta", "gamma"]
