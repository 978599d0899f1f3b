"""cardsite.cache.count: the rate limits' and the catalog budget's counter, on the embedded cache and on Redis."""

import os
import subprocess
import sys
import threading
import time

import pytest
import redis
from django.core.cache import cache

from cardsite.cache import count
from tests.conftest import ROOT
from tests.threads import run_threads

# A Redis database for each xdist worker (12, 13, 14), emptied by each test: tests running at once in two
# workers never empty each other's counts.
_WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw2").removeprefix("gw"))
REDIS_URL = f"redis://127.0.0.1:6379/{12 + _WORKER % 3}"
LOCMEM = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}


class CountingConnection(redis.Connection):
    """A real connection that counts the times it sends: one send is one round trip."""

    sends = 0

    def send_packed_command(self, command, check_health=True):
        CountingConnection.sends += 1
        return super().send_packed_command(command, check_health)


def _redis(backend: str = "cardsite.cache.RedisCache") -> dict:
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.RedisError:
        pytest.skip("needs Redis on 127.0.0.1:6379 (the production cache)")
    return {"BACKEND": backend, "LOCATION": REDIS_URL, "OPTIONS": {"connection_class": CountingConnection}}


@pytest.fixture(params=["locmem", "file", "redis"])
def backend(request, settings, tmp_path):
    file = {"BACKEND": "cardsite.cache.FileCache", "LOCATION": str(tmp_path / "cache")}
    settings.CACHES = {"default": {"locmem": LOCMEM, "file": file}.get(request.param) or _redis()}
    cache.clear()
    yield request.param
    cache.clear()


def test_it_counts_from_one_and_the_cache_reads_the_count(backend):
    assert [count(cache, "counted", 60) for _ in range(3)] == [1, 2, 3]
    assert cache.get("counted") == 3
    assert count(cache, "another", 60) == 1


def test_a_counter_is_dropped_after_its_timeout_and_counts_from_one_again(backend):
    assert count(cache, "short", 1) == 1
    assert count(cache, "short", 1) == 2
    time.sleep(1.2)
    assert count(cache, "short", 1) == 1


def test_many_workers_counting_at_once_each_get_their_own_number(backend):
    start = threading.Barrier(30, timeout=60)
    seen = []

    def one():
        start.wait()
        seen.append(count(cache, "raced", 60))

    run_threads([one] * 30, timeout=60)
    assert sorted(seen) == list(range(1, 31))


@pytest.mark.parametrize(
    ("backend", "round_trips"), [("cardsite.cache.RedisCache", 1), ("django.core.cache.backends.redis.RedisCache", 3)]
)
def test_the_sites_redis_cache_counts_in_one_round_trip_where_djangos_takes_three(settings, backend, round_trips):
    settings.CACHES = {"default": _redis(backend)}
    cache.clear()
    count(cache, "warm", 60)  # the connection is opened and checked outside the count
    before = CountingConnection.sends
    assert count(cache, "timed", 90) == 1
    assert CountingConnection.sends - before == round_trips
    assert 0 < redis.Redis.from_url(REDIS_URL).ttl(cache.make_key("timed")) <= 90
    cache.clear()


def test_the_file_cache_counts_its_entries_once_a_second_and_still_culls(settings, tmp_path, monkeypatch):
    """Counting lists the whole folder, which every move of a table paid (#31): a process looks once a second."""
    import cardsite.cache

    folder = tmp_path / "cache"
    settings.CACHES = {
        "default": {"BACKEND": "cardsite.cache.FileCache", "LOCATION": str(folder), "OPTIONS": {"MAX_ENTRIES": 10}}
    }
    listed = []
    real = cardsite.cache.FileCache._list_cache_files
    monkeypatch.setattr(cardsite.cache.FileCache, "_list_cache_files", lambda self: listed.append(1) or real(self))
    clock = [1000.0]
    monkeypatch.setattr(cardsite.cache.time, "monotonic", lambda: clock[0])
    for n in range(30):
        count(cache, f"many-{n}", 60)
    assert len(listed) == 1  # the first write looked; the next 29, in the same second, did not
    assert len(list(folder.glob("*.djcache"))) == 30  # past MAX_ENTRIES until the next look
    clock[0] += 1.5
    count(cache, "after-a-second", 60)
    assert len(list(folder.glob("*.djcache"))) < 30  # culled


@pytest.mark.parametrize("timeout", [0, -1, None, 1.5, True])
def test_a_counter_that_would_never_expire_or_expire_at_once_is_refused(timeout):
    with pytest.raises(ValueError, match="whole number of seconds"):
        count(cache, "odd", timeout)


# One process of the site (a gunicorn worker, say) asking the API's rate limit about 30 anonymous writes from one
# address at once, with the embedded default settings (no CACHE_URL): prints how many it let through.
_ONE_PROCESS = """
import sys, time
import django
django.setup()
from django.test import RequestFactory
from cardsite.api.throttles import WriteRateThrottle
from rest_framework.request import Request
from django.contrib.auth.models import AnonymousUser

class View:
    throttle_scope = "writes"

WriteRateThrottle.timer = lambda self: 2_000_000_030.0  # the middle of one minute, in both processes
request = Request(RequestFactory().post("/api/v1/x/", REMOTE_ADDR="203.0.113.7"))
request.user = AnonymousUser()
while time.time() < float(sys.argv[1]):  # both processes start counting at the same moment
    time.sleep(0.001)
print(sum(WriteRateThrottle().allow_request(request, View()) for _ in range(30)))
"""


def test_two_processes_of_the_embedded_site_share_one_rate_limit(tmp_path):
    """#34: the default cache counted per process, so each gunicorn worker let the whole limit through
    ("480 a minute in practice"). Two processes, 30 requests each, a limit of 20: 20 pass in all, not 40."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "CACHE_"))}
    env |= {"CARDSITE_VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "cardsite.settings"}
    env |= {"THROTTLE_WRITES_ANON": "20/min", "SECRET_KEY": "x"}
    start = str(time.time() + 4)
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", _ONE_PROCESS, start], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    passed = [int(p.communicate(timeout=60)[0]) for p in processes]
    assert sum(passed) == 20, passed
