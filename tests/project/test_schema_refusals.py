"""The API schema lists the 400 of every read that refuses an unknown query parameter with one, with its body.

(Every operation lists a 400 for a NUL byte in its query, added by cardsite.api.schema_hooks with no body: a read
that refuses unknown parameters must describe its own 400's body.)"""

import re
import uuid

import pytest
from drf_spectacular.generators import SchemaGenerator
from knox.models import AuthToken

pytestmark = pytest.mark.django_db

# A value of the right type for each kind of path parameter; the object need not exist,
# since the query is read before the view looks anything up.
PATH_VALUES = {"integer": "1", "uuid": str(uuid.UUID(int=1)), "string": "chapter-and-verse"}


def _reads():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path, item in schema["paths"].items():
        operation = item.get("get")
        if operation is not None:
            yield path, operation


def _filled(path: str, operation: dict) -> str:
    kinds = {}
    for p in operation.get("parameters", []):
        if p["in"] == "path":
            schema = p.get("schema", {})
            kinds[p["name"]] = "uuid" if schema.get("format") == "uuid" else schema.get("type", "string")
    return re.sub(r"\{(\w+)\}", lambda m: PATH_VALUES[kinds.get(m.group(1), "string")], path)


def test_every_read_that_answers_400_to_an_unknown_parameter_documents_its_400(client, small_catalogs, alice):
    token = AuthToken.objects.create(user=alice)[1]
    refused, undocumented = [], []
    for path, operation in _reads():
        response = client.get(_filled(path, operation), {"surely_unknown": "1"}, HTTP_AUTHORIZATION=f"Token {token}")
        if response.status_code == 400:
            refused.append(operation["operationId"])
            if "content" not in operation["responses"].get("400", {}):
                undocumented.append(operation["operationId"])
    # The walk reached the reads (a token that no longer signed in would leave nothing to check).
    assert {"cards_list", "decks_list", "deck_folders_list", "decks_missing"} <= set(refused), refused
    assert undocumented == [], "\n".join(undocumented)
