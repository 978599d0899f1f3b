import pytest

from cardcollections.notifications import services


@pytest.fixture
def queued(monkeypatch) -> list:
    """The notification mails queued (their task's arguments), instead of a broker."""
    sent: list = []
    monkeypatch.setattr(services.current_app, "send_task", lambda name, args, **options: sent.append((name, args)))
    return sent
