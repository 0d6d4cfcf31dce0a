"""`jit`: MindSpore's decorator and function form, checking its options and building a `Jitted`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..common.signature import declared_signature
from ..compat.graph_flags import JitConfig, check_jit_arguments
from .jit_compile import Jitted
from .lambda_source import lambda_refusal

__all__ = ["jit"]


def jit(
    function: Callable[..., Any] | None = None,
    *,
    input_signature: Any = None,
    hash_args: Any = None,
    jit_config: JitConfig | None = None,
    compile_once: bool = False,
    capture_mode: str = "ast",
    jit_level: str = "O0",
    dynamic: int = 0,
    fullgraph: bool = False,
    backend: str = "",
    strict: bool = False,
    **options: Any,
) -> Callable[..., Any]:
    """Compile `function` with XLA, once per input signature; ``@jit``, ``@jit(...)``, ``jit(fn)``.

    The compiled function may read and write Parameters it reaches through closures (a train
    step updating ``net`` through ``optimizer``): they are discovered while tracing, never
    baked in as constants, and updated in place after each call. Array arguments are traced;
    Python numbers, strings and other hashable values are compile-time constants, as in
    MindSpore. Python control flow on tensor values is converted from the source into
    ``lax.cond`` / ``lax.while_loop`` (see the module docstring); where even that cannot
    compile (data-dependent shapes) the function runs eagerly, with a warning, unless
    `strict` or `fullgraph` asks for an error. MindSpore's back-end options (`capture_mode`,
    `jit_level`, `dynamic`, `backend`, `jit_config`, `hash_args`, `compile_once`,
    ``**options``) are checked as MindSpore checks them and change nothing else: msfunc
    always traces with JAX (which gives every capture mode's results) and XLA optimises
    whatever the level.

    Args:
        function (Union[Callable[..., Any], None]): The function or Cell to compile;
            ``None`` returns a decorator. Default: ``None``.
        input_signature (Union[Tensor, tuple, list, dict, None]): The inputs declared ahead:
            placeholders such as ``Tensor(shape=[None, 3], dtype=ms.float32)`` (or arrays,
            ``jax.ShapeDtypeStruct``), for the positional arguments or by name. Every call
            is checked against it (TypeError for a dtype or count, ValueError for a rank or
            static dim). A ``None`` / ``-1`` dim accepts any size; each new size compiles
            once, as XLA programs have static shapes. Default: ``None``.
        hash_args (Any): MindSpore's extra cache key; accepted, not needed. Default: ``None``.
        jit_config (Union[JitConfig, None]): Deprecated in MindSpore 2.10, which ignores it
            too. Default: ``None``.
        compile_once (bool): MindSpore's compile-cache switch; accepted. Default: ``False``.
        capture_mode (str): ``"ast"``, ``"bytecode"`` or ``"trace"``: how MindSpore builds
            its graph. msfunc takes the right branch for every input in all three.
            Default: ``"ast"``.
        jit_level (str): ``"O0"``, ``"O1"`` or ``"O2"``: MindSpore's optimisation level.
            Default: ``"O0"``.
        dynamic (int): ``0`` or ``1``: MindSpore's dynamic-shape switch; programs compile per
            input shape either way. Default: ``0``.
        fullgraph (bool): Raise `ControlFlowError` instead of falling back to eager.
            Default: ``False``.
        backend (str): MindSpore's back end name (``""``, ``"ms_backend"``, ``"GE"``).
            Default: ``""``.
        strict (bool): msfunc's name for `fullgraph`. Default: ``False``.
        **options (Any): MindSpore's back-end options (``exec_order`` ...); an unknown one
            warns.

    Returns:
        Callable[..., Any], the compiled function (or, with `function` ``None``, the
        decorator making one).

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
        >>> @ms.jit
        ... def step(x):
        ...     w.set_data(w * x)
        ...     return w.sum()
        >>> print(step(ms.Tensor(2.0)), w.value())
        6.0 [2. 4.]
        >>> @ms.jit
        ... def relu_sum(x):
        ...     if x.sum() > 0:  # a tensor condition: compiled as lax.cond
        ...         return x.sum()
        ...     return -x.sum()
        >>> print(relu_sum(ms.Tensor([1.0, 2.0])), relu_sum(ms.Tensor([-1.0, -2.0])))
        3.0 3.0
    """
    check_jit_arguments(capture_mode, jit_level, dynamic, fullgraph, backend, jit_config, options)

    def wrap(fn):
        if isinstance(fn, Jitted):
            return fn
        if isinstance(fn, type) and hasattr(fn, "_msfunc_jit_class"):
            # a Cell class: stays itself (``super(Net, self)`` keeps working), and its
            # instances compile their calls in either mode, as MindSpore's jit on a class
            fn._msfunc_jit_class = fn._msfunc_compile_in_pynative = True
            return fn
        if not callable(fn):
            raise TypeError(f"jit: `function` must be callable, got {type(fn).__name__}")
        refused = lambda_refusal(fn, "jit")
        if refused is not None:
            return refused
        name = (
            getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or type(fn).__name__
        )
        signature = (
            None
            if input_signature is None
            else declared_signature(fn, input_signature, f"jit({name}) input_signature")
        )
        jitted = Jitted(fn, name, bool(strict or fullgraph), signature)
        jitted._ast = capture_mode == "ast"
        return jitted

    if function is None:
        return wrap
    return wrap(function)
