"""`jit`: compile a function that reads and writes Parameters, once per input signature.

The compiled function is pure: ``(parameter values, array args) -> (out, writes)``.
Which Parameters it touches is discovered while tracing: the trace runs inside a
capturing state frame, and a Parameter read or written there that is not yet
lifted aborts the trace, joins the lifted list, and the call is traced again.
So a Parameter is never baked into the compiled code as a constant, and
closures over Cells and optimizers that mutate them just work. Tensors named by module
globals are lifted the same way (`global_tensors`): graph mode reads them by reference.

Array arguments are traced; Python scalars, strings and other hashable values
are compile-time constants (as in MindSpore); Cells and Parameters passed as
arguments are used by reference.

Value-dependent Python control flow (``if x.sum() > 0:``) cannot be traced as is.
When tracing hits such a branch, the function's source is converted (`autograph`:
``if``/``while`` and ``for`` over a tensor-sized range become ``lax.cond``/``lax.while_loop``, see
`control_flow`) and traced again. If that cannot compile either (data-dependent shapes),
the function falls back to running eagerly, with a one-time warning naming the line,
and stays eager from then on; ``strict=True`` raises instead. Functions without such
branches are never converted.
"""

from __future__ import annotations

import contextlib
import functools
import os
import types

import jax

from .._jax_private import EVAL_TRACE, StagingTrace, thread_state, trace_ctx, user_boundary
from .._state import (
    EPOCH,
    Frame,
    advance_rng,
    innermost_capturing,
    read,
    refuse_constant_writes,
    strip_boxes,
    write,
)
from ..common.parameter import Parameter
from ..common.signature import check_inputs
from ..common.tensor import unwrap, wrap
from ..context import mindspore_dtype_checks
from ..errors import CompiledCallError
from . import attribute_writes, cell_reads, global_writes, graph_dump, static_outputs
from .augmented_assign import with_rebinding_updates
from .compile_keys import (
    constants_for_shape_like,
    rebuild_arguments,
    split_arguments,
)
from .comprehensions import check_comprehensions
from .dict_has_key import with_dict_snapshots, with_has_key
from .dispatch import CONCRETIZATION_ERRORS, MISS, Retrace, arrays_of, call_fast
from .fallback import fall_back
from .global_reads import with_global_reads
from .global_tensors import by_reference, global_tensors, standing_in
from .graph_assign import plain_object_assigns
from .graph_raise import graph_exception
from .graph_syntax import check_syntax
from .jit_watch import WatchedCells
from .op_by_op import OpByOp
from .parameter_names import check_unique_names
from .sequence_membership import retry_converted
from .staged_print import printing_runtime_values
from .tensor_writes import CapturedTensorWrite, recording, store_argument_writes, written_arguments
from .undefined_names import check_names, user_code

__all__ = ["Jitted"]

_MAX_RETRACES = 8
# Python's message for a keyword argument the callee does not take
_UNEXPECTED_KEYWORD = "got an unexpected keyword argument"


class Jitted(WatchedCells):
    """A function compiled by `jit`; call it like the original.

    Besides the Parameters it lifts, a compiled program depends on the Python
    attributes of Cells its trace read (``training``, hyper-parameters, which
    sub-Cells and Parameters they hold; `cell_reads` records them). Those Cells are
    *watched*: changing one (`set_train`, assigning an attribute) bumps a global
    epoch, and the next call compares the attributes the programs read and picks
    (or compiles) the program for their new values. A call with nothing changed
    costs one integer comparison for this. Read attributes holding mutable
    containers (lists, dicts, sets) are compared on every call, since those can
    change in place. In a MindSpore program's graph mode, a program keeps the values
    of its first compile instead, as MindSpore's does (`jit_watch`).
    """

    def __init__(self, fn, name, strict=False, signature=None, pynative=False):
        self._fn = fn
        # PyNative's own programs must give the eager result; explicit ones follow graph mode
        self._graph = not pynative
        self._ast = True  # compiled from the AST (MindSpore's default capture_mode)
        self._signature = signature  # an InputSignature checked on every call, or None
        self._name = name
        self._strict = strict  # no eager fallback: unconvertible control flow raises
        self._unconverted = None  # the original function while its converted form runs
        self._params = []  # Parameters lifted into the compiled function, in order
        self._index = {}  # id(param) -> position in _params
        self._eager = False
        # Tensors named by globals are constants of the programs (as a closure's are), not
        # inputs, once a trace needed one's value in Python (`_bake_global_tensors`)
        self._globals_baked = False
        # Small integer inputs become compile-time constants once a trace needed their value
        # (a size given as `mutable(3)`, a padding Tensor): one program per value.
        self._shape_like_static = False
        self._static_outputs = False  # some trace returned Python values (see static_outputs)
        self._writes_arguments = False  # some trace wrote an argument Tensor (tensor_writes)
        self.writes_state = False  # some trace wrote a Parameter or an argument Tensor
        self.op_by_op = False  # programs run one primitive at a time (`run_op_by_op`)
        # (Parameters, their values) as the last general call found them (`state_before`)
        self._before = None
        self._init_watch(fn)
        self._attributes = attribute_writes.AttributeSlots()  # Cell attributes it assigns
        self._traces = 0  # traces so far: a call that traced compiled a new program
        # graph mode's random kernels, one per call site of each compiled signature (kept
        # across the traces of one signature: seeded_draws)
        self._random_engines = {}
        self.compile_cache = set()  # a name per program compiled
        self._new_programs()
        functools.update_wrapper(self, fn)
        if self._graph and mindspore_dtype_checks():
            # graph mode's dict views are snapshots (a function that takes one and changes a
            # dict is rebuilt from its source)
            self._fn = with_dict_snapshots(fn) or fn

    def _new_programs(self):
        # Fresh jax.jit objects: the entry a failed trace left in JAX's C++ dispatch cache
        # would send every later call down the slow Python path.
        self._compiled = jax.jit(self._pure, static_argnums=(2, 3))
        self._compiled_arrays = jax.jit(self._pure_arrays, static_argnums=2)
        # A function that touches no Parameter (a solver, a math kernel, a Cell without
        # Parameters) runs as plain `jax.jit(fn)(*arrays)`, one per token of the watched Cells:
        # no Parameter values, no static token argument, no writes dict.
        self._plain: dict = {}
        # The program the fast path (`call_fast`) runs while nothing changes: the plain one of
        # the current token, or `_compiled_arrays` for a function that touches Parameters.
        self._held = None

    def run_op_by_op(self):
        """Run this function's programs one primitive at a time from now on, each as JAX
        runs it eagerly (`op_by_op`): PyNative's eager numbers where XLA's whole-program
        rewrites give others. Traces already made are kept (JAX's trace cache).

        Example:
            >>> import msfunc as ms
            >>> f = Jitted(lambda x: ms.ops.log(ms.ops.exp(x)), "f", pynative=True)
            >>> f.run_op_by_op()
            >>> float(f(ms.Tensor(0.5))) == float(ms.ops.log(ms.ops.exp(ms.Tensor(0.5))))
            True
        """
        if self.op_by_op:
            return
        self.op_by_op = True
        self._compiled = OpByOp(self._compiled, (2, 3))
        self._compiled_arrays = OpByOp(self._compiled_arrays, (2,))
        self._plain = {token: OpByOp(program) for token, program in self._plain.items()}
        self._held = None

    def state_before(self):
        """[(Parameter, value)] as the last call that compiled a program writing Parameters
        found them (taken once: the old values are not kept alive), or None where that call
        wrote argument Tensors: PyNative runs such a call again eagerly from the same state to
        compare (`auto_compile`)."""
        before, self._before = self._before, None
        if self._writes_arguments or before is None:
            return None
        params, values = before
        return list(zip(params, values))

    # -- the pure functions JAX traces -------------------------------------
    def _run(self, param_values, args, kwargs, token):
        self._traces += 1
        if self._graph and not self._globals_baked:
            unlifted = [t for t in global_tensors(self._fn) if id(t) not in self._index]
            if unlifted:
                raise Retrace(unlifted)
        params = self._params[: len(param_values)]
        # graph mode in a MindSpore program assigns Cell attributes after each call
        assigning = attribute_writes.recording() if self._frozen() else contextlib.nullcontext()
        with standing_in(params, param_values), assigning as assigned:  # (Tensors by reference)
            out, writes = self._trace(params, param_values, args, kwargs, token)
            if assigned:
                writes.update(self._attributes.outputs(assigned))
                self._writes_arguments = self.writes_state = True
            return out, writes

    def _trace(self, params, param_values, args, kwargs, token):
        lifted = {id(p): v for p, v in zip(params, param_values)}
        with (
            Frame(lifted, capturing=True, owner=self._name, graph=self._graph) as frame,
            cell_reads.recording() as reads,
        ):
            if self._graph:
                frame.random_engines = self._random_engines.setdefault(_signature(args, kwargs), {})
            # Traced arguments arrive as Tensors and results leave as Tensors (at trace time:
            # the compiled program is the same).
            # Tensors leave as arrays (cheaper for JAX to hand back); the call wraps them again.
            wrapped = wrap(args)
            if self._graph:
                check_names(user_code(self._fn))  # graph mode resolves names before running
                if mindspore_dtype_checks():  # (msfunc's own jit runs any comprehension)
                    check_comprehensions(user_code(self._fn))
                    if self._ast:  # (the bytecode and trace captures run any syntax)
                        check_syntax(user_code(self._fn))
            # (graph mode's in-place global lists: MindSpore programs only; msfunc's own jit
            # keeps JAX's rule, Python effects at trace time, which its users count traces by)
            program = self._graph and mindspore_dtype_checks()
            watch = global_writes.watching(self._fn) if program else contextlib.nullcontext()
            owners = (self._fn, *wrapped, *kwargs.values())
            assigns = plain_object_assigns(owners) if program else contextlib.nullcontext()
            with printing_runtime_values(), recording() as log, watch, assigns:
                try:
                    out = self._fn(*wrapped, **kwargs)
                except BaseException as exc:
                    # graph mode raises only some exception types (graph_raise)
                    mapped = graph_exception(exc) if self._graph else exc
                    if mapped is exc:
                        raise
                    raise mapped from exc
            # in-place writes into argument Tensors leave as outputs (keys -1 - position)
            argument_writes = written_arguments(log, wrapped, kwargs)
            if isinstance(out, types.GeneratorType):
                out = list(out)  # a returned generator expression is its list, as in MindSpore
            out = static_outputs.graph_values(out)
            if self._graph:
                static_outputs.refuse_functions(out)
            # A Parameter returned alone and left unwritten leaves as itself, as graph mode
            # returns it (written, or inside a tuple, it leaves as a Tensor of its value).
            kept = (
                isinstance(out, Parameter)
                and id(out) not in frame.created
                and id(out) not in frame.writes
            )
            out = unwrap(strip_boxes(static_outputs.StaticLeaf(out) if kept else out))
            advance_rng(frame)
        # Python values (strings, numbers, x.shape) leave as themselves, as in MindSpore.
        out, has_static = static_outputs.hold(out)
        if has_static or kept:
            self._static_outputs = True
        self._watch(frame.cells, reads, token)
        if frame.missed:
            if not frame.created:
                raise Retrace(list(frame.missed.values()))
            # Parameters created from traced values: this trace is right for this call
            # (it carries their initial values out); later calls lift them.
            self._lift(frame.missed.values())
        if self._graph:
            used = {**frame.used, **{key: param for key, (param, _) in frame.writes.items()}}
            check_unique_names(self._fn, args, kwargs, list(used.values()))
        index = self._index
        refuse_constant_writes(frame, index, self._name)
        writes = {index[key]: value for key, (_, value) in frame.writes.items()}
        if argument_writes:
            self._writes_arguments = True
            writes.update(unwrap(argument_writes))
        if writes:
            self.writes_state = True
        # a trace that completes is a program compiled (named as MindSpore's phases are)
        self.compile_cache.add(f"{self._name}.{id(self)}.{len(self.compile_cache)}")
        return out, writes

    def _pure(self, param_values, dynamic, static_key, token):
        args, kwargs = rebuild_arguments(dynamic, static_key)
        return self._run(param_values, args, kwargs, token)

    def _pure_arrays(self, param_values, args, token):
        return self._run(param_values, args, {}, token)

    def _pure_plain(self, token, *args):
        out, writes = self._run((), args, {}, token)
        if self._params or writes:
            # It created Parameters, or wrote its argument Tensors, after all: this one program
            # returns the general form (the caller sees `_params` / `_writes_arguments` set and
            # unpacks it; later calls take the general path).
            return out, writes
        return out

    def _plain_program(self, token):
        program = self._plain.get(token)
        if program is None:
            program = jax.jit(functools.partial(self._pure_plain, token))
            self._plain[token] = program = OpByOp(program) if self.op_by_op else program
        return program

    # -- calling -----------------------------------------------------------
    @user_boundary  # (msfunc's frames are hidden from the user's traceback)
    def __call__(self, *args, **kwargs):
        # The last program again (nothing changed since the last call, called from eager
        # code with arrays only): a few checks, then JAX's dispatch.
        if self._held is not None:
            if not kwargs and not thread_state.frames and trace_ctx.trace is EVAL_TRACE:
                out = call_fast(self, args)
                if out is not MISS:
                    return out
            self._held = None  # (held again when the full path runs to the end)
        if self._signature is not None:
            check_inputs(args, self._signature, self._signature.who, kwargs)
        top = self._where()
        if top is None:
            return self._fn(*args, **kwargs)
        if self._epoch != EPOCH[0] or self._volatile:
            self._revalidate()
        given = None
        if self._shape_like_static:
            given = args, kwargs  # (an eager fallback runs on the arguments as given)
            args, kwargs = constants_for_shape_like(args, kwargs)
        # Tensors go in as their arrays: JAX's C++ dispatch flattens those without calling
        # back into Python (the trace wraps them again).
        arrays = None if kwargs else arrays_of(args)
        try:
            if self._graph and top and os.environ.get("MS_DEV_PRECOMPILE_ONLY") == "1":
                return self._precompile(args, kwargs)
            if arrays is not None and not (self._params or self._writes_arguments):
                out = self._call_plain(args, arrays, top)
                if out is not MISS:
                    return out
            return self._call_general(args, kwargs, arrays, top)
        except (*CONCRETIZATION_ERRORS, CapturedTensorWrite) as exc:
            return self._fall_back(exc, *(given or (args, kwargs)))
        except (UnboundLocalError, AttributeError) as exc:
            # graph mode starts ``z += i`` on a module global from the global's value, and
            # has ``d.has_key(k)`` on dicts: the function is rebuilt from its source
            rewrite = with_global_reads if isinstance(exc, UnboundLocalError) else with_has_key
            rebuilt = None if self._unconverted is not None else rewrite(self._fn, exc)
            if rebuilt is None:
                raise
            self._fn = rebuilt
            self._new_programs()
            return self(*args, **kwargs)
        except (TypeError, ValueError) as exc:
            # graph mode finds a Tensor in a list by value (sequence_membership): Python's
            # comparison failed, so trace the converted source
            out = self._graph_retry(exc, args, kwargs, given)
            if out is not MISS:
                return out
            # MindSpore's graph compiler reports a call that its callee's signature refuses
            # as a RuntimeError; Python's TypeError stays catchable too
            if (
                not isinstance(exc, TypeError)
                or isinstance(exc, RuntimeError)
                or _UNEXPECTED_KEYWORD not in str(exc)
            ):
                raise
            raise CompiledCallError(str(exc)) from exc

    def _where(self):
        """None where the function runs as is (eager fallback, or inlined in an enclosing
        trace that compiles the whole), else whether the call comes from eager code (outputs
        concrete: Parameters take them as they are)."""
        if self._eager:
            return None
        if thread_state.frames:
            # Inside a compiled trace the outer frame lifts everything.
            return None if innermost_capturing() is not None else False
        trace = trace_ctx.trace
        if type(trace) is StagingTrace:
            # Traced by a raw JAX transformation (jax.jit, lax.scan ...): it compiles the
            # whole; Cells passed to it as arguments hold traced values already.
            return None
        return trace is EVAL_TRACE

    def _holdable(self, top):
        """Whether the next call may go straight to this call's program (`call_fast`)."""
        return top and not (
            self._signature
            or self._volatile
            or self._shape_like_static
            or self._writes_arguments
            or (self._graph and graph_dump.settings())  # (a new signature saves its graphs)
        )

    def _compiled_new(self, program, args):
        """Write the program this call compiled where ``save_graphs`` asks (graph mode)."""
        config = graph_dump.settings() if self._graph else None
        if config is not None:
            graph_dump.dump(config, user_code(self._unconverted or self._fn), program, args)

    def _call_plain(self, args, arrays, top):
        """A function that touches no Parameter: plain ``jax.jit(fn)(*arrays)``; `MISS`
        when its trace found Parameters to lift (the general path runs it)."""
        traces = self._traces
        program = self._plain_program(self._token)
        try:
            out = program(*arrays)
        except Retrace as retrace:
            self._lift(retrace.params)
            return MISS
        if traces != self._traces and top:
            self._compiled_new(program, arrays)
        if self._params or self._writes_arguments:  # (not plain after all: never used again)
            out, writes = out
            self._commit(self._params, writes, top, args)
        if self._static_outputs:
            out = static_outputs.release(out)
        elif self._holdable(top) and not self._params:
            self._held = self._plain[self._token]
        return wrap(out)

    def _call_general(self, args, kwargs, arrays, top):
        """The program over the lifted Parameters' values, traced again while the trace
        discovers Parameters it had not lifted."""
        for _ in range(_MAX_RETRACES):
            params = self._params
            values = tuple(map(read, params)) if not top else tuple([p._value for p in params])
            traces = self._traces
            try:
                if arrays is not None:
                    program, call = self._compiled_arrays, (values, tuple(arrays), self._token)
                else:
                    dynamic, static_key = split_arguments(args, kwargs, "jit", self._graph)
                    program, call = self._compiled, (values, dynamic, static_key, self._token)
                out, writes = program(*call)
            except Retrace as retrace:
                self._lift(retrace.params)
                continue
            if traces != self._traces and top:
                self._compiled_new(program, call)
                if writes and not self._graph:  # (PyNative compares it with eager: `state_before`)
                    self._before = (params, values)
            self._commit(params, writes, top, args)
            if self._static_outputs:
                out = static_outputs.release(out)
            elif arrays is not None and self._holdable(top):
                self._held = self._compiled_arrays
            return wrap(out)
        raise RuntimeError(
            f"{self._name}: the set of Parameters it touches kept changing "
            f"after {_MAX_RETRACES} traces; does it create Parameters?"
        )

    def _precompile(self, args, kwargs):
        """MindSpore's ``MS_DEV_PRECOMPILE_ONLY=1``: the program is traced (its errors raise)
        and not run; the call returns None."""
        for _ in range(_MAX_RETRACES):
            values = tuple(map(read, self._params))
            dynamic, static_key = split_arguments(args, kwargs, "jit", self._graph)
            try:
                self._compiled.lower(values, dynamic, static_key, self._token)
            except Retrace as retrace:
                self._lift(retrace.params)
                continue
            return None
        raise RuntimeError(f"{self._name}: the set of Parameters it touches kept changing")

    def _commit(self, params, writes, top, args=()):
        if top:
            for i, value in writes.items():
                if i >= 0:
                    params[i]._value = value
        else:
            for i, value in writes.items():
                if i >= 0:
                    write(params[i], value)  # checks for tracers leaking out of a JAX trace
        if args and min(writes, default=0) < 0:
            store_argument_writes(args, writes)
        if self._attributes.targets:
            self._attributes.store(writes)

    def _bake_global_tensors(self):
        """Stop lifting global Tensors (a trace needed a value of one in Python: ``if FLAG:``,
        ``range(int(N))``, which graph mode resolves at compile time), so their values at
        the next trace become constants; whether any was lifted (the call is traced again)."""
        kept = [p for p in self._params if not by_reference(p)]
        if self._globals_baked or len(kept) == len(self._params):
            return False
        self._globals_baked = True
        self._params = kept
        self._index = {id(p): i for i, p in enumerate(kept)}
        self._new_programs()
        return True

    def _lift(self, new_params):
        for p in new_params:
            if id(p) not in self._index:
                self._index[id(p)] = len(self._params)
                self._params.append(p)

    def _graph_retry(self, exc, args, kwargs, given):
        """Graph mode's answer where Python's failed on the function as written: MISS where
        none applies."""
        if not self._graph or self._unconverted is not None:
            return MISS
        if retry_converted(self._fn, exc):
            return self._fall_back(exc, *(given or (args, kwargs)))
        # graph mode's ``y += x`` binds a new value (numpy refused the in-place cast)
        rebuilt = with_rebinding_updates(self._fn, exc)
        if rebuilt is None:
            return MISS
        self._fn = rebuilt
        self._new_programs()
        return self(*args, **kwargs)

    def _fall_back(self, exc, args, kwargs):
        if isinstance(exc, CONCRETIZATION_ERRORS) and self._bake_global_tensors():
            return self(*args, **kwargs)  # (its global Tensors' values are constants now)
        return fall_back(self, exc, args, kwargs)

    def _msfunc_convert(self):
        """The function source-converted, for an enclosing trace to inline (what
        `autograph.convert` gives for a jitted function: ``ms.jit(ms.grad(ms.jit(f)))``)."""
        from . import autograph

        return autograph.convert(self._fn)

    def __get__(self, instance, owner):
        # @jit on a method: bind per instance, keeping one compiled cache per instance.
        if instance is None:
            return self
        cache_name = f"_msfunc_jit_{self._name}"
        bound = instance.__dict__.get(cache_name)
        if bound is None:
            bound = Jitted(
                self._fn.__get__(instance, owner),  # pyright: ignore[reportAttributeAccessIssue]
                self._name,
                self._strict,
                self._signature and self._signature.bound(),
            )
            bound._ast = self._ast
            object.__setattr__(instance, cache_name, bound)
        return bound

    @property
    def lifted_parameters(self):
        """The Parameters this function reads or writes, and the Tensors it reads by reference
        (`global_tensors`), as discovered so far: its programs take their values in order."""
        return tuple(self._params)

    def __repr__(self):
        return f"<msfunc.jit {self._name}>"


def _signature(args, kwargs):
    """What tells one compiled graph from another: the shapes and dtypes of the traced
    arguments, the other arguments themselves (by identity where they cannot be hashed)."""
    leaves, tree = jax.tree_util.tree_flatten((args, kwargs))
    key = [tree]
    for leaf in leaves:
        if isinstance(leaf, jax.Array):
            key.append((tuple(leaf.shape), str(leaf.dtype)))
        else:
            try:
                hash(leaf)
                key.append(leaf)
            except TypeError:
                key.append(id(leaf))
    return tuple(key)
