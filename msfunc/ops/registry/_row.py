"""`Op`: one row of msfunc.ops's registry: an op's name, array function, how it is published."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Op", "MINDSPORE", "KEEP"]

#: Promotion rules. MINDSPORE: MindSpore's (with 64-bit types on, nothing becomes float64
#: unasked); KEEP: the array function's result as it comes (an op whose MindSpore result is
#: 64-bit whatever its inputs, such as float_power).
MINDSPORE = "mindspore"
KEEP = "keep"


@dataclass(frozen=True)
class Op:
    """One op of msfunc.ops.

    `name` is its public name; `impl` the array function in a ``func_*`` module (arrays in,
    arrays out), published as ``msfunc.ops.<name>`` taking and returning Tensors; `methods`
    the Tensor methods that are its functional twins (``x.m(*a, **k) == ops.name(x, *a, **k)``);
    `promotion` the rule its results follow; `keeps_parameters`: Parameters are passed as
    themselves (ops that write them) rather than as their arrays; `in_place`: the result is
    written into the first argument when that is a Tensor or Parameter, which is returned
    (``ops.tanh_(p) is p``), so the array function computes the new value only.

    Example:
        >>> import jax.numpy as jnp
        >>> row = Op("sin", jnp.sin, methods=("sin",))
        >>> row.methods, row.promotion
        (('sin',), 'mindspore')
    """

    name: str
    impl: Callable[..., Any]
    methods: tuple[str, ...] = ()
    promotion: str = MINDSPORE
    keeps_parameters: bool = False
    in_place: bool = False
