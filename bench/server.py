"""What the HTTP benchmarks share: a PostgreSQL database of their own, gunicorn with production settings."""

from __future__ import annotations

import http.client
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from collections.abc import Mapping
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
STARTERS = sorted(str(p) for p in (ROOT / "cardcollections/starter_catalogs").glob("*.json"))
# Debug off, as in production; the key is a throwaway one.
PRODUCTION = {"DJANGO_DEBUG": "false", "SECRET_KEY": "bench-only-throwaway-key", "ALLOWED_HOSTS": "127.0.0.1"}


@contextmanager
def fresh_database(suffix: str) -> Iterator[str]:
    """DATABASE_URL's server with an empty database `<name>_<suffix>` (dropped on the way out): its URL."""
    url = urlparse(os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/cardsite"))
    name = f"{url.path.lstrip('/') or 'cardsite'}_{suffix}"
    admin = ["psql", "-q", "-h", url.hostname or "127.0.0.1", "-U", url.username or "postgres", "-d", "postgres"]
    subprocess.run([*admin, "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=True)
    subprocess.run([*admin, "-c", f"CREATE DATABASE {name}"], check=True)
    try:
        yield url._replace(path="/" + name).geturl()
    finally:
        subprocess.run([*admin, "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=False)


@contextmanager
def gunicorn(
    env: Mapping[str, str], port: int, workers: int = 2, log: Path | None = None
) -> Iterator[subprocess.Popen]:
    """gunicorn serving the site on 127.0.0.1:`port` until the block ends (it answers /api/v1/health/ first);
    its output goes to `log` if given."""
    output = open(log, "w") if log else None  # noqa: SIM115 (open while the server runs)
    server = subprocess.Popen(
        [
            str(BIN / "gunicorn"),
            "cardsite.wsgi",
            f"--bind=127.0.0.1:{port}",
            f"--workers={workers}",
            "--log-level=warning",
        ],
        cwd=ROOT,
        env={**env},
        stdout=output,
        stderr=subprocess.STDOUT if output else None,
    )
    try:
        for _ in range(300):
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
                conn.request("GET", "/api/v1/health/")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError(f"gunicorn did not answer on port {port}")
        yield server
    finally:
        server.terminate()
        server.wait(timeout=30)
        if output:
            output.close()
