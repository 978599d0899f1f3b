"""With debug off the site hides its insides: friendly error pages, no traceback, no public key, no test host."""

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.test import override_settings

ROOT = Path(__file__).resolve().parents[2]


def _settings_in_a_fresh_process(show: str = "ALLOWED_HOSTS", **env: str) -> subprocess.CompletedProcess:
    """Start-up with this environment, printing the setting `show` (its repr)."""
    base = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_DEBUG"}}
    code = f"import django; django.setup(); from django.conf import settings; print(repr(settings.{show}))"
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "cardsite.settings", **env},
        capture_output=True,
        text=True,
    )


def test_with_debug_off_a_missing_secret_key_stops_start_up_with_a_clear_message(tmp_path):
    result = _settings_in_a_fresh_process(DJANGO_DEBUG="false", CARDSITE_VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_with_debug_on_the_site_starts_without_a_key(tmp_path):
    result = _settings_in_a_fresh_process(DJANGO_DEBUG="true", CARDSITE_VAR_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr


def test_the_production_default_hosts_do_not_include_testserver(tmp_path):
    result = _settings_in_a_fresh_process(DJANGO_DEBUG="false", SECRET_KEY="k" * 50, CARDSITE_VAR_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "testserver" not in result.stdout and "localhost" in result.stdout


@pytest.mark.parametrize(
    ("report_only", "enforced", "reported"), [("false", True, False), ("true", False, True)], ids=["enforce", "report"]
)
def test_csp_report_only_sends_the_same_policy_as_a_report(tmp_path, report_only, enforced, reported):
    policies = [
        _settings_in_a_fresh_process(
            show, SECRET_KEY="k" * 50, CARDSITE_VAR_DIR=str(tmp_path), CSP_REPORT_ONLY=report_only
        )
        for show in ("CONTENT_SECURITY_POLICY", "CONTENT_SECURITY_POLICY_REPORT_ONLY")
    ]
    assert all(p.returncode == 0 for p in policies), [p.stderr for p in policies]
    shown = [p.stdout.strip() for p in policies]
    assert [s != "None" for s in shown] == [enforced, reported]
    assert "'script-src': [\"'self'\"]" in (shown[0] if enforced else shown[1])


def test_an_unrecognised_csp_report_only_stops_start_up(tmp_path):
    result = _settings_in_a_fresh_process(SECRET_KEY="k" * 50, CARDSITE_VAR_DIR=str(tmp_path), CSP_REPORT_ONLY="maybe")
    assert result.returncode != 0 and "CSP_REPORT_ONLY" in result.stderr


@pytest.mark.django_db
def test_a_missing_page_is_the_sites_own_friendly_404(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    body = response.content.decode()
    assert "Page not found" in body and 'href="/"' in body


@pytest.mark.django_db
@override_settings(ROOT_URLCONF="tests.project.error_urls", DEBUG=False)
def test_a_server_error_is_a_friendly_page_with_no_traceback_and_is_logged(caplog):
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = client.get("/boom/")
    assert response.status_code == 500
    body = response.content.decode()
    assert "Something went wrong" in body
    assert "secret detail" not in body and "Traceback" not in body and "RuntimeError" not in body
    assert any("secret detail" in (r.exc_text or "") or r.exc_info for r in caplog.records)


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/v1/docs/", "/api/v1/redoc/"])
def test_the_api_docs_load_their_scripts_from_the_sites_own_static_files(client, url):
    response = client.get(url)
    assert response.status_code == 200
    body = response.content.decode()
    assert "cdn.jsdelivr.net" not in body and "@latest" not in body
    assert "/static/drf_spectacular_sidecar/" in body


@pytest.mark.django_db
def test_the_api_docs_link_back_to_the_site_and_say_where_a_token_comes_from(client):
    description = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()["info"]["description"]
    assert "[Back to the site](/)" in description
    assert "(/collection/settings/)" in description and "Authorization: Token <token>" in description


@pytest.mark.django_db
def test_a_page_a_player_may_not_open_is_the_sites_own_403(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("ruth", password="ruth-password-1"))
    response = client.get("/proposals/review/")
    assert response.status_code == 403
    body = response.content.decode()
    assert "Not allowed" in body and "card moderators" in body and 'href="/"' in body


@pytest.mark.django_db
def test_a_form_sent_without_its_security_token_is_a_page_that_says_what_to_do(django_user_model):
    client = Client(enforce_csrf_checks=True)
    client.force_login(django_user_model.objects.create_user("ruth", password="ruth-password-1"))
    response = client.post("/decks/import/", {"game": "chapter-and-verse", "text": "1 A"})
    assert response.status_code == 403
    body = response.content.decode()
    assert "Please try again" in body and "Nothing was changed" in body and 'href="/"' in body
