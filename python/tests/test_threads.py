import _thread
import sys
import threading
import time

import pytest

import sudoforge


@pytest.fixture
def long_switch_interval():
    # Python then never takes the GIL from a running thread: another thread runs only
    # while the first one blocks or releases the GIL itself.
    old = sys.getswitchinterval()
    sys.setswitchinterval(100)
    yield
    sys.setswitchinterval(old)


def test_generate_releases_the_gil(long_switch_interval):
    counter = 0
    done = threading.Event()

    def count_up():
        nonlocal counter
        while not done.is_set():
            counter += 1
            time.sleep(0.001)  # blocks, so this thread gives the GIL back each turn

    thread = threading.Thread(target=count_up)
    thread.start()
    try:
        before = counter
        puzzles = sudoforge.generate(count=40, seed=5, level="hard")
        during = counter - before
    finally:
        done.set()
        thread.join()
    assert len(puzzles) == 40
    assert during > 0  # the counter moved while generate ran


def test_ctrl_c_stops_a_long_generate():
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            sudoforge.generate(count=10**6, seed=1, threads=2)
    finally:
        timer.cancel()
    assert len(sudoforge.generate(count=2, seed=1)) == 2  # still usable afterwards


def test_ctrl_c_stops_a_long_count():
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            sudoforge.count("." * 81, limit=10**15)
    finally:
        timer.cancel()
