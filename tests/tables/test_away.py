"""Away at a table without a clock (docs/tables.md, "Away"): once the people to act have not moved for
TABLES_AWAY_HOURS, a player who waits may claim the win; before that, or for anyone else, nothing changes."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tables.models import Move
from tables.models import Table
from tables.services import Actor
from tables.services import TableRefused
from tables.services import table_claim_away
from tables.services import table_move
from tests.tables.test_api import client_for
from tests.tables.test_takebacks import make


def age(table: Table, hours: float) -> None:
    """The table's last move (or its start) made `hours` ago."""
    when = timezone.now() - timedelta(hours=hours)
    Move.objects.filter(table=table).update(at=when)
    Table.objects.filter(pk=table.pk).update(updated=when)


def snapshot(table: Table) -> tuple:
    table.refresh_from_db()
    return table.status, table.seq, table.result, Move.objects.filter(table=table).count()


def test_the_player_who_waits_claims_the_win_once_the_other_has_been_away_long_enough(moved, alice, bob, settings):
    age(moved, settings.TABLES_AWAY_HOURS + 0.1)
    table_claim_away(table_id=moved.pk, actor=Actor(user=alice))
    moved.refresh_from_db()
    assert moved.status == "over"
    assert moved.result == {"winners": [0], "reason": "away", "seat": 1}
    last = Move.objects.filter(table=moved).order_by("-seq").first()
    assert (last.kind, last.seat, last.action) == ("away", 1, {"seats": [1]})
    with pytest.raises(TableRefused) as refused:  # bob comes back too late: the game is over
        table_move(table_id=moved.pk, actor=Actor(user=bob), after=moved.seq, key="bob-late-1", action={"type": "x"})
    assert refused.value.code == "not-playing"


def test_a_claim_before_the_time_says_until_when_and_changes_nothing(moved, alice, settings):
    age(moved, settings.TABLES_AWAY_HOURS - 1)
    before = snapshot(moved)
    with pytest.raises(TableRefused) as refused:
        table_claim_away(table_id=moved.pk, actor=Actor(user=alice))
    assert refused.value.code == "not-away" and "bob may still move until" in refused.value.message
    assert snapshot(moved) == before


def test_the_player_to_act_and_a_stranger_claim_nothing(moved, bob, carol, settings):
    age(moved, settings.TABLES_AWAY_HOURS + 1)
    before = snapshot(moved)
    for who, code in ((bob, "your-turn"), (carol, "not-your-seat")):
        with pytest.raises(TableRefused) as refused:
            table_claim_away(table_id=moved.pk, actor=Actor(user=who))
        assert refused.value.code == code
    assert snapshot(moved) == before


def test_before_any_move_the_time_counts_from_the_start(boxes, alice, bob, settings):
    table = make(alice, bob)
    age(table, settings.TABLES_AWAY_HOURS + 1)
    with pytest.raises(TableRefused) as refused:  # both choose at once: nobody waits
        table_claim_away(table_id=table.pk, actor=Actor(user=alice))
    assert refused.value.code == "your-turn"


def test_a_table_with_a_clock_leaves_it_to_the_clock(boxes, alice, bob, settings):
    table = make(alice, bob, move_hours=24)
    before = snapshot(table)
    with pytest.raises(TableRefused) as refused:
        table_claim_away(table_id=table.pk, actor=Actor(user=alice))
    assert refused.value.code == "has-clock"
    assert snapshot(table) == before


def test_the_api_claims_for_the_caller_and_refuses_early_with_the_reason(moved, alice, bob, carol, settings):
    url = f"/api/v1/tables/{moved.pk}/claim-away/"
    early = client_for(alice).post(url, {}, format="json")
    assert early.status_code == 409 and early.json()["code"] == "not-away"
    assert client_for(carol).post(url, {}, format="json").status_code == 403
    age(moved, settings.TABLES_AWAY_HOURS + 1)
    assert client_for(bob).post(url, {}, format="json").status_code == 409
    claimed = client_for(alice).post(url, {}, format="json")
    assert claimed.status_code == 200 and claimed.json()["status"] == "over"
    moved.refresh_from_db()
    assert moved.result["reason"] == "away" and moved.result["winners"] == [0]


def test_the_board_offers_the_claim_only_when_it_is_due(moved, alice, bob, settings):
    page = Client()
    page.force_login(alice)
    waiting = page.get(f"/tables/{moved.pk}/").content.decode()
    assert "you may claim the win" in waiting and "Claim the win" not in waiting
    page_of_bob = Client()
    page_of_bob.force_login(bob)
    assert "claim the win" not in page_of_bob.get(f"/tables/{moved.pk}/").content.decode().lower()
    age(moved, settings.TABLES_AWAY_HOURS + 1)
    due = page.get(f"/tables/{moved.pk}/").content.decode()
    assert f"has not moved for {settings.TABLES_AWAY_HOURS} hours" in due
    answer = page.post(f"/tables/{moved.pk}/claim-away/")
    assert answer.status_code == 302
    over = page.get(f"/tables/{moved.pk}/").content.decode()
    assert "Won by alice: away too long" in over
