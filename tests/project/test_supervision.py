"""`make run`'s processes are supervised (scripts/supervise.sh): each one killed comes back and the site answers
again, nothing is left behind, a second beat is never started, and stopping ends every process. A job sent while a
process is down, or just after it is back, is done (issue #34: "no job is lost")."""

import json
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow
KINDS = ["web", "asgi", "interactive", "bulk", "beat"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/health/", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def _wait(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if value := condition():
            return value
        time.sleep(0.2)
    pytest.fail(f"waited {seconds} s for {what}")


def _pid(var: Path, name: str) -> int | None:
    try:
        return int((var / "run" / f"{name}.pid").read_text())
    except (OSError, ValueError):
        return None


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


class Site:
    def __init__(self, tmp: Path, *, catalog: bool = False, **extra_env: str):
        self.var, self.port = tmp, _free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DATABASE_", "CELERY_", "CACHE_"))}
        env |= {
            "CARDSITE_VAR_DIR": str(tmp),
            "PORT": str(self.port),
            "WS_PORT": str(_free_port()),
            "WEB_CONCURRENCY": "1",
            "DJANGO_DEBUG": "false",
        }
        env |= extra_env
        if catalog:  # what scripts/run.sh sets up before it starts the processes: the tables and a catalog
            manage = [str(ROOT / ".venv" / "bin" / "python"), "manage.py"]
            subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=300)
            starter = str(ROOT / "cardcollections" / "starter_catalogs" / "chapter-and-verse.json")
            subprocess.run([*manage, "loadcatalog", starter, "-v0"], cwd=ROOT, env=env, check=True, timeout=300)
        self.log = (tmp / "supervise.log").open("w")
        self.process = subprocess.Popen(
            [str(ROOT / "scripts" / "supervise.sh")], cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT
        )
        _wait(lambda: _answers(self.port) and all(_pid(tmp, k) for k in KINDS), 180, "the site to start")

    def stop(self) -> list[int]:
        """SIGTERM the supervisor; the process groups it had."""
        groups = [p for k in KINDS if (p := _pid(self.var, k))]
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=60)
        self.log.close()
        return groups


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    # Every goldfish job goes to the `interactive` worker, however small (none is played in the web request).
    running = Site(tmp_path_factory.mktemp("site"), catalog=True, GOLDFISH_INLINE_SECONDS="0")
    yield running
    for pgid in running.stop():
        if _group_alive(pgid):
            os.killpg(pgid, signal.SIGKILL)


@pytest.mark.parametrize("kind", KINDS)
def test_a_killed_process_comes_back_and_the_site_answers_again(site, kind):
    old = _pid(site.var, kind)
    os.kill(old, signal.SIGKILL)
    new = _wait(lambda: (p := _pid(site.var, kind)) != old and p, 30, f"{kind} to be started again")
    _wait(lambda: _answers(site.port), 30, "the site to answer again")
    assert not _group_alive(old), f"{kind}'s old process group left a process behind"
    os.kill(new, 0)  # the new one runs
    assert f"{kind} (pid {old}) died: starting it again" in (site.var / "supervise.log").read_text()


def test_stopping_ends_every_process_beat_included(tmp_path):
    site = Site(tmp_path)
    groups = site.stop()
    assert len(groups) == len(KINDS)
    assert [g for g in groups if _group_alive(g)] == []
    assert not list((tmp_path / "run").glob("*.pid"))


def test_the_demo_password_is_printed_last_and_kept_from_the_sites_processes(tmp_path):
    """#36: the demo account's password was printed once among a screen of other output."""
    note = "Demo account created: username 'demo', password 'pw-123'"
    site = Site(tmp_path, DEMO_NOTE=note)
    try:
        web_env = Path(f"/proc/{_pid(tmp_path, 'web')}/environ").read_bytes()
        log = (tmp_path / "supervise.log").read_text()
    finally:
        for pgid in site.stop():
            if _group_alive(pgid):
                os.killpg(pgid, signal.SIGKILL)
    serving = log.index("==> serving http://127.0.0.1:")
    assert log.index(f"==> {note}") > serving
    assert b"pw-123" not in web_env


def test_a_second_beat_is_refused_while_one_runs(site):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")} | {"CARDSITE_VAR_DIR": str(site.var)}
    second = subprocess.run(
        [
            str(ROOT / ".venv" / "bin" / "celery"),
            "-A",
            "cardsite",
            "beat",
            f"--pidfile={site.var}/run/celerybeat.pid",
            f"--schedule={site.var}/celerybeat-schedule",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert second.returncode != 0
    assert "pidfile" in (second.stdout + second.stderr).lower()


def _deck() -> str:
    cards = json.loads((ROOT / "cardcollections/starter_catalogs/chapter-and-verse.json").read_text())["cards"]
    titles = sorted({c["title"] for c in cards if not any(e["kind"] == "unique" for e in c["effects"])})
    return "\n".join(f"{2 if i < 6 else 1} {t}" for i, t in enumerate(titles[:34]))  # 40 cards


def _send_job(port: int) -> str | None:
    """A small goldfish job sent to the API as a visitor: its URL, or None while the site does not take it."""
    body = {
        "game": "chapter-and-verse",
        "decklist": _deck(),
        "mode": "simulate",
        "turns": 3,
        "trials": 2000,
        "seed": 7,
        "queries": [{"name": "any", "filter": {}, "at_least": 1}],
    }
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/goldfish/",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:  # a fresh worker's first request is slow
            assert response.status == 202, response.status
            return json.loads(response.read())["url"]
    except OSError:
        return None


def _job_status(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return json.loads(response.read())["status"]
    except OSError:
        return None


@pytest.mark.parametrize("kind", KINDS)
def test_a_job_sent_as_soon_as_a_process_is_killed_is_done(site, kind):
    """Killed, then at once a job: sent while the worker is down it waits in the queue for the new one; with the
    web server down it is sent as soon as the site answers. Either way it is done, not lost."""
    old = _pid(site.var, kind)
    os.kill(old, signal.SIGKILL)
    _wait(lambda: _answers(site.port), 30, "the site to answer again")
    url = _wait(lambda: _send_job(site.port), 90, "the site to take a job")
    _wait(lambda: _job_status(url) in ("done", "failed", "cancelled"), 90, f"the job sent after {kind} was killed")
    assert _job_status(url) == "done"
    _wait(lambda: (p := _pid(site.var, kind)) != old and p, 30, f"{kind} to be started again")
