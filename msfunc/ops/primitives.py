"""MindSpore's primitive classes (``ops.ReduceSum(keep_dims=True)(x, 1)``), generated from
`primitive_tables.TABLE`, plus the `Primitive` base classes and `Custom` user ops.
"""

from __future__ import annotations

import functools
import inspect
import re
import sys
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .._lazy import DeferredSet as _DeferredSet
from .._lazy import on_first_read as _on_first_read
from ..common.parameter import Parameter
from ..common.shape_errors import shape_value_error
from ..common.tensor import Tensor, unwrap, wrap
from .custom_aot import aot_kernel, check_aot_func

# With the generated classes' names, ``__all__`` (made on first read, as they are).
_DEFINED = ["Primitive", "PrimitiveWithInfer", "PrimitiveWithCheck", "prim_attr_register", "Custom"]


def _freeze(v):
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(i) for i in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(i)) for k, i in v.items()))
    try:
        hash(v)
        return v
    except TypeError:
        return id(v)


class Primitive:
    """Base of every primitive: a named callable with attributes.

    Subclasses compute in ``__call__`` (or ``construct``); constructor arguments become
    attributes via `prim_attr_register`. Two primitives are equal when their classes and
    attributes are.

    Args:
        name (Union[str, None]): The primitive's name, shown in its repr; ``None`` takes the
            class name. Default: ``None``.

    Example:
        >>> import jax.numpy as jnp
        >>> class Double(Primitive):
        ...     def __init__(self):
        ...         super().__init__("Double")
        ...     def construct(self, x):
        ...         return 2 * x
        >>> Double()(jnp.ones(2)).tolist()
        [2.0, 2.0]
    """

    _msfunc_primitive = True  # (transforms that take functions, not primitives, read it)

    def __init__(self, name: str | None = None) -> None:
        self.name = name or type(self).__name__
        self.attrs = getattr(self, "attrs", {})
        self.init_attrs = getattr(self, "init_attrs", {})

    def add_prim_attr(self, name, value):
        """Set attribute `name` (MindSpore's way to annotate a primitive); returns self."""
        self.attrs[name] = value
        object.__setattr__(self, name, value)
        return self

    def del_prim_attr(self, name):
        self.attrs.pop(name, None)
        return self

    def init_prim_io_names(self, inputs, outputs):
        """Record the names of the inputs and outputs (MindSpore's ``input_names`` and
        ``output_names`` attributes); returns self."""
        self.add_prim_attr("input_names", list(inputs))
        return self.add_prim_attr("output_names", list(outputs))

    def set_device(self, device_target):
        """Record the device MindSpore would run this primitive on (its ``primitive_target``
        attribute); JAX places the computation itself, so it runs where its inputs are.
        Returns self."""
        if device_target not in ("Ascend", "GPU", "CPU"):
            raise ValueError(
                f"{self.name}.set_device: `device_target` must be 'Ascend', 'GPU' or 'CPU', "
                f"got {device_target!r}"
            )
        return self.add_prim_attr("primitive_target", device_target)

    def set_user_data(self, key, value):
        """Keep `value` on this primitive under the string `key` (for the program's own use).

        Example:
            >>> from msfunc import ops
            >>> cast = ops.Cast()
            >>> cast.set_user_data("note", [1, 2])
            >>> cast.get_user_data("note")
            [1, 2]
        """
        if not isinstance(key, str):
            raise TypeError(f"{self.name}.set_user_data: `key` must be a str, got {key!r}")
        self.__dict__.setdefault("_user_data", {})[key] = value

    def get_user_data(self, key):
        """The value `set_user_data` kept under `key` (RuntimeError when there is none, as in
        MindSpore)."""
        if not isinstance(key, str):
            raise TypeError(f"{self.name}.get_user_data: `key` must be a str, got {key!r}")
        kept = self.__dict__.get("_user_data", {})
        if key not in kept:
            raise RuntimeError(f"{self.name}.get_user_data: nothing is kept under {key!r}")
        return kept[key]

    def set_prim_instance_name(self, instance_name):
        self.instance_name = instance_name
        return self

    def __call__(self, *args, **kwargs):
        construct = getattr(self, "construct", None)
        if construct is None:
            kernel = _kernel_named(self.name)  # a body-less subclass runs the kernel of its name
            if kernel is None:
                _run_infer_hooks(self, args)  # (MindSpore infers, and may refuse, first)
                raise NotImplementedError(
                    f"{type(self).__name__}: a Primitive subclass must define `construct` "
                    f"(or `__call__`) to compute on JAX; msfunc has no kernel named {self.name!r}"
                )
            return wrap(kernel(self, *unwrap(args), **unwrap(kwargs)))
        return wrap(construct(*args, **kwargs))  # a primitive gives Tensors, as in MindSpore

    def _key(self):
        return (type(self), _freeze(self.attrs))

    def __eq__(self, other):
        return isinstance(other, Primitive) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        inner = ", ".join(f"{k}={v!r}" for k, v in self.attrs.items())
        return f"Prim[{self.name}]({inner})" if inner else f"Prim[{self.name}]"


def _kernel_named(name):
    """``kernel(prim, *args)`` for a primitive named `name` that defines no body: the generated
    class of that name built with the primitive's attributes, or a kernel MindSpore's CPU build
    has without a public class (`named_kernels`); ``None`` for another name."""
    if name in GENERATED:
        cls = getattr(sys.modules[__name__], name)  # (made once, through the module)
        accepted = inspect.signature(cls).parameters

        def run(prim, *args, **kwargs):
            op = cls(**{k: v for k, v in prim.attrs.items() if k in accepted})
            return op(*args, **kwargs)

        return run
    from .named_kernels import without_class

    return without_class(name)


def _run_infer_hooks(prim, args):
    """Call a body-less primitive's own ``infer_shape`` / ``infer_dtype`` on the inputs'
    shapes and dtypes, so that an error they raise is the call's error, as in MindSpore."""
    from ..common.dtype_objects import to_ms_dtype

    arrays = [a for a in unwrap(args) if hasattr(a, "shape") and hasattr(a, "dtype")]
    if len(arrays) != len(args):
        return
    for hook, values in (
        ("infer_shape", [list(a.shape) for a in arrays]),
        ("infer_dtype", [to_ms_dtype(a.dtype) for a in arrays]),
    ):
        if hook in vars(type(prim)):  # (the program's own hook, not a base class's)
            getattr(prim, hook)(*values)


class PrimitiveWithInfer(Primitive):
    """Primitive with ``infer_shape`` / ``infer_dtype`` hooks, which msfunc does not call
    (JAX infers shapes and dtypes by tracing), except on a subclass that has no body to run:
    there an error the hooks raise is the call's.

    Args:
        name (Union[str, None]): The primitive's name; ``None`` takes the class name.
            Default: ``None``.

    Example:
        >>> import jax.numpy as jnp
        >>> class Square(PrimitiveWithInfer):
        ...     def __init__(self):
        ...         super().__init__("Square")
        ...     def infer_shape(self, x_shape):
        ...         return x_shape
        ...     def __call__(self, x):
        ...         return x * x
        >>> Square()(jnp.array([3.0])).tolist()
        [9.0]
    """


class PrimitiveWithCheck(Primitive):
    """Primitive with ``check_shape`` / ``check_dtype`` hooks, which msfunc does not call
    (JAX checks shapes and dtypes by tracing).

    Args:
        name (Union[str, None]): The primitive's name; ``None`` takes the class name.
            Default: ``None``.

    Example:
        >>> import jax.numpy as jnp
        >>> class Negate(PrimitiveWithCheck):
        ...     def __init__(self):
        ...         super().__init__("Negate")
        ...     def check_dtype(self, x_dtype):
        ...         pass
        ...     def __call__(self, x):
        ...         return -x
        >>> Negate()(jnp.array([3.0])).tolist()
        [-3.0]
    """


def prim_attr_register(fn: Callable[..., None]) -> Callable[..., None]:
    """Decorator for a primitive's ``__init__``: record every argument as an attribute.

    Args:
        fn (Callable): The ``__init__`` to decorate.

    Returns:
        Callable, the ``__init__`` that first sets each bound argument (defaults included) as
        an attribute and in ``attrs`` / ``init_attrs``, then runs `fn`.

    Example:
        >>> class Scale(Primitive):
        ...     @prim_attr_register
        ...     def __init__(self, factor=2.0):
        ...         pass
        ...     def __call__(self, x):
        ...         return self.factor * x
        >>> op = Scale(factor=3.0)
        >>> op.factor, op.attrs["factor"], op(2.0)
        (3.0, 3.0, 6.0)
    """
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def init(self, *args, **kwargs):
        bound = sig.bind(self, *args, **kwargs)
        bound.apply_defaults()
        Primitive.__init__(self, type(self).__name__)
        for k, v in list(bound.arguments.items())[1:]:
            self.add_prim_attr(k, v)
            self.init_attrs[k] = v
        fn(self, *args, **kwargs)

    return init


def build_primitive(name, sig, call, module=__name__, raw: bool | str = False, doc=None):
    """A Primitive class `name` from a table row: constructor signature `sig`, ``call(p, *args)``.

    `doc` is its written docstring (`primitive_docs`); the types its ``Args:`` entries give
    (``keep_dims (bool): ...``) annotate the constructor, so the docstring is their one source.
    Without one a one-line summary of the signatures stands in.

    Constructor arguments become attributes; at call time Tensors are unwrapped to arrays
    (Parameters stay when `raw`: the op writes into them; with ``raw="first"`` the first
    argument stays, a plain Tensor included) and the result is wrapped back.

    Example:
        >>> import jax.numpy as jnp
        >>> from msfunc.ops.primitive_tables._common import sig
        >>> Scale = build_primitive("Scale", sig(factor=2.0), lambda p, x: p.factor * x)
        >>> Scale(factor=3.0)(jnp.ones(2)).tolist()
        [3.0, 3.0]
    """
    spec = str(sig)[1:-1]
    call_sig = inspect.signature(call)
    params = list(call_sig.parameters.values())[1:]
    call_doc = ", ".join(str(p) for p in params)

    def __init__(self, *args, **kwargs):
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{name}({spec}): {e}") from None
        bound.apply_defaults()
        Primitive.__init__(self, name)
        for k, v in bound.arguments.items():
            self.add_prim_attr(k, v)
            self.init_attrs[k] = v

    def __call__(self, *args, **kwargs):
        written = None  # a plain Tensor a scatter writes in place
        if not raw:
            args, kwargs = unwrap(args), unwrap(kwargs)
        elif raw == "first":  # the first argument stays, Tensor or Parameter: it is written
            args = args[:1] + tuple(unwrap(a) for a in args[1:])
        else:  # Parameters stay (the op writes into them); other Tensors become arrays
            if name in _SCATTERS and args and not isinstance(args[0], Parameter):
                written = args[0] if isinstance(args[0], Tensor) else None
            args = tuple(a if isinstance(a, Parameter) else unwrap(a) for a in args)
        # Float data become jax arrays; integer/bool numpy arrays stay numpy: they carry shapes,
        # paddings and indices that must stay concrete under jit (jnp.asarray would trace them).
        args = tuple(
            jnp.asarray(a) if isinstance(a, np.ndarray) and a.dtype.kind in "fc" else a
            for a in args
        )
        try:
            out = call(self, *args, **kwargs)
        except TypeError as exc:
            # MindSpore's shape inference raises ValueError, the type its programs catch
            error = shape_value_error(exc, name)
            if error is None:
                raise
            raise error from None
        if written is not None:
            written._assign(unwrap(out))  # (as MindSpore's kernel writes it)
        return wrap(out)

    doc = doc or (
        f"MindSpore's ``ops.{name}({spec})``, called as ``op({call_doc})``.\n\n"
        f"Example:\n    >>> op = {name}()  # doctest: +SKIP\n"
    )
    cls = type(
        name,
        (Primitive,),
        {"__init__": __init__, "__call__": __call__, "__doc__": doc, "__module__": module},
    )
    # with `self` first, as a method's signature has it: inspect.signature(cls) drops it
    annotated = _annotated(sig, doc)
    cls.__init__.__signature__ = annotated.replace(
        parameters=[_SELF, *annotated.parameters.values()]
    )
    return cls


_SELF = inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)


_ARG_ENTRY = re.compile(r"^\s+\*{0,2}(\w+) \((.+)\):", re.MULTILINE)


def _annotated(sig, doc):
    """`sig` with the types `doc`'s ``Args:`` section gives its parameters."""
    args = doc.split("Args:", 1)[1] if "Args:" in doc else ""
    args = re.split(r"\n\s*\n\s*[A-Z]\w*:\s*\n", args, maxsplit=1)[0]  # up to the next section
    types = dict(_ARG_ENTRY.findall(args))
    return sig.replace(
        parameters=[
            p.replace(annotation=types[p.name]) if p.name in types else p
            for p in sig.parameters.values()
        ]
    )


# Ops that write their first input (a Parameter, or a plain Tensor: updated in place too,
# as MindSpore's kernels do) and return its new value.
_SCATTERS = (
    "ScatterUpdate",
    "ScatterAdd",
    "ScatterSub",
    "ScatterMul",
    "ScatterDiv",
    "ScatterMax",
    "ScatterMin",
    "ScatterNdUpdate",
    "ScatterNdAdd",
    "ScatterNdSub",
    "ScatterNdMul",
    "ScatterNdDiv",
    "ScatterNdMax",
    "ScatterNdMin",
    "ScatterNonAliasingAdd",
    "IndexAdd",
    "InplaceIndexAdd",
)
# Ops that must see Parameters themselves (they write into them), with primitive_tables.optim's.
_RAW = (
    *_SCATTERS,
    "ApplyGradientDescent",
    "ApplyMomentum",
    "Adam",
    "BatchNorm",
)
# Assignments update a plain Tensor in place as well, as MindSpore's do.
_RAW_FIRST = ("Assign", "AssignAdd", "AssignSub")


# The tables and their classes are read and made when first wanted (msfunc._lazy): a program
# uses a few of the classes, and reading the tables and making every class (with its
# docstring) was a quarter of msfunc's import time.
@functools.cache
def _table():
    """{class name: (constructor signature, call, raw)} from `primitive_tables.TABLE`."""
    from .primitive_tables import TABLE, optim, optim_fused, sparse_optim

    writers = (*_RAW, *optim.RAW, *optim_fused.RAW, *sparse_optim.RAW)
    raw = dict.fromkeys(writers, True) | dict.fromkeys(_RAW_FIRST, "first")
    rows = {}
    for name, sig, call in TABLE:
        if name in rows:
            raise RuntimeError(f"primitive_tables: duplicate class {name}")
        rows[name] = (sig, call, raw.get(name, False))
    return rows


#: Classes MindSpore keeps out of `mindspore.ops.operations`' public list: defined only at a
#: private module path (``ops.operations.math_ops.AddV2``) or importable from
#: ``ops.operations`` without being in its ``__all__`` (``PadAndShift``); msfunc has one
#: namespace for all.
MODULE_PATH_ONLY = frozenset({"AddV2", "PadAndShift", "SparseSoftmaxCrossEntropyWithLogitsV2"})

#: The names of the classes generated from `primitive_tables.TABLE`.
GENERATED = _DeferredSet(_table)


def _with_init_hook(cls, hook):
    base = cls.__init__

    def __init__(self, *args, **kwargs):
        base(self, *args, **kwargs)
        hook(self)

    __init__.__signature__ = base.__signature__
    cls.__init__ = __init__


def _generate(name):
    """The class of table row `name`, with its written docstring and its init hook; or
    ``__all__``, the defined names and the generated ones."""
    if name == "__all__":
        return [*_DEFINED, *_table()]
    from .primitive_docs import DOCS
    from .primitive_tables import INIT_CHECKS
    from .primitive_tables.sampling import INIT_HOOKS

    sig, call, raw = _table()[name]
    cls = build_primitive(name, sig, call, raw=raw, doc=DOCS.get(name))
    hook = INIT_HOOKS.get(name) or INIT_CHECKS.get(name)
    if hook is not None:
        _with_init_hook(cls, hook)
    return cls


__getattr__, __dir__ = _on_first_read(
    globals(), _DeferredSet(lambda: {"__all__", *_table()}), _generate
)


class Custom(Primitive):
    """A user op from a Python function, with an optional MindSpore-style bprop.

    ``bprop(*inputs, out, dout)`` returns one gradient per input; it is attached with
    ``jax.custom_vjp``. With ``func_type="aot"``, `func` is ``"lib.so:name"``: a compiled
    kernel with MindSpore's AOT signature, run on the host (`custom_aot`), whose outputs
    `out_shape` and `out_dtype` give. Otherwise `out_shape`, `out_dtype` and `reg_info`
    are recorded (JAX infers shapes).

    Args:
        func (Union[Callable, str]): The computation, on arrays (jnp functions), called with
            the inputs; for ``func_type="aot"`` the kernel's ``"file_name:func_name"``.
        out_shape (Any): The output shape (a list of them for several outputs), or a function
            of the inputs' shapes giving it; used by aot kernels. Default: ``None``.
        out_dtype (Any): The output dtype (or a list, or a function of the inputs' dtypes);
            used by aot kernels. Default: ``None``.
        func_type (str): MindSpore's kind of function; recorded as an attribute.
            Default: ``"pyfunc"``.
        bprop (Union[Callable, None]): ``bprop(*inputs, out, dout)`` giving one gradient per
            input; ``None`` differentiates `func` itself. Default: ``None``.
        reg_info (Any): The kernel's registration record (`CustomRegOp`); recorded.
            Default: ``None``.

    Inputs:
        inputs (Tensor): The arguments of `func`.

    Outputs:
        Tensor, what `func` returns.

    Example:
        >>> import jax, jax.numpy as jnp
        >>> sq = Custom(lambda x: x * x, bprop=lambda x, out, dout: (3 * dout,))
        >>> float(jax.grad(lambda x: jnp.asarray(sq(x)))(2.0))  # jax.grad wants an array out
        3.0
    """

    def __init__(
        self,
        func: Callable[..., Any],
        out_shape: Any = None,
        out_dtype: Any = None,
        func_type: str = "pyfunc",
        bprop: Callable[..., Any] | None = None,
        reg_info: Any = None,
    ) -> None:
        aot = func_type == "aot"
        if aot:  # a compiled kernel from a shared library (custom_aot)
            check_aot_func(func, out_shape)
        elif not callable(func):
            raise TypeError(f"Custom: `func` must be callable, got {type(func).__name__}")
        if bprop is not None and not callable(bprop):
            raise TypeError(f"Custom: `bprop` must be callable, got {type(bprop).__name__}")
        super().__init__(getattr(func, "__name__", "Custom"))
        self.add_prim_attr("func_type", func_type)
        self.func, self.bprop, self.out_shape, self.out_dtype = func, bprop, out_shape, out_dtype
        self.reg_info = reg_info
        run = aot_kernel(func, out_shape, out_dtype, reg_info) if isinstance(func, str) else func
        self._fn = run if bprop is None else self._with_bprop(run, bprop)

    @staticmethod
    def _with_bprop(func, bprop):
        @jax.custom_vjp
        def f(*inputs):
            return func(*inputs)

        def fwd(*inputs):
            out = func(*inputs)
            return out, (inputs, out)

        def bwd(res, dout):
            inputs, out = res
            grads = bprop(*inputs, out, dout)
            grads = tuple(grads) if isinstance(grads, (tuple, list)) else (grads,)
            if len(grads) != len(inputs):
                raise ValueError(
                    f"Custom bprop returned {len(grads)} gradients for {len(inputs)} inputs"
                )
            return tuple(
                jax.numpy.broadcast_to(g, jax.numpy.shape(x)).astype(jax.numpy.result_type(x))
                for g, x in zip(grads, inputs, strict=True)
            )

        f.defvjp(fwd, bwd)
        return f

    def __call__(self, *args):
        args = unwrap(args)
        return wrap(self._fn(*args))

    def _key(self):
        return (type(self), id(self))
