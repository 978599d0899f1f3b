"""POST/GET/DELETE /api/v1/goldfish/ (docs/contracts/goldfish.md, "HTTP"): exact at once, jobs run by calling the task.

No eager mode: the chunk task is called as a function, as a worker would;
delivery by a real worker is tests/decks/goldfish/test_goldfish_worker.py.
"""

import importlib.util
import uuid

import pytest
from rest_framework.test import APIClient

from cardcollections.adapters import card_pool_for_game
from decks.goldfish import services as service
from decks.goldfish.models import GoldfishChunk
from decks.goldfish.models import GoldfishJob
from decks.goldfish.tasks import goldfish_chunk
from rules.decklist.parse import parse_decklist
from rules.decklist.resolving import resolve
from rules.goldfish.request import GoldfishDeck
from rules.goldfish.request import GoldfishFilter
from rules.goldfish.request import GoldfishQuery
from rules.goldfish.request import goldfish_exact
from tests.decks.conftest import GOLDFISH_DECK as DECK

URL = "/api/v1/goldfish/"
CV = "chapter-and-verse"
QUERIES = [
    {"name": "two faith", "filter": {"theme": "faith"}, "at_least": 2},
    {"name": "By Small Means", "filter": {"title": "By Small Means"}},
    {"name": "Verse 1 or 2", "filter": {"titles": ["Verse 001", "Verse 002"]}},
]


def request_body(**overrides) -> dict:
    body = {"game": CV, "decklist": DECK, "mode": "simulate", "turns": 4, "trials": 40_000, "seed": 11}
    body["queries"] = QUERIES
    body.update(overrides)
    return {k: v for k, v in body.items() if v is not None}


@pytest.fixture
def client() -> APIClient:
    return APIClient()


def run_all(job_id: str) -> list[str]:
    """Every chunk of the job, as the workers would run them, in index order."""
    indices = GoldfishChunk.objects.filter(job_id=job_id).order_by("index").values_list("index", flat=True)
    return [goldfish_chunk(str(job_id), i) for i in indices]


# ---------------------------------------------------------------- exact
@pytest.mark.django_db
def test_it_answers_exact_at_once_with_the_engines_numbers(client, cv_catalog):
    response = client.post(URL, request_body(mode="exact", trials=None, seed=None), format="json")
    assert response.status_code == 200, response.json()
    resolved = resolve(parse_decklist(DECK), card_pool_for_game(CV))
    deck = GoldfishDeck(CV, tuple((e.card, e.count) for e in resolved.entries))
    queries = [
        GoldfishQuery("two faith", GoldfishFilter(theme="faith"), 2),
        GoldfishQuery("By Small Means", GoldfishFilter(title="By Small Means")),
        GoldfishQuery("Verse 1 or 2", GoldfishFilter(titles=("Verse 001", "Verse 002"))),
    ]
    assert response.json() == goldfish_exact(deck, queries, 4).to_dict()
    assert response.json()["cards_seen"] == [5, 6, 7, 8, 9]
    assert not GoldfishJob.objects.exists()


# ---------------------------------------------------------------- jobs
@pytest.mark.django_db
def test_it_queues_a_simulation_and_a_worker_finishes_it(
    client, cv_catalog, queued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(URL, request_body(), format="json")
    assert response.status_code == 202, response.json()
    job_id = response.json()["id"]
    assert response.json()["url"] == f"http://testserver/api/v1/goldfish/{job_id}/"
    assert queued == [
        {"name": "decks.goldfish_chunk", "args": [job_id, 0], "task_id": f"goldfish-{job_id}-0", "queue": "interactive"}
    ]
    assert client.get(response.json()["url"]).json() == {
        "status": "queued",
        "progress": 0.0,
        "result": None,
        "error": None,
    }

    assert run_all(job_id) == ["done"]
    state = client.get(f"{URL}{job_id}/").json()
    assert state["status"] == "done" and state["progress"] == 1.0 and state["error"] is None
    assert state["result"] == service.goldfish_run(data=request_body())
    assert state["result"]["trials"] == 40_000 and state["result"]["seed"] == 11


@pytest.mark.django_db
def test_a_small_job_runs_inline_and_is_done_at_once(client, cv_catalog):
    response = client.post(URL, request_body(), format="json")
    assert response.status_code == 202
    state = client.get(response.json()["url"]).json()
    assert state["status"] == "done"
    assert state["result"] == service.goldfish_run(data=request_body())


@pytest.mark.django_db
def test_the_numbers_do_not_depend_on_how_many_tasks_share_the_job(cv_catalog, queued):
    # 4,000,000 trials are four engine chunks: one task, two, and four.
    body = request_body(trials=4_000_000, seed=2024)
    results = []
    for parts in (1, 2, 4):
        job = service.goldfish_job_create(owner=None, data=body, parts=parts)
        assert job.chunks.count() == parts
        assert set(run_all(str(job.id))) == {"done"}
        job.refresh_from_db()
        results.append(job.result)
    assert results[0] == results[1] == results[2]
    assert results[0] == service.goldfish_run(data=body)
    assert results[0]["trials"] == 4_000_000


@pytest.mark.django_db
def test_a_duplicate_delivery_changes_nothing(cv_catalog, queued):
    job = service.goldfish_job_create(owner=None, data=request_body(trials=2_000_000), parts=2)
    assert goldfish_chunk(str(job.id), 0) == "done"
    first = GoldfishChunk.objects.get(job=job, index=0)
    assert goldfish_chunk(str(job.id), 0) == "skipped"
    again = GoldfishChunk.objects.get(job=job, index=0)
    assert (again.counts, again.attempt, again.status) == (first.counts, 1, "done")
    assert goldfish_chunk(str(job.id), 1) == "done"
    job.refresh_from_db()
    result = job.result
    # After the job is done too.
    assert goldfish_chunk(str(job.id), 1) == "skipped"
    job.refresh_from_db()
    assert job.status == "done" and job.result == result
    assert not service.goldfish_job_finalise(job_id=str(job.id))


@pytest.mark.django_db
def test_a_redelivered_message_takes_its_running_chunk_over(cv_catalog, queued):
    job = service.goldfish_job_create(owner=None, data=request_body(), parts=1)
    task_id = f"goldfish-{job.id}-0"
    # The first attempt claimed the chunk, then its process was killed.
    GoldfishChunk.objects.filter(job=job).update(status="running", task_id=task_id, attempt=1, progress=0.3)
    # Another message (another task id) finds nothing to claim ...
    assert service.goldfish_chunk_run(job_id=str(job.id), index=0, task_id="someone-else") == "skipped"
    # ... the same message, delivered again, runs it.
    assert service.goldfish_chunk_run(job_id=str(job.id), index=0, task_id=task_id) == "done"
    chunk = GoldfishChunk.objects.get(job=job)
    assert chunk.attempt == 2 and chunk.status == "done"
    job.refresh_from_db()
    assert job.status == "done" and job.result == service.goldfish_run(data=request_body())


@pytest.mark.django_db
def test_an_older_attempt_cannot_write_over_a_newer_one(cv_catalog, queued, monkeypatch):
    job = service.goldfish_job_create(owner=None, data=request_body(), parts=1)
    real_run = service.SIMULATE.run_chunk

    def taken_over_meanwhile(plan, index, on_progress):
        counts = real_run(plan, index, on_progress)
        GoldfishChunk.objects.filter(job=job).update(attempt=5)  # a re-delivery claimed it
        return counts

    monkeypatch.setattr(
        service, "SIMULATE", service.SIMULATE.__class__(**{**vars(service.SIMULATE), "run_chunk": taken_over_meanwhile})
    )
    assert service.goldfish_chunk_run(job_id=str(job.id), index=0, task_id="t") == "stopped"
    assert GoldfishChunk.objects.get(job=job).status == "running"


# ---------------------------------------------------------------- cancel
@pytest.mark.django_db
def test_delete_cancels_a_queued_job_and_its_chunks_then_do_nothing(client, cv_catalog, queued):
    job_id = client.post(URL, request_body(), format="json").json()["id"]
    response = client.delete(f"{URL}{job_id}/")
    assert response.status_code == 200
    assert response.json()["status"] == "cancelled"
    assert run_all(job_id) == ["skipped"]
    assert list(GoldfishChunk.objects.filter(job_id=job_id).values_list("status", flat=True)) == ["cancelled"]
    assert client.get(f"{URL}{job_id}/").json()["status"] == "cancelled"
    # Cancelling a finished job is a conflict, and changes nothing.
    assert client.delete(f"{URL}{job_id}/").status_code == 409


@pytest.mark.django_db
def test_a_running_chunk_stops_at_its_next_progress_report(cv_catalog, queued, monkeypatch):
    job = service.goldfish_job_create(owner=None, data=request_body(trials=1_000_000), parts=1)
    monkeypatch.setattr(service, "PROGRESS_SECONDS", 0.0)
    reports = []
    real_simulate_chunk = service.simulate_chunk

    def cancelled_midway(plan, index, *, on_progress=None):
        def spy(fraction):
            reports.append(fraction)
            if len(reports) == 3:
                service.goldfish_job_cancel(job=GoldfishJob.objects.get(pk=job.pk))
            on_progress(fraction)

        return real_simulate_chunk(plan, index, on_progress=spy)

    monkeypatch.setattr(service, "simulate_chunk", cancelled_midway)
    assert goldfish_chunk(str(job.id), 0) == "stopped"
    assert len(reports) == 3  # it stopped at the report after the cancel, not at the end
    job.refresh_from_db()
    assert job.status == "cancelled" and job.result is None
    assert 0 < job.progress < 1
    assert GoldfishChunk.objects.get(job=job).status == "cancelled"


@pytest.mark.django_db
def test_a_finished_job_cannot_be_cancelled(client, cv_catalog):
    job_id = client.post(URL, request_body(), format="json").json()["id"]  # inline: done
    response = client.delete(f"{URL}{job_id}/")
    assert response.status_code == 409
    assert response.json()["status"] == "done"


# ---------------------------------------------------------------- owners
@pytest.mark.django_db
def test_a_users_job_is_theirs_alone(cv_catalog, queued, alice, bob):
    owner, stranger, anonymous = APIClient(), APIClient(), APIClient()
    owner.force_authenticate(alice)
    stranger.force_authenticate(bob)
    job_id = owner.post(URL, request_body(), format="json").json()["id"]
    assert GoldfishJob.objects.get(pk=job_id).owner == alice
    assert owner.get(f"{URL}{job_id}/").status_code == 200
    for other in (stranger, anonymous):
        assert other.get(f"{URL}{job_id}/").status_code == 404
        assert other.delete(f"{URL}{job_id}/").status_code == 404
    assert GoldfishJob.objects.get(pk=job_id).status == "queued"
    assert owner.delete(f"{URL}{job_id}/").status_code == 200
    assert GoldfishJob.objects.get(pk=job_id).status == "cancelled"


@pytest.mark.django_db
def test_an_anonymous_job_is_anyones_with_the_id(cv_catalog, queued, bob):
    job_id = APIClient().post(URL, request_body(), format="json").json()["id"]
    assert GoldfishJob.objects.get(pk=job_id).owner is None
    someone = APIClient()
    someone.force_authenticate(bob)
    assert APIClient().get(f"{URL}{job_id}/").status_code == 200
    assert someone.get(f"{URL}{job_id}/").status_code == 200
    assert someone.delete(f"{URL}{job_id}/").status_code == 200


@pytest.mark.django_db
def test_an_unknown_job_is_404(client):
    assert client.get(f"{URL}{uuid.uuid4()}/").status_code == 404
    assert client.delete(f"{URL}{uuid.uuid4()}/").status_code == 404
    assert client.get(f"{URL}not-a-uuid/").status_code == 404


@pytest.mark.django_db
def test_a_session_post_without_a_csrf_token_is_refused(cv_catalog, alice):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)  # a session, as a browser's (django-axes wants a request for a password login)
    assert client.post(URL, request_body(mode="exact"), format="json").status_code == 403


# ---------------------------------------------------------------- bad requests
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"turns": 31}, "turns"),
        ({"turns": -1}, "turns"),
        ({"turns": "5"}, "turns"),
        ({"trials": 0}, "trials"),
        ({"trials": 100_000_001}, "trials"),
        ({"trials": None}, "trials"),
        ({"game": "battle-cards"}, "game"),
        ({"game": None}, "game"),
        ({"mode": "guess"}, "mode"),
        ({"seed": -3}, "seed"),
        ({"queries": []}, "queries"),
        ({"queries": [{"name": "x", "filter": {"colour": "red"}}]}, "queries[0].filter.colour"),
        ({"queries": [{"name": "x", "filter": {"type": "follower"}}]}, "queries[0].filter.type"),
        ({"queries": [{"name": "x", "at_least": 0}]}, "queries[0].at_least"),
        ({"trails": 5}, "trails"),
        ({"decklist": None}, "decklist"),
        ({"cards": [{"title": "Verse 001", "count": 2}]}, "decklist"),
        ({"decklist": 5}, "decklist"),
        ({"decklist": "nonsense line"}, "decklist"),
        ({"decklist": None, "cards": [{"count": 2}]}, "cards[0]"),
        ({"decklist": None, "cards": "Verse 001"}, "cards"),
    ],
)
def test_a_malformed_request_is_400_naming_the_field(client, cv_catalog, overrides, field):
    response = client.post(URL, request_body(**overrides), format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == field, response.json()
    assert response.json()["message"]
    assert not GoldfishJob.objects.exists()


@pytest.mark.django_db
def test_a_body_that_is_not_an_object_is_400(client):
    response = client.post(URL, [1, 2], format="json")
    assert response.status_code == 400
    assert client.post(URL, "{not json", content_type="application/json").status_code == 400


@pytest.mark.django_db
def test_unknown_cards_are_400_listing_all_of_them(client, cv_catalog):
    body = request_body(decklist="3 Bye Small Means\n2 Verse 001\n4 No Such Card\n")
    response = client.post(URL, body, format="json")
    assert response.status_code == 400
    data = response.json()
    assert data["field"] == "decklist"
    assert [(c["title"], c["line"]) for c in data["unknown_cards"]] == [("Bye Small Means", 1), ("No Such Card", 3)]
    assert "By Small Means" in data["unknown_cards"][0]["suggestions"]
    cards = request_body(decklist=None, cards=[{"title": "Verse 001", "count": 2}, {"title": "Nope", "count": 1}])
    data = client.post(URL, cards, format="json").json()
    assert data["field"] == "cards" and data["unknown_cards"][0]["index"] == 1


def _saved_deck(owner, visibility: str):
    from cardcollections.models import Game
    from decks.lists.services import deck_create

    game = Game.objects.get(slug=CV)
    return deck_create(owner=owner, game=game, name="Saved", decklist=DECK, visibility=visibility)


@pytest.mark.django_db
def test_a_saved_deck_supplies_its_game_and_list(client, cv_catalog, alice, queued):
    deck = _saved_deck(alice, "unlisted")
    exact = request_body(mode="exact", trials=None, seed=None)
    from_list = client.post(URL, exact, format="json").json()
    # No list in the body: the deck's own; a game that agrees with it is allowed.
    saved = request_body(mode="exact", trials=None, seed=None, decklist=None, deck=str(deck.pk))
    response = client.post(URL, saved, format="json")
    assert response.status_code == 200, response.json()
    assert response.json() == from_list
    # A simulation of the saved deck, without a game, is the same job as one of its list.
    body = request_body(game=None, decklist=None, deck=str(deck.pk))
    response = client.post(URL, body, format="json")
    assert response.status_code == 202, response.json()
    assert run_all(response.json()["id"]) == ["done"]
    assert client.get(response.json()["url"]).json()["result"] == service.goldfish_run(data=request_body())
    # A private deck: its owner (the job's owner) may run it.
    private = _saved_deck(alice, "private")
    job = service.goldfish_job_create(owner=alice, data=request_body(decklist=None, deck=str(private.pk)))
    assert job.owner == alice and run_all(str(job.id)) == ["done"]
    job.refresh_from_db()
    assert job.result == service.goldfish_run(data=request_body())


@pytest.mark.django_db
def test_a_saved_deck_the_caller_may_not_read_is_400_on_deck(client, cv_catalog, alice, charlie, api_as):
    private = _saved_deck(alice, "private")
    answers = []
    for deck_id in (str(private.pk), str(uuid.uuid4()), "not-a-uuid"):
        response = api_as(charlie, "token").post(URL, request_body(decklist=None, deck=deck_id), format="json")
        assert response.status_code == 400
        answers.append(response.json())
    # The same answer whether the deck exists or not: ids do not leak.
    assert answers == [{"field": "deck", "message": "no saved deck with this id that you may read"}] * 3
    assert not GoldfishJob.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"decklist": None, "deck": 7}, "deck"),
        ({"deck": "DECK"}, "deck"),  # a list and a deck
        ({"decklist": None, "game": "bible-battles", "deck": "DECK"}, "game"),
    ],
)
def test_a_saved_deck_request_that_is_malformed_is_400(client, cv_catalog, alice, overrides, field):
    deck = _saved_deck(alice, "public")
    overrides = {k: (str(deck.pk) if v == "DECK" else v) for k, v in overrides.items()}
    response = client.post(URL, request_body(**overrides), format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field, response.json()


PLAY_AVAILABLE = importlib.util.find_spec("rules.goldfish.playout") is not None


@pytest.mark.django_db
@pytest.mark.skipif(PLAY_AVAILABLE, reason="the play engine exists")
def test_play_is_not_available_until_its_engine_is(client, cv_catalog):
    response = client.post(URL, request_body(mode="play", queries=None), format="json")
    assert response.status_code == 400
    assert response.json() == {"field": "mode", "message": "play mode is not available yet"}


@pytest.mark.django_db
@pytest.mark.skipif(not PLAY_AVAILABLE, reason="rules/goldfish/playout.py is not there yet")
def test_play_runs_through_the_same_job_machinery(client, cv_catalog, queued):
    body = request_body(mode="play", trials=3_000, turns=6)
    response = client.post(URL, body, format="json")
    assert response.status_code == 202, response.json()
    job_id = response.json()["id"]
    assert run_all(job_id) == ["done"]
    result = client.get(f"{URL}{job_id}/").json()["result"]
    assert result["mode"] == "play" and result["trials"] == 3_000
    assert [o["name"] for o in result["outcomes"]] == ["first-book", "win"]
    assert result == service.goldfish_run(data=body)
    bad = client.post(URL, request_body(mode="play", policy="reckless"), format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "policy"
    # Issue 14: the deck's titles whose effects are not run, and the options the play-out reads.
    assert isinstance(result["unmodelled"], list)
    for field, value in (("quote_rate", 2), ("target", 100)):
        bad = client.post(URL, request_body(mode="play", **{field: value}), format="json")
        assert bad.status_code == 400 and bad.json()["field"] == field


# ---------------------------------------------------------------- schema
@pytest.mark.django_db
def test_the_schema_documents_the_goldfish_operations_with_examples(client):
    schema = client.get("/api/v1/schema/?format=json").json()
    create = schema["paths"]["/api/v1/goldfish/"]["post"]
    assert set(create["responses"]) >= {"200", "202", "400"}
    assert {"Exact", "Simulate"} <= set(create["requestBody"]["content"]["application/json"]["examples"])
    job = schema["paths"]["/api/v1/goldfish/{job_id}/"]
    assert set(job) >= {"get", "delete"}
    assert job["get"]["responses"]["200"]["content"]["application/json"]["examples"]


@pytest.mark.django_db
def test_a_chunk_that_keeps_killing_its_process_fails_the_job(cv_catalog, queued):
    job = service.goldfish_job_create(owner=None, data=request_body(), parts=1)
    task_id = f"goldfish-{job.id}-0"
    GoldfishChunk.objects.filter(job=job).update(status="running", task_id=task_id, attempt=service.MAX_ATTEMPTS)
    assert service.goldfish_chunk_run(job_id=str(job.id), index=0, task_id=task_id) == "skipped"
    job.refresh_from_db()
    assert job.status == "failed" and "interrupted" in job.error
    assert GoldfishChunk.objects.get(job=job).status == "failed"


@pytest.mark.django_db
def test_a_task_that_fails_for_good_fails_its_job(cv_catalog, queued):
    job = service.goldfish_job_create(owner=None, data=request_body(), parts=1)
    goldfish_chunk.on_failure(RuntimeError("boom"), "t", [str(job.id), 0], {}, None)
    job.refresh_from_db()
    assert job.status == "failed" and "boom" in job.error
    assert APIClient().get(f"{URL}{job.id}/").json() == {
        "status": "failed",
        "progress": 0.0,
        "result": None,
        "error": "a chunk task failed: RuntimeError: boom",
    }


@pytest.mark.django_db
def test_a_job_that_cannot_be_queued_fails_instead_of_erroring(
    client, cv_catalog, monkeypatch, settings, django_capture_on_commit_callbacks
):
    settings.GOLDFISH_INLINE_SECONDS = 0.0

    def broker_down(*args, **kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(service.current_app, "send_task", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(URL, request_body(), format="json")
    assert response.status_code == 202
    state = client.get(response.json()["url"]).json()
    assert state["status"] == "failed" and state["error"] == "the job could not be queued: ConnectionError"


def test_the_chunk_task_is_safe_to_run_twice_and_ends_well_inside_the_visibility_timeout(settings):
    assert goldfish_chunk.acks_late and goldfish_chunk.reject_on_worker_lost
    assert goldfish_chunk.soft_time_limit < goldfish_chunk.time_limit
    assert goldfish_chunk.time_limit * 2 < settings.CELERY_VISIBILITY_TIMEOUT
    assert goldfish_chunk.soft_time_limit > service.MAX_PART_SECONDS * 4


def test_a_job_is_split_into_a_power_of_two_of_half_second_tasks():
    assert service.goldfish_parts(seconds=0.2, n_chunks=1) == 1
    assert service.goldfish_parts(seconds=1.2, n_chunks=20) == 2
    assert service.goldfish_parts(seconds=2.4, n_chunks=20) == 4
    assert service.goldfish_parts(seconds=30, n_chunks=100) == 16
    assert service.goldfish_parts(seconds=30, n_chunks=3) == 3
    # Never a task longer than MAX_PART_SECONDS when there are chunks enough.
    assert service.goldfish_parts(seconds=6000, n_chunks=2000) == 100
    assert service._ranges(10, 4) == [(0, 3), (3, 6), (6, 8), (8, 10)]
