"""Signing at a table in the browser (docs/learning.md, "Mastery"): alice types a verse into the table page's box
and her move goes over the socket (static/js/table.js) with the text; after the game bob, at 360 px, signs it. The
moves before the quote are made through the service; the sockets come from daphne as in test_tables_browser.py."""

import json
import time

import pytest
from playwright.sync_api import expect

from cardcollections.catalog.services import catalog_load
from learning.mastery.models import Signature
from rules.games.chapter_and_verse.table import quoted_verses
from tables.models import Table
from tables.positions import forget_positions
from tables.positions import position
from tables.selectors import table_seats
from tests.browser.conftest import db_read
from tests.browser.conftest import log_in
from tests.browser.test_tables_browser import people  # noqa: F401
from tests.learning.test_mastery import CATALOG
from tests.learning.test_mastery import _quoted_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_quote_typed_at_the_table_is_signed_by_the_opponent(people, live_server, alice, bob):  # noqa: F811
    catalog_load(document=json.loads(CATALOG.read_text(encoding="utf-8")))
    ann, ben, _watcher = people
    base = live_server.url
    log_in(ann, base, "alice")
    log_in(ben, base, "bob")

    def quote(table, index, text):
        ann.goto(f"{base}/tables/{table.pk}/")
        expect(ann.locator("#table-connection")).to_have_text("Live")
        box = ann.locator(f"#table-text-{index}")
        expect(ann.locator(f"label[for=table-text-{index}]")).to_have_text(
            "Type the scripture of the verse, from memory"
        )
        box.fill(text)
        ann.locator(f"form.table-move:has(#table-text-{index}) button").click()
        for _ in range(100):
            forget_positions()
            done = db_read(lambda: quoted_verses(position(Table.objects.get(pk=table.pk), table_seats(table)).state))
            if done:
                return
            time.sleep(0.1)
        raise AssertionError("the quote typed did not arrive")

    table = _quoted_game(alice, bob, quote=quote)
    ben.goto(f"{base}/tables/{table.pk}/")
    expect(ben.get_by_role("heading", name="Sign a Mastery card")).to_be_visible()
    assert not ben.evaluate("() => document.documentElement.scrollWidth > document.documentElement.clientWidth")
    ben.get_by_role("button", name=f"Sign for {alice.username}").click()
    expect(ben.get_by_text("— signed")).to_be_visible()
    assert db_read(lambda: list(Signature.objects.values_list("player__username", "signer__username"))) == [
        (alice.username, bob.username)
    ]
