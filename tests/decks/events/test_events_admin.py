"""The admin of events' records: a registration (a snapshot) and a re-check job are shown, never added or changed."""

import pytest

from decks.events.services import event_check_create
from decks.models import EventCheck
from decks.models import Registration

pytestmark = pytest.mark.django_db

# admin_client is pytest-django's: a client signed in as a superuser.


def _records(registered, event, alice) -> list[tuple[str, object]]:
    check = event_check_create(event=event, requested_by=alice)
    return [("registration", registered), ("eventcheck", check)]


def test_a_record_is_shown_with_every_field_read_only(admin_client, registered, event, alice, sent):
    for model, row in _records(registered, event, alice):
        response = admin_client.get(f"/admin/decks/{model}/{row.pk}/change/")
        assert response.status_code == 200, model
        form = response.context["adminform"].form
        assert list(form.fields) == [], (model, list(form.fields))
        readonly = response.context["adminform"].readonly_fields
        assert set(readonly) == {f.name for f in type(row)._meta.fields}, model


def test_a_record_is_never_added_or_changed_in_the_admin(admin_client, registered, event, alice, sent):
    for model, row in _records(registered, event, alice):
        assert admin_client.get(f"/admin/decks/{model}/add/").status_code == 403, model
        before = {f.name: getattr(row, f.attname) for f in type(row)._meta.fields}
        response = admin_client.post(f"/admin/decks/{model}/{row.pk}/change/", {"deck_name": "Changed", "total": 99})
        assert response.status_code == 302, model
        row.refresh_from_db()
        assert {f.name: getattr(row, f.attname) for f in type(row)._meta.fields} == before, model
    assert Registration.objects.count() == 1 and EventCheck.objects.count() == 1
