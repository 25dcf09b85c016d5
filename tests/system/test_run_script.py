"""bin/run in full mode: a Celery worker that dies is started again, and Ctrl-C stops all.

The site, the worker and beat are started by the script a room runs
(`make run`), on a real redis-server; the worker is killed with SIGKILL, as
the out-of-memory killer would.
"""

from __future__ import annotations

import os
import signal
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.system.helpers import ROOT, free_port, wait_for

pytestmark = pytest.mark.system


def _ours(data_dir: str) -> list[tuple[int, int, str]]:
    """(pid, parent pid, command line) of the processes started for this test's data."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes().split(b"\0")
            if f"FLOORMAN_DATA_DIR={data_dir}".encode() not in environ:
                continue
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        found.append((int(entry.name), ppid, cmdline))
    return found


def _main_worker(data_dir: str) -> int | None:
    processes = _ours(data_dir)
    workers = {pid for pid, _ppid, cmd in processes if "celery" in cmd and " worker" in cmd}
    others = {pid for pid, _ppid, _cmd in processes} - workers
    # The pool's children have a worker as parent; the main process has bin/run's
    # supervising shell. A killed worker's pool children, orphaned for a moment, have
    # neither (a parent outside the room): they are not a new worker.
    mains = [pid for pid, ppid, cmd in processes if pid in workers and ppid in others]
    return mains[0] if len(mains) == 1 else None


def test_bin_run_restarts_a_worker_that_dies_and_stops_everything_on_ctrl_c(make_stack):
    stack = make_stack()
    data_dir = stack.env["FLOORMAN_DATA_DIR"]
    port = free_port()
    env = stack.env | {"PORT": str(port), "HOST": "127.0.0.1", "FLOORMAN_AS_ROOT": "1",
                       "FLOORMAN_PLAIN_STATIC": "1", "WEB_WORKERS": "1", "WEB_THREADS": "2"}
    log = Path(data_dir) / "run.log"
    with log.open("wb") as out:
        run = subprocess.Popen([str(ROOT / "bin" / "run")], cwd=ROOT, env=env, stdout=out,
                               stderr=subprocess.STDOUT, start_new_session=True)
    try:
        def answers() -> bool:
            if run.poll() is not None:
                pytest.fail(f"bin/run exited:\n{log.read_text(errors='replace')[-3000:]}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5):
                    return True
            except urllib.error.HTTPError:
                return True  # it answers (a 503 while the worker warms up is an answer)
            except OSError:
                return False

        wait_for("bin/run's site to answer", answers, timeout=90, interval=0.3)
        first = wait_for("the Celery worker", lambda: _main_worker(data_dir), timeout=60)
        os.kill(first, signal.SIGKILL)
        second = wait_for("a new Celery worker",
                          lambda: (pid := _main_worker(data_dir)) not in (None, first) and pid,
                          timeout=30)
        assert second != first
        worker_log = (Path(data_dir) / "celery-worker.log").read_text(errors="replace")
        assert "Celery worker exited (status 137): starting it again" in worker_log
        assert run.poll() is None  # the site went on answering meanwhile
        assert answers()
    finally:
        # Ctrl-C in the terminal: every process of the room stops.
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGINT)
            try:
                run.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(run.pid, signal.SIGKILL)
                run.wait(5)
    wait_for("every process bin/run started to stop", lambda: not _ours(data_dir), timeout=20)
