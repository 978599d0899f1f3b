"""notify_social: what other players do to a player's things, never your own doing, once a day per actor and
thing, bounded per actor, and gathered while unread into one notification that names the latest players."""

import pytest
from django.contrib.auth import get_user_model

from cardcollections.notifications.models import Notification
from cardcollections.notifications.models import NotificationKind
from cardcollections.notifications.services import ACTOR_DAILY_LIMIT
from cardcollections.notifications.services import NotificationError
from cardcollections.notifications.services import notification_mark_read
from cardcollections.notifications.services import notify_social
from cardcollections.notifications.services import social_message

pytestmark = pytest.mark.django_db
LIKED = NotificationKind.DECK_LIKED


def like(user, actor, deck: str = "1"):
    return notify_social(
        user, actor=actor, kind=LIKED, subject=f"deck:{deck}", action=f"liked your deck “D{deck}”.", url=f"/d/{deck}/"
    )


def players(n: int) -> list:
    return [get_user_model().objects.create_user(f"fan{i}", password="fan-password-1") for i in range(n)]


@pytest.mark.parametrize(
    ("names", "count", "said"),
    [
        (["bob"], 1, "bob liked it."),
        (["carol", "bob"], 2, "carol and bob liked it."),
        (["dan", "carol"], 3, "dan, carol and 1 other liked it."),
        (["dan", "carol"], 5, "dan, carol and 3 others liked it."),
    ],
)
def test_the_message_names_the_latest_players_and_counts_the_rest(names, count, said):
    assert social_message(names, count, "liked it.") == said


def test_nobody_is_told_of_their_own_doing(alice):
    assert like(alice, alice) is None
    assert not Notification.objects.exists()


def test_a_like_an_unlike_and_a_like_again_tell_once(alice, bob):
    assert like(alice, bob) is not None
    assert like(alice, bob) is None
    assert Notification.objects.get().message == "bob liked your deck “D1”."


def test_unread_likes_of_one_deck_gather_in_one_notification_on_top(alice, bob, charlie, queued):
    like(alice, bob)
    like(alice, bob, deck="2")
    like(alice, charlie)
    rows = list(Notification.objects.filter(user=alice))  # newest first
    assert [n.message for n in rows] == ["charlie and bob liked your deck “D1”.", "bob liked your deck “D2”."]
    assert rows[0].actors == ["charlie", "bob"] and rows[0].actor_count == 2 and rows[0].url == "/d/1/"
    assert len(queued) == 0  # alice has no address: no mail, gathered or not


def test_a_gathered_notification_sends_no_second_mail(alice, bob, charlie, queued, django_capture_on_commit_callbacks):
    alice.email = "alice@example.com"
    alice.save()
    with django_capture_on_commit_callbacks(execute=True):
        like(alice, bob)
        like(alice, charlie)
    assert len(queued) == 1


def test_once_read_the_next_like_is_a_new_notification(alice, bob, charlie):
    first = like(alice, bob)
    notification_mark_read(notification=first, user=alice)
    like(alice, charlie)
    assert [n.message for n in Notification.objects.filter(user=alice)] == [
        "charlie liked your deck “D1”.",
        "bob liked your deck “D1”.",
    ]


def test_one_player_cannot_flood_another(alice, bob):
    for deck in range(ACTOR_DAILY_LIMIT + 20):
        like(alice, bob, deck=str(deck))
    assert Notification.objects.filter(user=alice).count() == ACTOR_DAILY_LIMIT


def test_many_players_make_one_unread_notification(alice):
    for fan in players(12):
        like(alice, fan)
    only = Notification.objects.get(user=alice)
    assert only.message == "fan11, fan10 and 10 others liked your deck “D1”."


def test_it_is_for_what_others_do_only(alice, bob):
    with pytest.raises(NotificationError):
        notify_social(alice, actor=bob, kind=NotificationKind.TRADE_PROPOSED, subject="x", action="offered.")
