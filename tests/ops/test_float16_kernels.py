"""Float16 kernels round where MindSpore 2.10's CPU kernels round, and tanh is its CPU
kernel's approximant: each case of tests/oracle/gen_float16_kernels_golden.py, run with
msfunc, equals MindSpore's bits."""

import sys

import numpy as np
import pytest
from _numerics import mindspore_numerics
from _paths import GOLDEN, ORACLE

import msfunc as ms

sys.path.insert(0, str(ORACLE))
import gen_float16_kernels_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "float16_kernels.npz")


@pytest.fixture(scope="module")
def results():
    # a MindSpore program's numerics (the `mindspore` alias switches them on)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    try:
        with mindspore_numerics():
            return gen.cases(ms)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


GRAPH_CASES = {"tanh_graph", "mlp_graph"}
NAMES = sorted({key.split(".")[0] for key in GOLDEN_FILE.files} - {"mindspore"} - GRAPH_CASES)


@pytest.mark.parametrize("name", NAMES)
def test_bits_equal_mindspores(results, name):
    got = results[name]
    for i, value in enumerate(got):
        want = GOLDEN_FILE[f"{name}.{i}"]
        assert value.dtype == want.dtype, (name, i)
        np.testing.assert_array_equal(value, want, err_msg=f"{name} result {i}")


def test_graph_mode_tanh_gradient_reads_the_unrounded_tanh(results):
    # graph mode keeps the float32 tanh (MindSpore's approximant) for TanhGrad
    got, want = results["tanh_graph"][0], GOLDEN_FILE["tanh_graph.0"]
    np.testing.assert_array_equal(got, want)
    assert np.mean(results["tanh"][1] == want) < 0.7  # PyNative's rounding is another


def test_graph_mode_float16_mlp_computes_in_float32(results):
    # MatMul, BiasAdd and Tanh have no float16 CPU kernels: graph mode chains them in float32
    # (`msfunc.common.kernel_chain`), the whole MLP and a single Dense with its Tanh alike
    for i, got in enumerate(results["mlp_graph"]):
        np.testing.assert_array_equal(got, GOLDEN_FILE[f"mlp_graph.{i}"])


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32"])
def test_concrete_forms_give_the_kernels_values(dtype):
    # eager ops on concrete arrays skip the float16 kernels for the plain JAX function
    # (`low_precision.concrete_form`): that is sound only if the values are the same, bit for bit,
    # broadcasting included
    import jax.numpy as jnp

    from msfunc.common import low_precision as lp

    rng = np.random.default_rng(0)
    x = jnp.asarray(rng.uniform(0.1, 3.0, (3, 4)), dtype)
    y = jnp.asarray(rng.uniform(0.1, 3.0, (4,)), dtype)
    for kernel in (lp.tanh, lp.sqrt, lp.reciprocal):
        np.testing.assert_array_equal(kernel.concrete(x), kernel(x))
    with mindspore_numerics():
        np.testing.assert_array_equal(lp.tanh.concrete(x), lp.tanh(x))
    for op in (jnp.add, jnp.subtract, jnp.multiply):
        kernel = lp.broadcasting(op)
        for a, b in ((x, y), (y, x), (x, x)):
            np.testing.assert_array_equal(kernel.concrete(a, b), kernel(a, b))
    # and the published ops take the concrete form only where no transform traces: under
    # grad the float16 derivative rules still hold (MindSpore's bits, test above)
    got = ms.ops.tanh(ms.Tensor(np.asarray(x)))
    np.testing.assert_array_equal(got.asnumpy(), np.asarray(lp.tanh.concrete(x)))
