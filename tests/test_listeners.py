"""The shared ``Listeners`` helper: add, remove, notify, and a failing listener."""

from __future__ import annotations

import logging
import threading
from types import SimpleNamespace

from companion.listeners import Listeners

log = logging.getLogger("tests.listeners")


def make() -> Listeners:
    return Listeners(log, "A test listener failed on {0.name}; the test goes on.")


def test_every_listener_hears_each_notification_in_the_order_it_was_added():
    listeners, heard = make(), []
    listeners.add(lambda thing, **extra: heard.append(("first", thing.name, extra)))
    listeners.add(lambda thing, **extra: heard.append(("second", thing.name, extra)))
    listeners.notify(SimpleNamespace(name="roll"), by="button")
    assert heard == [("first", "roll", {"by": "button"}), ("second", "roll", {"by": "button"})]
    assert len(listeners) == 2


def test_a_removed_listener_hears_nothing_and_removing_twice_is_harmless():
    listeners, heard = make(), []
    def stays(thing):
        heard.append(("stays", thing))

    remove = listeners.add(heard.append)
    listeners.add(stays)
    remove()
    remove()
    listeners.remove(heard.append)
    listeners.notify("news")
    assert heard == [("stays", "news")]
    listeners.remove(stays)
    assert len(listeners) == 0 and not listeners


def test_a_failing_listener_is_logged_and_the_others_still_hear(caplog):
    listeners, heard = make(), []

    def broken(thing):
        raise RuntimeError("page gone")

    listeners.add(broken)
    listeners.add(heard.append)
    thing = SimpleNamespace(name="C3")
    with caplog.at_level(logging.ERROR, logger="tests.listeners"):
        listeners.notify(thing)
    assert heard == [thing]
    assert "A test listener failed on C3; the test goes on." in caplog.text
    assert "page gone" in caplog.text


def test_a_listener_may_add_or_remove_listeners_while_being_told():
    listeners, heard = make(), []

    def once(thing):
        heard.append(("once", thing))
        remove_once()
        listeners.add(lambda later: heard.append(("late", later)))

    remove_once = listeners.add(once)
    listeners.notify(1)
    listeners.notify(2)
    assert heard == [("once", 1), ("late", 2)]


def test_listeners_added_from_many_threads_all_hear():
    listeners, heard, lock = make(), [], threading.Lock()

    def listen(n):
        def listener(thing):
            with lock:
                heard.append(n)
        listeners.add(listener)

    threads = [threading.Thread(target=listen, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    listeners.notify("go")
    assert sorted(heard) == list(range(20))
