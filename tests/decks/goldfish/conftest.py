import pytest

from decks.goldfish import services as service


@pytest.fixture
def queued(monkeypatch, settings):
    """Jobs are queued, never run inline, and the messages are recorded (with their queue) instead of sent."""
    sent: list[dict] = []
    settings.GOLDFISH_INLINE_SECONDS = 0.0

    def send_task(name, args, task_id, queue=None, **options):
        sent.append({"name": name, "args": args, "task_id": task_id, "queue": queue})

    monkeypatch.setattr(service.current_app, "send_task", send_task)
    return sent
