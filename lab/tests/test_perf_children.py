"""The memory figures count every bot process: the worker's own child (the
expert's second process) as well as the worker."""

import subprocess
import sys
import time

from lab.bench import perf


def test_child_pids_count_a_grandchild() -> None:
    code = (
        "import subprocess, sys, time; "
        "c = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(30)']); "
        "print(c.pid, flush=True); time.sleep(30)"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        grandchild = int(child.stdout.readline())
        time.sleep(0.1)  # the grandchild is listed once it has started
        assert {child.pid, grandchild} <= set(perf.child_pids())
    finally:
        subprocess.run(["pkill", "-P", str(child.pid)], check=False)
        child.kill()
        child.wait()
