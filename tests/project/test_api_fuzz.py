"""Schemathesis over the whole OpenAPI schema: no operation answers a server error, every answer's status is one its
operation documents, with the documented content type and a body that matches its schema.

Every operation of /api/v1/schema/, called in-process through the WSGI app, as a
signed-in user with a token (so the private endpoints are exercised too) on
a database with the small catalogs. docs/reliability.md: at least 100 examples each
(a NUL byte in a query parameter reaching PostgreSQL was found only past 50).
"""

import os

import pytest
import schemathesis
from django.core.signals import request_finished
from django.core.signals import request_started
from django.db import close_old_connections
from hypothesis import HealthCheck
from hypothesis import settings
from knox.models import AuthToken
from schemathesis.specs.openapi.checks import content_type_conformance
from schemathesis.specs.openapi.checks import response_schema_conformance
from schemathesis.specs.openapi.checks import status_code_conformance

EXAMPLES = int(os.environ.get("API_FUZZ_EXAMPLES", "100"))


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """Calls go through the real WSGI handler, whose request signals close a
    connection that is inside a transaction (the test's own, on PostgreSQL).
    Django's test client disconnects them the same way."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _load_schema():
    # Loaded as the module is collected, so that each operation is a test of its own (pytest-xdist shares them
    # out; one test for the whole schema took 414 s on one worker). The schema view reads no database.
    from cardsite.wsgi import application

    return schemathesis.openapi.from_wsgi("/api/v1/schema/", application)


schema = _load_schema()


@pytest.fixture
def token(small_catalogs, alice) -> str:
    return AuthToken.objects.create(user=alice)[1]


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_operation_answers_a_server_error(case, token):
    response = case.call(headers={"Authorization": f"Token {token}"})
    assert response.status_code < 500, (
        f"{case.method} {case.formatted_path} -> {response.status_code}: {response.text[:500]}"
    )
    # The schema tells the truth: the statuses, content types and bodies it documents are the ones answered.
    case.validate_response(
        response, checks=[status_code_conformance, content_type_conformance, response_schema_conformance]
    )
