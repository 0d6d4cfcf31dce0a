"""`set_context` / `get_context` and the execution modes GRAPH_MODE and PYNATIVE_MODE.

PYNATIVE_MODE (the default) runs Cells eagerly; GRAPH_MODE runs every top-level
Cell call through `msfunc.jit`. Both give the same numbers. In PYNATIVE_MODE the functions
returned by msfunc's transforms compile themselves (`msfunc.transforms.auto_compile`) unless
``set_context(pynative_auto_compile=False)``.
"""

from __future__ import annotations

import functools
import inspect
import os
import warnings
from typing import Any

from ._graph_forbidden import check_not_in_graph

GRAPH_MODE = 0
PYNATIVE_MODE = 1

_settings = {
    "mode": PYNATIVE_MODE,
    "device_target": "CPU",
    "device_id": 0,
    "pynative_auto_compile": True,
    "pynative_exact": True,
    "deterministic": "OFF",
    "jit_config": {},
    "save_graphs_path": ".",
}
# True while transforms called from eager code compile themselves: PYNATIVE_MODE with
# `pynative_auto_compile` on (read on every transform call, so kept as one flag).
AUTO_COMPILE = [True]
# Gradient hooks registered on Tensors and Parameters outside a differentiated function
# (Tensor.register_hook): a compiled transform would not see them, so while any is live,
# transforms run eagerly.
LEAF_GRAD_HOOKS = [0]
# msfunc's own options (MindSpore has no such keyword).
_MSFUNC_KEYS = frozenset(("pynative_auto_compile", "pynative_exact"))

# The keyword arguments MindSpore 2.10's set_context accepts. Only `mode` changes
# what msfunc does; the others are validated where MindSpore validates them and
# recorded (get_context returns them), with no effect: JAX picks the device,
# compiles and manages memory.
_ACCEPTED_KEYS = frozenset(
    """
    aoe_config aoe_job_type aoe_tune_mode ascend_config auto_tune_mode bias_add_comm_swap
    check_bprop compile_cache_path compute_communicate_fusion_level conv_allow_tf32
    conv_dgrad_algo conv_fprop_algo conv_wgrad_algo cur_step_num dataset_broadcast_opt_level
    debug_level deterministic device_id device_target disable_format_transform
    enable_allreduce_slice_to_reducescatter enable_auto_mixed_precision
    enable_begin_end_inline_opt enable_compile_cache enable_concat_eliminate_opt
    enable_debug_runtime enable_flash_attention_load_balance enable_fused_cast_add_opt
    enable_ge enable_grad_comm_opt enable_graph_kernel enable_interleave_parallel_branch
    enable_interleave_split_concat_branch enable_offloading_packed_experts
    enable_opt_shard_comm_opt enable_parallel_split enable_profiling enable_reduce_precision
    enable_sparse enable_task_opt env_config_path exec_order gpu_config graph_kernel_flags
    hccl_watchdog infer_boost inter_op_parallel_num interleaved_layernorm_comm
    interleaved_matmul_comm jit_config jit_level jit_syntax_level last_triggered_step
    matmul_allow_tf32 matmul_grad_comm_overlap max_call_depth max_device_memory
    memory_optimize_level mempool_block_size mode need_ckpt op_timeout pp_1f1b_overlap
    print_file_path profiling_options pynative_synchronize recompute_allgather_overlap_fagrad
    recompute_comm_overlap reserve_class_name_in_scope runtime_num_threads
    save_checkpoint_steps save_graphs save_graphs_path support_binary topo_order
    variable_memory_max_size
""".split()
)
# Keys MindSpore takes only inside `ascend_config`, and keys it has removed.
_ASCEND_CONFIG_KEYS = frozenset(
    (
        "precision_mode",
        "jit_compile",
        "atomic_clean_policy",
        "matmul_allow_hf32",
        "conv_allow_hf32",
        "op_precision_mode",
        "host_scheduling_max_threshold",
        "ge_options",
        "op_debug_option",
    )
)
_REMOVED_KEYS = frozenset(("exception_dump", "precompile_only", "grad_for_scalar"))
_DEVICE_TARGETS = ("CPU", "GPU", "Ascend", "Davinci")
# The keys of the global `jit_config` and the values each takes.
_JIT_CONFIG_VALUES = {"jit_level": ("O0", "O1", "O2"), "infer_boost": ("on", "off")}


def _check_jit_config(value):
    if not isinstance(value, dict):
        raise TypeError(f"set_context: `jit_config` must be a dict, got {type(value).__name__}")
    for key, option in value.items():
        allowed = _JIT_CONFIG_VALUES.get(key)
        if allowed is None:
            raise ValueError(
                f"set_context: `jit_config` takes the keys {list(_JIT_CONFIG_VALUES)}, got {key!r}"
            )
        if option not in allowed:
            raise ValueError(
                f"set_context: jit_config[{key!r}] must be one of {list(allowed)}, got {option!r}"
            )


def _check_option(key, value):
    """Raise for an option MindSpore would refuse (checked before anything is applied)."""
    if key in _ASCEND_CONFIG_KEYS:
        raise ValueError(
            f"set_context: `{key}` is set through `ascend_config`, not as a keyword of its own"
        )
    if key in _REMOVED_KEYS:
        raise ValueError(f"set_context: `{key}` was removed from MindSpore's set_context")
    if key in _MSFUNC_KEYS:
        if not isinstance(value, bool):
            raise TypeError(f"set_context: `{key}` must be a bool, got {type(value).__name__}")
        return
    if key not in _ACCEPTED_KEYS:
        raise ValueError(
            f"set_context: unknown keyword argument `{key}`; see MindSpore's "
            "set_context for the accepted keys"
        )
    if key == "mode" and (isinstance(value, bool) or value not in (GRAPH_MODE, PYNATIVE_MODE)):
        raise ValueError(
            "set_context: `mode` must be msfunc.GRAPH_MODE (0) or "
            f"msfunc.PYNATIVE_MODE (1), got {value!r}"
        )
    if key == "device_target" and value not in _DEVICE_TARGETS:
        raise ValueError(
            f"set_context: `device_target` must be one of {list(_DEVICE_TARGETS)}, got {value!r}"
        )
    if key == "device_id":
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"set_context: `device_id` must be an int, got {type(value).__name__}")
        if not 0 <= value <= 4095:
            raise ValueError(f"set_context: `device_id` must be in [0, 4095], got {value}")
    if key == "deterministic":
        if value is not None and not isinstance(value, str):
            raise TypeError(
                f"set_context: `deterministic` must be a str, got {type(value).__name__}"
            )
        if value not in ("ON", "OFF"):
            raise ValueError(f"set_context: `deterministic` must be 'ON' or 'OFF', got {value!r}")
    if key == "jit_config":
        _check_jit_config(value)
    if key == "save_graphs" and not isinstance(value, bool) and value not in (0, 1, 2, 3):
        raise ValueError(f"set_context: `save_graphs` must be a bool or 0-3, got {value!r}")


def args_type_check(**types):
    """Decorator: TypeError when an argument named in `types` is neither None nor an instance of
    its type (or tuple of types), checked before the call; the undecorated function stays as
    ``__wrapped__``. Names caught by a ``**kwargs`` parameter are checked too.

    Example:
        >>> @args_type_check(name=str)
        ... def greet(name=None):
        ...     return name
        >>> greet(3)
        Traceback (most recent call last):
        ...
        TypeError: greet: argument `name` must be a str, got int
    """

    def decorate(fn):
        signature = inspect.signature(fn)
        catch_all = [
            n for n, p in signature.parameters.items() if p.kind is inspect.Parameter.VAR_KEYWORD
        ]

        @functools.wraps(fn)
        def checked(*args, **kwargs):
            named = dict(signature.bind(*args, **kwargs).arguments)
            for name in catch_all:
                named.update(named.pop(name, {}))
            for key, kind in types.items():
                value = named.get(key)
                if value is not None and not isinstance(value, kind):
                    want = " or ".join(
                        t.__name__ for t in (kind if isinstance(kind, tuple) else (kind,))
                    )
                    raise TypeError(
                        f"{fn.__name__}: argument `{key}` must be a {want}, "
                        f"got {type(value).__name__}"
                    )
            return fn(*args, **kwargs)

        return checked

    return decorate


# (MindSpore checks these types first: a str where it sizes memory or names a path)
@args_type_check(
    variable_memory_max_size=str,
    max_device_memory=str,
    mempool_block_size=str,
    save_graphs_path=str,
)
def set_context(**kwargs: Any) -> None:
    """Set options of the running context: above all ``mode``, GRAPH_MODE or PYNATIVE_MODE.

    In GRAPH_MODE a Cell's call compiles its ``construct`` (as ``jit`` does); in
    PYNATIVE_MODE, the default, code runs eagerly. Every keyword MindSpore 2.10 accepts is
    accepted; those about devices and back ends (``device_target``, ``device_id``,
    ``max_device_memory`` ...) are recorded and change nothing, as JAX picks the device.
    An unknown keyword or a bad value raises before any option is applied.

    msfunc adds ``pynative_auto_compile`` (default ``True``): in PYNATIVE_MODE the functions
    that `grad`, `value_and_grad`, `jacfwd`, `jacrev` and `vmap` return, and `jvp` / `vjp`
    calls, compile themselves when called from eager code where that provably gives the
    eager result (`msfunc.transforms.auto_compile`); ``False`` runs them op by op. And
    ``pynative_exact`` (default ``True``): a program compiled so is kept only where its
    compiling call gave the eager numbers exactly (outputs and Parameters written), else
    the function's programs run one primitive at a time, each as eager code runs it (with a
    warning); ``False`` keeps every program (faster where XLA's rewrites change last bits).

    Args:
        **kwargs (Any): Options by name: ``mode`` (int), ``pynative_auto_compile`` (bool),
            ``pynative_exact`` (bool), and MindSpore's others.

    Returns:
        None.

    Example:
        >>> import msfunc as ms
        >>> ms.set_context(mode=ms.GRAPH_MODE)
        >>> print(ms.get_context("mode") == ms.GRAPH_MODE)
        True
        >>> ms.set_context(mode=ms.PYNATIVE_MODE, pynative_auto_compile=True)
    """
    # (depth 2: the caller of args_type_check's wrapper)
    check_not_in_graph("the function 'mindspore.context.set_context'", depth=2)
    for key, value in kwargs.items():
        _check_option(key, value)
    target = kwargs.get("device_target")
    running = running_device_target() if target is not None else None
    if running is not None and target != running:
        warnings.warn(
            f"set_context: device_target={target!r} is recorded but msfunc runs on "
            f"JAX's {running} backend; get_context('device_target') says {running!r}",
            stacklevel=2,
        )
    if kwargs.get("save_graphs_path") is not None:  # (made now, and kept as a full path)
        path = os.path.realpath(kwargs["save_graphs_path"])
        os.makedirs(path, exist_ok=True)
        kwargs = {**kwargs, "save_graphs_path": path}
    if "jit_config" in kwargs:  # (kept as given at this call: a later change of the dict is not)
        kwargs = {**kwargs, "jit_config": dict(kwargs["jit_config"])}
    _settings.update(kwargs)
    if "deterministic" in kwargs:
        apply_deterministic(kwargs["deterministic"] == "ON")
    refresh_auto_compile()


# The environment variables MindSpore sets for deterministic computing (read by Ascend's
# collective and kernel-compiler libraries; nothing of msfunc's reads them: JAX's CPU kernels
# are deterministic), and the value `set_deterministic` fixed, which set_context cannot change.
_DETERMINISTIC_ENV = {"HCCL_DETERMINISTIC": "true", "TE_PARALLEL_COMPILER": "1"}
DETERMINISTIC_FIXED: list[str | None] = [None]


def apply_deterministic(on: bool) -> None:
    """Set (`on`) or remove MindSpore's deterministic environment variables, and keep the
    ``deterministic`` option at the value `set_deterministic` fixed, if it did."""
    for name, value in _DETERMINISTIC_ENV.items():
        if on:
            os.environ[name] = value
        else:
            os.environ.pop(name, None)
    if DETERMINISTIC_FIXED[0] is not None:
        _settings["deterministic"] = DETERMINISTIC_FIXED[0]


def refresh_auto_compile():
    """Recompute `AUTO_COMPILE` from the mode, the option and the live leaf gradient hooks."""
    AUTO_COMPILE[0] = (
        _settings["mode"] == PYNATIVE_MODE
        and _settings["pynative_auto_compile"]
        and not LEAF_GRAD_HOOKS[0]
    )


def get_context(attr_key: str) -> Any:
    """The value of one context option.

    ``device_target`` reports where JAX really computes (``"CPU"`` or ``"GPU"``), as
    MindSpore reports its own build's device.

    Args:
        attr_key (str): The option's name, as `set_context` takes it.

    Returns:
        Any, the option's value (``None`` for an option never set that has no default).

    Example:
        >>> import msfunc as ms
        >>> print(ms.get_context("mode") == ms.PYNATIVE_MODE)
        True
        >>> print(ms.get_context("device_target") in ("CPU", "GPU"))
        True
    """
    check_not_in_graph("the function 'mindspore.context.get_context'")
    if not isinstance(attr_key, str):
        raise TypeError(f"get_context: `attr_key` must be a str, got {type(attr_key).__name__}")
    if attr_key == "device_target":
        # Where the program really runs, as MindSpore reports its own build's device (its CPU
        # build refuses another target and keeps saying 'CPU').
        return running_device_target() or _settings["device_target"]
    return _settings.get(attr_key)


def get_jit_config() -> dict:
    """The global `jit_config` last given to `set_context` (``{}`` before any).

    Example:
        >>> import msfunc as ms
        >>> ms.set_context(jit_config={"jit_level": "O1"})
        >>> ms.context.get_jit_config()
        {'jit_level': 'O1'}
        >>> ms.set_context(jit_config={})
    """
    return dict(_settings["jit_config"])


# True while `import mindspore` is answered by msfunc (msfunc.compat.alias): layers then
# refuse operands of another dtype as MindSpore does (Dense, MatMul); msfunc's own API keeps
# JAX's promotion, so a JAX user's float64 `jnp.ones` still runs through a float32 layer.
_MINDSPORE_DTYPE_CHECKS = [False]


def mindspore_dtype_checks(enable=None):
    """Whether MindSpore's operand-dtype checks are on; `enable` switches them.

    Example:
        >>> mindspore_dtype_checks() in (True, False)
        True
    """
    if enable is not None:
        _MINDSPORE_DTYPE_CHECKS[0] = bool(enable)
    return _MINDSPORE_DTYPE_CHECKS[0]


_MINDSPORE_SHARED_COPIES = [False]


def mindspore_shared_copies(enable=None):
    """Whether ``copy.deepcopy`` of a Tensor shares the original's storage, as MindSpore
    2.10's does (an item write into either changes both); `enable` switches it. On for a
    MindSpore program (the ``mindspore`` alias), off for msfunc's own API, whose deep copies
    are copies.

    Example:
        >>> mindspore_shared_copies() in (True, False)
        True
    """
    if enable is not None:
        _MINDSPORE_SHARED_COPIES[0] = bool(enable)
    return _MINDSPORE_SHARED_COPIES[0]


# A MindSpore program (run through the `mindspore` alias) also gets the numerics of
# MindSpore's CPU kernels where they differ from JAX's beyond a last bit (its tanh is a
# rational approximant; graph mode computes float16 MLPs in float32): its printed numbers are
# MindSpore's. msfunc's own API keeps JAX's functions, so a JAX user's results stay JAX's.
_MINDSPORE_CPU_NUMERICS = [False]


def mindspore_cpu_numerics(enable=None):
    """Whether MindSpore's CPU kernel numerics are on (`msfunc.common.cpu_tanh`,
    `msfunc.common.kernel_chain`); `enable` switches them.

    Example:
        >>> mindspore_cpu_numerics() in (True, False)
        True
    """
    if enable is not None:
        _MINDSPORE_CPU_NUMERICS[0] = bool(enable)
    return _MINDSPORE_CPU_NUMERICS[0]


def running_device_target():
    """MindSpore's name of the device JAX computes on: 'CPU' or 'GPU' (None for others).

    Example:
        >>> running_device_target() in ("CPU", "GPU", None)
        True
    """
    import jax

    return {"cpu": "CPU", "gpu": "GPU", "cuda": "GPU", "rocm": "GPU"}.get(jax.default_backend())


def nesterov_momentum_applies(use_nesterov):
    """Whether ApplyMomentum's `use_nesterov` takes effect here, as in MindSpore 2.10 on the
    same device: its CPU kernel ignores the flag (plain momentum), its GPU kernel applies it.

    Example:
        >>> nesterov_momentum_applies(False)
        False
    """
    return bool(use_nesterov) and running_device_target() != "CPU"


def is_graph_mode():
    return _settings["mode"] == GRAPH_MODE
