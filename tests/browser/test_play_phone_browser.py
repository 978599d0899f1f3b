"""A whole game against the computer on a phone (390 by 844), played by tapping as a player would (issue #29):
deal it from /play/, tap the first move offered until the page names the winner, then replay it from the deal.
All along the page fits the width, the cards are drawn, and each move adds an event that says its rule.

Screenshots of the start, the middle, the end and the replayed deal go to var/screenshots/ (phone-play-*.png).
"""

import re

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from cardcollections.images.faces import card_faces_render
from cardcollections.models import Card
from tests.browser.conftest import close_when_idle
from tests.decks.battles.conftest import load_starter_catalogs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
TAPS = 400  # far more than either game takes (about 35 taps each): past this the game is not ending
MIDDLE = 12  # the tap after which the middle of the game is photographed

# What sticks out past the right edge, for the failure message: the first offenders, as tag.class (right edge).
WIDER_THAN_THE_PAGE = """() => {
  const limit = document.documentElement.clientWidth;
  return [...document.querySelectorAll("body *")]
    .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
    .slice(0, 6)
    .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} right=${el.getBoundingClientRect().right}`);
}"""

# The cards on the table as the page draws them: a face (its image, named by its alt), a card the catalog has no
# image for (its title), or the back of one the player may not see.
CARDS_DRAWN = """() => ({
  faces: [...document.querySelectorAll(".play-cards img")].map((img) => img.alt),
  titles: [...document.querySelectorAll(".play-cards .hand-card-missing")].map((el) => el.textContent.trim()),
  backs: document.querySelectorAll(".play-cards .play-card-back").length,
})"""

# The events, newest first: each one's text and its rule (the small line under it).
EVENTS = """() => [...document.querySelectorAll(".play-events li")].map((li) => ({
  text: li.innerText.trim(),
  rule: (li.querySelector("small") || {textContent: ""}).textContent.trim(),
}))"""


@pytest.fixture
def phone(chromium):
    context = chromium.new_context(
        viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True, locale="en-US"
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    close_when_idle(page)


def _fits(page: Page, where: str) -> None:
    if not page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"):
        wide = page.evaluate(WIDER_THAN_THE_PAGE) or ["(the page is wider, no single element found)"]
        pytest.fail(f"{where}: the page is wider than the phone: {', '.join(wide)}")


def _cards_drawn(page: Page, where: str) -> dict:
    cards = page.evaluate(CARDS_DRAWN)
    assert cards["faces"] or cards["titles"] or cards["backs"], f"{where}: no card drawn on the table"
    assert all(cards["faces"]), f"{where}: a card image without its name as alt text"
    return cards


def _photo(page: Page, path) -> None:
    """A full-page screenshot once every card face has come (the lazy ones too: the photo shows the whole page,
    and a face is drawn by the server on its first request)."""
    page.evaluate("document.querySelectorAll('img[loading=lazy]').forEach((img) => { img.loading = 'eager'; })")
    page.wait_for_function("() => [...document.images].every((img) => img.complete)")
    broken = page.evaluate("[...document.querySelectorAll('.play-cards img')].filter((i) => !i.naturalWidth).length")
    assert not broken, f"{broken} card images did not load"
    page.screenshot(path=str(path), full_page=True)


def _deal(page: Page, base_url: str, screenshots, game: str, variant: str) -> None:
    """Start a game from /play/ as a player would: the game, its variant, me against the computer, two seats."""
    page.goto(f"{base_url}/play/")
    _fits(page, "/play/")
    page.get_by_label("Game", exact=True).select_option(label=game)
    page.get_by_label("Variant", exact=True).tap()
    page.get_by_label("Variant", exact=True).fill(variant)
    page.get_by_label("Mode", exact=True).select_option(label="Me against the computer")
    page.get_by_label("Players", exact=True).fill("2")
    page.screenshot(path=str(screenshots / "phone-play-new-game.png"), full_page=True)
    with page.expect_navigation():
        page.get_by_role("button", name="Deal").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{game} ({variant})")


def _play_to_the_end(page: Page, screenshots, name: str) -> tuple[int, str]:
    """Tap the first move offered until the game is over; the number of taps and the result as the page says it."""
    moves = page.locator(".play-actions button")
    result = page.locator(".play-result")
    _fits(page, "the deal")
    _cards_drawn(page, "the deal")
    _photo(page, screenshots / f"phone-play-{name}-start.png")
    events = page.evaluate(EVENTS)
    for tap in range(1, TAPS + 1):
        if result.count():
            return tap - 1, result.inner_text()
        assert moves.count(), f"after {tap - 1} taps: the game is not over and no move is offered"
        move = moves.first
        label = move.inner_text()
        box = move.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], f"move {label!r} is cut off"
        assert box["height"] >= 44, f"move {label!r} is {box['height']:.0f} px tall: too small to tap"
        with page.expect_navigation():
            move.tap()
        where = f"after tap {tap} ({label})"
        _fits(page, where)
        _cards_drawn(page, where)
        before, events = events, page.evaluate(EVENTS)
        assert events != before, f"{where}: no new event"
        newest = events[0]
        assert newest["rule"], f"{where}: the newest event does not say its rule: {newest['text']!r}"
        if tap == MIDDLE:
            _photo(page, screenshots / f"phone-play-{name}-middle.png")
    pytest.fail(f"the game did not end after {TAPS} taps")


def _replay_from_the_deal(page: Page, screenshots, name: str, taps: int) -> None:
    replay = page.get_by_role("navigation", name="Replay")
    expect(replay).to_be_visible()
    with page.expect_navigation():
        replay.get_by_role("link", name="The deal").tap()
    status = page.get_by_role("status")
    expect(status).to_have_text(re.compile(r"Replaying: after move 0 of \d+\."))
    total = int(re.search(r"of (\d+)", status.inner_text()).group(1))
    assert total >= taps, f"the replay has {total} moves, fewer than the {taps} taps"
    expect(page.locator(".play-result")).to_have_count(0)  # the deal: nobody has won yet
    expect(page.locator(".play-actions")).to_have_count(0)  # a replay offers no move
    _fits(page, "the replayed deal")
    cards = _cards_drawn(page, "the replayed deal")
    assert cards["faces"] or cards["titles"], "the replayed deal shows every card face up"
    expect(replay.get_by_role("link", name="Next move")).to_be_visible()
    expect(replay.get_by_role("link", name="Previous move")).to_have_count(0)
    _photo(page, screenshots / f"phone-play-{name}-replay-deal.png")


@pytest.mark.parametrize(
    ("game", "variant", "name"),
    [
        # Basic play takes about 350 taps; the Shorter Game stops after 30 battles and the most cards win.
        ("Book of Mormon Battles", "shorter-game", "book-of-mormon-battles"),
        # Battle Mode: the draft by tapping, then battles until one player has won three rounds.
        ("Battle Cards", "battle-mode", "battle-cards"),
    ],
)
def test_a_whole_game_against_the_computer_is_played_by_tapping_on_a_phone(
    live_server, card_media_cleanup, phone, screenshot_dir, game, variant, name
):
    load_starter_catalogs()
    # Each face is drawn and saved on its first request: the table's thirty-odd faces asked at once would be as
    # many writes at once, which SQLite's shared-cache test database refuses ("table is locked") instead of
    # waiting. Drawn beforehand, the page's requests only read them.
    card_faces_render(card_ids=list(Card.objects.filter(game__slug=name).values_list("pk", flat=True)))
    _deal(phone, live_server.url, screenshot_dir, game, variant)
    seats = [s.strip() for s in phone.locator(".play-seat h2").all_text_contents()]
    assert any(s.startswith("You") for s in seats) and any("(computer)" in s for s in seats), seats

    taps, result = _play_to_the_end(phone, screenshot_dir, name)

    assert re.match(r"(Won by (You|Computer 1)|A draw): \S", result), f"the end does not name the winner: {result!r}"
    expect(phone.locator(".play-actions")).to_have_count(0)
    _photo(phone, screenshot_dir / f"phone-play-{name}-end.png")
    _replay_from_the_deal(phone, screenshot_dir, name, taps)
