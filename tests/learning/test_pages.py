"""The learning pages: /learn/, choosing verses, the goal, and the drill, one verse at a time (server-rendered)."""

import re
import uuid
from html import unescape

import pytest
from django.test import Client
from django.urls import resolve

from learning.models import LearnedVerse
from learning.models import LearningGoal
from learning.models import MasterySharing
from learning.models import Review
from tests.project.test_page_accessibility import _problems

pytestmark = pytest.mark.django_db


def state() -> tuple:
    return (
        sorted(LearnedVerse.objects.values_list("id", "user_id", "due", "reviews")),
        sorted(map(str, Review.objects.values_list("uuid", "grade"))),
        sorted(LearningGoal.objects.values_list("user_id", "daily_reviews")),
        sorted(MasterySharing.objects.values_list("user_id", "public")),
    )


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def hidden(html: str, name: str) -> str:
    return unescape(re.search(rf'name="{name}" value="([^"]*)"', html).group(1))


def test_the_learn_page_shows_due_goal_and_numbers(alice, alice_verses):
    response = signed_in(alice).get("/learn/")
    html = response.content.decode()
    assert response.status_code == 200
    assert '<strong class="stat">3</strong> verses due now' in html
    assert "0 of your 20 reviews today" in html
    assert 'class="stat learn-stat-retention">\u2013<' in html  # no retention measured yet: said so, not 0 %
    assert "streak" not in html.lower()
    assert _problems(html) == []


def test_the_pages_need_sign_in(client):
    for path in ("/learn/", "/learn/add/", "/learn/drill/"):
        response = client.get(path)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_deck_page_offers_its_owner_to_learn_its_verses(alice, bob, alice_deck):
    alice_deck.visibility = "public"
    alice_deck.save(update_fields=["visibility"])
    link = f'href="/learn/add/?deck={alice_deck.pk}"'
    assert link in signed_in(alice).get(f"/decks/{alice_deck.pk}/").content.decode()
    assert link not in signed_in(bob).get(f"/decks/{alice_deck.pk}/").content.decode()
    assert 'href="/learn/"' in signed_in(alice).get("/").content.decode()  # the nav


def test_choosing_a_deck_adds_its_verses(alice, alice_deck):
    client = signed_in(alice)
    form = client.get(f"/learn/add/?deck={alice_deck.pk}").content.decode()
    assert f'<option value="{alice_deck.pk}" selected>' in form
    response = client.post("/learn/add/", {"deck": str(alice_deck.pk)})
    assert response.status_code == 302
    assert LearnedVerse.objects.filter(user=alice).count() == 3


def test_choosing_a_set_adds_its_verses(alice, cv_cards):
    response = signed_in(alice).post("/learn/add/", {"card_set": str(cv_cards["faith"].card_set_id)})
    assert response.status_code == 302
    assert sorted(LearnedVerse.objects.values_list("card__reference", flat=True)) == [
        "Alma 37:6",
        "Helaman 12:2",
        "James 2:17",
    ]


def test_choosing_my_collection_adds_the_verses_of_the_cards_i_own(alice, bob, cv_cards):
    from cardcollections.collection.services import collection_set

    collection_set(owner=alice, card=cv_cards["faith"], quantity=2)
    collection_set(owner=alice, card=cv_cards["means2"], quantity=1)
    collection_set(owner=alice, card=cv_cards["pride"], quantity=0)  # a row with no copy left
    collection_set(owner=bob, card=cv_cards["pride"], quantity=3)  # someone else's card
    client = signed_in(alice)
    assert "every verse of your collection (2 cards with a verse)" in client.get("/learn/add/").content.decode()
    response = client.post("/learn/add/", {"collection": "on"})
    assert response.status_code == 302
    assert sorted(LearnedVerse.objects.values_list("user__username", "card__reference")) == [
        ("alice", "Alma 37:6"),
        ("alice", "James 2:17"),
    ]


@pytest.mark.parametrize(
    "form",
    [
        {},
        {"deck": "{deck}", "card_set": "{set}"},
        {"deck": "{deck}", "collection": "on"},
        {"deck": "{bobs}"},
        {"card_set": "x"},
    ],
)
def test_a_wrong_choice_is_a_400_and_adds_nothing(alice, bob, alice_deck, cv_cards, form):
    from cardcollections.collection.services import collection_set
    from decks.lists.services import deck_create

    collection_set(owner=alice, card=cv_cards["faith"], quantity=1)  # so the collection can be chosen
    bobs = deck_create(owner=bob, game=alice_deck.game, name="Bob's", cards=alice_deck.cards)
    ids = {"deck": str(alice_deck.pk), "set": str(cv_cards["faith"].card_set_id), "bobs": str(bobs.pk)}
    response = signed_in(alice).post("/learn/add/", {k: v.format(**ids) for k, v in form.items()})
    assert response.status_code == 400
    assert not LearnedVerse.objects.exists()


def test_a_new_verse_is_drilled_by_tapping_its_words_in_order(alice, alice_verses):
    client = signed_in(alice)
    page = client.get("/learn/drill/").content.decode()
    assert "Tap the words in order" in page and _problems(page) == []
    verse = LearnedVerse.objects.get(pk=hidden(page, "verse"))
    shown = [unescape(w) for w in re.findall(r'data-word="([^"]*)"', page)]
    words = verse.card.scripture.split()
    assert sorted(shown) == sorted(words) and shown != words  # every word, not in the verse's order
    wrong = words[1:] + words[:1]
    base = {"verse": verse.pk, "kind": "tap_order"}
    missed = client.post("/learn/drill/", base | {"uuid": str(uuid.uuid4()), "answer": " ".join(wrong)})
    assert "Again" in missed.content.decode()
    right = client.post("/learn/drill/", base | {"uuid": str(uuid.uuid4()), "answer": " ".join(words)})
    assert "Good" in right.content.decode()
    assert sorted(Review.objects.values_list("kind", "grade")) == [("tap_order", 1), ("tap_order", 3)]


def test_first_letters_are_shown_and_the_verse_typed_is_judged(alice, alice_verses):
    client = signed_in(alice)
    verse = alice_verses["James 2:17"]
    page = client.get(f"/learn/drill/?verse={verse.pk}&kind=first_letters").content.decode()
    assert "First letters" in page and 'class="learn-letters"' in page
    assert _problems(page) == []
    verse = LearnedVerse.objects.get(pk=hidden(page, "verse"))
    answer = {"uuid": hidden(page, "uuid"), "verse": verse.pk, "kind": "first_letters", "answer": verse.card.scripture}
    result = client.post("/learn/drill/", answer)
    html = result.content.decode()
    assert result.status_code == 200 and "Good" in html and "Due again" in html
    assert _problems(html) == []
    verse.refresh_from_db()
    assert verse.reviews == 1 and Review.objects.get().grade == 3
    # The same answer posted again (a double tap, the back button) is stored once.
    again = client.post("/learn/drill/", answer).content.decode()
    assert "Already recorded" in again and Review.objects.count() == 1


def test_a_wrong_verse_shows_what_differed(alice, alice_verses):
    verse = alice_verses["James 2:17"]
    answer = {"uuid": str(uuid.uuid4()), "verse": verse.pk, "kind": "whole", "answer": "Even so faith is dead"}
    html = signed_in(alice).post("/learn/drill/", answer).content.decode()
    assert "Again" in html and '<ins class="learn-missing" title="missing">works</ins>' in html
    assert Review.objects.get().grade == 1


def test_blanks_are_filled_and_judged(alice, alice_verses):
    client = signed_in(alice)
    verse = alice_verses["James 2:17"]
    page = client.get(f"/learn/drill/?verse={verse.pk}&kind=blanks").content.decode()
    positions = [int(i) for i in hidden(page, "blanks").split(",")]
    assert f'aria-label="Missing word {len(positions)} of {len(positions)}"' in page and _problems(page) == []
    words = verse.card.scripture.split()
    answer = {
        "uuid": hidden(page, "uuid"),
        "verse": verse.pk,
        "kind": "blanks",
        "blanks": hidden(page, "blanks"),
        "blank": [words[i].strip(",.") for i in positions],
    }
    assert "Good" in client.post("/learn/drill/", answer).content.decode()
    assert Review.objects.get().kind == "blanks"


def test_the_reference_is_judged_and_a_self_graded_drill_takes_the_players_grade(alice, alice_verses):
    client = signed_in(alice)
    verse = alice_verses["Alma 37:6"]
    ref = {"uuid": str(uuid.uuid4()), "verse": verse.pk, "kind": "to_reference", "answer": "alma 37 6"}
    assert "Right: Alma 37:6." in client.post("/learn/drill/", ref).content.decode()
    page = client.get(f"/learn/drill/?verse={verse.pk}&kind=recall").content.decode()
    assert 'name="grade" value="easy"' in page
    recall = {"uuid": hidden(page, "uuid"), "verse": verse.pk, "kind": "recall", "grade": "easy"}
    assert "Easy" in client.post("/learn/drill/", recall).content.decode()
    assert list(Review.objects.order_by("id").values_list("grade", flat=True)) == [3, 4]


def test_a_self_graded_drill_without_a_grade_is_refused(alice, alice_verses):
    verse = alice_verses["Alma 37:6"]
    answer = {"uuid": str(uuid.uuid4()), "verse": verse.pk, "kind": "recall"}
    response = signed_in(alice).post("/learn/drill/", answer)
    assert response.status_code == 400 and not Review.objects.exists()


def test_nothing_due_says_when_the_next_verse_comes(alice, alice_verses):
    client = signed_in(alice)
    for verse in alice_verses.values():
        client.post("/learn/drill/", {"uuid": str(uuid.uuid4()), "verse": verse.pk, "kind": "recall", "grade": "easy"})
    html = client.get("/learn/drill/").content.decode()
    assert "Nothing is due" in html and "The next verse comes due" in html


def test_a_stranger_can_neither_see_nor_drill_my_verses(bob, alice_verses):
    client = signed_in(bob)
    verse = alice_verses["James 2:17"]
    before = state()
    assert client.get(f"/learn/drill/?verse={verse.pk}").status_code == 404
    assert client.get("/learn/drill/?verse=999999999").status_code == 404
    answer = {"uuid": str(uuid.uuid4()), "verse": verse.pk, "kind": "whole", "answer": verse.card.scripture}
    assert client.post("/learn/drill/", answer).status_code == 404
    assert verse.card.reference not in client.get("/learn/").content.decode()
    assert state() == before


@pytest.mark.parametrize("bad", ["0", "501", "²", "1.5", ""])
def test_the_goal_is_set_within_its_bounds(alice, bad):
    client = signed_in(alice)
    assert client.post("/learn/goal/", {"daily_reviews": "8"}).status_code == 302
    assert LearningGoal.objects.get(user=alice).daily_reviews == 8
    client.post("/learn/goal/", {"daily_reviews": bad})
    assert LearningGoal.objects.get(user=alice).daily_reviews == 8


POSTS = [
    ("/learn/goal/", {"daily_reviews": "5"}),
    ("/learn/add/", {"card_set": "{set}"}),
    ("/learn/drill/", {"uuid": "{uuid}", "verse": "{verse}", "kind": "recall", "grade": "good"}),
    ("/learn/classes/new/", {"name": "Seminary", "card_set": "{set}"}),
    ("/learn/join/", {"code": "{code}"}),
    ("/learn/classes/{klass}/remove/", {"member": "{member}"}),
    ("/learn/classes/{klass}/close/", {}),
    ("/learn/classes/{klass}/leave/", {}),
    ("/learn/mastery-sharing/", {"public": "on"}),
]


@pytest.mark.parametrize(("path", "form"), POSTS, ids=[p.replace("{klass}", "id") for p, _ in POSTS])
def test_a_page_post_past_the_write_limit_is_a_429_and_changes_nothing(
    alice, alice_verses, cv_cards, one_write_a_minute, path, form
):
    from learning.classes.models import ClassMember
    from learning.classes.services import class_create
    from learning.classes.services import class_join_as_guest
    from learning.selectors import verse_cards

    klass = class_create(
        teacher=alice, name="Seminary", cards=verse_cards().filter(card_set=cv_cards["faith"].card_set)
    )
    member = class_join_as_guest(klass=klass, first_name="Sam")
    client = signed_in(alice)
    ids = {"set": str(cv_cards["faith"].card_set_id), "verse": str(alice_verses["Alma 37:6"].pk)}
    ids |= {"klass": str(klass.pk), "code": klass.join_code, "member": str(member.pk)}
    path = path.format(**ids)
    client.post(path, {k: v.format(uuid=uuid.uuid4(), **ids) for k, v in form.items()})  # the one write allowed
    before = (state(), sorted(ClassMember.objects.values_list("id", flat=True)), klass_state())
    response = client.post(path, {k: v.format(uuid=uuid.uuid4(), **ids) for k, v in form.items()})
    assert response.status_code == 429
    assert (state(), sorted(ClassMember.objects.values_list("id", flat=True)), klass_state()) == before


def klass_state() -> list:
    from learning.classes.models import LearningClass

    return sorted(LearningClass.objects.values_list("id", "closed"))


def test_every_learning_page_that_takes_a_post_is_in_the_table(alice):
    """tests/cardcollections/test_page_writes.py leaves the learn/ pages to this table."""
    from tests.project.routes import route_paths
    from tests.project.routes import url_routes

    client = signed_in(alice)
    listed = {resolve(path.replace("{klass}", "1")).route for path, _ in POSTS}
    unlisted = [
        route
        for route in url_routes(re.compile(r"^(?!learn/)"))
        if route not in listed
        and any(
            client.post(p).status_code != 405 for p in route_paths(route, {"int": ["1"], "uuid": [str(uuid.uuid4())]})
        )
    ]
    assert unlisted == []


def test_the_learn_page_shows_progress_by_set(alice, alice_verses, cv_cards):
    from learning.models import FsrsState

    alice_verses["James 2:17"].__class__.objects.filter(pk=alice_verses["James 2:17"].pk).update(state=FsrsState.REVIEW)
    html = signed_in(alice).get("/learn/").content.decode()
    section = html.split('id="learn-mastery"')[1].split("</section>")[0]
    # The CV1 set prints three verses (Alma 37:6, James 2:17, Helaman 12:2), all learned, one known; the second
    # printing of "By Small Means" in CV2 is one verse of its own set.
    faith_set = cv_cards["faith"].card_set
    assert f"{faith_set.name}</span>" in section
    assert "1 known of 3 verses (33 %) · 3 learning" in section
    assert "0 known of 1 verse (0 %) · 1 learning" in section
    assert _problems(html) == []
