"""``msfunc.numpy.linalg``: jax.numpy.linalg with Parameters accepted wherever arrays go.

`solve` uses ``msfunc.kernels.small_solve.solve`` (a kernel for small matrices) when
that module exists, and ``jax.numpy.linalg.solve`` otherwise.
"""

import jax.numpy as jnp

from ..common.parameter import accepts_parameters
from ..common.tensor import unwrap
from ..kernels.small_solve import solve as small_solve

__all__ = [n for n in dir(jnp.linalg) if not n.startswith("_") and callable(getattr(jnp.linalg, n))]

for _name in __all__:
    globals()[_name] = accepts_parameters(getattr(jnp.linalg, _name))


def solve(a, b):
    """The solution `x` of ``a @ x = b``.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.linalg.solve(mnp.eye(2) * 2, mnp.array([2.0, 4.0])).tolist()
        [1.0, 2.0]
    """
    return small_solve(unwrap(a), unwrap(b))


from ..common.tensor_functions import tensor_namespace as _tensor_namespace  # noqa: E402

_tensor_namespace(globals())
