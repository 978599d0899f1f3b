"""The embedded broker never hands a worker half a message: a worker that read a half-written file stopped for
good ("Unrecoverable error: JSONDecodeError") and the message was lost, which failed a CI run."""

import functools
import multiprocessing
import time

from kombu import Connection
from kombu import Exchange
from kombu import Queue

from cardsite.broker import Transport
from tests.threads import run_threads


def folders(folder) -> dict:
    return {
        "data_folder_in": str(folder),
        "data_folder_out": str(folder),
        "control_folder": str(folder / "control"),
        "store_processed": False,
    }


def drain(transport, folder, messages: int, out) -> None:
    """Take `messages` messages off the queue as fast as they come (in a process of its own, as a worker is);
    puts (how many arrived, the first error) on `out`."""
    with Connection(transport=transport, transport_options=folders(folder)) as conn:
        queue = conn.SimpleQueue("race")
        out.put("ready")
        seen, error, deadline = set(), None, time.monotonic() + 30
        while len(seen) < messages and time.monotonic() < deadline:
            try:
                message = queue.get_nowait()
            except queue.Empty:
                time.sleep(0.001)
                continue
            except Exception as exc:  # kombu's own transport raises JSONDecodeError here
                error = repr(exc)
                break
            message.ack()
            seen.add(message.payload["n"])
    out.put((len(seen), error))


def test_a_worker_draining_the_queue_while_messages_are_written_gets_each_one_whole(tmp_path):
    messages = 600
    spawn = multiprocessing.get_context("spawn")
    out = spawn.Queue()
    reader = spawn.Process(target=drain, args=(Transport, tmp_path, messages, out))
    reader.start()
    try:
        assert out.get(timeout=60) == "ready"
        with Connection(transport=Transport, transport_options=folders(tmp_path)) as conn:
            queue = conn.SimpleQueue("race")
            for n in range(messages):
                queue.put({"n": n, "padding": "x" * 20_000})
        assert out.get(timeout=60) == (messages, None)
    finally:
        reader.join(10)
        if reader.is_alive():
            reader.kill()


def test_queues_declared_at_once_all_land_in_the_exchange_table(tmp_path):
    """Workers starting together each add their queue to the shared exchange table, created under one lock."""
    errors: list[Exception] = []

    def declare(n: int):
        try:
            with Connection(transport=Transport, transport_options=folders(tmp_path)) as conn:
                Queue(f"q{n}", Exchange("shared"), routing_key=f"q{n}")(conn.default_channel).declare()
        except Exception as exc:
            errors.append(exc)

    run_threads([functools.partial(declare, n) for n in range(24)], timeout=30)
    assert errors == []
    with Connection(transport=Transport, transport_options=folders(tmp_path)) as conn:
        table = conn.default_channel.get_table("shared")
        assert sorted(row.queue for row in table) == sorted(f"q{n}" for n in range(24))
        Queue("q0", Exchange("shared"), routing_key="q0")(conn.default_channel).delete()
        assert len(conn.default_channel.get_table("shared")) == 23
