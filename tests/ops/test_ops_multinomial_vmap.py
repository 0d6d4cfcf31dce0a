"""A seeded Multinomial under vmap draws what one call on the whole batch draws, as MindSpore's
vmap rule runs the kernel once on the batch (the check MindSpore's own test makes)."""

import numpy as np

import msfunc as ms
from msfunc import ops


def test_vmapped_multinomial_is_the_batched_call():
    probs = ms.Tensor(np.array([[0.5, 0.5], [0.2, 0.8], [0.9, 0.1]], np.float32))
    batched = ops.Multinomial(seed=5, seed2=6)(probs, 4)
    mapped = ops.vmap(lambda p: ops.Multinomial(seed=5, seed2=6)(p, 4), in_axes=0)(probs)
    assert mapped.shape == (3, 4)
    np.testing.assert_array_equal(mapped.asnumpy(), batched.asnumpy())
    # the rows differ: each row draws its own part of the one stream
    assert len({tuple(r) for r in mapped.asnumpy().tolist()}) > 1
