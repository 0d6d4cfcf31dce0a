"""``format='orbax'``: checkpoint directories written shard by shard with orbax-checkpoint.

Each device's shard of a sharded Parameter is written by orbax directly (no gather on
one host), asynchronously if asked; loading into a network restores every value
straight into the sharding its Parameter has now, so a checkpoint taken on one mesh
loads onto another. The directory is written under a temporary name and moved into
place when complete, so an interrupted save leaves the previous checkpoint whole.
"""

from __future__ import annotations

import os
import uuid

import jax
import jax.numpy as jnp

from . import _files

__all__ = ["save", "load"]


def _checkpointer():
    import orbax.checkpoint as ocp

    return ocp.StandardCheckpointer()


def save(path, items, crc_check=False, async_save=False):
    """Write `items` [(name, array)] as an orbax checkpoint directory at `path`."""
    if crc_check:
        raise ValueError(
            "save_checkpoint: `crc_check=True` applies to format='ckpt' only; "
            "orbax checkpoints are verified by orbax itself"
        )
    tree = {}
    for name, value in items:
        if isinstance(value, str):
            raise ValueError(
                f"save_checkpoint: '{name}' is a str, which orbax checkpoints "
                "cannot hold here; use format='ckpt'"
            )
        tree[name] = value if isinstance(value, jax.Array) else jnp.asarray(value)
    path = os.path.abspath(path)
    _files.wait_for_saves(path)
    tmp = f"{path}.{uuid.uuid4().hex[:8]}.orbax-tmp"
    ckptr = _checkpointer()
    ckptr.save(tmp, tree)  # returns once device buffers are copied; writes in the background

    def finish():
        try:
            ckptr.wait_until_finished()
        finally:
            ckptr.close()
        _files.replace_directory(tmp, path)

    if async_save:
        _files.run_async(path, finish)
    else:
        finish()


def load(path, net=None):
    """dict name -> jax.Array from the orbax checkpoint at `path`.

    Values whose name and shape match a Parameter of `net` are restored with that
    Parameter's sharding; the others onto the default device.
    """
    path = os.path.abspath(path)
    if not os.path.isdir(path):
        raise ValueError(
            f"load_checkpoint: format='orbax' needs a checkpoint directory, got '{path}'"
        )
    ckptr = _checkpointer()
    try:
        try:
            meta = ckptr.metadata(path).item_metadata.tree
        except Exception as err:  # orbax raises assorted types for a non-checkpoint
            raise ValueError(
                f"load_checkpoint: '{path}' is not a readable orbax checkpoint "
                f"({type(err).__name__}: {err})"
            ) from None
        current = {}
        if net is not None:
            current = {p.name: p.value() for p in net.get_parameters()}
        default = jax.sharding.SingleDeviceSharding(jax.devices()[0])
        target = {}
        for name, m in meta.items():
            have = current.get(name)
            fits = have is not None and tuple(have.shape) == tuple(m.shape)
            sharding = have.sharding if fits else default
            target[name] = jax.ShapeDtypeStruct(m.shape, m.dtype, sharding=sharding)
        return dict(ckptr.restore(path, target))
    finally:
        ckptr.close()
