"""Issue #15 in a real Chromium: alice proposes a card with a scan, dana (a moderator) approves it,
and it appears in the catalog with its history."""

import pytest
from django.core.files.storage import default_storage
from playwright.sync_api import expect

from cardcollections.catalog.services import catalog_load
from cardcollections.models import Card
from cardcollections.models import CardProposal
from tests.browser.conftest import account_menu
from tests.browser.conftest import log_in
from tests.cardcollections.conftest import image_bytes
from tests.conftest import CV_SMALL

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def proposal_media_cleanup(card_media_cleanup):
    yield
    for proposal in CardProposal.objects.all():
        if proposal.scan:
            default_storage.delete(proposal.scan.name)


def test_a_proposed_card_with_a_scan_is_approved_and_appears_with_its_history(
    live_server, browser_page, alice, moderator, screenshot_dir, proposal_media_cleanup
):
    catalog_load(document=CV_SMALL)
    page = browser_page

    # alice proposes a new card from "Card proposals".
    log_in(page, live_server.url, "alice")
    account_menu(page).get_by_role("link", name="Card proposals").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("My card proposals")
    page.get_by_role("link", name="Chapter and Verse", exact=True).last.click()
    page.get_by_label("Set", exact=True).select_option("CV2")
    page.get_by_label("Number", exact=True).fill("9")
    page.get_by_label("Title", exact=True).fill("Line upon Line")
    page.get_by_label("Sacrifice", exact=True).fill("2")
    page.get_by_label("Icons", exact=True).fill('{"wisdom": 2}')
    page.get_by_label("Scripture", exact=True).fill("line upon line, precept upon precept")
    page.get_by_label("Reference", exact=True).fill("2 Nephi 28:30")
    page.get_by_label("Standard work", exact=True).select_option("book-of-mormon")  # a pick list
    page.get_by_label("Source", exact=True).fill("https://example.org/line-upon-line")
    page.get_by_label("Scan", exact=True).set_input_files(
        files=[{"name": "line.png", "mimeType": "image/png", "buffer": image_bytes()}]
    )
    page.get_by_role("button", name="Propose").click()
    expect(page.locator("#proposal-status")).to_have_text("waiting for review")
    expect(page.locator(".proposal-diff")).to_contain_text("sacrifice")
    assert not Card.objects.filter(title="Line upon Line").exists()
    page.get_by_role("link", name="My proposals").click()
    expect(page.locator("#my-proposals")).to_contain_text("Line upon Line")

    # dana finds it in the review queue, sees it beside the catalog and approves it.
    account_menu(page).get_by_role("button", name="Log out").click()
    log_in(page, live_server.url, "dana", "/proposals/review/")
    expect(page.locator("#review-queue")).to_contain_text("alice")
    page.get_by_role("link", name="Line upon Line").click()
    expect(page.locator(".proposal-card")).to_contain_text("new card")
    page.get_by_label("Action").select_option("approve")
    page.screenshot(path=str(screenshot_dir / "proposal-review.png"), full_page=True)
    page.get_by_role("button", name="Send").click()
    expect(page.locator("#proposal-status")).to_have_text("approved")

    # The card is in the catalog, a community card with its scan and its history.
    page.goto(f"{live_server.url}/catalog/chapter-and-verse/?q=line")
    page.get_by_role("link", name="Line upon Line").first.click()
    expect(page.locator("#card-provenance")).to_contain_text("Community card")
    page.get_by_role("link", name="History of this card").click()
    expect(page.locator("#card-history")).to_contain_text("proposed by alice, approved by dana")
    expect(page.locator("#card-history")).to_contain_text("scan")
    card = Card.objects.get(title="Line upon Line")
    assert card.scan and card.provenance == "community"
