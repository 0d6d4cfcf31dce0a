"""MindSpore's float16 gradient sums (AddN) in graph mode, for a differentiated float16 program.

Where a value feeds several ops, MindSpore's backward graph sums its gradient contributions
with AddN, a float16 kernel: each contribution is rounded to float16 and the sum is taken in
float16, one addition after another (checked against MindSpore 2.10's CPU AddN), before the
next kernel reads it. A value passed between float32-only kernels (`kernel_chain`) is float32
in JAX, which sums its contributions in float32. The same holds inside a backward pass that
the program itself traces (a loss holding the network's derivatives): its sums are AddNs too.

`interpreted(pure)` evaluates a function's traced program one equation at a time so that
(a) a float32 value standing for a float16 one and read by several equations passes through
`_fan_out`, whose gradient rounds each contribution and sums in float16; (b) the float32
``add_any`` of such values (a traced backward pass's sums) is a float16 AddN; (c) MindSpore's
cast removal reaches the traced backward pass: a float32-only kernel (or a slice, MindSpore's
float32 StridedSlice) reading a float16 value rounded from float32 reads the float32 value.
"""

from __future__ import annotations

import contextlib
import functools
import threading

import jax
import jax.numpy as jnp
import numpy as np

from .. import _state, context
from .._jax_private import core as jcore

_F16 = np.dtype(jnp.float16)
_F32 = np.dtype(jnp.float32)
_UP, _DOWN = "chain_up", "chain_down"  # kernel_chain's named conversions
_local = threading.local()


_OUTSIDE = contextlib.nullcontext()  # (shared: every eager gradient passes here)


def differentiation_scope():
    """A gradient taken inside an interpreted program; one taken inside another (a gradient
    of a gradient in the loss) is remembered: see `interpreted`. Outside such a program it is
    a shared no-op context, so eager gradients pay no generator per call.

    Example:
        >>> with differentiation_scope():  # (outside an interpreted program: nothing)
        ...     pass
    """
    if not getattr(_local, "active", False):
        return _OUTSIDE
    return _nested_scope()


@contextlib.contextmanager
def _nested_scope():
    if _local.depth:
        _local.nested = True
    _local.depth += 1
    try:
        yield
    finally:
        _local.depth -= 1


def applies():
    """Whether a gradient taken now is MindSpore's graph-mode float16 one: a MindSpore
    program's numerics, graph semantics, and not already inside an interpreted program.

    Example:
        >>> applies()  # eager code
        False
    """
    return (
        context._MINDSPORE_CPU_NUMERICS[0]
        and _state.graph_semantics()
        and not getattr(_local, "active", False)
    )


def _round_sum(cotangents):
    """AddN over float16: each contribution rounded, summed one after another in float16."""
    first, *rest = (jnp.asarray(ct).astype(_F16) for ct in cotangents)
    for ct16 in rest:
        first = first + ct16
    return first


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def _fan_out(x, n):
    return (x,) * n


def _fan_out_fwd(x, n):
    return (x,) * n, None


def _fan_out_bwd(n, _, cts):
    return (_round_sum(cts).astype(_F32),)


_fan_out.defvjp(_fan_out_fwd, _fan_out_bwd)


@jax.custom_vjp
def _addn(a, b):
    return (a.astype(_F16) + b.astype(_F16)).astype(_F32)


def _addn_fwd(a, b):
    return _addn(a, b), None


def _addn_bwd(_, ct):
    # AddN's own gradient hands the cotangent to every input unchanged
    return ct, ct


_addn.defvjp(_addn_fwd, _addn_bwd)


def _name(eqn):
    return eqn.params.get("name", "") if eqn.primitive.name == "jit" else ""


def _kind(eqn):
    """'up' (float16 to a float32-only kernel), 'down' (a float32 kernel's result rounded),
    or '' for any other equation; a traced backward pass transposes one into the other."""
    name = _name(eqn)
    if not name or len(eqn.invars) != 1:
        return ""
    src, dst = eqn.invars[0].aval.dtype, eqn.outvars[0].aval.dtype
    if (_UP in name or _DOWN in name) and src == _F16 and dst == _F32:
        return "up"
    if (_UP in name or _DOWN in name) and src == _F32 and dst == _F16:
        return "down"
    return ""


def _holds_float16(jaxpr):
    values = [*jaxpr.invars, *(o for eqn in jaxpr.eqns for o in eqn.outvars)]
    return any(getattr(v.aval, "dtype", None) == _F16 for v in values)


class _Sliced:
    """The float32 slice a float16 slice is rounded from (a value no equation names)."""

    def __init__(self, aval):
        self.aval = aval.update(dtype=_F32)


def _is_var(v):
    return isinstance(v, _Sliced) or (isinstance(v, jcore.Var) and not isinstance(v, jcore.DropVar))


def _floating(v):
    return jnp.issubdtype(v.aval.dtype, jnp.floating)


def _reaching_outputs(jaxpr):
    """The indices of the equations whose results reach the program's outputs: MindSpore
    drops the others (a run whose results only give a shape) before differentiating."""
    needed = {v for v in jaxpr.outvars if _is_var(v)}
    live = set()
    for i in range(len(jaxpr.eqns) - 1, -1, -1):
        eqn = jaxpr.eqns[i]
        if eqn.effects or any(o in needed for o in eqn.outvars if _is_var(o)):
            live.add(i)
            needed.update(v for v in eqn.invars if _is_var(v))
    return live


class _Plan:
    """What the evaluation does with each equation of a jaxpr (found once per jaxpr)."""

    def __init__(self, jaxpr, merge=True):
        self.jaxpr, self.merge = jaxpr, merge
        self.texts = {}  # id(sub-program) -> (it, its text)
        self.merging = None  # first indices of the repeats merged (None: every repeat)
        self._start()
        if not _holds_float16(jaxpr):  # (a float32 program is evaluated as traced)
            self.live, self.fans, self.copy = set(range(len(jaxpr.eqns))), {}, {}
            return
        if merge:  # find the repeats, then keep those MindSpore merges (see `_merged_pairs`)
            self._scan_all()
            self.merging = self._merged_pairs()
            self._start()
        self._scan_all()
        live = self._live()
        self.live = live
        readers = {}
        for i, eqn in enumerate(jaxpr.eqns):
            if i not in live or eqn.primitive.name == "add_any" and self._addn(eqn):
                continue
            if not any(_floating(o) for o in eqn.outvars):
                continue  # (no gradient flows back through it)
            for pos, v in enumerate(self._inputs(i, eqn)):
                if _is_var(v) and v in self.half and v.aval.dtype == _F32:
                    readers.setdefault(v, []).append((i, pos))
        for i, eqn in enumerate(jaxpr.eqns):  # an AddN's inputs are read by it too
            if i in live and eqn.primitive.name == "add_any" and self._addn(eqn):
                for pos, v in enumerate(self._inputs(i, eqn)):
                    if _is_var(v) and v in self.half:
                        readers.setdefault(v, []).append((i, pos))
        for k, v in enumerate(jaxpr.outvars):  # (a program output takes a cotangent too)
            v = self.resolve(v)
            if _is_var(v) and v in self.half and v.aval.dtype == _F32:
                readers.setdefault(v, []).append(("out", k))
        self.fans = {v: r for v, r in readers.items() if len(r) >= 2}
        self.copy = {}  # (equation, input position) -> which copy of a fanned-out var
        for r in self.fans.values():
            for k, key in enumerate(r):
                self.copy[key] = k

    def _start(self):
        self.alias = {}  # var -> the var it stands for (a removed cast pair)
        self.source = {}  # float16 var -> the float32 var it rounds
        self.half = set()  # float32 vars standing for float16 values
        self.sliced = {}  # slice equation -> its float32 result (taken on the float32 source)
        self.seen = {}  # an equation's (primitive, parameters, inputs) -> its first index
        self.dropped = set()  # equations whose outputs stand for earlier values
        self.repeats = {}  # first index -> every index of that equation
        for v in self.jaxpr.invars:
            if _is_var(v) and v.aval.dtype == _F16:
                self.half.add(v)

    def _scan_all(self):
        for i, eqn in enumerate(self.jaxpr.eqns):
            self._scan(i, eqn)

    def _merged_pairs(self):
        """The repeated equations MindSpore merges before differentiating: a network run
        once by the program itself and once as the forward pass of a gradient taken inside
        it (one set of values, whose gradient contributions meet in one AddN). A network run
        twice by the program, or by the program and a gradient more than once in all, keeps
        its runs apart until after differentiation (MindSpore 2.10's kernel graphs: one
        backward chain per run, summed at the weights), so each run is differentiated on
        its own. Runs whose results reach nothing are not counted (a ZerosLike reading a
        result counts it: `kernel_chain.zeros_reading`)."""
        live = _reaching_outputs(self.jaxpr)
        merged = set()
        for first, every in self.repeats.items():
            runs = sorted(self._origin(i) for i in every if i in live)
            if runs == ["forward", "program"]:
                merged.add(first)
        return merged

    def _origin(self, i):
        """'forward' for an equation of a gradient's forward pass traced inside the program,
        'backward' for one of its backward pass, 'program' for the program's own."""
        stack = str(self.jaxpr.eqns[i].source_info.name_stack)
        if "transpose(" in stack:
            return "backward"
        return "forward" if "jvp(" in stack else "program"

    def resolve(self, v):
        while _is_var(v) and v in self.alias:
            v = self.alias[v]
        return v

    def _inputs(self, i, eqn):
        if i in self.sliced:
            return [self.resolve(self.source[self.resolve(eqn.invars[0])])]
        return [self.resolve(v) for v in eqn.invars]

    def _addn(self, eqn):
        ins = [self.resolve(v) for v in eqn.invars]
        return all(_is_var(v) and v in self.half and v.aval.dtype == _F32 for v in ins)

    def _param(self, value):
        """An equation parameter as merging compares it: a sub-program by its text (two
        traces of one function give equal texts), a rule (a function) not at all."""
        if isinstance(value, jcore.ClosedJaxpr):
            return ("jaxpr", self._text(value.jaxpr), tuple(map(id, value.consts)))
        if isinstance(value, jcore.Jaxpr):
            return ("jaxpr", self._text(value))
        if hasattr(value, "call_wrapped") or (callable(value) and not isinstance(value, type)):
            return "rule"  # (JAX wraps a rule as a `WrappedFun`, new on every trace)
        return value

    def _text(self, jaxpr):
        text = self.texts.get(id(jaxpr))
        if text is None:
            text = self.texts[id(jaxpr)] = (jaxpr, str(jaxpr))
        return text[1]

    def _common(self, i, eqn, ins):
        """Whether `eqn` repeats an earlier equation (its outputs then stand for that one's):
        MindSpore merges common subexpressions, so a network's forward pass run by the loss
        and again by a gradient inside it is one set of values, whose readers add up."""
        if eqn.effects or not self.merge:
            return False
        key = (
            eqn.primitive,
            tuple((k, self._param(v)) for k, v in sorted(eqn.params.items())),
            tuple(("literal", repr(v.val), str(v.aval)) if not _is_var(v) else v for v in ins),
        )
        try:
            first = self.seen.setdefault(key, i)
        except TypeError:  # (unhashable parameters: never merged)
            return False
        if first == i or (self.merging is not None and first not in self.merging):
            return False
        self.repeats.setdefault(first, [first]).append(i)
        for o, earlier in zip(eqn.outvars, self.jaxpr.eqns[first].outvars):
            if _is_var(o):
                self.alias[o] = self.resolve(earlier)
        if first in self.sliced:
            self.sliced[i] = self.sliced[first]
        return True

    def _scan(self, i, eqn):
        kind = _kind(eqn)
        ins = [self.resolve(v) for v in eqn.invars]
        out = eqn.outvars
        if kind == "up" and ins[0] in self.source:
            self.alias[out[0]] = self.source[ins[0]]  # MindSpore removes the cast pair
            self.dropped.add(i)
            return
        if self._common(i, eqn, ins):
            self.dropped.add(i)
            return
        if kind == "down":
            self.source[out[0]] = ins[0]
        if eqn.primitive.name == "slice" and ins[0] in self.source:
            self.sliced[i] = part = _Sliced(out[0].aval)
            self.half.add(part)
        genuine_cast = eqn.primitive.name == "convert_element_type"
        half_in = any(_is_var(v) and v in self.half for v in ins)
        for o in out:
            if not _is_var(o) or not _floating(o):
                continue
            if o.aval.dtype == _F16 or (half_in and not genuine_cast) or kind == "up":
                self.half.add(o)
        if i in self.sliced:
            self.source[out[0]] = self.sliced[i]

    def _live(self):
        needed = {self.resolve(v) for v in self.jaxpr.outvars if _is_var(v)}
        live = set()
        for i in range(len(self.jaxpr.eqns) - 1, -1, -1):
            eqn = self.jaxpr.eqns[i]
            outs = [o for o in eqn.outvars if _is_var(o)]
            if i in self.sliced:
                outs.append(self.sliced[i])
            if i in self.dropped:
                continue
            if eqn.effects or any(o in needed for o in outs):
                live.add(i)
                for v in self._inputs(i, eqn):
                    if _is_var(v):
                        needed.add(v)
        return live


def _evaluate(plan, consts, args):
    jaxpr = plan.jaxpr
    env = {}

    def write(v, value):
        if not _is_var(v):
            return
        fan = plan.fans.get(v)
        env[v] = _fan_out(value, len(fan)) if fan else value

    def read(v, key=None):
        if isinstance(v, jcore.Literal):
            return v.val
        value = env[v]
        if v in plan.fans:
            return value[plan.copy[key]]
        return value

    for v, value in zip(jaxpr.constvars, consts):
        write(v, value)
    for v, value in zip(jaxpr.invars, args):
        write(v, value)
    for i, eqn in enumerate(jaxpr.eqns):
        if i not in plan.live:
            continue
        ins = [read(v, (i, pos)) for pos, v in enumerate(plan._inputs(i, eqn))]
        if i in plan.sliced:
            part = eqn.primitive.bind(ins[0], **eqn.params)
            write(plan.sliced[i], part)
            write(eqn.outvars[0], part.astype(_F16))
            continue
        if eqn.primitive.name == "add_any" and plan._addn(eqn):
            write(eqn.outvars[0], _addn(*ins))
            continue
        with eqn.ctx.manager:
            outs = eqn.primitive.bind(*ins, **eqn.primitive.get_bind_params(eqn.params))
        outs = outs if eqn.primitive.multiple_results else [outs]
        for v, value in zip(eqn.outvars, outs):
            write(v, value)
    return [read(plan.resolve(v), ("out", k)) for k, v in enumerate(jaxpr.outvars)]


def _is_array(leaf):
    return isinstance(leaf, (jax.Array, np.ndarray))


def interpreted(fn):
    """`fn` evaluated through its traced program with MindSpore's float16 gradient sums, for
    differentiating it (see the module's docstring); its result has `fn`'s structure, leaves
    other than arrays passed through as they are. In a program holding a gradient of a
    gradient (a second derivative in the loss) no equations are merged: MindSpore merges the
    values such a gradient recomputes only after differentiating, so its sums stay apart
    (probe in docs/programs.md).

    Example:
        >>> f = interpreted(lambda x: (x * 2, "label"))
        >>> f(jnp.float32(3.0))
        (Array(6., dtype=float32), 'label')
    """

    def run(*args):
        kept = {}

        def arrays_only(*a):
            leaves, tree = jax.tree.flatten(fn(*a))
            kept.update(tree=tree, leaves=leaves)
            return [leaf for leaf in leaves if _is_array(leaf)]

        _local.active = True  # (a gradient taken inside is part of this program)
        _local.depth, _local.nested = 0, False
        try:
            closed = jax.make_jaxpr(arrays_only)(*args)
        finally:
            _local.active = False
        plan = _Plan(closed.jaxpr, merge=not _local.nested)
        outs = iter(_evaluate(plan, closed.consts, jax.tree.leaves(args)))
        leaves = [next(outs) if _is_array(leaf) else leaf for leaf in kept["leaves"]]
        return jax.tree.unflatten(kept["tree"], leaves)

    return run
