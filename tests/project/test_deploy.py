"""Production settings pass Django's deployment checks, and the API schema is clean."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        # The browser tests' DJANGO_ALLOW_ASYNC_UNSAFE must not leak into a production check.
        env={**{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}, **env},
        capture_output=True,
        text=True,
    )


def test_the_deployment_checks_pass_with_production_settings(tmp_path):
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_DEBUG="false",
        SECRET_KEY=secrets.token_urlsafe(50),
        CARDSITE_HTTPS="1",
        CARDSITE_VAR_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_openapi_schema_validates_without_warnings(tmp_path):
    result = manage("spectacular", "--validate", "--fail-on-warn", CARDSITE_VAR_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr[-2000:]
