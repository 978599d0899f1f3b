"""A class in three browsers: a teacher makes it from her deck at desktop width, two guests join on phones with
the code and a first name and each drills a verse, and the teacher sees their progress on the class's verses.
Screenshots go to var/screenshots/ (class-*.png)."""

import pytest
from playwright.sync_api import expect

from learning.classes.models import ClassMember
from learning.models import Review
from tests.browser.conftest import close_when_idle
from tests.browser.conftest import log_in
from tests.learning.conftest import alice_deck  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDER_THAN_THE_PAGE = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"


def test_a_teacher_and_two_guests(live_server, chromium, browser_page, alice, alice_deck, screenshot_dir):  # noqa: F811
    teacher = browser_page
    log_in(teacher, live_server.url, "alice", "/learn/classes/new/")
    teacher.get_by_label("Class name").fill("Wednesday seminary")
    teacher.get_by_label("The verses of one of your decks").select_option(label="Verses (Chapter and Verse)")
    teacher.get_by_role("button", name="Make the class").click()
    expect(teacher.get_by_role("heading", name="Wednesday seminary")).to_be_visible()
    code = teacher.locator(".learn-code strong").inner_text()
    expect(teacher.locator(".learn-qr svg")).to_be_visible()
    teacher.screenshot(path=str(screenshot_dir / "class-teacher-new.png"), full_page=True)

    for name in ("Ruth", "Boaz"):
        context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        guest = context.new_page()
        guest.set_default_timeout(20_000)
        guest.goto(f"{live_server.url}/learn/join/?code={code}")
        expect(guest.get_by_label("Class code")).to_have_value(code)
        guest.get_by_label("Your first name").fill(name)
        guest.get_by_role("button", name="Join").click()
        expect(guest.get_by_text("Welcome to “Wednesday seminary”")).to_be_visible()
        # A new verse is tapped back in order; the guest types it instead (the box takes either).
        scripture = guest.locator(".learn-reveal blockquote").inner_text()
        guest.get_by_label("The verse so far").fill(scripture)
        guest.get_by_role("button", name="Check").click()
        expect(guest.get_by_role("heading", name="Good")).to_be_visible()
        assert not guest.evaluate(WIDER_THAN_THE_PAGE)
        guest.screenshot(path=str(screenshot_dir / f"class-guest-{name.lower()}.png"), full_page=True)
        close_when_idle(guest)

    teacher.reload()
    rows = teacher.locator(".learn-progress tbody tr")
    expect(rows).to_have_count(2)
    for name in ("Boaz", "Ruth"):
        row = rows.filter(has_text=name)
        expect(row).to_contain_text("(guest)")
        expect(row.locator("td").nth(0)).to_have_text("3 of 3")
        expect(row.locator("td").nth(2)).to_have_text("1")
    teacher.screenshot(path=str(screenshot_dir / "class-teacher-progress.png"), full_page=True)
    assert sorted(ClassMember.objects.values_list("display_name", "guest")) == [("Boaz", True), ("Ruth", True)]
    assert Review.objects.count() == 2
