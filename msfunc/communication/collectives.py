"""MindSpore's collective primitives (`AllReduce`, `AllGather`, `ReduceScatter`,
`Broadcast`) as JAX collectives, for code run per device under `jax.shard_map`.

A rank of MindSpore's world group is one device of the enclosing `shard_map`:
the group is every mesh axis bound there (or the axis names passed as `group`).
Outside `shard_map` there is no per-device code, so these raise.
"""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from .._jax_private import bound_axis_names
from .management import HCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP

__all__ = ["ReduceOp", "AllReduce", "AllGather", "ReduceScatter", "Broadcast"]


class ReduceOp:
    """Reduction operations of the collectives.

    Example:
        >>> from msfunc.communication import AllReduce, ReduceOp
        >>> ReduceOp.SUM, ReduceOp.MAX
        ('sum', 'max')
        >>> AllReduce(ReduceOp.MAX).op
        'max'
    """

    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PROD = "prod"


_REDUCE = {ReduceOp.SUM: lax.psum, ReduceOp.MAX: lax.pmax, ReduceOp.MIN: lax.pmin}


def _axes(group, who):
    if group in (None, HCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP):
        axes = bound_axis_names()
        if not axes:
            raise RuntimeError(
                f"{who}: collectives run per device, inside jax.shard_map (no "
                "mesh axis is bound here); outside it, jit over sharded arrays "
                "and XLA communicates for you"
            )
        return axes
    if isinstance(group, str):
        return (group,)
    if isinstance(group, tuple) and all(isinstance(g, str) for g in group):
        return group
    raise ValueError(f"{who}: `group` must be the world group or mesh axis name(s), got {group!r}")


def _check_op(op, who):
    if op not in (ReduceOp.SUM, ReduceOp.MAX, ReduceOp.MIN, ReduceOp.PROD):
        raise ValueError(f"{who}: `op` must be a ReduceOp (sum, max, min, prod), got {op!r}")
    return op


def _reduce(x, op, axes):
    if op == ReduceOp.PROD:
        return jnp.prod(lax.all_gather(x, axes, axis=0), axis=0)
    return _REDUCE[op](x, axes)


class AllReduce:
    """Reduce `x` over every rank of the group; each rank gets the result.

    Args:
        op (str): A `ReduceOp`: ``'sum'``, ``'max'``, ``'min'`` or ``'prod'``.
            Default: ``ReduceOp.SUM``.
        group (Union[str, tuple[str]]): The world group (every mesh axis bound by the
            enclosing `shard_map`) or mesh axis name(s). Default: the world group.

    Inputs:
        - **x** (Tensor) - This rank's tensor.

    Outputs:
        Tensor of `x`'s shape, the reduction over the ranks.

    Example:
        >>> import jax, jax.numpy as jnp, numpy as np
        >>> from jax.sharding import Mesh, PartitionSpec as P
        >>> from msfunc.communication import AllReduce
        >>> mesh = Mesh(np.array(jax.devices()[:1]), ("d",))
        >>> f = jax.shard_map(AllReduce(), mesh=mesh, in_specs=P("d"), out_specs=P("d"))
        >>> f(jnp.ones(2)).tolist()
        [1.0, 1.0]
    """

    def __init__(
        self, op: str = ReduceOp.SUM, group: str | tuple[str, ...] = HCCL_WORLD_COMM_GROUP
    ) -> None:
        self.op, self.group = _check_op(op, "AllReduce"), group

    def __call__(self, x):
        return _reduce(jnp.asarray(x), self.op, _axes(self.group, "AllReduce"))


class AllGather:
    """Concatenate every rank's `x` along the first axis, in rank order.

    Args:
        group (Union[str, tuple[str]]): The world group (every mesh axis bound by the
            enclosing `shard_map`) or mesh axis name(s). Default: the world group.

    Inputs:
        - **x** (Tensor) - This rank's tensor.

    Outputs:
        Tensor with the first axis ``ranks`` times longer.

    Example:
        >>> import jax, jax.numpy as jnp, numpy as np
        >>> from jax.sharding import Mesh, PartitionSpec as P
        >>> from msfunc.communication import AllGather
        >>> mesh = Mesh(np.array(jax.devices()[:1]), ("d",))  # one rank
        >>> specs = dict(in_specs=P("d"), out_specs=P(), check_vma=False)  # replicated out
        >>> f = jax.shard_map(AllGather(), mesh=mesh, **specs)
        >>> f(jnp.array([1.0, 2.0])).tolist()  # with n ranks: n blocks, rank 0's first
        [1.0, 2.0]
    """

    def __init__(self, group: str | tuple[str, ...] = HCCL_WORLD_COMM_GROUP) -> None:
        self.group = group

    def __call__(self, x):
        return lax.all_gather(jnp.asarray(x), _axes(self.group, "AllGather"), axis=0, tiled=True)


class ReduceScatter:
    """Reduce over the ranks, then give rank r the r-th block of the first axis.

    Args:
        op (str): A `ReduceOp`: ``'sum'``, ``'max'``, ``'min'`` or ``'prod'``.
            Default: ``ReduceOp.SUM``.
        group (Union[str, tuple[str]]): The world group (every mesh axis bound by the
            enclosing `shard_map`) or mesh axis name(s). Default: the world group.

    Inputs:
        - **x** (Tensor) - This rank's tensor; its first axis divides by the ranks.

    Outputs:
        Tensor with the first axis ``ranks`` times shorter.

    Example:
        >>> import jax, jax.numpy as jnp, numpy as np
        >>> from jax.sharding import Mesh, PartitionSpec as P
        >>> from msfunc.communication import ReduceScatter
        >>> mesh = Mesh(np.array(jax.devices()[:1]), ("d",))  # one rank
        >>> f = jax.shard_map(ReduceScatter(), mesh=mesh, in_specs=P(), out_specs=P("d"))
        >>> f(jnp.array([1.0, 2.0])).tolist()  # with n ranks: n times the value, in n blocks
        [1.0, 2.0]
    """

    def __init__(
        self, op: str = ReduceOp.SUM, group: str | tuple[str, ...] = HCCL_WORLD_COMM_GROUP
    ) -> None:
        self.op, self.group = _check_op(op, "ReduceScatter"), group

    def __call__(self, x):
        x = jnp.asarray(x)
        axes = _axes(self.group, "ReduceScatter")
        size = lax.psum(1, axes)
        if x.shape[0] % size:
            raise ValueError(
                f"ReduceScatter: the first axis ({x.shape[0]}) does not divide "
                f"by the group size {size}"
            )
        if self.op == ReduceOp.SUM:
            return lax.psum_scatter(x, axes, scatter_dimension=0, tiled=True)
        block = x.shape[0] // size
        return lax.dynamic_slice_in_dim(
            _reduce(x, self.op, axes), lax.axis_index(axes) * block, block, axis=0
        )


class Broadcast:
    """Every rank gets rank `root_rank`'s inputs (a tuple in, a tuple out).

    Args:
        root_rank (int): The rank whose inputs are sent.
        group (Union[str, tuple[str]]): The world group (every mesh axis bound by the
            enclosing `shard_map`) or mesh axis name(s). Default: the world group.

    Inputs:
        - **inputs** (tuple[Tensor]) - This rank's tensors.

    Outputs:
        Tuple of tensors, the root's.

    Example:
        >>> import jax, jax.numpy as jnp, numpy as np
        >>> from jax.sharding import Mesh, PartitionSpec as P
        >>> from msfunc.communication import Broadcast
        >>> mesh = Mesh(np.array(jax.devices()[:1]), ("d",))  # one rank
        >>> f = jax.shard_map(Broadcast(0), mesh=mesh, in_specs=(P("d"),), out_specs=(P("d"),))
        >>> [y.tolist() for y in f((jnp.array([3.0, 4.0]),))]
        [[3.0, 4.0]]
    """

    def __init__(
        self, root_rank: int, group: str | tuple[str, ...] = HCCL_WORLD_COMM_GROUP
    ) -> None:
        if isinstance(root_rank, bool) or not isinstance(root_rank, int) or root_rank < 0:
            raise ValueError(
                f"Broadcast: `root_rank` must be a non-negative int, got {root_rank!r}"
            )
        self.root_rank, self.group = root_rank, group

    def __call__(self, inputs):
        axes = _axes(self.group, "Broadcast")
        single = not isinstance(inputs, (tuple, list))
        values = (inputs,) if single else tuple(inputs)
        is_root = lax.axis_index(axes) == self.root_rank
        out = tuple(
            lax.psum(jnp.where(is_root, v, jnp.zeros_like(v)), axes)
            for v in map(jnp.asarray, values)
        )
        return out[0] if single else out
