"""Catalog pages through Django's test client: home, browse grid, search and filters, card page, scan upload."""

import copy
import re

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from cardcollections.catalog.services import catalog_load
from cardcollections.models import Card
from tests.cardcollections.conftest import media_files
from tests.cardcollections.conftest import png_upload
from tests.conftest import FAITH_WITHOUT_WORKS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]

CV = {
    "game": "chapter-and-verse",
    "sets": [
        {"code": "PG1", "name": "Page Set", "released": "2008-03-27"},
        {"code": "PG2", "name": "Page Reprints", "released": "2009-01-01"},
    ],
    "cards": [
        {
            "set": "PG1",
            "number": "1",
            **FAITH_WITHOUT_WORKS,
            "effects": [{"kind": "keyword", "words": ["faith", "works"]}, {"kind": "prayer", "n": 2}],
        },
        {
            "set": "PG1",
            "number": "2",
            "title": "Small and Simple",
            "sacrifice": 1,
            "icons": {"wisdom": 1, "histories": 1},
            "scripture": "by small and simple things are great things brought to pass",
            "reference": "Alma 37:6",
            "standard_work": "book-of-mormon",
            "advanced": True,
            "effects": [{"kind": "cross-reference", "reference": "1 Nephi 16:29"}],
        },
        {
            "set": "PG1",
            "number": "3",
            "title": "Be Still",
            "sacrifice": 0,
            "icons": {"trials": 1},
            "scripture": "Be still, and know that I am God",
            "reference": "Psalms 46:10",
            "standard_work": "old-testament",
        },
        {
            "set": "PG2",
            "number": "1",
            "title": "faith  without works",
            "sacrifice": 2,
            "icons": {"faith": 2},
            "scripture": "Even so faith, if it hath not works, is dead, being alone.",
            "reference": "James 2:17",
            "standard_work": "new-testament",
        },
    ],
}
BB = {
    "game": "bible-battles",
    "sets": [{"code": "PB1", "name": "Page Battles"}],
    "cards": [
        {
            "set": "PB1",
            "number": "1",
            "title": "Chariots of Egypt",
            "type": "army",
            "effort": 4,
            "offense": 4,
            "defense": 3,
            "mounted": True,
            "abilities": "Cannot cross a river.",
        },
        {"set": "PB1", "number": "2", "title": "Goat", "type": "animal", "effort": 1, "offense": 0, "defense": 1},
    ],
}


@pytest.fixture
def catalogs() -> None:
    catalog_load(document=copy.deepcopy(CV))
    catalog_load(document=copy.deepcopy(BB))


def card(title: str, set_code: str = "PG1") -> Card:
    return Card.objects.get(title=title, card_set__code=set_code)


def browse(client: Client, slug: str = "chapter-and-verse", **params):
    return client.get(reverse("catalog-browse", args=[slug]), params)


def grid_titles(response) -> list[str]:
    return re.findall(r'class="card-tile-title">([^<]+)<', response.content.decode())


# ---------------------------------------------------------------- home
def test_it_lists_the_five_games_with_card_counts(client, catalogs):
    response = client.get("/")

    assert response.status_code == 200
    html = response.content.decode()
    for slug in (
        "chapter-and-verse",
        "bible-battles",
        "book-of-mormon-battles",
        "warriors-of-the-promised-land",
        "battle-cards",
    ):
        assert reverse("catalog-browse", args=[slug]) in html
    counts = dict((g.slug, g.card_count) for g in response.context["games"])
    assert counts["chapter-and-verse"] == 4
    assert counts["bible-battles"] == 2
    assert counts["battle-cards"] == 0


def test_it_says_the_starter_catalogs_are_samples_beside_the_published_cards(client, db, django_user_model):
    html = client.get("/").content.decode()

    assert "sample catalogs written for this project" in html
    assert "<strong>published cards</strong>" in html
    assert 'href="/proposals/"' in html  # a player proposes a printed card
    assert "manage.py loadcatalog FILE" not in html  # the command is for the site's staff
    client.force_login(django_user_model.objects.create_user("staff", password="staff-password-1", is_staff=True))
    assert "manage.py loadcatalog FILE" in client.get("/").content.decode()


# ---------------------------------------------------------------- browse
def test_it_shows_the_catalog_as_a_grid_of_card_images(client, catalogs):
    response = browse(client)

    assert response.status_code == 200
    assert grid_titles(response) == ["Faith Without Works", "Small and Simple", "Be Still", "faith  without works"]
    html = response.content.decode()
    faith = card("Faith Without Works")
    assert f'href="{reverse("card-detail", args=[faith.pk])}"' in html
    assert f'src="{reverse("card-image", args=[faith.pk])}"' in html
    assert html.count('loading="lazy"') == 4


def test_it_narrows_the_grid_by_search(client, catalogs):
    assert grid_titles(browse(client, q="works")) == ["Faith Without Works", "faith  without works"]
    assert grid_titles(browse(client, q="simple things")) == ["Small and Simple"]
    assert grid_titles(browse(client, q="Psalms")) == ["Be Still"]  # the reference is searched too


def test_a_misspelt_search_that_finds_nothing_suggests_the_close_titles(client, catalogs):
    response = browse(client, q="simpel")
    assert grid_titles(response) == []
    html = response.content.decode()
    assert "Did you mean" in html
    link = reverse("catalog-browse", args=["chapter-and-verse"]) + "?q=%22Small%20and%20Simple%22"
    assert f'<a href="{link}">Small and Simple</a>' in html
    assert grid_titles(client.get(link)) == ["Small and Simple"]  # the suggestion finds the card


def test_no_suggestion_when_the_search_finds_cards_or_is_not_plain_words(client, catalogs):
    assert "Did you mean" not in browse(client, q="simple").content.decode()
    assert "Did you mean" not in browse(client, q="title:simpel").content.decode()
    assert "Did you mean" not in browse(client, q="zzqxv").content.decode()


def test_it_shows_only_this_games_cards(client, catalogs):
    assert grid_titles(browse(client, "bible-battles")) == ["Chariots of Egypt", "Goat"]
    assert grid_titles(browse(client, "bible-battles", q="faith")) == []


def test_it_filters_by_the_games_own_filters(client, catalogs):
    assert grid_titles(browse(client, theme="wisdom")) == ["Small and Simple"]
    assert grid_titles(browse(client, advanced="true")) == ["Small and Simple"]
    assert grid_titles(browse(client, effect="prayer")) == ["Faith Without Works"]
    assert grid_titles(browse(client, marker="faith verse")) == ["Faith Without Works"]
    assert grid_titles(browse(client, sacrifice_min="1", sacrifice_max="1")) == ["Small and Simple"]
    assert grid_titles(browse(client, "bible-battles", mounted="true")) == ["Chariots of Egypt"]
    assert grid_titles(browse(client, "bible-battles", type="animal", effort_max="2")) == ["Goat"]


def test_it_shows_only_the_filters_of_the_game(client, catalogs):
    cv = browse(client).content.decode()
    bb = browse(client, "bible-battles").content.decode()

    assert 'name="theme"' in cv and 'name="sacrifice_min"' in cv
    assert 'name="type"' not in cv
    assert 'name="type"' in bb and 'name="effort_max"' in bb
    assert 'name="theme"' not in bb


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"sacrifice_min": "lots"}, "Sacrifice from: Enter a number."),
        ({"theme": "purple"}, "Theme: Select a valid choice. purple is not one of the available choices."),
        ({"advanced": "maybe"}, "Advanced: Select a valid choice."),
    ],
)
def test_it_explains_a_bad_filter_value_instead_of_failing(client, catalogs, params, message):
    response = browse(client, **params)

    assert response.status_code == 400
    assert message in response.content.decode()
    assert grid_titles(response) == []


def test_it_says_which_parameters_it_ignored(client, catalogs):
    response = browse(client, q="works", type="army")

    assert response.status_code == 200
    assert grid_titles(response) == ["Faith Without Works", "faith  without works"]
    assert "ignored: type" in response.content.decode()


def test_it_pages_the_grid_and_keeps_the_query(client, catalogs, monkeypatch):
    monkeypatch.setattr("cardcollections.catalog.views.CARDS_PER_PAGE", 2)

    first = browse(client, q="a")
    second = browse(client, q="a", page="2")

    assert len(grid_titles(first)) == 2
    assert "?q=a&amp;page=2" in first.content.decode()
    assert set(grid_titles(first)).isdisjoint(grid_titles(second))


def test_it_sorts_by_title_and_each_stat_and_keeps_the_sort_in_the_url(client, catalogs, monkeypatch):
    assert grid_titles(browse(client, sort="title")) == [
        "Be Still",
        "Faith Without Works",
        "faith  without works",
        "Small and Simple",
    ]
    assert grid_titles(browse(client, sort="-title"))[0] == "Small and Simple"
    assert grid_titles(browse(client, sort="-icon_faith"))[:2] == ["Faith Without Works", "faith  without works"]
    assert grid_titles(browse(client, sort="sacrifice"))[:2] == ["Be Still", "Small and Simple"]
    assert grid_titles(browse(client, "bible-battles", sort="effort")) == ["Goat", "Chariots of Egypt"]
    assert grid_titles(browse(client, "bible-battles", sort="-effort")) == ["Chariots of Egypt", "Goat"]
    html = browse(client, "bible-battles", sort="-offense").content.decode()
    assert '<option value="-offense" selected>Offense (high first)</option>' in html
    assert "Sacrifice" not in html.split('id="sort"', 1)[1].split("</select>", 1)[0]  # another game's stat
    assert "{#" not in html
    monkeypatch.setattr("cardcollections.catalog.views.CARDS_PER_PAGE", 2)
    assert "?sort=title&amp;page=2" in browse(client, sort="title").content.decode()


@pytest.mark.parametrize("sort", ["effort", "nonsense", "-", "title,id", "9" * 500])
def test_it_explains_a_sort_the_game_does_not_have(client, catalogs, sort):
    response = browse(client, sort=sort)
    assert response.status_code == 400
    assert "is not a sort of this game" in response.content.decode()
    assert grid_titles(response) == []


def test_it_answers_htmx_with_the_results_only(client, catalogs):
    response = client.get(
        reverse("catalog-browse", args=["chapter-and-verse"]), {"q": "still"}, headers={"HX-Request": "true"}
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section class="results" id="results"')
    assert "<html" not in html
    assert grid_titles(response) == ["Be Still"]
    assert "HX-Request" in response["Vary"]


def test_it_gives_a_history_restore_the_whole_page(client, catalogs):
    response = client.get(
        reverse("catalog-browse", args=["chapter-and-verse"]),
        headers={"HX-Request": "true", "HX-History-Restore-Request": "true"},
    )
    assert "<html" in response.content.decode()


def test_it_browses_with_a_few_queries(client, catalogs, django_assert_max_num_queries):
    with django_assert_max_num_queries(5):  # game, catalog stamp, marker suggestions, count, page
        first = browse(client, q="faith")
    with django_assert_max_num_queries(1):  # asked again: the game, then the kept suggestions and results
        again = browse(client, q="faith")
    assert grid_titles(again) == grid_titles(first) != []


def test_its_kept_results_follow_the_catalog(client, catalogs):
    assert "Be Still" in grid_titles(browse(client))
    changed = copy.deepcopy(CV)
    changed["cards"] = [dict(c, title="Be Quiet") if c["title"] == "Be Still" else c for c in changed["cards"]]
    catalog_load(document=changed)
    titles = grid_titles(browse(client))
    assert "Be Quiet" in titles and "Be Still" not in titles


def test_its_owned_only_results_are_never_kept_for_another_player(catalogs, django_user_model):
    from cardcollections.collection.services import collection_change

    owner, other = (django_user_model.objects.create_user(n, password="pw-long-enough-1") for n in ("own", "oth"))
    collection_change(owner=owner, card=card("Be Still"), delta=1)
    mine, theirs = Client(), Client()
    mine.force_login(owner)
    theirs.force_login(other)
    assert grid_titles(browse(mine, owned="free")) == ["Be Still"]
    assert grid_titles(browse(theirs, owned="free")) == []
    assert "Be Still" in grid_titles(browse(theirs))


def test_it_gives_404_for_an_unknown_game(client, db):
    assert browse(client, "pinochle").status_code == 404


# ---------------------------------------------------------------- card page
def test_it_shows_the_card_with_its_scripture_and_effects(client, catalogs):
    faith = card("Faith Without Works")
    response = client.get(reverse("card-detail", args=[faith.pk]))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Even so faith, if it hath not works, is dead, being alone." in html
    assert "James 2:17" in html
    assert "New Testament" in html
    assert "Keyword (faith, works)" in html
    assert "Prayer (2)" in html
    assert "Faith Verse" in html
    assert "Faith \N{MULTIPLICATION SIGN} 3" in html
    assert f'src="{reverse("card-image", args=[faith.pk])}"' in html


def test_it_lists_other_printings_of_the_same_title(client, catalogs):
    faith = card("Faith Without Works")
    reprint = card("faith  without works", "PG2")

    response = client.get(reverse("card-detail", args=[faith.pk]))

    assert [p.pk for p in response.context["printings"]] == [reprint.pk]
    assert reverse("card-detail", args=[reprint.pk]) in response.content.decode()


def test_it_shows_bible_battles_stats_in_words(client, catalogs):
    chariots = Card.objects.get(title="Chariots of Egypt")
    html = client.get(reverse("card-detail", args=[chariots.pk])).content.decode()

    assert "Army" in html
    assert "Mounted" in html
    assert "Cannot cross a river." in html
    assert "Offense" in html and "Defense" in html


def test_it_gives_404_for_an_unknown_card(client, db):
    assert client.get(reverse("card-detail", args=[999999])).status_code == 404


# ---------------------------------------------------------------- card image
def test_it_redirects_to_a_face_drawn_on_the_first_request(client, catalogs, media_root):
    still = card("Be Still")

    response = client.get(reverse("card-image", args=[still.pk]))

    still.refresh_from_db()
    assert response.status_code == 302
    assert response["Location"] == still.face.url
    assert (media_root / still.face.name).is_file()
    assert client.get(reverse("card-image", args=[still.pk]))["Location"] == still.face.url
    assert media_files(media_root) == [still.face.name]


def test_it_redirects_to_the_thumbnail_once_there_is_a_scan(client, catalogs, staff):
    still = card("Be Still")
    client.force_login(staff)
    client.post(reverse("card-scan-upload", args=[still.pk]), {"scan": png_upload()})

    still.refresh_from_db()
    response = client.get(reverse("card-image", args=[still.pk]))
    assert response.status_code == 302
    assert response["Location"] == still.thumbnail.url


# ---------------------------------------------------------------- scan upload
def test_it_shows_the_upload_form_to_staff_only(client, catalogs, alice, staff):
    url = reverse("card-detail", args=[card("Be Still").pk])
    client.force_login(alice)
    assert "Upload a scan" not in client.get(url).content.decode()
    client.force_login(staff)
    assert "Upload a scan" in client.get(url).content.decode()


def test_it_forbids_uploads_by_a_user_who_is_not_staff(client, catalogs, alice, media_root):
    still = card("Be Still")
    client.force_login(alice)

    response = client.post(reverse("card-scan-upload", args=[still.pk]), {"scan": png_upload()})

    assert response.status_code == 403
    still.refresh_from_db()
    assert not still.scan
    assert media_files(media_root) == []


def test_it_forbids_uploads_by_an_anonymous_visitor(client, catalogs):
    response = client.post(reverse("card-scan-upload", args=[card("Be Still").pk]), {"scan": png_upload()})
    assert response.status_code == 403


def test_it_lets_staff_upload_a_scan(client, catalogs, staff, media_root):
    still = card("Be Still")
    client.force_login(staff)

    response = client.post(reverse("card-scan-upload", args=[still.pk]), {"scan": png_upload()}, follow=True)

    assert response.redirect_chain == [(reverse("card-detail", args=[still.pk]), 302)]
    assert "The scan was saved." in response.content.decode()
    still.refresh_from_db()
    assert still.scan and still.thumbnail
    assert (media_root / still.scan.name).is_file()


def test_it_shows_why_a_scan_was_refused(client, catalogs, staff, media_root):
    still = card("Be Still")
    client.force_login(staff)
    not_an_image = SimpleUploadedFile("scan.png", b"just text", content_type="image/png")

    response = client.post(reverse("card-scan-upload", args=[still.pk]), {"scan": not_an_image})

    assert response.status_code == 400
    assert "The file is not an image; a PNG, JPEG, WebP or GIF file is needed." in response.content.decode()
    still.refresh_from_db()
    assert not still.scan
    assert media_files(media_root) == []


def test_it_stops_reading_an_upload_over_10_mb(client, catalogs, staff, media_root):
    still = card("Be Still")
    client.force_login(staff)
    too_big = SimpleUploadedFile("scan.png", b"\x89PNG" + b"\0" * settings.CARD_SCAN_MAX_BYTES)

    response = client.post(reverse("card-scan-upload", args=[still.pk]), {"scan": too_big})

    assert response.status_code == 400
    assert "The file is larger than 10 MB." in response.content.decode()
    assert media_files(media_root) == []


def test_it_checks_the_csrf_token_of_an_upload(catalogs, staff):
    still = card("Be Still")
    client = Client(enforce_csrf_checks=True)
    client.force_login(staff)
    url = reverse("card-scan-upload", args=[still.pk])

    assert client.post(url, {"scan": png_upload()}).status_code == 403

    client.get(reverse("card-detail", args=[still.pk]))  # sets the CSRF cookie
    token = client.cookies[settings.CSRF_COOKIE_NAME].value
    response = client.post(url, {"scan": png_upload(), "csrfmiddlewaretoken": token})
    assert response.status_code == 302


def test_it_only_accepts_post_for_uploads(client, catalogs, staff):
    client.force_login(staff)
    assert client.get(reverse("card-scan-upload", args=[card("Be Still").pk])).status_code == 405


# ---------------------------------------------------------------- admin
@pytest.fixture
def admin_user(db):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_superuser("root", password="root-password-1")


def admin_change_data(card: Card, client: Client) -> dict:
    """The admin change form's current values, as the browser would post them back."""
    from cardcollections.catalog.admin import CardAdmin

    response = client.get(reverse("admin:collections_card_change", args=[card.pk]))
    form = response.context["adminform"].form
    data = {}
    for name in form.fields:
        if name in CardAdmin.readonly_fields or name in ("scan_upload", "scan_remove"):
            continue
        value = form[name].value()  # already as the widget shows it (JSON fields as text)
        if value is not None:
            data[name] = value
    data["_save"] = "Save"
    return data


def test_it_lists_cards_in_the_admin_with_filters(client, catalogs, admin_user):
    client.force_login(admin_user)

    response = client.get(reverse("admin:collections_card_changelist"), {"game__id__exact": card("Be Still").game_id})

    assert response.status_code == 200
    html = response.content.decode()
    assert "Be Still" in html and "Chariots of Egypt" not in html
    assert client.get(reverse("admin:collections_card_changelist"), {"q": "goat"}).status_code == 200


def test_it_checks_a_scan_uploaded_in_the_admin(client, catalogs, admin_user, media_root):
    from tests.cardcollections.conftest import bomb_png

    still = card("Be Still")
    client.force_login(admin_user)
    url = reverse("admin:collections_card_change", args=[still.pk])
    data = admin_change_data(still, client)

    bomb = SimpleUploadedFile("bomb.png", bomb_png(10_000, 10_000), content_type="image/png")
    refused = client.post(url, {**data, "scan_upload": bomb})

    assert refused.status_code == 200  # the form again, with the reason
    assert "the image is 10000x10000 = 100 megapixels; at most 16 are allowed" in refused.content.decode()
    assert media_files(media_root) == []

    accepted = client.post(url, {**data, "scan_upload": png_upload()})

    assert accepted.status_code == 302
    still.refresh_from_db()
    assert still.scan.name.endswith(".png") and still.thumbnail


def test_it_refuses_card_fields_the_catalog_would_refuse_in_the_admin(client, catalogs, admin_user):
    still = card("Be Still")
    client.force_login(admin_user)
    url = reverse("admin:collections_card_change", args=[still.pk])
    data = admin_change_data(still, client)

    response = client.post(url, {**data, "effects": '["not an effect"]', "standard_work": "apocrypha"})

    assert response.status_code == 200
    html = response.content.decode()
    assert "must be an object with a kind" in html
    assert "must be one of old-testament" in html
    still.refresh_from_db()
    assert still.effects == [] and still.standard_work == "old-testament"
