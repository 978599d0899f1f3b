"""Every boolean a JSON body carries is a JSON boolean: 0, 1, "yes" or "true" is a 400 naming the field."""

import pytest

from cardcollections.collection.api.serializers import CollectionSettingsIn
from cardcollections.collection.api.serializers import ImportIn
from cardcollections.notifications.api.serializers import NotificationSettingsIn
from decks.events.api.serializers import EventSettingsIn
from decks.goldfish.api.serializers import GoldfishFilterSerializer
from decks.lists.api.serializers import DeckBuiltIn
from decks.organise.api.serializers import DeckOrganiseIn
from decks.validation.api.serializers import DeckValidateInputSerializer

BOOLEANS = [
    (ImportIn, "confirm_empty"),
    (CollectionSettingsIn, "in_matches"),
    (NotificationSettingsIn, "email"),
    (EventSettingsIn, "decklists_public"),
    (GoldfishFilterSerializer, "unique"),
    (DeckBuiltIn, "built"),
    (DeckOrganiseIn, "archived"),
    (DeckValidateInputSerializer, "annotate"),
]


@pytest.mark.parametrize(("serializer", "field"), BOOLEANS, ids=[f for _, f in BOOLEANS])
@pytest.mark.parametrize("value", [0, 1, "true", "false", "yes", "on", "1"])
def test_a_value_that_is_not_a_json_boolean_is_refused_naming_the_field(serializer, field, value):
    checked = serializer(data={field: value})
    assert not checked.is_valid()
    assert checked.errors[field] == ["Must be true or false (a JSON boolean)."]


@pytest.mark.parametrize(("serializer", "field"), BOOLEANS, ids=[f for _, f in BOOLEANS])
@pytest.mark.parametrize("value", [True, False])
def test_a_json_boolean_is_read_as_it_is(serializer, field, value):
    assert serializer().fields[field].run_validation(value) is value
