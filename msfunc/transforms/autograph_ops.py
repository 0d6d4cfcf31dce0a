"""The operators of source-converted functions (``if_stmt``, ``while_stmt``, ``for_stmt``,
``if_exp``, ``and_``/``or_``/``not_``, ``range``): Python semantics on Python values, staged
`lax` control flow (`control_flow`) when a condition or a loop bound is a traced tensor.

The converter (`diastatic-malt`) rewrites ``if``/``while``/``for`` into calls of these
functions with the statement's blocks as closures and ``get_state``/``set_state`` reading
and writing the variables they assign.
"""

from __future__ import annotations

import sys

import jax.numpy as jnp
from malt.pyct import origin_info

from .. import _state
from .control_flow import is_traced, staged_cond, staged_loop
from .staged_effects import StagedEffect, python_effect
from .staged_paths import raw_array

__all__ = [
    "if_stmt",
    "if_exp",
    "while_stmt",
    "for_stmt",
    "and_",
    "or_",
    "not_",
    "range_",
    "TracedRange",
    "SOURCE_MAPS",
    "original_line",
]

SOURCE_MAPS = {}  # generated file name -> malt source map (generated line -> original line)


def original_line(filename, lineno):
    """'file:line: code' of the user source behind a line of converted code, or None.

    Example:
        >>> original_line("<nowhere>", 1) is None
        True
    """
    source_map = SOURCE_MAPS.get(filename)
    if not source_map:
        return None
    # A re-raise in the converted code's `try: retval_ = ... except: raise` has no entry of
    # its own: the statement a few lines above it is the user's `return`.
    for line in range(lineno, max(lineno - 6, 0), -1):
        origin = source_map.get(origin_info.LineLocation(filename, line))
        if origin is not None:
            break
    else:
        return None
    return f"{origin.loc.filename}:{origin.loc.lineno}: {origin.source_code_line.strip()}"


def _refuse_effects(what, *blocks):
    """A block staged on a traced condition must not have Python effects (`staged_effects`):
    refused before it runs, so the eager fallback runs it exactly as Python would."""
    effect = python_effect(*blocks)
    if effect is not None:
        raise StagedEffect(
            f"{what} depends on a traced Tensor and its block {effect}; compiled, that would "
            "happen once at trace time instead of on each pass"
        )


def _caller(what):
    """`what`, followed by the user line of the converted code calling the operator."""
    frame = sys._getframe(2)
    where = original_line(frame.f_code.co_filename, frame.f_lineno)
    return f"{what} at {where}" if where else what


def if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts):
    """``if cond: body() else: orelse()``; staged as ``lax.cond`` when `cond` is traced.

    Example:
        >>> state = {"y": 0}
        >>> def get(): return (state["y"],)
        >>> def put(v): state.update(y=v[0])
        >>> if_stmt(True, lambda: put((1,)), lambda: put((2,)), get, put, ("y",), 1)
        >>> state["y"]
        1
    """
    _if(cond, body, orelse, get_state, set_state, symbol_names, nouts, one_sided_error=True)


def _if(cond, body, orelse, get_state, set_state, symbol_names, nouts, one_sided_error=False):
    if not is_traced(cond):
        if cond:
            body()
        else:
            orelse()
        return
    _refuse_effects(_caller("an if statement"), body, orelse)
    init = tuple(get_state())

    def branch(block):
        def run():
            set_state(init)
            block()
            return tuple(get_state())[:nouts]

        return run

    out = staged_cond(
        cond,
        (branch(body), branch(orelse)),
        tuple(symbol_names)[:nouts],
        what=_caller("an if statement"),
        one_sided_error=one_sided_error,
    )
    set_state(tuple(out) + init[nouts:])


def if_exp(cond, if_true, if_false, expr_repr):
    """``if_true() if cond else if_false()``; staged as ``lax.cond`` when `cond` is traced.

    Example:
        >>> if_exp(False, lambda: 1, lambda: 2, "c")
        2
    """
    if not is_traced(cond):
        return if_true() if cond else if_false()
    _refuse_effects(_caller("a conditional expression"), if_true, if_false)
    (value,) = staged_cond(
        cond,
        (lambda: (if_true(),), lambda: (if_false(),)),
        (f"<{expr_repr}>",),
        what=f"the conditional expression '{expr_repr}'",
    )
    return value


def and_(a, b):
    """Lazy ``a() and b()``; an elementwise logical and when a traced tensor is involved.

    Example:
        >>> and_(lambda: 0, lambda: 1 / 0)
        0
    """
    x = a()
    if is_traced(x):
        return jnp.logical_and(raw_array(x), raw_array(b()))
    return x and b()


def or_(a, b):
    """Lazy ``a() or b()``; an elementwise logical or when a traced tensor is involved.

    Example:
        >>> or_(lambda: 3, lambda: 1 / 0)
        3
    """
    x = a()
    if is_traced(x):
        return jnp.logical_or(raw_array(x), raw_array(b()))
    return x or b()


def not_(a):
    """``not a``; an elementwise logical not of a traced tensor.

    Example:
        >>> not_(0)
        True
    """
    if is_traced(a):
        return jnp.logical_not(raw_array(a))
    return not a


class TracedRange:
    """``range(start, stop, step)`` with a traced bound: a converted ``for`` loop over it
    compiles to a ``lax.while_loop``. Anything else a Python range offers needs its bounds,
    so it is not available.

    Example:
        >>> TracedRange(0, 5, 2).length()
        3
    """

    def __init__(self, start, stop, step):
        self.start, self.stop, self.step = start, stop, step

    def length(self):
        if not any(is_traced(v) for v in (self.start, self.stop, self.step)):
            return len(range(self.start, self.stop, self.step))
        start, stop, step = (raw_array(v) for v in (self.start, self.stop, self.step))
        sign = jnp.sign(step)
        return jnp.maximum(0, (stop - start + step - sign) // step)

    def __getitem__(self, i):
        return self.start + i * self.step


def range_(start_or_stop, stop=None, step=1):
    """Python's ``range``, or a `TracedRange` when a bound is a traced tensor.

    Example:
        >>> range_(3)
        range(0, 3)
    """
    start, stop = (0, start_or_stop) if stop is None else (start_or_stop, stop)
    if any(is_traced(v) for v in (start, stop, step)):
        return TracedRange(start, stop, step)
    return range(start, stop, step)


def _refuse_defined_in_body(values, symbol_names, what):
    """UnboundLocalError, in graph mode, for a variable first assigned in the body of a loop
    on a traced condition and read after the loop (the converter lists only variables live
    after it): it has no value when the loop runs no pass, and MindSpore's compiler refuses
    it. PyNative's own compiled programs run such code as eager Python does."""
    if not _state.graph_semantics():
        return
    for name, value in zip(symbol_names, values):
        if type(value).__name__ == "Undefined" and not str(name).endswith("_"):
            raise UnboundLocalError(
                f"local variable '{name}' is first assigned in the body of {what}, on a "
                "traced condition, and read after the loop: it has no value when the loop "
                "runs no pass. Assign it before the loop."
            )


def while_stmt(test, body, get_state, set_state, symbol_names, opts):
    """``while test(): body()``; from the first traced test on, a ``lax.while_loop``.

    Example:
        >>> state = {"i": 0}
        >>> def get(): return (state["i"],)
        >>> def put(v): state.update(i=v[0])
        >>> while_stmt(lambda: state["i"] < 3, lambda: put((state["i"] + 1,)), get, put,
        ...            ("i",), {})
        >>> state["i"]
        3
    """
    while True:
        go = test()
        if is_traced(go):
            break
        if not go:
            return
        body()

    _refuse_effects(_caller("a while loop"), body, test)
    _refuse_defined_in_body(get_state(), symbol_names, _caller("a while loop"))

    def run_body(values):
        set_state(values)
        body()
        return tuple(get_state())

    def run_test(values):
        set_state(values)
        return test()

    final = staged_loop(
        tuple(get_state()), run_body, symbol_names, test=run_test, what=_caller("a while loop")
    )
    set_state(final)


def _staged_for(
    length, element, extra_test, body, get_state, set_state, symbol_names, what="a for loop"
):
    """A ``for`` over `length` items (``element(i)``), staged; `length` static or traced."""
    _refuse_effects(what, body, extra_test)
    index0 = jnp.zeros((), raw_array(length).dtype if is_traced(length) else jnp.int32)
    names = ("<loop index>",) + tuple(symbol_names)

    def run_body(values):
        set_state(values[1:])
        body(element(values[0]))
        return (values[0] + 1,) + tuple(get_state())

    test = None
    if extra_test is not None or is_traced(length):

        def test(values):
            set_state(values[1:])
            more = values[0] < raw_array(length)
            if extra_test is None:
                return more
            return jnp.logical_and(more, raw_array(extra_test()))

    final = staged_loop(
        (index0,) + tuple(get_state()),
        run_body,
        names,
        test=test,
        length=None if test is not None else length,
        what=what,
    )
    set_state(final[1:])


def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """``for x in iter_: body(x)`` (`extra_test` carries ``break``/``return``).

    A `TracedRange` compiles to a while loop. Tensors (over their first axis) and Python
    iterables unroll at trace time, as plain tracing does (so a body may append to a
    Python list), switching to a compiled loop over the remaining items when a ``break``
    condition turns into a tensor.

    Example:
        >>> seen = []
        >>> for_stmt([1, 2], None, seen.append, lambda: (), lambda v: None, (), {})
        >>> seen
        [1, 2]
    """
    what = _caller("a for loop")
    if isinstance(iter_, TracedRange):
        _staged_for(
            iter_.length(),
            iter_.__getitem__,
            extra_test,
            body,
            get_state,
            set_state,
            symbol_names,
            what,
        )
        return
    items = iter_ if isinstance(iter_, (list, tuple, range)) else list(iter_)
    for k, item in enumerate(items):
        if extra_test is not None:
            go = extra_test()
            if is_traced(go):
                rest = items[k:]
                element = rest.__getitem__
                if isinstance(rest, range):
                    element = lambda i, r=rest: r.start + i * r.step
                else:
                    try:
                        rest = jnp.stack([raw_array(x) for x in rest])
                    except Exception:  # (Cells, tensors of other shapes ...): stay unrolled
                        _guarded_items(
                            rest, go, extra_test, body, get_state, set_state, symbol_names
                        )
                        return
                    element = rest.__getitem__
                _staged_for(
                    len(rest), element, extra_test, body, get_state, set_state, symbol_names, what
                )
                return
            if not go:
                return
        body(item)


def _guarded_items(items, go, extra_test, body, get_state, set_state, symbol_names):
    """The rest of an unrolled loop once its ``break``/``return`` condition `go` is a tensor
    and its items cannot be stacked into one (a CellList's Cells): each item's body runs
    under a staged ``if go``, `go` tested again after each."""
    names = tuple(symbol_names)
    for item in items:
        _if(go, lambda item=item: body(item), lambda: None, get_state, set_state, names, len(names))
        go = extra_test()
