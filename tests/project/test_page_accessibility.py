"""Every main page, for a visitor and for a signed-in player, as a screen reader meets it: one h1, a name for every
form control, link and button, a text alternative for every image, and ids that name one element each."""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

CONTROLS = {"input", "select", "textarea"}
DEFAULT_TITLE = "Chapter and Verse · Chapter and Verse card site"  # base.html's, for a page that names none
UNNAMED_INPUTS = {"hidden", "submit", "button", "reset", "image"}


class _Page(HTMLParser):
    """What the checks read of a page: h1s, form controls with their names, labels, images, ids."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.h1 = 0
        self.ids: Counter[str] = Counter()
        self.label_for: set[str] = set()
        self.open_labels = 0
        self.controls: list[tuple[str, dict[str, str], bool]] = []  # tag, attributes, inside a label
        self.images_without_alt: list[str] = []
        self.open_actions: list[tuple[str, dict[str, str], list[bool]]] = []  # a and button: named yet?
        self.unnamed_actions: list[str] = []
        self.in_title = False
        self.title = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.ids[a["id"]] += 1
        if tag == "title":
            self.in_title = True
        if tag == "h1":
            self.h1 += 1
        elif tag == "label":
            self.open_labels += 1
            if a.get("for"):
                self.label_for.add(a["for"])
        elif tag in CONTROLS and not (tag == "input" and a.get("type", "text") in UNNAMED_INPUTS):
            self.controls.append((tag, a, self.open_labels > 0))
        elif tag == "img":
            if "alt" not in a:
                self.images_without_alt.append(a.get("src", "?"))
            elif a["alt"].strip():
                self._named()
        if tag in ("a", "button") and (tag == "button" or "href" in a):
            named = bool(a.get("aria-label") or a.get("aria-labelledby") or a.get("title"))
            self.open_actions.append((tag, a, [named]))

    def _named(self) -> None:
        for _tag, _a, named in self.open_actions:
            named[0] = True

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.title += data
        if data.strip():
            self._named()

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self.in_title = False
        if tag == "label" and self.open_labels:
            self.open_labels -= 1
        if tag in ("a", "button") and self.open_actions and self.open_actions[-1][0] == tag:
            _tag, a, named = self.open_actions.pop()
            if not named[0]:
                self.unnamed_actions.append(f"<{tag} href={a.get('href', '')!r} class={a.get('class', '')!r}>")

    def unnamed_controls(self) -> list[str]:
        return [
            f"<{tag} name={a.get('name', '')!r} id={a.get('id', '')!r}>"
            for tag, a, in_label in self.controls
            if not (in_label or a.get("aria-label") or a.get("aria-labelledby") or a.get("title"))
            and a.get("id", "") not in self.label_for
        ]


def _problems(html: str) -> list[str]:
    page = _Page()
    page.feed(html)
    found = []
    if page.title.strip() in ("", DEFAULT_TITLE):
        found.append(f"no title of its own: {page.title.strip()!r}")
    if page.h1 != 1:
        found.append(f"{page.h1} h1 elements")
    found += [f"no accessible name: {c}" for c in page.unnamed_controls()]
    found += [f"no alt: <img src={src!r}>" for src in page.images_without_alt]
    found += [f"no text or label: {action}" for action in page.unnamed_actions]
    found += [f"id {i!r} used {n} times" for i, n in page.ids.items() if n > 1]
    return found


def _visitor_pages(site) -> list[str]:
    return [
        "/",
        "/catalog/chapter-and-verse/",
        "/catalog/bible-battles/",
        f"/cards/{site.card.pk}/",
        "/search/help/",
        "/decks/validate/",
        f"/decks/goldfish/?deck={site.deck.pk}",
        f"/decks/{site.deck.pk}/",
        f"/decks/{site.deck.pk}/versions/",
        "/decks/public/",
        "/decks/starters/",
        "/events/",
        f"/events/{site.event.pk}/",
        "/rules/book-of-mormon-battles/",
        "/rules/warriors-of-the-promised-land/",
        "/rules/battle-cards/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password_reset/",
        f"/events/{site.event.pk}/standings/",
        f"/events/{site.event.pk}/pairings/",
        f"/decks/{site.deck.pk}/compare/",
        f"/decks/{site.deck.pk}/print/",
        f"/decks/{site.deck.pk}/print-and-play/",
        f"/decks/{site.deck.pk}/study-sheet/",
        f"/events/{site.event.pk}/projector/",
    ]


def _player_pages(site) -> list[str]:
    return [
        "/decks/new/?game=chapter-and-verse",
        f"/decks/{site.deck.pk}/edit/",
        "/decks/",
        "/decks/liked/",
        "/decks/feed/",
        "/decks/formats/",
        "/collection/",
        "/collection/chapter-and-verse/",
        "/collection/chapter-and-verse/wishlist/",
        "/collection/chapter-and-verse/import/",
        "/collection/settings/",
        "/trades/",
        "/trades/new/",
        "/trades/matches/",
        f"/trades/{site.trade.pk}/",
        "/notifications/",
        "/proposals/",
        f"/cards/{site.card.pk}/propose/",
        f"/cards/{site.card.pk}/history/",
        "/events/new/",
        f"/events/{site.event.pk}/manage/",
        f"/events/{site.event.pk}/run/",
        f"/events/{site.event.pk}/register/",
        f"/events/{site.event.pk}/edit/",
        f"/events/{site.event.pk}/play/",
        "/decks/formats/new/",
        "/decks/import/",
        "/proposals/new/chapter-and-verse/",
        "/collection/chapter-and-verse/sets/",
        "/accounts/password_change/",
        "/learn/",
        f"/learn/add/?deck={site.deck.pk}",
        "/learn/drill/",
        "/learn/mastery/",
        f"/learn/decks/{site.deck.pk}/",
    ]


@pytest.mark.parametrize("signed_in", [False, True], ids=["visitor", "player"])
def test_every_main_page_has_one_h1_named_controls_and_links_image_alternatives_and_unique_ids(demo_site, signed_in):
    client = Client()
    paths = _visitor_pages(demo_site)
    if signed_in:
        client.force_login(demo_site.alice)
        paths += _player_pages(demo_site)
    problems = {}
    for path in paths:
        response = client.get(path, follow=True)  # the goldfish page answers ?deck= with its own address
        assert response.status_code == 200, (path, response.status_code)
        if found := _problems(response.content.decode()):
            problems[path] = found
    assert problems == {}, "\n".join(f"{p}: {f}" for p, f in problems.items())


def test_the_check_finds_each_kind_of_problem():
    html = (
        '<h1>One</h1><h1>Two</h1><a href="/x"><span class="icon"></span></a><button></button>'
        '<input name="q"><label>Near <input name="named"></label><img src="a.png"><p id="d"></p><p id="d"></p>'
        '<a href="/y"><img src="b.png" alt="Home"></a><button aria-label="Close">&times;</button>'
    )
    assert _problems(html) == [
        "no title of its own: ''",
        "2 h1 elements",
        "no accessible name: <input name='q' id=''>",
        "no alt: <img src='a.png'>",
        "no text or label: <a href='/x' class=''>",
        "no text or label: <button href='' class=''>",
        "id 'd' used 2 times",
    ]
