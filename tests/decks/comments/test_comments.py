"""Comments on public decks: posted on the deck page or the API, Markdown with card links made safe, edited by
their author for 15 minutes, deleted by their author, the deck's owner or a moderator, rate-limited with the
site's other writes."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from cardcollections.models import Game
from decks.lists.services import deck_create
from decks.lists.services import deck_update
from decks.models import DeckComment

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(cv_catalog, alice):
    cv = Game.objects.get(slug="chapter-and-verse")
    return deck_create(owner=alice, game=cv, name="Alice shown", decklist="2 Verse 001", visibility="public")


def browser(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def page(client: Client, deck) -> str:
    return client.get(reverse("deck-detail", args=[deck.pk])).content.decode()


def post_comment(client: Client, deck, body: str):
    return client.post(reverse("deck-comment-post", args=[deck.pk]), {"body": body})


def age(comment: DeckComment, minutes: int) -> None:
    DeckComment.objects.filter(pk=comment.pk).update(created=comment.created - timedelta(minutes=minutes))


def test_it_posts_a_comment_on_the_deck_page_with_markdown_and_card_links(deck, bob):
    client = browser(bob)
    response = post_comment(client, deck, "Try **more** [[Verse 002]] <script>alert(1)</script>")
    assert response.status_code == 302 and response["Location"].endswith("#comments")
    html = page(client, deck)
    assert "<strong>more</strong>" in html
    assert re.search(r'<a href="/cards/\d+/" class="card-link"[^>]*>Verse 002</a>', html)
    assert "<script>alert(1)" not in html  # shown as text, never run
    assert "Comment posted." in html
    assert DeckComment.objects.get().author == bob


def test_anonymous_readers_see_comments_but_must_log_in_to_comment(deck, bob):
    post_comment(browser(bob), deck, "Nice curve")
    html = page(browser(), deck)
    assert "Nice curve" in html and "to comment." in html and 'id="comment-body"' not in html
    response = post_comment(browser(), deck, "sneaky")
    assert response.status_code == 302 and "/login" in response["Location"]
    assert DeckComment.objects.count() == 1


@pytest.mark.parametrize(
    ("body", "message"),
    [("   ", "A comment needs some text."), ("x" * 2001, "at most 2,000 characters"), ("a\x00b", "null characters")],
)
def test_it_refuses_an_empty_long_or_unstorable_comment(deck, bob, body, message):
    response = api(bob).post(f"/api/v1/decks/{deck.pk}/comments/", {"body": body}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "body"
    assert DeckComment.objects.count() == 0


def test_the_author_edits_for_15_minutes_and_not_after(deck, bob):
    client = browser(bob)
    post_comment(client, deck, "Frist")
    comment = DeckComment.objects.get()
    edit = reverse("deck-comment-edit", args=[deck.pk, comment.pk])
    assert client.post(edit, {"body": "First"}).status_code == 302
    comment.refresh_from_db()
    assert comment.body == "First" and comment.edited is not None
    assert "edited" in page(client, deck)
    age(comment, 16)
    assert "Edit</a>" not in page(client, deck)
    client.post(edit, {"body": "Changed later"})
    comment.refresh_from_db()
    assert comment.body == "First"
    response = api(bob).patch(f"/api/v1/decks/{deck.pk}/comments/{comment.pk}/", {"body": "Again"}, format="json")
    assert response.status_code == 403 and "15 minutes" in response.json()["detail"]


def test_only_the_author_may_edit(deck, alice, bob):
    post_comment(browser(bob), deck, "Mine")
    comment = DeckComment.objects.get()
    response = api(alice).patch(f"/api/v1/decks/{deck.pk}/comments/{comment.pk}/", {"body": "Hers"}, format="json")
    assert response.status_code == 403
    browser(alice).post(reverse("deck-comment-edit", args=[deck.pk, comment.pk]), {"body": "Hers"})
    comment.refresh_from_db()
    assert comment.body == "Mine"


@pytest.mark.parametrize("who", ["author", "owner", "moderator"])
def test_the_author_the_owner_and_a_moderator_may_delete(deck, alice, bob, who):
    post_comment(browser(bob), deck, "Delete me")
    comment = DeckComment.objects.get()
    user = {"author": bob, "owner": alice}.get(who) or get_user_model().objects.create_user("mod", is_staff=True)
    client = browser(user)
    assert "Delete</button>" in page(client, deck)
    client.post(reverse("deck-comment-delete", args=[deck.pk, comment.pk]))
    assert not DeckComment.objects.exists()


def test_a_stranger_may_not_delete_someone_elses_comment(deck, bob, charlie):
    post_comment(browser(bob), deck, "Stay")
    comment = DeckComment.objects.get()
    assert "Delete</button>" not in page(browser(charlie), deck)
    browser(charlie).post(reverse("deck-comment-delete", args=[deck.pk, comment.pk]))
    assert api(charlie).delete(f"/api/v1/decks/{deck.pk}/comments/{comment.pk}/").status_code == 403
    assert DeckComment.objects.filter(pk=comment.pk).exists()


def test_a_deck_made_private_hides_its_comments_from_everyone_but_its_owner(deck, alice, bob):
    post_comment(browser(bob), deck, "Seen by alice only")
    deck_update(deck=deck, visibility="unlisted")
    assert "Seen by alice only" not in page(browser(bob), deck)  # unlisted: bob still reads the deck
    assert "Seen by alice only" in page(browser(alice), deck)
    assert "no one can add one" in page(browser(alice), deck)
    assert api(bob).get(f"/api/v1/decks/{deck.pk}/comments/").status_code == 404
    assert post_comment(browser(bob), deck, "more").status_code == 404
    response = api(alice).post(f"/api/v1/decks/{deck.pk}/comments/", {"body": "mine"}, format="json")
    assert response.status_code == 403 and "public decks only" in response.json()["detail"]


def test_the_api_lists_comments_with_what_the_caller_may_do(deck, alice, bob):
    api(bob).post(f"/api/v1/decks/{deck.pk}/comments/", {"body": "[[Verse 001]] rocks"}, format="json")
    body = api(alice).get(f"/api/v1/decks/{deck.pk}/comments/").json()
    (c,) = body["results"]
    assert c["author"] == "bob" and c["body"] == "[[Verse 001]] rocks" and 'class="card-link"' in c["html"]
    assert (c["can_edit"], c["can_delete"]) == (False, True)
    mine = api(bob).get(f"/api/v1/decks/{deck.pk}/comments/").json()["results"][0]
    assert (mine["can_edit"], mine["can_delete"]) == (True, True)


@pytest.mark.parametrize("comment_id", ["9223372036854775808", "99999999999999999999999"])
def test_a_huge_comment_id_is_a_404_not_a_500(deck, bob, comment_id):
    assert api(bob).delete(f"/api/v1/decks/{deck.pk}/comments/{comment_id}/").status_code == 404
    assert browser(bob).post(f"/decks/{deck.pk}/comments/{comment_id}/delete/").status_code == 404


def test_comments_count_against_the_write_limit(deck, bob, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "writes_user": "3/min"},
    }
    cache.clear()
    try:
        client, token = browser(bob), api(bob)
        codes = [post_comment(client, deck, f"page {i}").status_code for i in range(2)]
        codes.append(token.post(f"/api/v1/decks/{deck.pk}/comments/", {"body": "api"}, format="json").status_code)
        codes.append(post_comment(client, deck, "one too many").status_code)
        codes.append(token.post(f"/api/v1/decks/{deck.pk}/comments/", {"body": "api"}, format="json").status_code)
        assert codes == [302, 302, 201, 429, 429]
        assert DeckComment.objects.count() == 3
    finally:
        cache.clear()


def test_the_deck_page_and_the_api_render_many_comments_in_a_few_queries(deck, bob, django_assert_max_num_queries):
    from decks.comments.services import comment_create

    for i in range(25):
        comment_create(deck=deck, author=bob, body=f"Comment {i} with [[Verse 00{i % 9 + 1}]]")
    client, token = browser(bob), api(bob)
    # 12, the comments' count (pages), the header's unread notifications, the view's row of the day (#36)
    with django_assert_max_num_queries(15):
        html = page(client, deck)
    assert html.count('class="deck-comment"') == 25 and html.count('class="card-link"') >= 25
    with django_assert_max_num_queries(8):
        body = token.get(f"/api/v1/decks/{deck.pk}/comments/").json()
    assert body["count"] == 25 and all("card-link" in c["html"] for c in body["results"])


def test_the_deck_page_shows_the_latest_comments_and_pages_back_to_the_oldest(deck, bob, charlie):
    DeckComment.objects.bulk_create([DeckComment(deck=deck, author=bob, body=f"Old {i:03d}") for i in range(120)])
    assert post_comment(browser(charlie), deck, "A real question").status_code == 302

    html = page(browser(), deck)
    assert "Comments (121)" in html and "A real question" in html  # the newest is in sight
    assert "Old 071" in html and "Old 070" not in html  # the latest 50, oldest first on the page
    assert html.index("Old 071") < html.index("A real question")
    older = re.search(r'href="\?comments=(\d+)#comments" rel="next">← Earlier comments', html)
    assert older is not None
    html = browser().get(reverse("deck-detail", args=[deck.pk]), {"comments": older.group(1)}).content.decode()
    assert "Old 021" in html and "Old 071" not in html and "A real question" not in html
    last = browser().get(reverse("deck-detail", args=[deck.pk]), {"comments": "3"}).content.decode()
    assert "Old 000" in last and "Old 021" not in last
    for junk in ("0", "-1", "x", "9" * 5000):  # a page that is not one shows the latest, never an error
        response = browser().get(reverse("deck-detail", args=[deck.pk]), {"comments": junk})
        assert response.status_code == 200


def test_a_comments_text_is_rendered_once_however_often_it_is_shown(deck, bob, monkeypatch):
    from decks.comments import selectors

    cache.clear()
    rendered = []
    real = selectors.writeup_render
    monkeypatch.setattr(selectors, "writeup_render", lambda text, **kw: rendered.append(text) or real(text, **kw))
    hostile = "[" * 2000  # markdown-it's link parser is quadratic in these: ~40 ms a rendering
    DeckComment.objects.bulk_create([DeckComment(deck=deck, author=bob, body=hostile) for _ in range(50)])
    DeckComment.objects.create(deck=deck, author=bob, body="Try [[Verse 001]]")

    for _ in range(3):
        assert page(browser(), deck).count('class="deck-comment"') == 50
        assert api().get(f"/api/v1/decks/{deck.pk}/comments/?page_size=60").json()["count"] == 51
    assert sorted(rendered) == sorted([hostile, "Try [[Verse 001]]"])  # each text once, not once per view
    cache.clear()
