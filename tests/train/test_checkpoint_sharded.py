"""Sharded Parameters: ckpt/safetensors gather on save and re-shard on load; format='orbax'
writes shard by shard (async too) and restores straight into the current sharding.

The checks run in one subprocess with 8 simulated CPU devices (XLA_FLAGS must be set
before JAX starts, and this test process has started it already)."""

import os
import subprocess
import sys

from _paths import REPO

ROOT = str(REPO)

_SCRIPT = r"""
import os, sys
import jax, numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
import msfunc as ms
from msfunc import nn

assert len(jax.devices()) == 8
tmp = sys.argv[1]
mesh8 = jax.make_mesh((8,), ("x",))
mesh24 = jax.make_mesh((2, 4), ("a", "b"))
full = np.arange(16 * 6, dtype=np.float32).reshape(16, 6) / 7


class Holder(nn.Cell):
    def __init__(self, value, sharding):
        super().__init__()
        self.w = ms.Parameter(jax.device_put(value, sharding), name="w")
        self.b = ms.Parameter(np.ones(3, np.float32), name="b")


src = Holder(full, NamedSharding(mesh8, P("x", None)))
assert len(src.w.value().addressable_shards) == 8
for fmt, kw in [("ckpt", {}), ("safetensors", {}), ("orbax", {"async_save": True})]:
    path = os.path.join(tmp, "sharded." + fmt)
    ms.save_checkpoint(src, path, format=fmt, **kw)
    target = NamedSharding(mesh24, P("b", "a"))
    dst = Holder(np.zeros_like(full), target)
    assert ms.load_checkpoint(path, net=dst, format=fmt) is not None
    w = dst.w.value()
    assert w.sharding == target, (fmt, w.sharding)
    assert np.asarray(w).tobytes() == full.tobytes(), fmt
    assert [s.data.shape for s in w.addressable_shards] == [(4, 3)] * 8, fmt
    # without a network, values come back whole
    assert np.asarray(ms.load_checkpoint(path, format=fmt)["w"].value()).tobytes() == \
        full.tobytes(), fmt

# orbax: each device's shard is a separate chunk on disk (written without a gather)
meta = os.path.join(tmp, "sharded.orbax")
assert os.path.isdir(meta) and not [n for n in os.listdir(tmp) if "orbax-tmp" in n]
import orbax.checkpoint as ocp
tree = ocp.StandardCheckpointer().metadata(meta).item_metadata.tree
assert tuple(tree["w"].storage.chunk_shape) == (2, 6), tree["w"].storage
# a second save over an existing orbax checkpoint replaces it whole
src.w.set_data(jax.device_put(full * 2, NamedSharding(mesh8, P("x", None))))
ms.save_checkpoint(src, meta, format="orbax")
again = ms.load_checkpoint(meta, format="orbax")
assert np.asarray(again["w"].value()).tobytes() == (full * 2).tobytes()
assert sorted(os.listdir(tmp)) == ["sharded.ckpt", "sharded.orbax", "sharded.safetensors"]
os.makedirs(os.path.join(tmp, "not_orbax"))
try:
    ms.load_checkpoint(os.path.join(tmp, "not_orbax"), format="orbax")
    raise AssertionError("an empty directory loaded")
except ValueError as err:
    assert "not a readable orbax checkpoint" in str(err), err
print("OK")
"""


def test_sharded_parameters_gather_and_reshard(tmp_path):
    env = dict(
        os.environ,
        XLA_FLAGS="--xla_force_host_platform_device_count=8",
        JAX_PLATFORMS="cpu",
        PYTHONPATH=ROOT,
    )
    out = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0 and out.stdout.strip().endswith("OK"), out.stderr[-3000:]
