"""The site's main pages in a real Chromium under the Content-Security-Policy: no violation on any of them,
and what their scripts do (live search, the builder, charts, progress bars, the API docs) still works.

Every `securitypolicyviolation` event of every page is recorded on the page (an init script, before any of
the page's own), and so is every console message about the policy; both must stay empty.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import account_menu
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(
    `${e.effectiveDirective} refused ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`
  );
}, true);
"""
GAMES = [
    "chapter-and-verse",
    "bible-battles",
    "book-of-mormon-battles",
    "warriors-of-the-promised-land",
    "battle-cards",
]


class PolicyWatch:
    """The violations of each page visited, by URL."""

    def __init__(self, page) -> None:
        self.page = page
        self.found: dict[str, list[str]] = {}
        page.add_init_script(RECORD_VIOLATIONS)
        page.on("console", self._console)

    def _console(self, message) -> None:
        if "Content Security Policy" in message.text:
            self.found.setdefault(self.page.url, []).append(f"console: {message.text}")

    def visit(self, url: str):
        response = self.page.goto(url)
        assert response.ok, f"{url}: {response.status}"
        return response

    def record(self, *, refused_on_purpose: str = "") -> None:
        """Keep what the current page reported (call it before leaving the page); `refused_on_purpose` names
        the one address the page may try and the policy is meant to refuse."""
        self.page.wait_for_load_state("load")
        self.page.wait_for_timeout(100)  # violation events are queued as tasks: let them fire
        reported = self.found.pop(self.page.url, []) + self.page.evaluate("window.__cspViolations || []")
        reported = [v for v in reported if not (refused_on_purpose and refused_on_purpose in v)]
        # htmx injects no indicator <style> (ReDoc writes its own, allowed by nonce): site.css has the rules.
        if "/api/v1/redoc/" not in self.page.url and self.page.evaluate("document.querySelectorAll('style').length"):
            reported.append("a <style> element was added to the page")
        if self.page.evaluate("!!window.htmx") and self.page.evaluate(INDICATOR_OPACITIES) != ["0", "1"]:
            reported.append("htmx's request indicators are not styled (site.css)")
        if reported:
            self.found[self.page.url] = reported

    def check(self, url: str) -> None:
        """Visit a page that needs no interaction, and record it."""
        self.visit(url)
        self.record()


# A request indicator is hidden until its element is in a request (site.css, not htmx's injected style).
INDICATOR_OPACITIES = """() => {
  const box = document.createElement("div");
  box.innerHTML = '<span class="htmx-indicator">idle</span><span class="htmx-request htmx-indicator">busy</span>';
  document.body.append(box);
  const opacities = [...box.children].map((el) => getComputedStyle(el).opacity);
  box.remove();
  return opacities;
}"""


@pytest.fixture
def watch(browser_page) -> PolicyWatch:
    return PolicyWatch(browser_page)


def test_the_public_pages_load_and_work_without_a_policy_violation(
    live_server, demo_site, watch, card_media_cleanup, screenshot_dir
):
    page, base, card = watch.page, live_server.url, demo_site.card
    watch.check(base + "/")
    for game in GAMES[1:]:
        watch.check(f"{base}/catalog/{game}/")

    # The live search swaps the results in place (htmx, no eval, its indicator styles from site.css).
    watch.visit(f"{base}/catalog/{GAMES[0]}/")
    tiles = page.locator(".card-grid .card-tile")
    everything = tiles.count()
    page.get_by_placeholder(re.compile("Search titles")).fill(card.title)
    expect(tiles.first).to_contain_text(card.title)
    expect(page).to_have_url(re.compile(r"\?q="))
    assert tiles.count() < everything
    watch.record()

    watch.check(f"{base}/cards/{card.pk}/")
    image = page.locator("#card-image")
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())

    # The validation panel follows the typing.
    watch.visit(f"{base}/decks/validate/")
    page.get_by_label("Deck list").fill(f"4 {card.title}\n")
    expect(page.locator("#validation-result .verdict")).to_contain_text("Not legal")
    watch.record()

    # The goldfish page draws a hand and its exact-odds chart.
    watch.visit(f"{base}/decks/goldfish/?deck={demo_site.deck.pk}")
    page.get_by_role("button", name="Draw a hand").click()
    expect(page.locator("#hand .hand-card img")).to_have_count(5)
    odds = page.locator("#odds-form")
    odds.get_by_label("Query 1 kind").select_option("title")
    odds.get_by_label("Query 1 value").fill(card.title)
    odds.get_by_role("button", name="Show exact curves").click()
    expect(page.locator("#exact-chart svg polyline")).to_have_count(1)
    watch.record()

    # A public deck page draws its charts (SVG, coloured by attributes).
    watch.visit(f"{base}/decks/{demo_site.deck.pk}/")
    expect(page.locator("svg[data-chart] rect.bar").first).to_be_visible()
    watch.record()

    watch.check(f"{base}/decks/public/")
    watch.check(f"{base}/events/")
    watch.check(f"{base}/events/{demo_site.event.pk}/")

    # The API docs: Swagger UI lists the operations, ReDoc draws its page.
    watch.visit(f"{base}/api/v1/docs/")
    expect(page.locator(".swagger-ui .opblock").first).to_be_visible()
    watch.record()
    watch.visit(f"{base}/api/v1/redoc/")
    expect(page.locator("#redoc-container h1").first).to_contain_text("Chapter and Verse card site API")
    expect(page.locator("#redoc-container [data-section-id]").first).to_be_attached()
    # ReDoc's sidebar always shows Redocly's logo from their CDN: the policy refuses it (no third-party
    # requests from the docs), and ReDoc hides the image. Nothing else may be refused.
    watch.record(refused_on_purpose="https://cdn.redoc.ly/redoc/logo-mini.svg")
    page.screenshot(path=str(screenshot_dir / "csp-redoc.png"))

    watch.check(f"{base}/accounts/login/")
    watch.check(f"{base}/accounts/signup/")
    assert watch.found == {}


def test_the_signed_in_pages_load_and_work_without_a_policy_violation(
    live_server, demo_site, watch, card_media_cleanup
):
    page, base, card, deck, event = watch.page, live_server.url, demo_site.card, demo_site.deck, demo_site.event
    log_in(page, base, "alice")
    expect(account_menu(page).get_by_role("button", name="Log out")).to_be_visible()
    watch.record()

    # The builder adds a card to a new deck, in place.
    watch.visit(f"{base}/decks/new/?game=chapter-and-verse")
    page.get_by_label("Search cards").fill(card.title)
    page.get_by_role("button", name=f"Add {card.title} ({card.card_set.code} {card.number})").click()
    expect(page.locator("#deck-total")).to_have_text("1")
    expect(page.locator("#deck-validation")).to_have_attribute("data-legal", "false")
    watch.record()

    # Collection pages: the set-completion progress bars are drawn.
    watch.check(f"{base}/collection/")
    bars = page.locator("progress")
    expect(bars.first).to_be_visible()
    assert max(bars.evaluate_all("bars => bars.map((bar) => bar.position)")) > 0
    for path in ["collection/chapter-and-verse/", "collection/chapter-and-verse/sets/", "collection/settings/"]:
        watch.check(f"{base}/{path}")

    for path in ["trades/", f"trades/{demo_site.trade.pk}/", "trades/new/", "trades/matches/"]:
        watch.check(f"{base}/{path}")

    # My decks: choosing a game sends the filter (site.js, where an inline onchange was).
    watch.visit(f"{base}/decks/")
    page.get_by_label("Game", exact=True).select_option("bible-battles")
    expect(page).to_have_url(re.compile(r"/decks/\?game=bible-battles(&sort=updated)?$"))
    watch.record()
    watch.check(f"{base}/decks/{deck.pk}/print/")

    # A new event: the format menu shows only the chosen game's formats (event-form.js, once inline).
    watch.visit(f"{base}/events/new/")
    game = page.get_by_label("Game", exact=True)
    game.select_option("bible-battles")
    visible = page.locator("#id_format optgroup:not([hidden])")
    expect(visible).to_have_count(1)
    expect(visible).to_have_attribute("label", game.evaluate("select => select.selectedOptions[0].text"))
    watch.record()
    for path in [f"events/{event.pk}/manage/", f"events/{event.pk}/my-list/", f"events/{event.pk}/register/"]:
        watch.check(f"{base}/{path}")
    assert watch.found == {}
