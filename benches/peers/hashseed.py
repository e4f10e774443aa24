"""Python's string hashing is salted per process, and catanatron's bots iterate over sets of
strings, so the same game seed plays differently from one run to the next. The scripts pin
the salt before anything is played, so that a row reruns game for game."""

import os
import sys


def pin():
    """Runs this script again with PYTHONHASHSEED=0 unless it is already set."""
    if os.environ.get("PYTHONHASHSEED") is None:
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable] + sys.argv)
