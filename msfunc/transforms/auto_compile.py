"""PyNative transforms compile themselves where that provably gives the eager result.

MindSpore's PyNative mode runs ``grad``, ``vmap`` ... eagerly, reading Python state anew on
each call; JAX's transforms called op by op re-trace on every call. So in PYNATIVE_MODE
(``set_context(pynative_auto_compile=True)``, the default) a transform's function called
from plain eager code goes through `msfunc.jit`'s `Jitted` (Parameter discovery, one program
per input signature, Cell fingerprints, source conversion of tensor control flow), under a
policy that keeps it exactly eager:

* Guards (`guards`): what the root function can reach (globals, closure cells, attributes
  and items named in its code, a bound method's ``self``, partial arguments, Cells' config
  objects) is read on every call into a key; a program runs only for the key it was traced
  under, so a changed setting selects or compiles another program, never a stale one.
* Effects: a function reaching randomness, clocks, I/O or ``print`` runs eagerly. The first
  call in each new Python state runs eagerly and is checked: a function that changed what it
  reads (or a container it was given) stays eager, so its effects happen on every call.
* Numbers: the call that compiles a program also runs eagerly, and the program is kept only
  where its result equals the eager one exactly (0.0 and -0.0 count as equal): XLA's algebraic
  simplifier rewrites ``log(exp(x))``, ``exp(a) * exp(b)`` or ``a * 2.2 * 3.3`` into ops
  that round differently. Such a function's programs run op by op from then on (`op_by_op`:
  its trace's primitives one at a time, each as eager JAX runs it), with a warning, where
  that run gives the eager result too; else it runs eagerly
  (``set_context(pynative_exact=False)`` keeps whole programs: faster, not exact). (Fused
  multiply-adds are kept out of compiled CPU code by `common.cpu_isa`; a program that
  writes Parameters is compared from the values it started with, Parameters included; one
  that writes argument Tensors is not run twice. Each new input signature is checked so.)
* Programs are cached by the transform chain and the function (a plain function by its
  code: ``ms.grad(f)`` written inside a loop compiles once), for the 256 functions most
  recently given one; a call with arrays only, once compiled, goes straight to the program
  (JAX's C++ dispatch) after the guard check.
* Cost: compiling is worth its time only where enough calls follow. A function's compile
  time is estimated from its eager run (`COMPILE_SECONDS_PER_OP` for each primitive JAX
  evaluated: XLA's compile time grows with the program's size, while eager wall time does
  not track it). A function estimated under `RENT_FROM_SECONDS` compiles at its second call;
  a larger one runs eagerly until the time its eager calls took reaches the estimate, then
  compiles: the ski-rental rule, which costs at most about twice the better of the two
  choices known in hindsight. (An unrolled 40-step differentiable FDTD gradient evaluates
  11,869 primitives, takes 2.5 s a step eagerly, 0.5 s compiled and 80 s to compile:
  compiled at its second step, a three-step run was four times slower than eager.)
* A first call whose eager run stops at Python control flow on a tensor (``if x > 0`` under
  `vmap`) compiles at once, its source converted. Python numbers passed as arguments are
  compile-time constants (as in `msfunc.jit`); a function whose key changes on most calls
  stops being compiled.

A function that cannot be traced (a value read with ``float``, data-dependent shapes,
non-array results) runs eagerly from then on, silently (the user never asked for
compilation). An error the function raises eagerly reaches the caller unchanged: a failed
compiled attempt is run again eagerly before anything is decided.
"""

from __future__ import annotations

import os
import sys
import time
import types
import warnings

from .. import context
from .._jax_private import (
    EVAL_TRACE,
    counting_eager_ops,
    thread_state,
    trace_ctx,
    user_boundary,
)
from .._state import EPOCH
from . import guards
from .compile_keys import Identity
from .compile_tables import MAX_PROGRAMS, Entry, current, table_of
from .dispatch import CONCRETIZATION_ERRORS, MISS, call_fast
from .eager_equality import same_values
from .guards import leaf_key
from .staged_effects import StagedEffect

__all__ = [
    "AutoCompiled",
    "Identity",
    "built_before",
    "compile_calls",
    "held_program",
    "is_enabled",
    "last_call_compiled",
    "last_call_op_by_op",
]

# Calls of a transform over a function that run eagerly before it compiles: compiling a
# function called once costs about 2.5x running it eagerly (a small gradient: 96 ms
# against 38 ms), so a one-off call (a test, a script's single evaluation) stays eager.
EAGER_CALLS = 1
# Compiling a program costs about this many seconds per primitive its eager run evaluated
# (measured on CPU: 4 ms for a vmap-ed Newton solve of 772, 3 ms for an unrolled FDTD
# gradient of 2,989 and 7 ms for one of 11,869); a function estimated under
# RENT_FROM_SECONDS compiles at its second call (see the module docstring).
COMPILE_SECONDS_PER_OP = 0.005
RENT_FROM_SECONDS = 1.0
_clock = time.perf_counter  # (a test sets the durations it needs)
_SCALARS = (bool, int, float, complex, str)

_MEMO = "_msfunc_transforms"  # a function's own attribute: (kind, options) -> AutoCompiled


def is_enabled():
    """Whether transforms called from eager code compile themselves now (PYNATIVE_MODE
    with ``pynative_auto_compile`` on).

    Example:
        >>> is_enabled() == (__import__("msfunc").get_context("mode") == 1)
        True
    """
    return context.AUTO_COMPILE[0]


def last_call_compiled():
    """Whether this thread's last `AutoCompiled` call ran its compiled program (its outputs
    then come from one program per signature: `vjp` compiles its pullback only then).

    Example:
        >>> import msfunc as ms
        >>> _ = ms.grad(lambda x: x * x)(ms.Tensor(3.0))  # a first call runs eagerly
        >>> last_call_compiled()
        False
    """
    return current.compiled


def last_call_op_by_op():
    """Whether this thread's last `AutoCompiled` call ran its program one primitive at a time
    (`op_by_op`: the program gave other numbers than eager execution when compiled whole).

    Example:
        >>> import msfunc as ms
        >>> _ = ms.grad(lambda x: x * x)(ms.Tensor(3.0))
        >>> last_call_op_by_op()
        False
    """
    return current.op_by_op


def held_program(transform):
    """The program a PyNative transform's next call with arrays runs after its guard check,
    as a function of those arrays (no guard, no policy), or None while it holds none: what
    the guards cost is the difference.

    Example:
        >>> import msfunc as ms
        >>> g = ms.grad(lambda x: (x * x).sum())
        >>> held_program(g) is None  # (not called yet)
        True
    """
    fast = transform._fast if type(transform) is AutoCompiled else None
    if fast is None:
        return None
    return lambda *args: call_fast(fast[2], args)


def _arguments_key(args, kwargs):
    """The Python containers among a call's arguments, by content (a function that appends
    to a list it is given changes its caller's state: it must run eagerly)."""

    def key(value, depth=0):
        kind = type(value)
        if kind in (list, dict, set) and depth < 4:
            items = value.items() if kind is dict else value
            return (kind, len(value), tuple(key(v, depth + 1) for v in items))
        if kind is tuple and depth < 4:
            return tuple(key(v, depth + 1) for v in value)
        try:
            return leaf_key(value)
        except guards.Unguardable:
            return id(value)

    if not kwargs and not any(type(a) in (list, dict, set, tuple) for a in args):
        return None
    return key(args), key(kwargs)


def _untraceable(exc):
    from .control_flow import ControlFlowError

    return isinstance(exc, (ControlFlowError, StagedEffect) + CONCRETIZATION_ERRORS)


def _memo(fn):
    """(the dict of transforms built over `fn`, the key prefix), or (None, None) where none
    is kept.

    A plain function keeps its own (in its ``__dict__``): a table keyed by its code would
    hold the function (the transform calls it) and so its code, for good; a notebook cell
    run again makes new code each time. A Cell's sits in its table, which lives on it.
    """
    kind = type(fn)
    if kind is AutoCompiled:
        if fn._outer is None:
            fn._outer = {}
        return fn._outer, ()
    if kind is types.FunctionType:
        memo = fn.__dict__.get(_MEMO)
        if memo is None:
            memo = fn.__dict__[_MEMO] = {}
        return memo, ()
    if getattr(kind, "_msfunc_by_reference", False):
        table, sub = table_of(fn)
        if table is not None:
            return table.built, (sub,)
    return None, None


def built_before(kind, fn, key):
    """The transform of this `kind` built over `fn` under `key` before, or None.

    A notebook builds ``ms.vmap(ms.grad(ms.grad(f)))`` inside every call: the same options over
    the same function give back the object built before (linked, its program found), so a
    transform can skip checking its options again and building costs a dict lookup.

    Example:
        >>> import msfunc as ms
        >>> def square(x):
        ...     return x * x
        >>> built_before("grad", square, "never built") is None
        True
    """
    # (Runs on every inline-built transform, so the two common cases come first and build
    # nothing: a transform over a transform, and over a plain function.)
    try:
        if type(fn) is AutoCompiled:
            memo = fn._outer
            hit = None if memo is None else memo.get((kind, key))
        elif type(fn) is types.FunctionType:
            memo = fn.__dict__.get(_MEMO)
            hit = None if memo is None else memo.get((kind, key))
        else:
            memo, prefix = _memo(fn)
            if memo is None:
                return None
            hit = memo.get((*prefix, kind, key))
    except TypeError:  # a key that cannot be hashed
        return None
    return hit if hit is not None and hit._fn is fn else None


def compile_calls(
    kind, fn, options, rebuild, preload=(), memo_key=None, check_first=True, eager_when=None
):
    """``rebuild(fn)`` (the eager transform of `fn`) made to compile itself when called from
    eager code.

    `options` is a hashable key of the transform's options (validated by the caller);
    ``rebuild(g)`` returns the eager transform over a function `g` (`fn`, or the
    source-converted `fn`), built only when needed: a transform nested in a compiled one is
    only traced, and a cached program needs no eager form at all. `preload` lists Parameters
    the program certainly lifts (grad's `weights`). `memo_key` (default: `options`) is what
    `built_before` finds the result by. ``check_first=False`` compiles a new Python state's
    first call at once (its trace checked afterwards) where running it eagerly costs far
    more than compiling (a `CellList` ensemble under `vmap`). `eager_when(args)` true runs
    that call eagerly (arguments whose meaning a trace would lose).

    Example:
        >>> import msfunc as ms
        >>> g = ms.grad(lambda x: (x * x).sum())   # compile_calls("grad", ...) inside
        >>> g(ms.Tensor([1.0, 2.0])).tolist()
        [2.0, 4.0]
    """
    key = options if memo_key is None else memo_key
    hit = built_before(kind, fn, key)
    if hit is not None:
        return hit
    made = AutoCompiled(kind, fn, options, rebuild, preload)
    made._check_first = check_first
    made._eager_when = eager_when
    memo, prefix = _memo(fn)
    if memo is not None:
        try:
            memo[(*prefix, kind, key)] = made
        except TypeError:  # options that cannot key a cache
            pass
    return made


class AutoCompiled:
    """A transform's function that compiles itself when called from eager code (see the
    module docstring); inside a trace, or with the option off, it is the eager `impl`.

    Built on every ``ms.grad(f)`` (a notebook writes them inline): construction only stores
    its arguments; the chain key is worked out on the first call from eager code.
    """

    __slots__ = (
        "_kind",
        "_fn",
        "_options",
        "_impl",
        "_rebuild",
        "_preload",
        "_root",
        "_chain",
        "_key",
        "_own",
        "_root_table",
        "_outer",
        "_fast",
        "_guard",
        "_checked_out",
        "_check_first",
        "_eager_when",
        "__weakref__",
    )

    def __init__(self, kind, fn, options, rebuild, preload=()):
        self._kind, self._fn, self._options = kind, fn, options
        self._impl, self._rebuild, self._preload = None, rebuild, preload
        self._chain = None  # ((kind, options, rebuild), ...) from the root function out
        self._own = None  # this chain's entry (its programs), once looked up
        self._root_table = None  # the root function's table once looked up (None: none)
        self._outer = None  # (kind, options) -> the transforms built over this one
        # (entry generation, environment, Jitted) of the last compiled call with arrays only:
        # the next such call goes straight to the Jitted's program (call_fast).
        self._fast = None
        self._guard = None  # the guard plan of the root function (see `guards`)
        self._checked_out = None
        self._check_first = True  # a new Python state's first call runs eagerly, checked
        self._eager_when = None  # a predicate on a call's arguments: run that call eagerly

    @user_boundary  # (msfunc's frames are hidden from the user's traceback)
    def __call__(self, *args, **kwargs):
        if self._eager_when is not None and self._eager_when(args):
            current.compiled = current.op_by_op = False
            return (self._impl or self.eager())(*args, **kwargs)
        fast = self._fast
        if (
            fast is not None
            and not kwargs
            and context.AUTO_COMPILE[0]
            and not thread_state.frames
            and trace_ctx.trace is EVAL_TRACE
        ):
            entry = self._own
            guard = self._guard
            if (
                fast[0] == entry.generation
                and not entry.eager
                and guard.epoch == EPOCH[0]
                and guard.key() == fast[1]
            ):
                # (A new signature traces through the trampoline, which runs `impl`. Nothing
                # is being traced at top level: no previous `impl` to restore, but holding
                # this one would keep its function and Cells alive.)
                current.impl = self
                jitted = fast[2]
                traces = jitted._traces
                try:
                    out = call_fast(jitted, args)
                finally:
                    current.impl = None
                if out is not MISS:
                    entry.calls += 1
                    current.compiled, current.op_by_op = True, jitted.op_by_op
                    if jitted._traces != traces:  # (a new input signature's program)
                        out = self._vet_new_program(entry, fast[1], guard, fast[1], out, args, {})
                    return out
        current.compiled = current.op_by_op = False
        if not context.AUTO_COMPILE[0] or thread_state.frames or trace_ctx.trace is not EVAL_TRACE:
            return (self._impl or self.eager())(*args, **kwargs)
        entry = self._own
        if entry is None:
            entry = self._find_entry()
        entry.calls += 1
        if entry.eager:
            return (self._impl or self.eager())(*args, **kwargs)
        guard = self._current_guard()
        if guard is None or guard.impure is not None:
            if guard is not None:
                entry.eager = True  # randomness, a clock, I/O or print: every call eager
                entry.drop_programs()
            return (self._impl or self.eager())(*args, **kwargs)
        state = environment = guard.key()
        scalars = [a for a in args if type(a) in _SCALARS]
        if kwargs:
            scalars += [(k, v) for k, v in kwargs.items() if type(v) in _SCALARS]
        if scalars:
            environment = (state, tuple(map(leaf_key, scalars)))
        if (
            environment not in entry.programs
            and self._check_first
            and (environment not in entry.checked or _renting(entry))
        ):
            if self._check_eagerly(entry, guard, state, environment, args, kwargs) is None:
                out, self._checked_out = self._checked_out, None
                return out
        held = entry.programs.get(environment)
        traces = -1 if held is None else held._traces
        out = _run(entry, environment, self, args, kwargs)
        # a new program: this environment's first, or a new signature (input shapes) traced
        if current.compiled and (held is None or held._traces != traces):
            out = self._vet_new_program(entry, environment, guard, state, out, args, kwargs)
        if not scalars and not kwargs and current.compiled:
            jitted = entry.programs.get(environment)
            if jitted is not None and jitted._held is not None:
                self._fast = (entry.generation, environment, jitted)
        return out

    def _current_guard(self):
        """This function's guard plan, rebuilt when a Cell it reaches was reassigned; None
        where what it reads cannot be guarded (it then runs eagerly)."""
        guard = self._guard
        if guard is not None and guard.epoch == EPOCH[0]:
            return guard
        if self._chain is None:
            self._link()
        try:
            guard = guards.plan(self._root)
        except guards.Unguardable:
            self._guard = self._fast = None
            return None
        self._guard = guard
        return guard

    def _check_eagerly(self, entry, guard, state, environment, args, kwargs):
        """Run a call in a Python state never seen before eagerly (or one renting eager
        execution, timed: `_renting`), as PyNative does, and see whether it changed any Python
        value it reads (a counter, a list it appends to, a Cell attribute) or its arguments:
        such a function stays eager for good. Returns None
        (the output is in `_checked_out`), or the error the eager run could not get past
        (Python control flow on a tensor under `vmap`): the caller then compiles, converted.
        """
        before = _arguments_key(args, kwargs)
        start = _clock()
        try:
            with counting_eager_ops() as ops:
                out = (self._impl or self.eager())(*args, **kwargs)
        except Exception as exc:
            # Python control flow on a tensor the eager transform traces (``if x > 0`` under
            # vmap): the compiled path converts it; it runs eagerly again, and so raises the
            # same error, where that fails too.
            if not _untraceable(exc):
                raise
            return exc
        if (
            guard.epoch != EPOCH[0]
            or guard.key() != state
            or _arguments_key(args, kwargs) != before
        ):
            entry.eager = True
            entry.drop_programs()
        else:
            _pay(entry, _clock() - start, ops())
            if environment not in entry.checked:  # (else a call renting eager execution)
                entry.misses += 1
                if entry.misses > 2 * MAX_PROGRAMS and 2 * entry.misses > entry.calls:
                    entry.eager = True  # a new state on most calls: compiling would not pay
                if len(entry.checked) >= 4 * MAX_PROGRAMS:
                    del entry.checked[next(iter(entry.checked))]
                entry.checked[environment] = True
        self._checked_out = out
        return None

    def _vet_new_program(self, entry, environment, guard, state, out, args, kwargs):
        """Keep a program just compiled only if its trace left what it reads unchanged and
        its result (and the Parameters it wrote) are the eager ones. A whole compiled
        program that differs is run op by op (`op_by_op`, each primitive as eager code runs
        it) from now on, where that gives the eager result; else the function runs eagerly.
        Returns the call's output (the eager one where the program differed)."""
        if guard.epoch != EPOCH[0] or guard.key() != state:
            entry.eager = True  # (its trace changed what it reads: never trust its programs)
            entry.drop_programs()
            return out
        jitted = entry.programs.get(environment)
        differs = self._differs_from_eager(jitted, out, args, kwargs)
        if differs is None:
            return out
        eager_out, eager_state, before = differs
        if jitted is not None and not jitted.op_by_op:
            jitted.run_op_by_op()
            entry.op_by_op = True  # (its next programs too)
            entry.generation += 1  # (the fast path held the whole program)
            self._fast = None
            _restore(before)
            again = _run(entry, environment, self, args, kwargs)
            if current.compiled and same_values((again, _values(before)), (eager_out, eager_state)):
                warnings.warn(
                    f"msfunc: {self.__name__} compiled by PyNative gave other last bits than "
                    "eager execution (XLA rewrites and fuses ops), so its programs run one op "
                    "at a time from now on, as eager code runs them (exact, slower than "
                    "compiled); set_context(pynative_exact=False) keeps compiled programs "
                    "(faster, last-bit differences) and ms.jit compiles explicitly",
                    RuntimeWarning,
                    stacklevel=_user_stacklevel(),
                )
                return again
        _restore(before, eager_state)  # (the eager run's writes stand)
        warnings.warn(
            f"msfunc: {self.__name__} compiled by PyNative gave other last bits than eager "
            "execution, so it runs eagerly from now on, as PyNative must; "
            "set_context(pynative_exact=False) keeps compiled programs (much faster, "
            "last-bit differences) and ms.jit compiles explicitly",
            RuntimeWarning,
            stacklevel=_user_stacklevel(),
        )
        entry.eager = True
        entry.drop_programs()
        current.compiled = current.op_by_op = False
        return eager_out

    def _differs_from_eager(self, jitted, out, args, kwargs):
        """Run a newly compiled program's call eagerly too, from the Parameter values the
        program started from, and compare results and written Parameters, bit for bit: XLA's
        algebraic simplifier rewrites some op chains into others that round differently
        (``log(exp(x))`` to ``x``, ``exp(a) * exp(b)`` to ``exp(a + b)``, constant factors
        multiplied together first), so a program is kept only where it gave the eager
        result. Returns ``(eager output, the Parameters' eager values, [(Parameter, value
        before)])`` where they differ (the eager writes then stand), else None. Not run twice:
        programs that write argument Tensors, and functions that cannot run eagerly (tensor
        control flow, compiled converted)."""
        if jitted is None or not context.get_context("pynative_exact"):
            return None
        before = []
        if jitted.writes_state:
            before = jitted.state_before()
            if before is None:
                return None
        compiled_state = _values(before)
        _restore(before)
        try:
            eager_out = (self._impl or self.eager())(*args, **kwargs)
        except Exception:  # noqa: BLE001 - control flow on a tensor: only the converted program runs
            _restore(before, compiled_state)
            return None
        eager_state = _values(before)
        if same_values((out, compiled_state), (eager_out, eager_state)):
            return None
        return eager_out, eager_state, before

    def _msfunc_convert(self):
        """This transform rebuilt (eager) over its source-converted root function, or None:
        what `autograph.convert` gives for it (``ms.jit(ms.grad(f))`` converts `f`)."""
        from . import autograph

        if self._chain is None:
            self._link()
        impl = autograph.convert(self._root)
        if impl is None:
            return None
        for _, _, rebuild in self._chain:
            impl = rebuild(impl)
        return impl

    def _find_entry(self):
        """This chain's entry in the root function's table (shared by every transform object
        built the same way over that function), kept for the next calls."""
        if self._chain is None:
            self._link()
        table, sub = table_of(self._root) if self._key is not None else (None, None)
        if table is None:
            entry = self._new_entry()
        else:
            key = (sub, self._key)
            entry = table.entries.get(key)
            if entry is None:
                entry = table.entries[key] = self._new_entry()
        self._own, self._root_table = entry, table
        return entry

    def eager(self):
        """The eager transform (what runs inside traces and with the option off)."""
        if self._impl is None:
            self._impl = self._rebuild(self._fn)
        return self._impl

    def _link(self):
        """Find the root function and the chain of transforms over it (nested transforms
        key one program: ``vmap(grad(grad(f)))`` is keyed by f and the three links)."""
        inner = self._fn
        if type(inner) is AutoCompiled:
            if inner._chain is None:
                inner._link()
            self._root, chain = inner._root, inner._chain
        else:
            self._root, chain = inner, ()
        self._chain = chain + ((self._kind, self._options, self._rebuild),)
        self._key = tuple((k, o) for k, o, _ in self._chain)
        try:
            hash(self._key)
        except TypeError:  # options that cannot key a cache: one entry per function returned
            self._key = None

    def _new_entry(self):
        lifted = tuple(self._preload)
        root = self._root
        if getattr(type(root), "_msfunc_by_reference", False) and hasattr(root, "get_parameters"):
            lifted += tuple(root.get_parameters())  # a Cell: lift its own from the first trace
        return Entry(self.__name__, lifted)

    @property
    def __name__(self):
        return f"{self._kind}({getattr(self._fn, '__name__', type(self._fn).__name__)})"

    @property
    def __wrapped__(self):
        return self.eager()

    def __repr__(self):
        return f"<msfunc {self.__name__}>"


def _pay(entry, seconds, eager_ops):
    entry.rent += seconds
    entry.estimate = max(entry.estimate, COMPILE_SECONDS_PER_OP * eager_ops)


def _renting(entry):
    """Whether `entry`'s next call in a checked Python state still runs eagerly: compiling
    it is estimated to take seconds, and its eager calls since its last compile have not
    yet taken as long."""
    return entry.estimate >= RENT_FROM_SECONDS and entry.rent < entry.estimate


def _values(before):
    return [param._value for param, _ in before]


def _restore(before, values=None):
    """Set the Parameters of `before` ([(Parameter, value)]) to those values, or to `values`."""
    for i, (param, value) in enumerate(before):
        param._value = value if values is None else values[i]


def _user_stacklevel():
    """The `warnings.warn` stack level of the first caller outside msfunc and JAX (whose
    wrappers sit between a transform and the user's call)."""
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_code.co_filename.startswith(_LIBRARY_DIRS):
        frame, level = frame.f_back, level + 1
    return level


_LIBRARY_DIRS = tuple(
    os.path.dirname(os.path.dirname(os.path.abspath(str(m.__file__)))) + os.sep
    for m in (sys.modules["msfunc.transforms"], sys.modules["jax._src"])
)


def _run(entry, environment, owner, args, kwargs):
    jitted = entry.program(environment)
    if jitted is None:
        return owner.eager()(*args, **kwargs)
    previous = current.impl
    current.impl = owner  # traced by the program: inside its trace `owner` runs eagerly
    try:
        out = jitted(*args, **kwargs)
        current.compiled, current.op_by_op = True, jitted.op_by_op
        return out
    except (Exception, StagedEffect) as exc:  # noqa: BLE001 - decided below, by running eagerly
        failure = exc
    finally:
        current.impl = previous
    if entry.converted is None and _untraceable(failure):
        converted = owner._msfunc_convert()
        if converted is not None:
            entry.converted = converted
            entry.drop_programs()
            retry = entry.program(environment)
            if retry is not None:
                try:
                    out = retry(*args, **kwargs)
                    current.compiled, current.op_by_op = True, retry.op_by_op
                    return out
                except (Exception, StagedEffect):  # noqa: BLE001 - nor does the converted form
                    pass
    # Run eagerly: the user's own errors surface from here, unchanged. Only a function that
    # runs eagerly where it did not trace is marked eager for good.
    out = owner.eager()(*args, **kwargs)
    entry.eager = True
    entry.drop_programs()
    entry.converted = None
    return out
