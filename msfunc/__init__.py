"""msfunc: MindSpore's functional + object-oriented programming model on JAX."""

import gc as _gc
import os as _os

from . import _x64  # noqa: F401,I001  (first: dtype defaults depend on it; imports jax)
from ._lazy import on_first_read as _on_first_read
from ._lazy import submodule as _submodule
from .common import cpu_isa as _cpu_isa

# before anything starts JAX's CPU client: compiled CPU code then rounds as eager code does
_cpu_isa.round_per_op()

# msfunc's own modules make long-lived objects (functions, classes, tables) and no garbage,
# yet their allocations would set off full passes of Python's cycle collector over the whole
# heap, jax's included: about 40% of msfunc's own import time. The collector waits meanwhile,
# and then the objects go to the oldest generation as they are (freeze + unfreeze moves them
# without a pass; a pass over the young generation, all of msfunc, cost a fifth of the import).
_collecting = _gc.isenabled()
_gc.disable()
try:
    from . import nn, ops  # noqa: E402,I001  (after the names they use)
    from . import amp, train  # noqa: E402,I001
    from .common import dtype
    from .common.dtype import *  # noqa: F403  (MindSpore exposes dtypes at top level)
    from .common.initializer import initializer
    from .common.parameter import Parameter, ParameterTuple
    from .common.generator import (
        Generator,
        default_generator,
        get_rng_state,
        initial_seed,
        manual_seed,
        set_rng_state,
    )
    from .common.seed import get_seed, set_seed
    from .common.sparse_tensor import COOTensor, CSRTensor, RowTensor
    from .common.tensor import Tensor, from_numpy, is_tensor, tensor
    from .compat.graph_flags import COMPATIBLE, LAX, STRICT, JitConfig, mutable
    from .ops import constexpr  # (MindSpore exports it at top level too)
    from .context import GRAPH_MODE, PYNATIVE_MODE, get_context, set_context
    from .device_manager import (
        get_current_device,
        ms_memory_recycle,
        set_deterministic,
        set_device,
    )
    from .parallel.context import (
        ParallelMode,
        get_auto_parallel_context,
        reset_auto_parallel_context,
        set_auto_parallel_context,
    )
    from .transforms import (
        GradOperation,
        custom_bprop,
        data_sink,
        get_grad,
        grad,
        jacfwd,
        jacrev,
        jit,
        jvp,
        value_and_grad,
        vjp,
        vmap,
    )

    from .transforms.jit_class import jit_class
    from .transforms.lazy_inline import lazy_inline
    from .transforms.no_grad import _no_grad  # noqa: F401  (MindSpore's private name)
    from .transforms.shard import shard
finally:
    if _collecting:
        if _gc.get_freeze_count() == 0:  # (a program's own frozen objects stay frozen)
            _gc.freeze()
            _gc.unfreeze()
        _gc.enable()

__version__ = "0.1.0"


# Imported on first use (PEP 562, msfunc._lazy): msfunc.numpy and msfunc.scipy (nothing else in
# msfunc needs them loaded, and with the jax.scipy modules they wrap they cost a tenth of
# msfunc's import time), and msfunc.train's names, which MindSpore exposes at top level too.
# (kernels: native, small solvers)
_SUBMODULES = ("numpy", "scipy", "kernels", "profiler", "device_context", "safeguard", "hal")
_SAFEGUARD = ("obfuscate_ckpt", "load_obf_params_into_net")


def _deferred(name):
    if name in _SUBMODULES:
        return _submodule(__name__)(name)
    if name in ("Profiler", "EnvProfiler"):
        return getattr(_submodule(__name__)("profiler"), name)
    if name in _SAFEGUARD:
        return getattr(_submodule(__name__)("safeguard"), name)
    return getattr(train, name)


def _missing(name):
    """A MindSpore name msfunc lacks raises UnsupportedError saying so (msfunc.errors)."""
    from .compat.unsupported import missing_attribute

    return missing_attribute(__name__, name)


# MindSpore profiles a whole program when MS_PROFILER_OPTIONS asks (msfunc.profiler.env_profiler).
if _os.environ.get("MS_PROFILER_OPTIONS"):
    from .profiler.env_profiler import EnvProfiler as _EnvProfiler

    _EnvProfiler.init_profiler()

__getattr__, __dir__ = _on_first_read(
    globals(),
    {*_SUBMODULES, "Profiler", "EnvProfiler", *_SAFEGUARD, *train.__all__},
    _deferred,
    _missing,
)
