"""Collection and trade pages: sign-up, password change, the grid's plus and minus, set totals,
import with its job page, history, sharing, and the trade pages."""

import re

import pytest

from cardcollections.collection.services import collection_change
from cardcollections.collection.services import collection_visibility_set
from cardcollections.collection.services import trade_list_change
from cardcollections.models import CollectionEntry
from cardcollections.models import ImportJob
from cardcollections.models import Trade
from cardcollections.models import TradeLine
from cardcollections.trades.services import LineSpec
from cardcollections.trades.services import trade_propose


@pytest.mark.django_db
def test_it_signs_up_and_logs_the_new_user_in(client):
    assert b"Sign up" in client.get("/").content
    response = client.post(
        "/accounts/signup/",
        {"username": "dana", "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"},
    )
    assert response.status_code == 302 and response["Location"] == "/collection/"
    assert b"dana" in client.get("/collection/").content


@pytest.mark.django_db
def test_a_bad_sign_up_says_why(client):
    response = client.post("/accounts/signup/", {"username": "dana", "password1": "x", "password2": "y"})
    assert response.status_code == 400 and b"didn" in response.content


@pytest.mark.django_db
def test_it_changes_the_password(client, alice):
    client.force_login(alice)
    assert client.get("/accounts/password_change/").status_code == 200
    response = client.post(
        "/accounts/password_change/",
        {
            "old_password": "alice-password-1",
            "new_password1": "another-pass-phrase-7",
            "new_password2": "another-pass-phrase-7",
        },
    )
    assert response.status_code == 302
    assert b"Password changed" in client.get(response["Location"]).content
    alice.refresh_from_db()
    assert alice.check_password("another-pass-phrase-7")


@pytest.mark.django_db
def test_the_collection_needs_a_login(client):
    assert client.get("/collection/chapter-and-verse/")["Location"].startswith("/accounts/login/")


@pytest.mark.django_db
def test_the_grid_shows_counts_and_set_totals(client, alice, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=2)
    client.force_login(alice)
    page = client.get("/collection/chapter-and-verse/").content.decode()
    assert "1 of 3 cards of the Starter Set" in page
    assert f'id="tile-{cv_cards["pride"].pk}" data-owned="2"' in page
    owned_only = client.get("/collection/chapter-and-verse/?owned=1&q=pride").content.decode()
    assert owned_only.count('class="card-tile collection-tile') == 1


@pytest.mark.django_db
def test_the_owned_grid_sorts_by_title_either_way_and_keeps_it_in_the_url(client, alice, cv_cards):
    for name in ("pride", "faith", "means"):
        collection_change(owner=alice, card=cv_cards[name], delta=1)
    client.force_login(alice)

    def tiles(sort: str) -> list[int]:
        html = client.get(f"/collection/chapter-and-verse/?owned=1&sort={sort}").content.decode()
        return [int(pk) for pk in re.findall(r'id="tile-(\d+)"', html)]

    by_title = tiles("title")
    assert sorted(by_title) == sorted(cv_cards[n].pk for n in ("pride", "faith", "means"))
    assert tiles("-title") == by_title[::-1]
    page = client.get("/collection/chapter-and-verse/?owned=1&sort=-title").content.decode()
    assert '<option value="-title" selected>' in page


@pytest.mark.django_db
def test_plus_and_minus_answer_with_the_tile(client, alice, cv_cards):
    client.force_login(alice)
    url = f"/collection/chapter-and-verse/cards/{cv_cards['pride'].pk}/adjust/"
    tile = client.post(url, {"delta": "1"}, headers={"HX-Request": "true"}).content.decode()
    assert tile.startswith(
        f'<li class="card-tile collection-tile is-owned" id="tile-{cv_cards["pride"].pk}" data-owned="1"'
    )
    client.post(url, {"delta": "1", "target": "trade"}, headers={"HX-Request": "true"})
    client.post(url, {"delta": "-1"}, headers={"HX-Request": "true"})
    row = CollectionEntry.objects.get(owner=alice)
    assert (row.quantity, row.for_trade) == (0, 0)
    refused = client.post(url, {"delta": "-1"}, headers={"HX-Request": "true"}).content.decode()
    assert "You have 0 of Pride Cycle" in refused


def test_a_card_page_shows_how_many_copies_you_have_and_adds_one_there(client, alice, bob, cv_cards):
    pride = cv_cards["pride"]
    collection_change(owner=bob, card=pride, delta=5)  # bob's copies are bob's
    page = f"/cards/{pride.pk}/"
    assert 'id="card-owned"' not in client.get(page).content.decode()  # a visitor has no collection

    client.force_login(alice)
    html = client.get(page).content.decode()
    owned = html[html.index('id="card-owned"') : html.index("</section>", html.index('id="card-owned"'))]
    assert '<strong class="owned-count">0</strong> copies' in owned
    form = re.search(
        r'<form method="post" action="([^"]+)">\s*<input type="hidden" name="csrfmiddlewaretoken"[^>]*>'
        r'<input type="hidden" name="delta" value="1"><input type="hidden" name="next" value="([^"]+)">',
        owned,
    )
    assert form is not None
    response = client.post(form.group(1), {"delta": "1", "next": form.group(2)})
    assert response.status_code == 302 and response["Location"] == f"{page}#card-owned"
    html = client.get(page).content.decode()
    assert '<strong class="owned-count">1</strong> copy of this printing' in html
    assert CollectionEntry.objects.get(owner=alice, card=pride).quantity == 1


@pytest.mark.django_db
def test_the_set_completion_page_lists_what_is_missing(client, alice, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=1)
    client.force_login(alice)
    page = client.get("/collection/chapter-and-verse/sets/").content.decode()
    assert "1 of 3 cards of the Starter Set" in page and "Faith Without Works" in page


@pytest.mark.django_db
def test_an_import_goes_to_its_job_page(client, alice, cv_cards):
    client.force_login(alice)
    text = "Count,Name,Set,Number,Condition,Notes\n2,Pride Cycle,CV1,17,,\n"
    response = client.post("/collection/chapter-and-verse/import/", {"format": "csv", "mode": "add", "text": text})
    job = ImportJob.objects.get()
    assert response["Location"] == f"/collection/imports/{job.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert (
        "Imported: 1 row, 2 copies added" in page and 'hx-trigger="every 1s"' not in page
    )  # a finished job stops polling
    bad = client.post(
        "/collection/chapter-and-verse/import/", {"format": "csv", "mode": "add", "text": text + "1,Prid Cycle,,,,\n"}
    )
    page = client.get(bad["Location"]).content.decode()
    assert (
        "Nothing was imported" in page
        and "Line 3: no Chapter and Verse card is called Prid Cycle. Did you mean Pride Cycle?" in page
    )


@pytest.mark.django_db
def test_a_running_job_page_polls(client, alice, small_catalogs):
    from cardcollections.imports.services import import_job_create
    from cardcollections.models import Game

    job = import_job_create(
        owner=alice,
        game=Game.objects.get(slug="chapter-and-verse"),
        text="Count,Name\n1,Pride Cycle\n",
        fmt="csv",
        mode="add",
    )
    client.force_login(alice)
    assert 'hx-trigger="every 1s"' in client.get(f"/collection/imports/{job.pk}/").content.decode()


@pytest.mark.django_db
def test_export_downloads_the_csv(client, alice, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=2)
    client.force_login(alice)
    response = client.get("/collection/chapter-and-verse/export/")
    assert response.content.decode() == "Count,Name,Set,Number,Condition,Notes\n2,Pride Cycle,CV1,17,,\n"
    assert (
        client.get("/collection/chapter-and-verse/export/?format=decklist").content.decode()
        == "2 Pride Cycle (CV1) 17\n"
    )


@pytest.mark.django_db
def test_the_history_of_a_card(client, alice, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=2)
    collection_change(owner=alice, card=cv_cards["pride"], delta=-1)
    client.force_login(alice)
    page = client.get(f"/collection/cards/{cv_cards['pride'].pk}/history/").content.decode()
    assert re.search(r"<td>-1</td><td>[^<]*</td><td>1</td>\s*<td>Manual edit", page)


@pytest.mark.django_db
def test_a_private_collection_is_a_404_and_a_shared_one_is_not(client, alice, bob, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=2)
    client.force_login(bob)
    assert client.get("/u/alice/collection/chapter-and-verse/").status_code == 404
    row = collection_visibility_set(owner=alice, visibility="link")
    assert client.get("/u/alice/collection/chapter-and-verse/").status_code == 404
    shared = client.get(f"/shared/{row.share_token}/chapter-and-verse/")
    assert shared.status_code == 200 and b"Pride Cycle" in shared.content and b"counter-btn" not in shared.content
    collection_visibility_set(owner=alice, visibility="private")
    assert client.get(f"/shared/{row.share_token}/chapter-and-verse/").status_code == 404


@pytest.mark.django_db
def test_the_settings_page_shares_and_makes_a_token(client, alice):
    client.force_login(alice)
    client.post("/collection/settings/", {"visibility": "link"})
    assert b"/shared/" in client.get("/collection/settings/").content
    assert b'class="api-token"' in client.post("/collection/settings/", {"action": "token-create"}).content
    assert b'class="token-id"' in client.get("/collection/settings/").content


@pytest.mark.django_db
def test_a_trade_from_offer_to_accept_on_the_pages(client, alice, bob, charlie, cv_cards):
    collection_change(owner=alice, card=cv_cards["means"], delta=2)
    collection_change(owner=bob, card=cv_cards["pride"], delta=2)
    trade_list_change(owner=bob, card=cv_cards["pride"], delta=1)
    client.force_login(alice)
    form = client.get("/trades/new/?to=bob&game=chapter-and-verse").content.decode()
    give = re.search(r'name="(give-\d+)"', form)[1]
    get = re.search(r'name="(get-\d+)"', form)[1]
    response = client.post(
        "/trades/new/", {"to": "bob", "game": "chapter-and-verse", give: "1", get: "1", "message": "hi"}
    )
    trade = Trade.objects.get()
    assert response["Location"] == f"/trades/{trade.pk}/"
    client.force_login(charlie)
    assert client.get(f"/trades/{trade.pk}/").status_code == 404
    assert client.post(f"/trades/{trade.pk}/accept/").status_code == 404
    client.force_login(bob)
    assert b"Offers to me" in client.get("/trades/").content
    client.post(f"/trades/{trade.pk}/accept/")
    trade.refresh_from_db()
    assert trade.status == Trade.Status.ACCEPTED
    assert b"Accepted: the cards have moved." in client.get(f"/trades/{trade.pk}/").content


@pytest.mark.django_db
def test_a_counter_offer_on_the_pages(client, alice, bob, cv_cards):
    collection_change(owner=alice, card=cv_cards["means"], delta=2)
    collection_change(owner=bob, card=cv_cards["pride"], delta=2)
    trade = trade_propose(
        proposer=alice, recipient=bob, lines=[LineSpec(TradeLine.Side.PROPOSER, cv_cards["means"].pk, 2)]
    )
    client.force_login(bob)
    form = client.get(f"/trades/new/?counter={trade.pk}&game=chapter-and-verse").content.decode()
    give = re.search(r'name="(give-\d+)"', form)[1]
    response = client.post("/trades/new/", {"counter": trade.pk, "game": "chapter-and-verse", give: "1"})
    counter = Trade.objects.get(parent=trade)
    assert response["Location"] == f"/trades/{counter.pk}/"
    assert (counter.proposer, counter.recipient) == (bob, alice)


@pytest.mark.django_db
def test_the_matches_page(client, alice, bob, cv_cards):
    from cardcollections.collection.services import wishlist_set

    collection_change(owner=bob, card=cv_cards["pride"], delta=1)
    trade_list_change(owner=bob, card=cv_cards["pride"], delta=1)
    wishlist_set(owner=alice, card=cv_cards["pride"], wanted=1)
    client.force_login(bob)
    client.post("/collection/settings/", {"action": "in-matches", "in_matches": "on"})
    client.force_login(alice)
    page = client.get("/trades/matches/").content.decode()
    assert "<strong>bob</strong>" in page and "Offer bob a trade" in page
    assert 'id="not-in-matches"' in page  # alice has not chosen to be found


@pytest.mark.django_db
def test_the_wishlist_page_suggests_a_title_for_a_misspelt_one(client, alice, cv_cards):
    client.force_login(alice)
    response = client.post("/collection/chapter-and-verse/wishlist/", {"title": "prid cycel", "wanted": "1"})
    assert response.status_code == 400
    assert "No Chapter and Verse card is called prid cycel. Did you mean Pride Cycle?" in response.content.decode()


def test_plus_and_minus_bring_the_set_totals_up_to_date_without_a_reload(client, alice, cv_cards):
    """#36: set totals did not change on plus and minus until a reload."""
    client.force_login(alice)
    pride = cv_cards["pride"]
    page = client.get("/collection/chapter-and-verse/").content.decode()
    assert '<ul class="set-totals" id="set-totals">' in page
    url = f"/collection/chapter-and-verse/cards/{pride.pk}/adjust/"

    answer = client.post(url, {"delta": "1"}, headers={"HX-Request": "true"}).content.decode()

    totals = answer[answer.index('<ul class="set-totals" id="set-totals" hx-swap-oob="true">') :]
    sentence = re.search(rf"(\d+) of (\d+) cards of the {pride.card_set.name}", totals)
    before = re.search(rf"(\d+) of (\d+) cards of the {pride.card_set.name}", page)
    assert (before.group(1), sentence.group(1)) == ("0", "1") and sentence.group(2) == before.group(2)
    assert answer.index(f'id="tile-{pride.pk}"') < answer.index('id="set-totals"')
    # Offering a copy for trade changes no total: nothing but the tile comes back.
    trade = client.post(url, {"delta": "1", "target": "trade"}, headers={"HX-Request": "true"}).content.decode()
    assert "set-totals" not in trade
