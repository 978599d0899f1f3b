"""cardsite.cache.count: the rate limits' and the catalog budget's counter, on the embedded cache and on Redis."""

import os
import threading
import time

import pytest
import redis
from django.core.cache import cache

from cardsite.cache import count
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


@pytest.fixture(params=["locmem", "redis"])
def backend(request, settings):
    settings.CACHES = {"default": _redis() if request.param == "redis" else LOCMEM}
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


@pytest.mark.parametrize("timeout", [0, -1, None, 1.5, True])
def test_a_counter_that_would_never_expire_or_expire_at_once_is_refused(timeout):
    with pytest.raises(ValueError, match="whole number of seconds"):
        count(cache, "odd", timeout)
