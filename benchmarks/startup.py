"""Start-up benchmark: time to the game picker's first frame and peak memory, against a minimal app.

Both programs run the same way, in a fresh Python process on a pseudo-terminal of 80x24: the
picker through the real command line (``cardgames`` with no arguments, click included), the
baseline as a Textual app with a single ``Static``. The clock starts just before the process is
forked and stops when the first frame's text (``Makao``, which both show) reaches the terminal;
then the child is killed and its peak resident memory (``ru_maxrss``) read. Runs alternate
between the two programs; the table shows medians.

Usage: ``python benchmarks/startup.py [--runs 7]``. Prints figures; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time

MARKER = b"Makao"
PROGRAMS = {
    "minimal Textual app": (
        "from textual.app import App\n"
        "from textual.widgets import Static\n"
        "class Minimal(App):\n"
        "    def compose(self):\n"
        "        yield Static('Makao')\n"
        "Minimal().run()\n"
    ),
    "cardgames picker": "from cardgames.cli import main\nmain([])\n",
}


def run_once(code: str, timeout: float = 30.0) -> tuple[float, float]:
    """Run ``code`` on a new 80x24 pseudo-terminal until its first frame shows the marker.

    Returns:
        Seconds from the fork to the marker, and the child's peak memory in MiB.

    Raises:
        RuntimeError: If no frame with the marker arrives within ``timeout`` seconds.
    """
    env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor")
    start = time.monotonic()
    pid, master = pty.fork()
    if pid == 0:
        fcntl.ioctl(sys.stdout.fileno(), termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.execve(sys.executable, [sys.executable, "-c", code], env)
    seen = b""
    elapsed = None
    try:
        while time.monotonic() - start < timeout:
            ready, _, _ = select.select([master], [], [], 0.5)
            if not ready:
                continue
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
            if MARKER in seen:
                elapsed = time.monotonic() - start
                break
    finally:
        os.kill(pid, signal.SIGKILL)
        _, _, usage = os.wait4(pid, 0)
        os.close(master)
    if elapsed is None:
        raise RuntimeError(f"no first frame within {timeout} s; output: {seen[-500:]!r}")
    return elapsed, usage.ru_maxrss / 1024


def measure(runs: int) -> dict[str, tuple[float, float]]:
    """Run both programs ``runs`` times, alternating, after one warm-up run each.

    Returns:
        Per program (the minimal app first): the median seconds to the first frame and the
        median peak memory in MiB.
    """
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in PROGRAMS}
    for code in PROGRAMS.values():
        run_once(code)  # warm the file cache and the bytecode cache
    for _ in range(runs):
        for name, code in PROGRAMS.items():
            results[name].append(run_once(code))
    return {
        name: (statistics.median(t for t, _ in samples), statistics.median(m for _, m in samples))
        for name, samples in results.items()
    }


def main() -> None:
    """Measure both programs and print the medians and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per program (default 7)")
    args = parser.parse_args()
    medians = measure(args.runs)
    print(f"median of {args.runs} runs, 80x24 pseudo-terminal, Python {sys.version.split()[0]}")
    print(f"{'':<22}{'first frame':>14}{'peak memory':>14}")
    for name, (seconds, mib) in medians.items():
        print(f"{name:<22}{seconds * 1000:>11.0f} ms{mib:>10.1f} MiB")
    (base_t, base_m), (ours_t, ours_m) = medians.values()
    print(f"{'ratio':<22}{ours_t / base_t:>13.2f}x{ours_m / base_m:>13.2f}x")


if __name__ == "__main__":
    main()
