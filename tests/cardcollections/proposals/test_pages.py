"""The card proposal pages: propose with a scan, review beside the card, history; who sees what."""

import pytest
from django.test import Client

from cardcollections.models import Card
from cardcollections.models import CardProposal
from cardcollections.proposals.services import proposal_create
from tests.cardcollections.conftest import png_upload
from tests.cardcollections.proposals.test_services import NEW_CARD
from tests.html_forms import prefilled

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def form_data(**changes) -> dict:
    data = {
        "set": "CV2",
        "number": "9",
        "title": "Line upon Line",
        "sacrifice": "2",
        "icons": '{"wisdom": 2}',
        "scripture": "line upon line, precept upon precept",
        "reference": "2 Nephi 28:30",
        "standard_work": "book-of-mormon",
        "source": "https://example.org/line",
    }
    return {**data, **changes}


def test_a_player_proposes_a_card_with_a_scan_and_sees_it_waiting(alice, cv_cards):
    client = client_for(alice)
    page = client.get("/proposals/new/chapter-and-verse/")
    assert page.status_code == 200 and b'name="sacrifice"' in page.content
    response = client.post("/proposals/new/chapter-and-verse/", {**form_data(), "scan": png_upload()})
    assert response.status_code == 302, response.content.decode()[:2000]
    proposal = CardProposal.objects.get()
    assert proposal.scan and proposal.cards[0]["icons"] == {"wisdom": 2}
    mine = client.get("/proposals/").content.decode()
    assert "Line upon Line" in mine and "waiting for review" in mine


def test_a_card_that_fails_the_checks_is_shown_again_with_the_problem_on_its_field(alice, cv_cards):
    response = client_for(alice).post("/proposals/new/chapter-and-verse/", form_data(icons='{"faith": 12}'))
    assert response.status_code == 400
    assert "icons.faith: must be an integer from 0 to 9" in response.content.decode()
    assert CardProposal.objects.count() == 0


def test_icons_and_markers_are_written_as_plain_names_and_numbers(alice, cv_cards):
    fields = form_data(icons="wisdom: 2, histories: 1", markers="Faith Verse, Prayer")
    response = client_for(alice).post("/proposals/new/chapter-and-verse/", fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    (card,) = CardProposal.objects.get().cards
    assert card["icons"] == {"wisdom": 2, "histories": 1} and card["markers"] == ["Faith Verse", "Prayer"]


def test_each_list_or_object_field_says_how_to_write_it(alice, cv_cards):
    page = client_for(alice).get("/proposals/new/chapter-and-verse/").content.decode()
    assert "Names and numbers, such as faith: 2, strength: 1" in page  # icons
    assert "Words separated by commas, such as Faith Verse, Prayer" in page  # markers
    assert "JSON, such as [{&quot;kind&quot;: &quot;prayer&quot;, &quot;n&quot;: 2}]" in page  # effects


def test_an_edit_shows_icons_and_markers_plainly_and_posts_them_back_unchanged(alice, cv_cards):
    card = cv_cards["pride"]
    url = f"/cards/{card.pk}/propose/"
    form = prefilled(client_for(alice), url)
    assert form["icons"] == "histories: 2, trials: 2"
    response = client_for(alice).post(url, {**form, "markers": "Faith Verse", "source": "my copy"})
    assert response.status_code == 302, response.content.decode()[:2000]
    proposal = CardProposal.objects.get()
    assert proposal.document["edits"] == ["markers"]  # the icons read back as they were
    assert proposal.cards[0]["markers"] == ["Faith Verse"]


def test_a_value_nested_too_deeply_after_a_name_is_a_400(alice, cv_cards):
    response = client_for(alice).post("/proposals/new/chapter-and-verse/", form_data(icons="wisdom: " + "[" * 100_000))
    assert response.status_code == 400 and "icons" in response.content.decode()
    assert CardProposal.objects.count() == 0


def test_a_marker_that_starts_like_json_is_shown_as_json_and_posts_back(alice, cv_cards):
    fields = {**NEW_CARD, "markers": ["[Faith] Verse"]}
    proposal = proposal_create(proposer=alice, game=cv_cards["pride"].game, fields=fields, source="n")
    client = client_for(alice)
    url = f"/proposals/{proposal.pk}/revise/"
    response = client.post(url, prefilled(client, url))
    assert response.status_code == 302, response.content.decode()[:2000]
    assert CardProposal.objects.get().cards[0]["markers"] == ["[Faith] Verse"]


def test_a_moderator_sees_the_edit_beside_the_card_and_approves_it_into_the_history(alice, moderator, cv_cards):
    card = cv_cards["pride"]
    edit = client_for(alice).get(f"/cards/{card.pk}/propose/").content.decode()
    assert 'value="Pride Cycle"' in edit  # prefilled from the card
    proposal = proposal_create(proposer=alice, game=card.game, card=card, fields={"sacrifice": 5}, source="my copy")
    page = client_for(moderator).get(f"/proposals/{proposal.pk}/").content.decode()
    assert 'name="action"' in page
    assert '<th scope="row">sacrifice</th>' in page and "<code>4</code>" in page and "<code>5</code>" in page
    assert client_for(moderator).get("/proposals/review/").status_code == 200
    response = client_for(moderator).post(f"/proposals/{proposal.pk}/review/", {"action": "approve"})
    assert response.status_code == 302
    assert Card.objects.get(pk=card.pk).sacrifice == 5
    history = Client().get(f"/cards/{card.pk}/history/").content.decode()
    assert "proposed by alice, approved by dana" in history
    assert "History of this card" in Client().get(f"/cards/{card.pk}/").content.decode()


def test_a_moderator_is_not_offered_approving_their_own_proposal_and_a_forced_post_is_a_403(
    moderator, second_moderator, cv_cards
):
    proposal = proposal_create(proposer=moderator, game=cv_cards["pride"].game, fields=NEW_CARD, source="n")
    page = client_for(moderator).get(f"/proposals/{proposal.pk}/").content.decode()
    assert 'name="action"' in page and 'value="approve"' not in page  # reject (withdraw) is still offered
    assert "another moderator approves it" in page
    refused = client_for(moderator).post(f"/proposals/{proposal.pk}/review/", {"action": "approve"})
    assert refused.status_code == 403
    assert "You proposed this: another moderator approves it." in refused.content.decode()
    assert CardProposal.objects.get(pk=proposal.pk).status == CardProposal.Status.PENDING
    other = client_for(second_moderator).get(f"/proposals/{proposal.pk}/").content.decode()
    assert 'value="approve"' in other
    assert (
        client_for(second_moderator).post(f"/proposals/{proposal.pk}/review/", {"action": "approve"}).status_code == 302
    )
    assert CardProposal.objects.get(pk=proposal.pk).status == CardProposal.Status.APPROVED


def test_a_rejection_needs_a_reason_and_the_proposer_reads_it(alice, moderator, cv_cards):
    proposal = proposal_create(proposer=alice, game=cv_cards["pride"].game, fields=NEW_CARD, source="n")
    url = f"/proposals/{proposal.pk}/review/"
    assert client_for(moderator).post(url, {"action": "reject", "note": ""}).status_code == 400
    client_for(moderator).post(url, {"action": "reject", "note": "Not a printed card."})
    assert "Not a printed card." in client_for(alice).get("/proposals/").content.decode()


def test_others_cannot_see_or_review_a_proposal(alice, bob, cv_cards):
    proposal = proposal_create(proposer=alice, game=cv_cards["pride"].game, fields=NEW_CARD, source="n")
    bob_client = client_for(bob)
    assert bob_client.get(f"/proposals/{proposal.pk}/").status_code == 404
    assert bob_client.get(f"/proposals/{proposal.pk}/revise/").status_code == 404
    assert bob_client.post(f"/proposals/{proposal.pk}/review/", {"action": "approve"}).status_code == 404
    assert "Line upon Line" not in bob_client.get("/proposals/").content.decode()
    assert client_for(alice).post(f"/proposals/{proposal.pk}/review/", {"action": "approve"}).status_code == 403
    assert bob_client.get("/proposals/review/").status_code == 403
    assert bob_client.get("/proposals/bulk/").status_code == 403
    assert Client().get("/proposals/").status_code == 302  # to the login page
    assert CardProposal.objects.get().status == "pending"


def proposals() -> list:
    return sorted(CardProposal.objects.values_list("pk", "status", "document", "review_note"), key=str)


def test_every_proposal_page_post_is_counted_by_the_write_limit_and_a_refused_one_changes_nothing(
    alice, moderator, cv_cards, one_write_a_minute
):
    card = cv_cards["pride"]
    mine = proposal_create(proposer=alice, game=card.game, card=card, fields={"sacrifice": 5}, source="my copy")
    posts = [
        (alice, "/proposals/new/chapter-and-verse/", form_data()),
        (alice, f"/cards/{card.pk}/propose/", form_data(title="Pride Cycle")),
        (alice, f"/proposals/{mine.pk}/revise/", form_data(title="Pride Cycle")),
        (moderator, f"/proposals/{mine.pk}/review/", {"action": "reject", "note": "no source"}),
        (moderator, "/proposals/bulk/", {}),
    ]
    for user, url, data in posts:
        from django.core.cache import cache

        cache.clear()
        client = client_for(user)
        assert client.get(url).status_code != 429  # a GET is not a write (the review URL only posts: 405)
        assert client.post("/notifications/read-all/").status_code == 302  # the one write of the minute
        before = proposals()
        assert client.post(url, data).status_code == 429, url
        assert proposals() == before, url


def test_the_form_says_broken_json_is_broken_json_and_offers_the_standard_works_to_pick(alice, cv_cards):
    client = client_for(alice)
    html = client.get("/proposals/new/chapter-and-verse/").content.decode()
    select = html[html.index('name="standard_work"') : html.index("</select>", html.index('name="standard_work"'))]
    assert '<option value="book-of-mormon">Book of mormon</option>' in select
    assert '<textarea name="scripture"' in html

    response = client.post("/proposals/new/chapter-and-verse/", form_data(icons="{wisdom: 2", title="Broken"))
    assert response.status_code == 400
    body = response.content.decode()
    assert "This is not valid JSON at line 1, column 2: Expecting property name enclosed in double quotes." in body
    assert 'id="form-errors"' in body and "Some fields need a change" in body
    assert not CardProposal.objects.exists()
