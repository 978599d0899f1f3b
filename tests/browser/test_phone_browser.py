"""The site on a phone (360 by 740): every main page fits the width, the header's menu folds behind a button,
and the search pages show cards first with their filters in a drawer behind a "Filters" button.

The walk (issue #36): every main page at 1280 and at 390 px wide, photographed into var/screenshots/
(desktop-*.png, phone-*.png), fails on a page wider than the window, on clipped text, or on a form control
left as the browser draws it (forms.css styles them all); at 360 px it must still fit the width.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
WALK_PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

# What sticks out past the right edge, for the failure message: the widest offenders, as tag.class (width).
WIDER_THAN_THE_PAGE = """() => {
  const limit = document.documentElement.clientWidth;
  return [...document.querySelectorAll("body *")]
    .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
    .slice(0, 6)
    .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} right=${el.getBoundingClientRect().right}`);
}"""


@pytest.fixture
def phone(chromium):
    context = chromium.new_context(viewport=PHONE, locale="en-US", device_scale_factor=1, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    page.wait_for_load_state("networkidle")  # no card face still being drawn when the database is flushed
    context.close()


def _pages(demo_site, *, signed_in: bool) -> dict[str, str]:
    """The main pages by a short name, for an anonymous visitor or for alice."""
    if not signed_in:
        return {
            "home": "/",
            "catalog": "/catalog/chapter-and-verse/",
            "card": f"/cards/{demo_site.card.pk}/",
            "validate": "/decks/validate/",
            "goldfish": f"/decks/goldfish/?deck={demo_site.deck.pk}",
            "deck": f"/decks/{demo_site.deck.pk}/",
            "public-decks": "/decks/public/",
            "public-decks-liked-first": "/decks/public/?sort=likes",
            "events": "/events/",
            "event": f"/events/{demo_site.event.pk}/",
            "search-help": "/search/help/",
            "who-wins": "/rules/book-of-mormon-battles/",
            "formats": "/decks/formats/",
            "login": "/accounts/login/",
            "signup": "/accounts/signup/",
            "password-reset": "/accounts/password_reset/",
        }
    return {
        "builder": "/decks/new/?game=chapter-and-verse",
        "builder-edit": f"/decks/{demo_site.deck.pk}/edit/",
        "my-decks": "/decks/",
        "collection": "/collection/",
        "collection-browse": "/collection/chapter-and-verse/",
        "trades": "/trades/",
        "trade": f"/trades/{demo_site.trade.pk}/",
        "settings": "/collection/settings/",
        "notifications": "/notifications/",
        "liked-decks": "/decks/liked/",
        "proposals": "/proposals/",
        "propose": f"/cards/{demo_site.card.pk}/propose/",
        "propose-new": "/proposals/new/chapter-and-verse/",  # its set list names a long set
        "card-history": f"/cards/{demo_site.card.pk}/history/",
        "wishlist": "/collection/chapter-and-verse/wishlist/",
        "trade-new": "/trades/new/?to=bob&game=chapter-and-verse",
        "trade-matches": "/trades/matches/",
        "import": "/collection/chapter-and-verse/import/",
        "event-manage": f"/events/{demo_site.event.pk}/manage/",
        "event-console": f"/events/{demo_site.event.pk}/run/",
        "event-register": f"/events/{demo_site.event.pk}/register/",
        "learn": "/learn/",
        "play": "/play/",
    }


# Text cut off: an element with text of its own whose box hides part of it (overflow hidden or clip, so no
# scroll bar shows the rest). Elements meant to be hidden (the screen-reader-only text) are not counted.
CLIPPED_TEXT = """() => {
  const ownText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const visible = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  return [...document.querySelectorAll("body *")]
    .filter((el) => !el.closest(".visually-hidden") && ownText(el) && visible(el))
    .filter((el) => {
      const style = getComputedStyle(el);
      const hides = (v) => v === "hidden" || v === "clip";
      return (hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
        || (hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1)
        || (style.textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + 1);
    })
    .slice(0, 6)
    .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}: ${el.textContent.trim().slice(0, 40)}`);
}"""

# A control as the browser draws it: the browser's 13.33px font (a site control inherits the page's), its grey
# button face or outset border, a select or progress bar in the system's look, a check box in the system blue.
NATIVE_CONTROLS = """() => {
  const visible = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  const name = (el) => `${el.tagName.toLowerCase()}${el.type ? "[" + el.type + "]" : ""}#${el.id || el.name || [...el.classList].join(".")}`;
  const found = [];
  for (const el of document.querySelectorAll("input:not([type=hidden]), select, textarea, button, progress")) {
    if (!visible(el)) continue;
    const style = getComputedStyle(el);
    const type = el.type || "";
    if (type === "checkbox" || type === "radio") {
      if (style.accentColor === "auto") found.push(name(el) + " (system colour)");
      continue;
    }
    if (el.tagName === "PROGRESS" || (el.tagName === "SELECT" && !el.multiple)) {
      if (style.appearance !== "none") found.push(name(el) + " (system look)");
    }
    if (el.tagName !== "PROGRESS" && style.fontSize === "13.3333px") found.push(name(el) + " (browser font)");
    if (el.tagName === "BUTTON" || ["submit", "button", "reset"].includes(type)) {
      if (style.backgroundColor === "rgb(239, 239, 239)" || style.borderTopStyle === "outset") found.push(name(el) + " (grey button)");
    }
  }
  return found.slice(0, 8);
}"""


def _overflow(page) -> list[str]:
    fits = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    return [] if fits else page.evaluate(WIDER_THAN_THE_PAGE) or ["(the page is wider, no single element found)"]


def _look_at(page) -> list[str]:
    """What is wrong with the page as shown: overflow, clipped text, controls the browser drew."""
    problems = [f"wider than the window: {x}" for x in _overflow(page)]
    problems += [f"clipped text: {x}" for x in page.evaluate(CLIPPED_TEXT)]
    problems += [f"unstyled control: {x}" for x in page.evaluate(NATIVE_CONTROLS)]
    return problems


def _photograph_and_measure(page, base: str, pages: dict[str, str], screenshot_dir) -> dict[str, list[str]]:
    """Each page at 1280 then at 390 px (a photo of each, looked at), then measured at 360: the problems by page."""
    problems: dict[str, list[str]] = {}
    for name, path in pages.items():
        found = []
        for prefix, size in (("desktop", DESKTOP), ("phone", WALK_PHONE)):
            page.set_viewport_size(size)
            if prefix == "desktop":
                response = page.goto(base + path)
                assert response.ok, f"{path}: {response.status}"
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(50)  # the layout settles at the new width
            page.screenshot(path=str(screenshot_dir / f"{prefix}-{name}.png"), full_page=True)
            found += [f"{size['width']} px, {x}" for x in _look_at(page)]
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(50)
        found += [f"360 px, wider than the window: {x}" for x in _overflow(page)]
        if found:
            problems[path] = found
    return problems


def _listed(problems: dict[str, list[str]]) -> str:
    return "\n".join(f"{path}: {x}" for path, found in problems.items() for x in found)


# A visitor's pages and a player's in two tests: one walk of both took half a minute, near a tenth of the limit.
def test_it_shows_every_visitors_page_whole_and_styled_at_both_widths(
    live_server, demo_site, phone, screenshot_dir, card_media_cleanup
):
    problems = _photograph_and_measure(phone, live_server.url, _pages(demo_site, signed_in=False), screenshot_dir)
    assert problems == {}, _listed(problems)


def test_it_shows_every_players_page_whole_and_styled_at_both_widths(
    live_server, demo_site, phone, screenshot_dir, card_media_cleanup
):
    log_in(phone, live_server.url, "alice")
    expect(phone.get_by_role("button", name="Menu")).to_be_visible()
    problems = _photograph_and_measure(phone, live_server.url, _pages(demo_site, signed_in=True), screenshot_dir)
    assert problems == {}, _listed(problems)


def test_it_folds_the_header_menu_behind_a_button_on_a_phone(live_server, phone):
    phone.goto(live_server.url + "/")
    menu = phone.get_by_role("button", name="Menu")
    events = phone.get_by_role("navigation", name="Main").get_by_role("link", name="Events")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(events).to_be_hidden()
    assert phone.locator(".site-header").bounding_box()["height"] < 80  # one row, not four

    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(events).to_be_visible()
    phone.keyboard.press("Escape")
    expect(events).to_be_hidden()

    menu.click()
    events.click()
    expect(phone).to_have_url(live_server.url + "/events/")


def test_it_keeps_the_notification_bell_beside_the_menu_button_on_a_phone(live_server, demo_site, phone):
    from cardcollections.notifications.services import notify

    notify(demo_site.alice, kind="trade-declined", message="bob declined your offer.", url="/trades/")
    log_in(phone, live_server.url, "alice")
    menu = phone.get_by_role("button", name="Menu")
    bell = phone.locator(".nav-bell")
    expect(bell).to_be_visible()  # not folded behind the menu
    expect(bell.locator(".bell-count")).to_have_text("1")
    assert phone.locator(".site-header").bounding_box()["height"] < 80  # still one row
    bell_box, menu_box = bell.bounding_box(), menu.bounding_box()
    assert abs((bell_box["y"] + bell_box["height"] / 2) - (menu_box["y"] + menu_box["height"] / 2)) < 8
    bell.click()
    expect(phone).to_have_url(live_server.url + "/notifications/")


def test_it_keeps_a_signed_in_players_header_to_one_row_at_1280(live_server, demo_site, browser_page, staff):
    """#36: signed in, 14 links wrapped to two or three rows at 1280 px. A player's own pages are under their name."""
    page = browser_page
    staff.set_password("sam-password-1")
    staff.save()
    log_in(page, live_server.url, "sam")  # staff: the longest header there is (Admin too)
    assert page.locator(".site-header").bounding_box()["height"] < 80  # one row
    nav = page.get_by_role("navigation", name="Main")
    tops = nav.locator(":scope > a, :scope > details > summary").evaluate_all(
        "(items) => items.map((item) => Math.round(item.getBoundingClientRect().top))"
    )
    assert max(tops) - min(tops) < 8, tops  # the same row (the account menu has a border: a pixel higher)
    my_decks = nav.get_by_role("link", name="My decks")
    expect(my_decks).to_be_hidden()

    # Keyboard: Tab to the account menu, Enter opens it, Escape closes it and leaves focus on it.
    account = nav.locator("details.nav-account > summary")
    account.focus()
    page.keyboard.press("Enter")
    expect(my_decks).to_be_visible()
    expect(nav.get_by_role("link", name="Admin")).to_be_visible()
    page.keyboard.press("Escape")
    expect(my_decks).to_be_hidden()
    expect(account).to_be_focused()

    # Opening one menu closes the other; a click elsewhere closes it.
    nav.get_by_text("Decks", exact=True).click()
    expect(nav.get_by_role("link", name="Public decks")).to_be_visible()
    account.click()
    expect(nav.get_by_role("link", name="Public decks")).to_be_hidden()
    page.locator("main h1").click()
    expect(my_decks).to_be_hidden()


def test_it_opens_the_account_menu_without_the_script(live_server, demo_site, chromium):
    context = chromium.new_context(viewport=DESKTOP, java_script_enabled=False)
    try:
        page = context.new_page()
        log_in(page, live_server.url, "alice")
        nav = page.get_by_role("navigation", name="Main")
        nav.locator("details.nav-account > summary").click()
        nav.get_by_role("link", name="My decks").click()
        expect(page).to_have_url(live_server.url + "/decks/")
    finally:
        context.close()


def test_it_follows_the_systems_dark_mode(live_server, demo_site, chromium, screenshot_dir):
    """Dark mode with the system setting: dark ground, light ink, and form fields dark like the page."""
    context = chromium.new_context(viewport=DESKTOP, color_scheme="dark")
    try:
        page = context.new_page()
        log_in(page, live_server.url, "alice", "/collection/chapter-and-verse/wishlist/")
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        page.screenshot(path=str(screenshot_dir / "dark-wishlist.png"), full_page=True)

        def lightness(css: str) -> float:  # "rgb(r, g, b)" -> 0..255
            r, g, b = (float(x) for x in re.findall(r"[\d.]+", css)[:3])
            return 0.2126 * r + 0.7152 * g + 0.0722 * b

        body = page.evaluate(
            "() => { const s = getComputedStyle(document.body); return [s.backgroundColor, s.color]; }"
        )
        box = page.get_by_role("combobox", name="Card title").evaluate("(el) => getComputedStyle(el).backgroundColor")
        assert lightness(body[0]) < 60 and lightness(body[1]) > 180
        assert lightness(box) < 60
    finally:
        context.close()


def test_it_shows_the_whole_menu_at_desktop_size_with_no_button(live_server, browser_page):
    browser_page.goto(live_server.url + "/")
    expect(browser_page.get_by_role("button", name="Menu")).to_be_hidden()
    expect(browser_page.get_by_role("navigation", name="Main").get_by_role("link", name="Events")).to_be_visible()


def _open_the_drawer(page, *, in_use: int):
    """The Filters button shows `in_use`; it opens the drawer over the page. Returns (button, drawer)."""
    button = page.locator(".filter-toggle")
    drawer = page.locator("#filter-drawer")
    expect(drawer).to_be_hidden()
    if in_use:
        expect(button.locator("[data-filter-count]")).to_have_text(str(in_use))
        expect(button).to_have_attribute("aria-label", f"Filters, {in_use} in use")
    else:
        expect(button.locator("[data-filter-count]")).to_be_hidden()
    # Cards first: a card is on the first screen, above where the filters would be.
    first_card = page.locator("#results .card-tile, #builder-results .result-row").first
    expect(first_card).to_be_in_viewport()
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(drawer).to_be_visible()
    return button, drawer


def test_it_puts_the_catalog_filters_in_a_drawer_with_the_count_in_use(live_server, demo_site, phone, screenshot_dir):
    phone.goto(live_server.url + "/catalog/chapter-and-verse/?theme=faith")
    button, drawer = _open_the_drawer(phone, in_use=1)
    phone.screenshot(path=str(screenshot_dir / "phone-catalog-filters.png"))
    drawer.get_by_label("Advanced").select_option("false")
    expect(button.locator("[data-filter-count]")).to_have_text("2")
    expect(phone).to_have_url(re.compile(r"advanced=false"))
    drawer.get_by_role("button", name="Show cards").click()
    expect(drawer).to_be_hidden()
    expect(button).to_be_focused()
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_it_puts_the_collection_and_builder_filters_in_a_drawer(live_server, demo_site, phone):
    base = live_server.url
    log_in(phone, base, "alice")
    phone.goto(base + "/collection/chapter-and-verse/?owned=1")
    _, drawer = _open_the_drawer(phone, in_use=1)
    expect(drawer.get_by_label("Only cards I own")).to_be_checked()

    phone.goto(base + "/decks/new/?game=chapter-and-verse")
    button, drawer = _open_the_drawer(phone, in_use=0)
    expect(drawer.get_by_label("Theme")).to_be_visible()  # the builder's folded Filters are open in the drawer
    drawer.get_by_label("Only cards I own (free copies)").check()
    expect(button.locator("[data-filter-count]")).to_have_text("1")
    phone.keyboard.press("Escape")
    expect(drawer).to_be_hidden()


def test_it_shows_the_classroom_and_event_staff_pages_whole_and_styled_at_both_widths(
    live_server, demo_site, phone, screenshot_dir, card_media_cleanup
):
    """#32 and #33's pages: learning (a class, joining, the tap drill, offline) and an event's guests, claims, judge
    calls, co-organisers (the manage page) and handicaps, for alice who teaches the class and organises the event."""
    from decks.guests.services import guest_add
    from learning.classes.services import class_create
    from learning.models import LearnedVerse
    from learning.selectors import deck_verse_cards
    from learning.services import verses_add_from_deck

    alice, event = demo_site.alice, demo_site.event
    assert event.organiser_id == alice.pk
    klass = class_create(teacher=alice, name="Wednesday seminary", cards=deck_verse_cards(deck=demo_site.deck))
    verses_add_from_deck(user=alice, deck=demo_site.deck)
    verse = LearnedVerse.objects.filter(user=alice).first()
    guest_add(organiser=alice, event=event, name="Ruth", deck=demo_site.deck)
    log_in(phone, live_server.url, "alice")
    expect(phone.get_by_role("button", name="Menu")).to_be_visible()
    pages = {
        "learn-with-sets": "/learn/",
        "learn-drill-tap": f"/learn/drill/?verse={verse.pk}&kind=tap_order",
        "learn-classes": "/learn/classes/",
        "learn-class-new": "/learn/classes/new/",
        "learn-class": f"/learn/classes/{klass.pk}/",
        "learn-join": f"/learn/join/?code={klass.join_code}",
        "learn-offline": "/learn/offline/",
        "event-guests": f"/events/{event.pk}/guests/",
        "event-claim": "/events/claim/",
        "event-calls": f"/events/{event.pk}/calls/",
        "event-edit": f"/events/{event.pk}/edit/",
        "event-manage-staff": f"/events/{event.pk}/manage/",
        "event-handicaps": f"/events/{event.pk}/handicaps/",
    }
    problems = _photograph_and_measure(phone, live_server.url, pages, screenshot_dir)
    assert problems == {}, _listed(problems)


def test_it_shows_the_tables_mastery_and_match_pages_whole_and_styled_at_both_widths(
    live_server, demo_site, phone, screenshot_dir, card_media_cleanup
):
    """The pages this round added or changed: the tables (the lobby with a clock, a finished table with its
    rematch, replay consent and signing, the replay), Mastery and a deck's recall, goldfish and play started from
    that recall, and an event's standings with a penalty and the staff's match page, for alice."""
    from django.contrib.auth import get_user_model

    from decks.events.services import registration_create
    from decks.handicaps.services import handicap_set
    from decks.judging.services import penalty_record
    from decks.lists.services import deck_create
    from decks.models import Match
    from decks.models import Registration
    from decks.tournaments.services import event_start
    from decks.tournaments.services import round_pair_next
    from learning.services import verses_add_from_deck
    from tables.services import Actor
    from tables.services import table_create
    from tables.services import table_resign
    from tests.decks.battles.conftest import load_starter_catalogs

    alice, event, deck = demo_site.alice, demo_site.event, demo_site.deck
    load_starter_catalogs()
    verses_add_from_deck(user=alice, deck=deck)
    box = "book-of-mormon-battles"
    table_create(host=alice, game=box, seats=["person", "person"], clock_minutes=5, increment_seconds=2)
    over = table_create(host=alice, game=box, seats=["person", "computer"], seed=3)
    table_resign(table_id=over.pk, actor=Actor(user=alice), after=over.seq, key="walk-resign-1")
    text = "\n".join(f"{e['count']} {e['title']}" for e in deck.cards)
    for name in ("dora", "eli", "fay"):
        player = get_user_model().objects.create_user(name)
        own = deck_create(owner=player, game=deck.game, name=f"{name}'s deck", format_slug=deck.format, decklist=text)
        registration_create(event=event, player=player, deck=own)
    dora = Registration.objects.get(event=event, player__username="dora", active=True)
    handicap_set(event=event, user=alice, registration_id=dora.pk, handicap=5)
    event_start(event=event)
    round_pair_next(event=event)
    # The organiser may play in the event too: a match she plays in is not hers to penalise.
    match = (
        Match.objects.select_related("round", "player_a__user", "player_b__user")
        .filter(round__event=event, player_b__isnull=False)
        .exclude(player_a__user=alice)
        .exclude(player_b__user=alice)
        .first()
    )
    assert match is not None
    penalised = match.player_a.user.get_username()
    penalty_record(
        event=event, user=alice, match=match, player=penalised, kind="game-loss", reason="Drew an extra card twice"
    )
    log_in(phone, live_server.url, "alice")
    expect(phone.get_by_role("button", name="Menu")).to_be_visible()
    pages = {
        "tables-lobby": "/tables/",
        "table-finished": f"/tables/{over.pk}/",
        "table-replay": f"/tables/{over.pk}/replay/?step=1",
        "learn-mastery": "/learn/mastery/",
        "learn-deck-recall": f"/learn/decks/{deck.pk}/",
        "goldfish-my-recall": f"/decks/goldfish/?deck={deck.pk}&quote_rate=0.40",
        "play-my-recall": f"/play/?game=chapter-and-verse&deck={deck.pk}&computer_recall=0.40",
        "event-standings-penalty": f"/events/{event.pk}/standings/",
        "event-match-staff": f"/events/{event.pk}/matches/{match.pk}/",
        "rules-misspelt": "/rules/battle-cards/?q=golaith",
    }
    problems = _photograph_and_measure(phone, live_server.url, pages, screenshot_dir)
    assert problems == {}, _listed(problems)
