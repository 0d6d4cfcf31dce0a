"""Data parallelism on JAX's partitioner: the batch split across a device mesh, Parameters
replicated (or optimizer state sharded, ZeRO-1), XLA inserting the gradient all-reduce.

A train step compiled by `msfunc.jit` needs no change: given a batch placed by
`distribute_batch` and Parameters placed by `prepare`, XLA partitions the whole
step over the devices. Across processes (after `communication.init()`) the same
calls build global arrays from each process's part.
"""

from __future__ import annotations

import functools

import jax
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from ..common.tensor import unwrap
from .context import ParallelMode, device_count, get_auto_parallel_context

__all__ = [
    "DATA_AXIS",
    "data_mesh",
    "distribute_batch",
    "replicate",
    "prepare",
    "place",
    "is_data_parallel",
]

DATA_AXIS = "data"


@functools.lru_cache(maxsize=8)
def _mesh(devices):
    return Mesh(np.array(devices), (DATA_AXIS,))


def data_mesh():
    """The one-axis mesh (axis ``"data"``) over the devices parallel programs use.

    Example:
        >>> from msfunc.parallel import data_mesh
        >>> data_mesh().axis_names
        ('data',)
    """
    return _mesh(tuple(jax.devices()[: device_count()]))


def is_data_parallel():
    """True in DATA_PARALLEL mode with more than one device."""
    return (
        get_auto_parallel_context("parallel_mode") == ParallelMode.DATA_PARALLEL
        and device_count() > 1
    )


def place(value, sharding):
    """`value` (host or device data, the same in every process) as a global array laid out
    by `sharding`; works when the sharding spans devices of other processes. Inside a
    trace it is a sharding constraint.

    Example:
        >>> import numpy as np
        >>> from jax.sharding import NamedSharding, PartitionSpec
        >>> from msfunc.parallel import data_mesh, place
        >>> place(np.ones(2), NamedSharding(data_mesh(), PartitionSpec())).shape
        (2,)
    """
    value = unwrap(value)
    if isinstance(value, jax.core.Tracer):
        return jax.lax.with_sharding_constraint(value, sharding)
    if isinstance(value, jax.Array) and value.sharding == sharding:
        return value
    if jax.process_count() == 1:
        return jax.device_put(value, sharding)
    host = np.asarray(value)
    return jax.make_array_from_callback(host.shape, sharding, lambda index: host[index])


def distribute_batch(*arrays, axis=0):
    """Place batches split along `axis` across the data mesh.

    In one process each array is the global batch. Across processes each process
    passes its own part (the global batch is their concatenation), unless
    ``full_batch=True``, where every process passes the whole global batch. The
    batch axis must divide evenly by the device count.

    Example:
        >>> import numpy as np
        >>> from msfunc.parallel import distribute_batch
        >>> x, = distribute_batch(np.ones((4, 3)))
        >>> x.shape
        (4, 3)
    """
    mesh = data_mesh()
    size = mesh.size
    placed = []
    for i, value in enumerate(arrays):
        value = unwrap(value)
        value = np.asarray(value) if not isinstance(value, jax.Array) else value
        if value.ndim <= axis:
            raise ValueError(
                f"distribute_batch: array {i} of shape {value.shape} has no batch axis {axis}"
            )
        spec = PartitionSpec(*([None] * axis), DATA_AXIS)
        sharding = NamedSharding(mesh, spec)
        local_parts = (
            mesh.size
            if jax.process_count() == 1 or get_auto_parallel_context("full_batch")
            else len(mesh.local_devices)
        )
        if value.shape[axis] % local_parts:
            raise ValueError(
                f"distribute_batch: the batch axis {axis} of array {i} has "
                f"{value.shape[axis]} rows, not divisible by the {local_parts} "
                f"devices that share it (of {size}); batch with "
                "drop_remainder=True and a multiple of the device count"
            )
        if jax.process_count() == 1 or get_auto_parallel_context("full_batch"):
            placed.append(place(value, sharding))
        else:
            placed.append(jax.make_array_from_process_local_data(sharding, np.asarray(value)))
    return tuple(placed)


def _state_spec(shape, size):
    """Shard the first axis that divides evenly by the device count; else replicate."""
    for axis, n in enumerate(shape):
        if n % size == 0 and n >= size:
            return PartitionSpec(*([None] * axis), DATA_AXIS)
    return PartitionSpec()


def replicate(parameters):
    """Place each Parameter's value replicated on every device of the data mesh.

    Example:
        >>> import msfunc as ms
        >>> from msfunc.parallel import replicate
        >>> w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
        >>> replicate([w])[0].value().sharding.is_fully_replicated
        True
    """
    sharding = NamedSharding(data_mesh(), PartitionSpec())
    parameters = list(parameters)
    for p in parameters:
        p.set_data(place(p.value(), sharding))
    return parameters


def prepare(network, optimizer=None):
    """Lay out a network (and its optimizer) for data-parallel training; returns the mesh.

    Parameters are replicated. With ``enable_parallel_optimizer=True`` in the
    auto-parallel context, the optimizer's state (moments) is sharded across the
    devices along its first evenly divisible axis, and every optimizer step keeps
    that layout: the Parameters come out replicated, the state sharded (ZeRO-1).

    Example:
        >>> from msfunc import nn
        >>> from msfunc.parallel import prepare
        >>> prepare(nn.Dense(2, 2)).axis_names
        ('data',)
    """
    mesh = data_mesh()
    params = list(network.get_parameters())
    if optimizer is not None:
        seen = {id(p) for p in params}
        params += [p for p in optimizer.get_parameters() if id(p) not in seen]
    replicate(params)
    if optimizer is not None and get_auto_parallel_context("enable_parallel_optimizer"):
        _shard_optimizer_state(optimizer, mesh)
    return mesh


def _shard_optimizer_state(optimizer, mesh):
    state = list(getattr(optimizer, "state", ()))
    state_shardings = []
    for p in state:
        sharding = NamedSharding(mesh, _state_spec(p.value().shape, mesh.size))
        p.set_data(place(p.value(), sharding))
        state_shardings.append(sharding)
    state_ids = {id(p) for p in state}
    others = [p for p in optimizer.get_parameters() if id(p) not in state_ids]
    replicated = NamedSharding(mesh, PartitionSpec())
    construct = optimizer.construct

    def constrained_construct(*args, **kwargs):
        # Without constraints XLA lets the sharded state's layout spread to the updated
        # Parameters; pin both, so the Parameters stay replicated.
        out = construct(*args, **kwargs)
        for p, sharding in zip(state, state_shardings):
            p.set_data(jax.lax.with_sharding_constraint(p.value(), sharding))
        for p in others:
            p.set_data(jax.lax.with_sharding_constraint(p.value(), replicated))
        return out

    object.__setattr__(optimizer, "construct", constrained_construct)
