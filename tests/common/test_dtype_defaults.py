"""Result dtypes as in MindSpore 2.10 with 64-bit types on (golden), and MindSpore's promotion."""

import json
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
import msfunc.numpy as mnp
from msfunc import Tensor, ops

sys.path.insert(0, str(TESTS / "oracle"))
from dtype_default_cases import KNOWN_DIFFERENCES, evaluate  # noqa: E402

GOLDEN = json.loads((TESTS / "golden" / "dtype_defaults.json").read_text())
X64 = bool(jax.config.jax_enable_x64)
pytestmark = pytest.mark.skipif(not X64, reason="64-bit types switched off (MSFUNC_X64=0)")


@pytest.fixture(scope="module")
def results():
    return evaluate({"ms": ms, "ops": ops, "Tensor": Tensor, "mnp": mnp, "np": np}, Tensor)


@pytest.mark.parametrize("text", sorted(k for k in GOLDEN if k != "__meta__"))
def test_result_dtype_matches_mindspore(results, text):
    expected = GOLDEN[text]
    if expected.startswith("ERROR:"):
        pytest.skip(f"MindSpore 2.10 raises {expected[6:]}")
    if text in KNOWN_DIFFERENCES:
        pytest.skip(KNOWN_DIFFERENCES[text])
    assert results[text].lower() == expected.lower()


def test_integer_and_python_float_promotion_stays_32_bit():
    i64, f64 = Tensor([1, 2]), Tensor(np.array([1.0, 2.0]))
    assert i64.dtype == np.int64 and f64.dtype == np.float64
    for out in (
        i64 / 2,
        i64 * 2.5,
        2.5 * i64,
        i64**0.5,
        ops.sqrt(i64),
        ops.div(i64, i64),
        ops.mul(i64, np.float64(2.5)),
        mnp.mean(mnp.array([1, 2])),
    ):
        assert out.dtype == np.float32, out
    for out in (
        f64 * 2.5,
        ops.sqrt(f64),
        ops.matmul(f64, f64),
        f64 + i64,
        ops.cast(i64, ms.float64),
        ops.float_power(Tensor([1.0, 2.0]), 2),
    ):
        assert out.dtype == np.float64, out


def test_float64_values_keep_their_precision():
    x = np.array([1.0 + 1e-12, 2.0])
    np.testing.assert_array_equal(ops.add(Tensor(x), 0.0).asnumpy(), x)
    np.testing.assert_array_equal(Tensor(x).asnumpy(), x)


def test_opt_out_keeps_jax_defaults():
    import subprocess

    code = (
        "import msfunc as ms, jax; print(jax.config.jax_enable_x64, "
        "ms.Tensor(1).dtype, ms.Tensor([1, 2]).argmax().dtype)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "MSFUNC_X64": "0"},
        check=True,
    )
    assert out.stdout.split() == ["False", "int32", "int32"]
    assert jnp.zeros(1).dtype == (np.float64 if X64 else np.float32)
