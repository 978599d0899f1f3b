"""Classes: a teacher makes a class of verses, students join with its code (signed in, or as guests with a first
name), the teacher sees their progress on the class's verses only, and closing deletes every guest's data."""

import re
import uuid

import pytest
from django.contrib.auth.models import User
from django.test import Client

from learning.classes.models import MAX_MEMBERS
from learning.classes.models import ClassMember
from learning.classes.models import LearningClass
from learning.classes.services import ClassError
from learning.classes.services import class_create
from learning.classes.services import class_join_as_guest
from learning.classes.services import normal_code
from learning.models import LearnedVerse
from learning.models import Review
from learning.services import verses_add_from_set
from tests.project.test_page_accessibility import _problems

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def klass(alice, alice_deck) -> LearningClass:
    """alice teaches "Seminary" with her deck's three verses."""
    client = signed_in(alice)
    response = client.post(
        "/learn/classes/new/", {"name": "Seminary", "deck": str(alice_deck.pk), "allow_guests": "on"}
    )
    assert response.status_code == 302
    return LearningClass.objects.get()


def state() -> tuple:
    return (
        sorted(User.objects.values_list("username", flat=True)),
        sorted(ClassMember.objects.values_list("display_name", "guest")),
        LearnedVerse.objects.count(),
        Review.objects.count(),
    )


def test_a_teacher_makes_a_class_and_sees_its_code_and_qr(alice, klass):
    html = signed_in(alice).get(f"/learn/classes/{klass.pk}/").content.decode()
    assert klass.join_code in html and f"/learn/join/?code={klass.join_code}" in html
    assert "<svg" in html and "No student yet" in html and "Verses (3)" in html
    assert _problems(html) == []
    assert re.fullmatch(r"[A-Z2-9]{8}", klass.join_code) and not set(klass.join_code) & set("01OILUV8")


def test_a_guest_joins_with_a_first_name_drills_and_the_teacher_sees_it(alice, klass):
    guest = Client()
    joined = guest.post(
        "/learn/join/", {"code": klass.join_code.lower()[:4] + "-" + klass.join_code[4:], "first_name": " Sam "}
    )
    assert joined.status_code == 302 and joined["Location"] == "/learn/drill/"
    member = ClassMember.objects.get()
    assert member.guest and member.display_name == "Sam" and not member.user.has_usable_password()
    assert not member.user.email
    # The guest learns the class's three verses, drills one in this browser.
    page = guest.get("/learn/drill/").content.decode()
    verse = LearnedVerse.objects.get(pk=re.search(r'name="verse" value="(\d+)"', page).group(1))
    assert verse.user == member.user and LearnedVerse.objects.filter(user=member.user).count() == 3
    answer = {"uuid": str(uuid.uuid4()), "verse": verse.pk, "kind": "whole", "answer": verse.card.scripture}
    assert "Good" in guest.post("/learn/drill/", answer).content.decode()
    html = signed_in(alice).get(f"/learn/classes/{klass.pk}/").content.decode()
    row = re.search(r"<tr>\s*<th scope=\"row\">Sam.*?</tr>", html, re.S).group(0)
    assert "(guest)" in row and "3 of 3" in row and "<td>1</td>" in row


def test_a_signed_in_student_joins_once_and_keeps_their_own_verses(alice, bob, klass, cv_cards):
    verses_add_from_set(user=bob, card_set=cv_cards["pride"].card_set)  # bob learns verses of his own already
    before = LearnedVerse.objects.filter(user=bob).count()
    client = signed_in(bob)
    for _ in range(2):
        assert client.post("/learn/join/", {"code": klass.join_code}).status_code == 302
    assert ClassMember.objects.get().user == bob
    assert LearnedVerse.objects.filter(user=bob).count() >= before
    # Closing the class: bob leaves it but keeps every verse; a guest is deleted with everything of theirs.
    class_join_as_guest(klass=klass, first_name="Ann")
    kept = LearnedVerse.objects.filter(user=bob).count()
    response = signed_in(alice).post(f"/learn/classes/{klass.pk}/close/")
    assert response.status_code == 302
    assert not ClassMember.objects.exists() and not User.objects.filter(first_name="Ann").exists()
    assert LearnedVerse.objects.filter(user=bob).count() == kept
    assert set(LearnedVerse.objects.values_list("user__username", flat=True)) <= {"bob", "alice"}
    # A closed class takes no one.
    refused = Client().post("/learn/join/", {"code": klass.join_code, "first_name": "Zed"})
    assert refused.status_code == 400 and "No open class has that code" in refused.content.decode()
    assert not User.objects.filter(first_name="Zed").exists()


def test_the_teacher_sees_nothing_of_a_students_other_verses(alice, bob, klass, cv_cards):
    signed_in(bob).post("/learn/join/", {"code": klass.join_code})
    extra = LearnedVerse.objects.filter(user=bob).exclude(verse_key__in=klass.verses.values("verse_key"))
    html = signed_in(alice).get(f"/learn/classes/{klass.pk}/").content.decode()
    for verse in extra:
        assert verse.card.reference not in html


@pytest.mark.parametrize("who", ["stranger", "student", "anonymous"])
def test_no_one_but_the_teacher_sees_or_changes_the_class(alice, bob, klass, who):
    from django.contrib.auth import get_user_model

    carol = get_user_model().objects.create_user("carol", password="carol-password-1")
    signed_in(bob).post("/learn/join/", {"code": klass.join_code})
    before = state()
    client = {"stranger": signed_in(carol), "student": signed_in(bob), "anonymous": Client()}[who]
    member = ClassMember.objects.get()
    page = client.get(f"/learn/classes/{klass.pk}/")
    assert page.status_code in ((302,) if who == "anonymous" else (404,))
    for path, data in [("remove", {"member": member.pk}), ("close", {})]:
        response = client.post(f"/learn/classes/{klass.pk}/{path}/", data)
        assert response.status_code == (302 if who == "anonymous" else 404)
    assert state() == before
    klass.refresh_from_db()
    assert klass.closed is None


@pytest.mark.parametrize(
    ("form", "field"),
    [
        ({"code": "NOPE1234", "first_name": "Sam"}, "No open class has that code"),
        ({"code": "{code}", "first_name": ""}, "Give a name"),
        ({"code": "{code}", "first_name": "x" * 31}, "at most 30 characters"),
        ({"code": "", "first_name": "Sam"}, "This field is required"),
        ({"code": "{code}\x00", "first_name": "Sam"}, ""),
    ],
)
def test_a_bad_join_is_a_400_and_makes_no_one(klass, form, field):
    before = state()
    data = {k: v.replace("{code}", klass.join_code) for k, v in form.items()}
    response = Client().post("/learn/join/", data)
    assert response.status_code == 400
    assert field in response.content.decode()
    assert state() == before


def test_a_class_without_guests_asks_for_an_account(alice, alice_deck):
    klass = class_create(teacher=alice, name="Accounts only", cards=_cards(alice_deck), allow_guests=False)
    response = Client().post("/learn/join/", {"code": klass.join_code, "first_name": "Sam"})
    assert response.status_code == 400 and "sign in first" in response.content.decode()
    assert not ClassMember.objects.exists()


def test_a_full_class_takes_no_one_more(alice, alice_deck, klass):
    for i in range(MAX_MEMBERS):
        class_join_as_guest(klass=klass, first_name=f"S{i}")
    with pytest.raises(ClassError, match="full"):
        class_join_as_guest(klass=klass, first_name="One too many")
    assert ClassMember.objects.count() == MAX_MEMBERS


def test_a_removed_guest_is_deleted_with_their_reviews(alice, klass):
    guest = Client()
    guest.post("/learn/join/", {"code": klass.join_code, "first_name": "Sam"})
    member = ClassMember.objects.get()
    verse = LearnedVerse.objects.filter(user=member.user).first()
    guest.post("/learn/drill/", {"uuid": str(uuid.uuid4()), "verse": verse.pk, "kind": "whole", "answer": "x"})
    assert Review.objects.filter(user=member.user).exists()
    assert signed_in(alice).post(f"/learn/classes/{klass.pk}/remove/", {"member": member.pk}).status_code == 302
    assert not User.objects.filter(pk=member.user_id).exists() and not Review.objects.exists()
    assert guest.get("/learn/").status_code == 302  # the guest's browser is signed out with the account gone


def test_anonymous_joins_are_counted_by_address(klass, one_write_a_minute):
    first = Client(REMOTE_ADDR="203.0.113.9").post("/learn/join/", {"code": "WRONG234", "first_name": "Sam"})
    assert first.status_code == 400
    before = state()
    again = Client(REMOTE_ADDR="203.0.113.9").post("/learn/join/", {"code": klass.join_code, "first_name": "Sam"})
    assert again.status_code == 429 and state() == before


def test_codes_are_read_as_people_type_them():
    assert normal_code(" abcd-efgh ") == "ABCDEFGH"


def _cards(deck):
    from learning.selectors import deck_verse_cards

    return deck_verse_cards(deck=deck)
