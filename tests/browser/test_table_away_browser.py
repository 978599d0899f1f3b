"""A table without a clock (docs/tables.md, "Away"): the player who waits reads until when the other may still move,
then, once the other has been away long enough, claims the win with one button; photographed at 1280 and 390 px."""

from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import expect

from tables.models import Move
from tables.models import Table
from tests.browser.conftest import db_read
from tests.browser.conftest import log_in
from tests.browser.test_phone_browser import _look_at
from tests.decks.battles.conftest import load_starter_catalogs
from tests.tables.test_clocks import move
from tests.tables.test_takebacks import make

SIZES = (("desktop", {"width": 1280, "height": 900}), ("phone", {"width": 390, "height": 844}))


def _photograph(page, name: str, screenshot_dir) -> None:
    for prefix, size in SIZES:
        page.set_viewport_size(size)
        page.wait_for_timeout(50)
        page.screenshot(path=str(screenshot_dir / f"{prefix}-{name}.png"), full_page=True)
        assert not _look_at(page), (prefix, name, _look_at(page))


def test_the_player_who_waits_is_told_until_when_then_claims_the_win(
    table_browsers, live_server, alice, bob, settings, screenshot_dir
):
    load_starter_catalogs()
    table = make(alice, bob)  # friendly, no clock
    move(table, 0, [alice, bob], "alice-move-1")  # alice has chosen; bob is to act
    (page,) = table_browsers(1)
    log_in(page, live_server.url, "alice", f"/tables/{table.pk}/")
    expect(page.locator(".table-away")).to_contain_text("you may claim the win")
    expect(page.get_by_role("button", name="Claim the win")).to_have_count(0)
    _photograph(page, "table-away-waiting", screenshot_dir)

    when = timezone.now() - timedelta(hours=settings.TABLES_AWAY_HOURS + 1)
    db_read(lambda: Move.objects.filter(table=table).update(at=when))
    page.reload()
    expect(page.locator(".table-away")).to_contain_text(f"has not moved for {settings.TABLES_AWAY_HOURS} hours")
    _photograph(page, "table-away-due", screenshot_dir)
    page.get_by_role("button", name="Claim the win").click()
    expect(page.locator(".play-result")).to_contain_text("Won by alice: away too long")
    assert db_read(lambda: Table.objects.get(pk=table.pk).result["reason"]) == "away"
