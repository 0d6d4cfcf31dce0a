"""A traced program run one primitive at a time, each as JAX runs it eagerly: eager numbers.

XLA compiles a whole program with rewrites and fusions that round differently from the same
ops run one by one (``log(exp(x))`` folded, constants reassociated, reductions fused), so a
PyNative function whose compiled program gave other last bits than eager execution cannot
keep that program. Running it eagerly again costs Python: the transforms re-trace, msfunc's
Tensor layer dispatches each op (a physics-informed net's ``value_and_grad`` of a
``grad(grad(u))``: about 2.7 s a step here). `OpByOp` keeps the trace instead, and runs its
jaxpr's primitives one at a time through the very programs JAX's eager dispatch runs for them
(`primitive_program`: one compiled primitive, cached by its parameters), so each value is
the eager one by construction, at tens of microseconds an op (that step: about 15 ms).
Primitives JAX runs eagerly by an implementation of their own (``pjit`` as one compiled
program, ``custom_jvp_call`` by its function) are bound as eager code binds them.
"""

from __future__ import annotations

import functools

import jax

from .._jax_private import EVAL_TRACE, core, primitive_program, runs_alone, trace_ctx

__all__ = ["OpByOp"]

_PLANS_KEPT = 64  # jaxprs whose schedule a program keeps (one per input signature)


class OpByOp:
    """`program` (a ``jax.jit`` object) called with its trace run op by op, as eager code.

    Called inside a JAX trace it is `program` itself (the outer trace stages it whole).

    Example:
        >>> import jax, jax.numpy as jnp
        >>> f = jax.jit(lambda x: jnp.log(jnp.exp(x)) * 3.0)
        >>> x = jnp.float32(0.3)
        >>> bool(OpByOp(f)(x) == jnp.log(jnp.exp(x)) * 3.0)  # the eager value, bit for bit
        True
    """

    __slots__ = ("_program", "_static", "_plans")

    def __init__(self, program, static_argnums=()):
        self._program = program
        self._static = frozenset(static_argnums)
        self._plans = {}  # id(closed jaxpr) -> (closed jaxpr, _Schedule)

    def __call__(self, *args):
        if trace_ctx.trace is not EVAL_TRACE:
            return self._program(*args)
        traced = self._program.trace(*args)  # (JAX's trace cache: a seen signature is a lookup)
        closed = traced.jaxpr
        held = self._plans.get(id(closed))
        if held is None or held[0] is not closed:
            if len(self._plans) >= _PLANS_KEPT:
                del self._plans[next(iter(self._plans))]
            held = self._plans[id(closed)] = (closed, _Schedule(closed))
        static = self._static
        dynamic = [a for i, a in enumerate(args) if i not in static] if static else args
        flat = jax.tree.leaves(dynamic)
        return jax.tree.unflatten(traced.out_tree, held[1](flat))

    def __getattr__(self, name):  # (``lower``, ``trace`` ...: the program's own)
        return getattr(self._program, name)


class _Schedule:
    """A closed jaxpr's equations as calls over slots of one list, freed after last use."""

    __slots__ = ("_template", "_consts", "_inputs", "_steps", "_outputs")

    def __init__(self, closed):
        jaxpr = closed.jaxpr
        slots = {}
        template = []

        def slot(var):
            if isinstance(var, core.Literal):
                template.append(var.val)  # (a Python or numpy scalar, passed as eager code does)
                return len(template) - 1
            index = slots.get(var)
            if index is None:
                index = slots[var] = len(template)
                template.append(None)
            return index

        self._consts = [(slot(v), c) for v, c in zip(jaxpr.constvars, closed.consts)]
        self._inputs = [slot(v) for v in jaxpr.invars]
        self._outputs = [slot(v) for v in jaxpr.outvars]
        for i, v in zip(self._outputs, jaxpr.outvars):
            if isinstance(v, core.Literal):  # (a constant result leaves as an array, as jit's)
                template[i] = jax.device_put(v.val)
        kept = set(self._outputs)
        last_use = {}
        plan = []
        for n, eqn in enumerate(jaxpr.eqns):
            ins = tuple(slot(v) for v in eqn.invars)
            for i, v in zip(ins, eqn.invars):
                if not isinstance(v, core.Literal):
                    last_use[i] = n
            outs = tuple(slot(v) for v in eqn.outvars)  # (a dropped output gets a slot too)
            multiple = eqn.primitive.multiple_results
            plan.append((_call_of(eqn), ins, outs if multiple else outs[0], multiple))
        dead = [[] for _ in plan]
        for i, n in last_use.items():
            if i not in kept:
                dead[n].append(i)
        self._steps = [(*step, tuple(d)) for step, d in zip(plan, dead)]
        self._template = template

    def __call__(self, flat):
        env = list(self._template)
        for i, value in self._consts:
            env[i] = value
        for i, value in zip(self._inputs, flat):
            env[i] = value
        for call, ins, outs, multiple, dead in self._steps:
            result = call(*[env[i] for i in ins])
            if multiple:
                for i, value in zip(outs, result):
                    env[i] = value
            else:
                env[outs] = result
            for i in dead:
                env[i] = None
        return [env[i] for i in self._outputs]


def _call_of(eqn):
    """What eager code's ``bind`` of this equation runs: the primitive's own compiled program
    where JAX dispatches it alone, else a bind under the equation's context."""
    primitive = eqn.primitive
    if runs_alone(primitive) and eqn.ctx is core.JaxprEqnContext():
        return primitive_program(primitive, **eqn.params)
    bind = functools.partial(primitive.bind, **primitive.get_bind_params(eqn.params))
    if eqn.ctx is core.JaxprEqnContext():
        return bind

    def bind_in_context(*args):
        with eqn.ctx.manager:
            return bind(*args)

    return bind_in_context
