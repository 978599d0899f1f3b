"""Mastery (docs/learning.md, "Mastery"): after a game of Chapter and Verse at a table, an opponent signs the
Mastery card of a verse the player quoted word for word there, once per verse and game; nobody signs for
themselves, a stranger signs nothing; the player's mastery page shows the signature, and is theirs alone unless
they show it."""

from __future__ import annotations

import json
import random
import uuid
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client

from cardcollections.catalog.services import catalog_load
from cardcollections.models import Card
from learning.mastery.models import Signature
from learning.mastery.services import signature_create
from learning.services import LearningError
from rules.games.chapter_and_verse.table import quoted_verses
from tables.models import TableStatus
from tables.positions import forget_positions
from tables.positions import position
from tables.selectors import table_seats
from tables.services import Actor
from tables.services import TableRefused
from tables.services import table_create
from tables.services import table_join
from tables.services import table_move
from tables.services import table_resign
from tables.services import table_sign_verse

pytestmark = pytest.mark.django_db

CATALOG = Path(__file__).resolve().parents[2] / "cardcollections" / "starter_catalogs" / "chapter-and-verse.json"


@pytest.fixture(autouse=True)
def _fresh():
    forget_positions()
    cache.clear()
    yield
    forget_positions()


@pytest.fixture
def cv_box(db):
    catalog_load(document=json.loads(CATALOG.read_text(encoding="utf-8")))


def _quoted_game(alice, bob, *, seed: int = 0, quote=None):
    """A table of alice (seat 0) and bob (seat 1) where alice quotes a verse word for word (typed through the
    table's move service, as the API and the socket send it, or by `quote(table, action, text)`); then bob
    resigns: the game is over."""
    for attempt in range(40):
        table = table_create(host=alice, game="chapter-and-verse", seats=["person", "person"], seed=seed + attempt)
        table_join(table_id=table.pk, actor=Actor(user=bob))
        rng = random.Random(attempt)
        actors = {0: Actor(user=alice), 1: Actor(user=bob)}
        for n in range(300):
            table.refresh_from_db()
            if table.status != TableStatus.PLAYING:
                break
            played = position(table, table_seats(table))
            state = played.state
            if quoted_verses(state):
                table_resign(table_id=table.pk, actor=actors[1], after=table.seq, key=f"resign-{n:04d}")
                table.refresh_from_db()
                return table
            legal = played.engine.legal(state)
            seat = min(legal)
            quotes = [a for a in legal[seat] if a["type"] == "quote"]
            if seat == 0 and quotes:
                text = state.card(quotes[0]["ids"][0])[2].data.scripture
                if quote is not None:
                    quote(table, legal[seat].index(quotes[0]), text)
                    continue
                action = {**quotes[0], "text": text}
            else:
                choices = [a for a in legal[seat] if a["type"] != "quote"] or legal[seat]
                action = dict(rng.choice(choices))
                if "text" in action and action["text"] is None:
                    action["text"] = "I do not know it"
            table_move(table_id=table.pk, actor=actors[seat], after=table.seq, key=f"move-{n:04d}", action=action)
    raise AssertionError("no game with a quote")


@pytest.fixture
def finished(cv_box, alice, bob):
    return _quoted_game(alice, bob)


def _quote(table):
    seat, card = quoted_verses(position(table, table_seats(table)).state)[0]
    return seat, card


def test_a_typed_quote_at_a_table_is_judged_on_the_words_typed(finished):
    """The table keeps what was typed (a legal action's "text": null takes it), so the replay judges the same words."""
    seat, card = _quote(finished)
    assert seat == 0 and card.data.scripture


def test_the_opponent_signs_a_verse_quoted_right_once_per_game(finished, alice, bob):
    seat, card = _quote(finished)
    signature, new = table_sign_verse(table_id=finished.pk, signer=bob, seat=seat, card=card.id)
    assert new and signature.player == alice and signature.signer == bob and signature.table_id == finished.pk
    assert signature.card.title == card.data.title
    again, new = table_sign_verse(table_id=finished.pk, signer=bob, seat=seat, card=card.id)
    assert not new and again == signature
    assert Signature.objects.count() == 1


def test_nobody_signs_their_own_quote_and_a_stranger_signs_nothing(finished, alice, charlie):
    seat, card = _quote(finished)
    with pytest.raises(TableRefused) as own:
        table_sign_verse(table_id=finished.pk, signer=alice, seat=seat, card=card.id)
    assert own.value.code == "not-your-seat"
    with pytest.raises(TableRefused) as stranger:
        table_sign_verse(table_id=finished.pk, signer=charlie, seat=seat, card=card.id)
    assert stranger.value.code == "not-your-seat"
    assert not Signature.objects.exists()


def test_only_a_verse_quoted_right_in_this_game_is_signed(finished, bob):
    seat, card = _quote(finished)
    for bad_seat, bad_card in ((seat, "no-such-card"), (1, card.id), (None, card.id)):
        with pytest.raises(TableRefused) as refused:
            table_sign_verse(table_id=finished.pk, signer=bob, seat=bad_seat, card=bad_card)
        assert refused.value.code in ("not-quoted", "not-your-seat")
    assert not Signature.objects.exists()


def test_a_game_still_playing_signs_nothing(cv_box, alice, bob):
    table = table_create(host=alice, game="chapter-and-verse", seats=["person", "person"], seed=1)
    table_join(table_id=table.pk, actor=Actor(user=bob))
    with pytest.raises(TableRefused) as refused:
        table_sign_verse(table_id=table.pk, signer=bob, seat=0, card="x")
    assert refused.value.code == "not-over"


def test_the_signing_service_refuses_signing_for_oneself(cv_box, alice):
    card = Card.objects.exclude(scripture="").exclude(reference="").first()

    with pytest.raises(LearningError):
        signature_create(signer=alice, player=alice, card=card, table_id=uuid.uuid4(), game="chapter-and-verse")


def test_the_finished_table_page_offers_signing_to_the_opponent_only(finished, client, alice, bob, charlie):
    seat, card = _quote(finished)
    url = f"/tables/{finished.pk}/"
    client.force_login(bob)
    page = client.get(url).content.decode()
    assert "Sign a Mastery card" in page and f"Sign for {alice.username}" in page
    response = client.post(f"{url}sign/", {"seat": seat, "card": card.id})
    assert response.status_code == 302
    assert Signature.objects.filter(player=alice, signer=bob).count() == 1
    client.post(f"{url}sign/", {"seat": seat, "card": card.id})
    assert Signature.objects.count() == 1
    assert "— signed" in client.get(url).content.decode()
    for viewer in (alice, charlie):
        client.force_login(viewer)
        assert "Sign a Mastery card" not in client.get(url).content.decode()
    client.post(f"{url}sign/", {"seat": seat, "card": card.id})  # charlie
    assert Signature.objects.count() == 1
    client.logout()
    assert "Sign a Mastery card" not in client.get(url).content.decode()
    assert client.post(f"{url}sign/", {"seat": seat, "card": card.id}).status_code == 302  # to the sign-in page
    assert Signature.objects.count() == 1


def test_the_mastery_page_shows_the_signatures_and_is_private_unless_shown(finished, client, alice, bob, charlie):
    seat, card = _quote(finished)
    table_sign_verse(table_id=finished.pk, signer=bob, seat=seat, card=card.id)
    client.force_login(alice)
    page = client.get("/learn/mastery/").content.decode()
    assert card.data.title in page and f"signed by {bob.username}" in page
    assert "define no Mastery Game levels" in page
    assert client.get(f"/learn/mastery/{alice.username}/").status_code == 200
    client.force_login(charlie)
    assert client.get(f"/learn/mastery/{alice.username}/").status_code == 404
    client.logout()
    assert client.get(f"/learn/mastery/{alice.username}/").status_code == 404
    assert client.get("/learn/mastery/nobody-at-all/").status_code == 404
    client.force_login(alice)
    client.post("/learn/mastery-sharing/", {"public": "on"})
    client.force_login(charlie)
    shown = client.get(f"/learn/mastery/{alice.username}/").content.decode()
    assert card.data.title in shown and "Who sees this page" not in shown
    client.post("/learn/mastery-sharing/", {})  # charlie's own page: alice's stays shown
    assert client.get(f"/learn/mastery/{alice.username}/").status_code == 200
    client.force_login(alice)
    client.post("/learn/mastery-sharing/", {})
    client.force_login(charlie)
    assert client.get(f"/learn/mastery/{alice.username}/").status_code == 404


def test_the_api_lists_the_quotes_to_sign_and_signs_one_for_the_opponent_only(finished, api_as, alice, bob, charlie):
    seat, card = _quote(finished)
    url = f"/api/v1/tables/{finished.pk}/sign/"
    listed = api_as(bob).get(url).json()
    assert listed == [
        {
            "seat": seat,
            "player": alice.username,
            "card": card.id,
            "title": card.data.title,
            "reference": listed[0]["reference"],
            "signed": False,
        }
    ]
    assert api_as(alice).get(url).json() == [] and api_as(charlie).get(url).json() == []
    assert api_as(charlie).post(url, {"seat": seat, "card": card.id}, format="json").status_code == 403
    assert api_as(alice).post(url, {"seat": seat, "card": card.id}, format="json").status_code == 403
    assert api_as(bob).post(url, {"seat": seat, "card": "nope"}, format="json").status_code == 400
    assert api_as(bob).post(url, {"seat": 5, "card": card.id}, format="json").status_code == 400
    assert api_as(bob).post(url, {"seat": 1, "card": card.id}, format="json").status_code == 403  # his own seat
    assert api_as(bob).post(url, {"seat": seat, "card": card.id}, format="json").status_code == 201
    assert api_as(bob).post(url, {"seat": seat, "card": card.id}, format="json").status_code == 200
    assert Signature.objects.count() == 1 and api_as(bob).get(url).json()[0]["signed"]
    assert (
        api_as(bob).post(f"/api/v1/tables/{uuid.uuid4()}/sign/", {"seat": 0, "card": "x"}, format="json").status_code
        == 404
    )
    assert Client().post(url, {"seat": seat, "card": card.id}).status_code in (401, 403)
    mastery = api_as(alice).get("/api/v1/learn/mastery/").json()
    assert mastery["public"] is False
    assert [(s["title"], s["signer"], s["table"]) for s in mastery["signatures"]] == [
        (card.data.title, bob.username, str(finished.pk))
    ]
    assert api_as(bob).get("/api/v1/learn/mastery/").json()["signatures"] == []


def test_a_quote_typed_into_the_table_page_without_a_script_is_judged(cv_box, client, alice, bob):
    """The no-script move form of a typed action carries a text box; what is typed is the quote judged."""
    client.force_login(alice)

    def quote(table, index, text):
        page = client.get(f"/tables/{table.pk}/").content.decode()
        assert "Type the scripture of the verse, from memory" in page
        body = {"after": table.seq, "index": index, "key": f"page-quote-{table.seq}", "text": text}
        assert client.post(f"/tables/{table.pk}/move/", body).status_code == 302

    table = _quoted_game(alice, bob, quote=quote)
    assert _quote(table)[0] == 0
