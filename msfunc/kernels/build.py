"""Compile msfunc's native kernels now: ``python -m msfunc.kernels.build``.

The first solve that needs the C++ kernel otherwise compiles it (about 10 s, once per
compiler and jaxlib; cached in `native.cache_dir()`). Exit status 0 when every kernel is
available, 1 otherwise (no compiler, disabled, or a build error); the reason is printed.
"""

import sys

from . import native

KERNELS = ("small_solve",)


def main(argv=None):
    """Build every kernel in `KERNELS`, print its status; 0 when all are available.

    Example:
        >>> main() in (0, 1)  # doctest: +ELLIPSIS
        small_solve: ...
        True
    """
    ok = True
    for name in KERNELS:
        state = native.status(name)
        ok = ok and state == "available"
        where = f" ({native.cache_dir()})" if state == "available" else ""
        print(f"{name}: {state}{where}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
