"""``python -m msfunc``: ``run`` a MindSpore script on msfunc, ``check`` scripts without running."""

import argparse
import os
import runpy
import sys

from .alias import alias_mindspore
from .checker import check_file

__all__ = ["main", "run_script"]


def run_script(path, argv=()):
    """Run the script at `path` as ``__main__`` with ``import mindspore`` resolving to msfunc.

    ``sys.argv`` is ``[path, *argv]`` and the script's folder comes first on
    ``sys.path`` while it runs, as with ``python path``; both are restored after.
    Returns the script's globals.

    Example:
        >>> import tempfile, os
        >>> with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        ...     _ = f.write("import sys, mindspore as ms\\nx = ms.ops.add(1.0, 2.0)\\n")
        >>> float(run_script(f.name, ["--flag"])["x"])
        3.0
        >>> os.remove(f.name)
    """
    if not os.path.isfile(path):
        raise FileNotFoundError(f"msfunc run: no such script: {path!r}")
    alias_mindspore()
    saved_argv, saved_path = sys.argv, list(sys.path)
    sys.argv = [path, *argv]
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    try:
        return runpy.run_path(path, run_name="__main__")
    finally:
        sys.argv, sys.path[:] = saved_argv, saved_path


def _check(paths):
    missing = 0
    for path in paths:
        for finding in check_file(path):
            print(finding)
            missing += finding.kind != "difference"
    print(
        f"{missing} MindSpore name(s) or call(s) msfunc lacks in {len(paths)} file(s)",
        file=sys.stderr,
    )
    return 1 if missing else 0


def main(argv=None):
    """Entry point of ``python -m msfunc``; returns the exit status.

    Example:
        >>> main(["check"])
        Traceback (most recent call last):
        ...
        SystemExit: 2
    """
    parser = argparse.ArgumentParser(
        prog="python -m msfunc", description="Run or check MindSpore scripts on msfunc."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run a MindSpore script with `import mindspore` -> msfunc")
    run.add_argument("script")
    run.add_argument("args", nargs=argparse.REMAINDER, help="arguments given to the script")
    check = sub.add_parser(
        "check",
        help="list the MindSpore names scripts use that msfunc "
        "lacks or treats differently (exit 1 when any is missing)",
    )
    check.add_argument("scripts", nargs="+")
    options = parser.parse_args(argv)
    if options.command == "run":
        run_script(options.script, options.args)
        return 0
    return _check(options.scripts)
