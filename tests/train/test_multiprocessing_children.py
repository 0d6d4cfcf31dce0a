"""msfunc.multiprocessing: processes started after JAX has run compute with msfunc."""

import numpy as np

import msfunc as ms
import msfunc.multiprocessing as mp
from msfunc import ops
from msfunc.compat import alias_mindspore, unalias_mindspore


def _log_with_mindspore(x):
    import mindspore  # in the child: the parent's alias came with the process

    return mindspore.ops.log(x)


def test_fork_method_children_compute_after_jax_ran():
    # JAX's runtime (and its threads) is running in this process: a plain fork() child that
    # computed would deadlock; the 'fork' method of msfunc.multiprocessing does not fork it.
    assert float(ops.log(ms.Tensor(1.0)).asnumpy()) == 0.0
    inputs = [ms.Tensor(2.0, ms.float32), ms.Tensor(np.array([3.0, 4.0], np.float32))]
    alias_mindspore()
    try:
        with mp.get_context("fork").Pool(processes=1) as pool:
            outputs = pool.map(_log_with_mindspore, inputs)
    finally:
        unalias_mindspore()
    assert all(isinstance(out, ms.Tensor) for out in outputs)
    np.testing.assert_allclose(outputs[0].asnumpy(), np.log(np.float32(2.0)), rtol=1e-6)
    np.testing.assert_allclose(outputs[1].asnumpy(), np.log([3.0, 4.0]), rtol=1e-6)
