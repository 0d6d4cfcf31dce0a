"""``python -m msfunc run script.py [args]`` / ``python -m msfunc check script.py ...``."""

import sys

from .compat.cli import main

if __name__ == "__main__":
    sys.exit(main())
