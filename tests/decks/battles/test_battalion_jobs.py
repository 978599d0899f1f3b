"""The simulations as goldfish jobs: created by the API, run by the chunk task, read by the job's URL."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from decks.goldfish.models import GoldfishJob
from decks.goldfish.tasks import goldfish_chunk

URL = "/api/v1/rules/book-of-mormon-battles/simulate/"
BODY = {"battalion": [{"title": "Shiblon"}, {"title": "Faith"}, {"title": "Lehi"}], "opponents": 2, "seed": 5}


@pytest.fixture
def client() -> APIClient:
    return APIClient()


def post(client: APIClient, body):
    return client.post(URL, data=json.dumps(body), content_type="application/json")


def test_a_small_job_runs_in_the_request_and_reads_like_a_goldfish_job(client, fixed_deck_catalogs):
    response = post(client, {**BODY, "trials": 500})
    assert response.status_code == 202
    state = client.get(response.json()["url"]).json()
    assert state["status"] == "done" and state["progress"] == 1.0
    result = state["result"]
    assert result["mode"] == "bomb-battalion" and result["trials"] == 500
    assert result["play"] == ["Shiblon", "Faith"]
    assert abs(result["win"] + result["tie"] + result["lose"] - 1) < 0.001


def test_a_queued_job_is_run_by_the_chunk_task(client, fixed_deck_catalogs, queued):
    response = post(client, {**BODY, "trials": 20_000})
    assert response.status_code == 202
    job = GoldfishJob.objects.get(pk=response.json()["id"])
    assert job.mode == "bomb-battalion" and job.status == "queued"
    for index in range(job.chunks.count()):
        assert goldfish_chunk(str(job.id), index) == "done"  # the task as a function, as a worker runs it
    state = client.get(response.json()["url"]).json()
    assert state["status"] == "done" and state["result"]["trials"] == 20_000


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"battalion": [{"title": "Goliath"}]}, "battalion[0]"),
        ({"battalion": [{"title": "Faith"}]}, "battalion"),
        ({**BODY, "opponents": 0}, "opponents"),
        ([], "body"),
    ],
)
def test_it_answers_400_naming_why(client, fixed_deck_catalogs, body, field):
    response = post(client, body)
    assert response.status_code == 400
    assert response.json()["field"] == field


def test_the_best_squad_job_runs_by_chunks(client, fixed_deck_catalogs, queued):
    response = client.post(
        "/api/v1/rules/battle-cards/simulate/",
        data=json.dumps({"candidates": 20, "battles": 10, "seed": 1}),
        content_type="application/json",
    )
    assert response.status_code == 202
    job = GoldfishJob.objects.get(pk=response.json()["id"])
    for index in range(job.chunks.count()):
        goldfish_chunk(str(job.id), index)
    result = client.get(response.json()["url"]).json()["result"]
    assert result["mode"] == "bc-squad" and result["candidates"] == 20 and len(result["best"]) == 5
