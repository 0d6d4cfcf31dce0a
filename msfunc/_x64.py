"""64-bit dtypes on by default, as in MindSpore; ``MSFUNC_X64=0`` in the environment opts out."""

import os

import jax

ENV_VAR = "MSFUNC_X64"


def requested():
    """True unless the environment variable ``MSFUNC_X64`` is 0/false/no/off.

    Example:
        >>> isinstance(requested(), bool)
        True
    """
    return os.environ.get(ENV_VAR, "1").strip().lower() not in ("0", "false", "no", "off")


if requested():
    jax.config.update("jax_enable_x64", True)
