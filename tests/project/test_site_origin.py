"""SITE_URL, the only source of the site's absolute links in mail, is read strictly: an origin or no start."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from cardsite.env import env_origin


@pytest.mark.parametrize(
    ("value", "origin"),
    [
        ("https://cards.example.org", "https://cards.example.org"),
        ("https://cards.example.org/", "https://cards.example.org"),
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000"),
        (" https://cards.example.org ", "https://cards.example.org"),
        ("", "http://127.0.0.1:8000"),  # unset or empty: the embedded run's own address
    ],
)
def test_it_reads_an_origin(monkeypatch, value, origin):
    monkeypatch.setenv("SITE_URL", value)
    assert env_origin("SITE_URL", "http://127.0.0.1:8000") == origin


@pytest.mark.parametrize(
    "value",
    [
        "cards.example.org",
        "ftp://cards.example.org",
        "javascript:alert(1)",
        "https://",
        "https://cards.example.org/site/",
        "https://cards.example.org?x=1",
        "https://cards.example.org#top",
        "https://user:pw@cards.example.org",
        "https://cards.example.org:99999",
        "https://cards.example.org\\@evil.example",
        "https://cards example.org",
    ],
)
def test_it_refuses_anything_but_an_origin_naming_the_setting(monkeypatch, value):
    monkeypatch.setenv("SITE_URL", value)
    with pytest.raises(ImproperlyConfigured, match=r"SITE_URL=.* is not an origin"):
        env_origin("SITE_URL", "http://127.0.0.1:8000")
