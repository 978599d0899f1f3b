"""API tokens (issue 19): stored as a digest, expiring, one per device, revoked one by one or all at once,
revoked by a password change or reset, made only from a session, never shown in the admin."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from knox.models import AuthToken
from rest_framework.test import APIClient

from cardcollections.tokens.selectors import token_id

pytestmark = pytest.mark.django_db

TOKENS = "/api/v1/account/token/"


def with_key(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def works(key: str) -> int:
    return with_key(key).get("/api/v1/collection/").status_code


def make(api_as, user) -> dict:
    response = api_as(user, "session").post(TOKENS)
    assert response.status_code == 201, response.content
    return response.json()


# ---------------------------------------------------------------- made once, stored as a digest
def test_it_answers_the_key_once_with_its_expiry_and_lists_no_key(alice, api_as):
    made = make(api_as, alice)
    assert works(made["token"]) == 200
    expiry = timezone.datetime.fromisoformat(made["expiry"])
    assert timedelta(days=29, hours=23) < expiry - timezone.now() <= timedelta(days=30)
    listed = api_as(alice, "session").get(TOKENS).json()
    assert [t["id"] for t in listed] == [made["id"]]
    assert made["token"] not in str(listed) and made["token"][:15] not in str(listed)


def test_it_stores_only_a_digest_of_the_key(alice, api_as):
    key = make(api_as, alice)["token"]
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {AuthToken._meta.db_table}")
        rows = cursor.fetchall()
    assert len(rows) == 1
    assert not any(key in str(value) for value in rows[0])


def test_a_token_cannot_make_tokens(alice):
    _, key = AuthToken.objects.create(user=alice)
    response = with_key(key).post(TOKENS)
    assert response.status_code == 403 and "session" in response.json()["detail"]
    assert AuthToken.objects.filter(user=alice).count() == 1


# ---------------------------------------------------------------- expiry
def test_a_token_past_its_expiry_is_refused(alice):
    token, key = AuthToken.objects.create(user=alice)
    assert works(key) == 200
    AuthToken.objects.filter(pk=token.pk).update(expiry=timezone.now() - timedelta(seconds=1))
    assert works(key) == 401


def test_an_expired_token_is_deleted_when_it_is_used_and_the_others_still_work(alice):
    expired, old_key = AuthToken.objects.create(user=alice)
    _, key = AuthToken.objects.create(user=alice)
    AuthToken.objects.filter(pk=expired.pk).update(expiry=timezone.now() - timedelta(seconds=1))
    assert works(old_key) == 401
    assert not AuthToken.objects.filter(pk=expired.pk).exists()
    assert works(key) == 200


def test_a_call_reads_only_its_own_token_however_many_the_user_holds(alice):
    keys = [AuthToken.objects.create(user=alice)[1] for _ in range(5)]
    with CaptureQueriesContext(connection) as queries:
        assert works(keys[0]) == 200
    token_reads = [q["sql"] for q in queries if AuthToken._meta.db_table in q["sql"]]
    # knox's own check also listed every token of the user on each call, to delete expired ones.
    assert len(token_reads) == 1, token_reads


@override_settings(REST_KNOX={"TOKEN_TTL": timedelta(days=7), "TOKEN_LIMIT_PER_USER": 10})
def test_the_lifetime_comes_from_the_settings_and_the_page_says_it(alice, api_as, client):
    made = make(api_as, alice)
    expiry = timezone.datetime.fromisoformat(made["expiry"])
    assert timedelta(days=6, hours=23) < expiry - timezone.now() <= timedelta(days=7)
    client.force_login(alice)
    assert b"works for 7 days" in client.get("/collection/settings/").content


def test_use_does_not_extend_a_token(alice):
    token, key = AuthToken.objects.create(user=alice)
    assert works(key) == 200
    token.refresh_from_db()
    assert AuthToken.objects.get(pk=token.pk).expiry == token.expiry


# ---------------------------------------------------------------- per device, revoke, log out everywhere
def test_two_devices_each_have_a_token_and_revoking_one_leaves_the_other(alice, api_as):
    phone, laptop = make(api_as, alice), make(api_as, alice)
    assert works(phone["token"]) == 200 and works(laptop["token"]) == 200
    assert api_as(alice, "session").delete(f"{TOKENS}{phone['id']}/").status_code == 204
    assert works(phone["token"]) == 401
    assert works(laptop["token"]) == 200


def test_log_out_everywhere_revokes_every_token(alice, bob, api_as):
    keys = [make(api_as, alice)["token"] for _ in range(3)]
    _, bobs = AuthToken.objects.create(user=bob)
    response = with_key(keys[0]).post(f"{TOKENS}logout-all/")
    assert response.status_code == 200 and response.json() == {"revoked": 3}
    assert [works(key) for key in keys] == [401, 401, 401]
    assert works(bobs) == 200


def test_past_the_limit_a_new_token_is_refused_with_409(alice, api_as):
    with override_settings(REST_KNOX={"TOKEN_TTL": timedelta(days=30), "TOKEN_LIMIT_PER_USER": 2}):
        make(api_as, alice)
        make(api_as, alice)
        response = api_as(alice, "session").post(TOKENS)
        assert response.status_code == 409 and "revoke one" in response.json()["detail"]
        # An expired token no longer counts.
        AuthToken.objects.filter(user=alice).update(expiry=timezone.now() - timedelta(days=1))
        assert api_as(alice, "session").post(TOKENS).status_code == 201


def test_another_user_can_neither_list_nor_revoke_my_tokens(alice, charlie, api_as):
    token, key = AuthToken.objects.create(user=alice)
    for auth in ("token", "session"):
        client = api_as(charlie, auth)
        assert client.delete(f"{TOKENS}{token_id(token)}/").status_code == 404
        assert token_id(token) not in str(client.get(TOKENS).json())
    assert works(key) == 200


@pytest.mark.parametrize("bad_id", ["nope", "0" * 16, "A" * 16, "0" * 128])
def test_an_id_that_names_none_of_my_tokens_is_a_404(alice, api_as, bad_id):
    assert api_as(alice, "session").delete(f"{TOKENS}{bad_id}/").status_code == 404


def test_a_key_that_is_not_utf8_is_a_401_not_a_500(alice):
    client = APIClient()
    response = client.get("/api/v1/collection/", HTTP_AUTHORIZATION="Token \xff\xfe")
    assert response.status_code == 401


# ---------------------------------------------------------------- password change and reset
def test_a_password_change_revokes_every_token(client, alice):
    _, key = AuthToken.objects.create(user=alice)
    _, other = AuthToken.objects.create(user=alice)
    client.force_login(alice)
    response = client.post(
        "/accounts/password_change/",
        {"old_password": "alice-password-1", "new_password1": "a-new-one-77x", "new_password2": "a-new-one-77x"},
    )
    assert response.status_code == 302, response.content
    assert works(key) == 401 and works(other) == 401
    assert with_key(key).post(TOKENS).status_code == 401  # cannot make itself a successor either


def test_a_password_reset_revokes_every_token(client, alice, bob):
    _, key = AuthToken.objects.create(user=alice)
    _, bobs = AuthToken.objects.create(user=bob)
    uid = urlsafe_base64_encode(force_bytes(alice.pk))
    set_password = client.get(f"/accounts/reset/{uid}/{default_token_generator.make_token(alice)}/")
    assert set_password.status_code == 302
    response = client.post(
        set_password["Location"], {"new_password1": "reset-pass-88q", "new_password2": "reset-pass-88q"}
    )
    assert response.status_code == 302, response.content
    assert works(key) == 401
    assert works(bobs) == 200


def test_a_login_or_a_profile_save_revokes_nothing(client, alice):
    _, key = AuthToken.objects.create(user=alice)
    response = client.post("/accounts/login/", {"username": "alice", "password": "alice-password-1"})
    assert response.status_code == 302
    user = get_user_model().objects.get(pk=alice.pk)
    user.first_name = "Alice"
    user.save()
    assert works(key) == 200


# ---------------------------------------------------------------- the page
def test_the_page_makes_a_token_shows_it_once_and_revokes(client, alice):
    client.force_login(alice)
    made = client.post("/collection/settings/", {"action": "token-create"})
    assert made.status_code == 200 and made["Cache-Control"] == "no-store"
    assert not made.context["form"].is_bound  # the visibility form is not taken as submitted
    key = made.context["new_token"].key
    assert key.encode() in made.content and works(key) == 200
    page = client.get("/collection/settings/")
    assert key.encode() not in page.content and b"token-id" in page.content
    ident = token_id(AuthToken.objects.get(user=alice))
    client.post("/collection/settings/", {"action": "token-revoke", "token": ident})
    assert works(key) == 401


def test_the_page_logs_out_everywhere_and_refuses_another_users_token(client, alice, charlie):
    _, key = AuthToken.objects.create(user=alice)
    charlies, charlie_key = AuthToken.objects.create(user=charlie)
    client.force_login(alice)
    assert (
        client.post("/collection/settings/", {"action": "token-revoke", "token": token_id(charlies)}).status_code == 404
    )
    assert works(charlie_key) == 200
    client.post("/collection/settings/", {"action": "token-revoke-all"})
    assert works(key) == 401 and works(charlie_key) == 200


# ---------------------------------------------------------------- the admin
def test_the_admin_shows_no_usable_key(client, alice):
    staff = get_user_model().objects.create_superuser("root", password="root-password-9")
    token, key = AuthToken.objects.create(user=alice)
    client.force_login(staff)
    pages = [
        client.get("/admin/knox/authtoken/"),
        client.get(f"/admin/knox/authtoken/{token.pk}/change/"),
    ]
    for page in pages:
        assert page.status_code == 200
        assert key.encode() not in page.content and key[:15].encode() not in page.content
    assert token_id(token).encode() in pages[0].content
    assert client.get("/admin/knox/authtoken/add/").status_code == 403
    assert client.get("/admin/").status_code == 200 and b"authtoken" in client.get("/admin/").content.lower()
