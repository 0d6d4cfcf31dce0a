"""MindSpore's exact draws for `bernoulli`, `random_categorical` and `choice_with_mask` and
their primitives (the kernels in `choice_streams`), eager and compiled.

`ops.bernoulli` with a seed reuses one primitive per seed, so its kernels (one per input
shape and types) go on from call to call; `random_categorical` makes a new kernel per call;
`choice_with_mask` too, seeded by the op-seed counters as `ops.rand` is. The primitives
keep their kernels: RandomCategorical one per seed input and logits shape.
"""

import jax
import jax.numpy as jnp
import numpy as np

from ..common.tensor import unwrap
from .choice_streams import categorical_samples, choice_with_mask_values, philox_multinomial
from .seeded_draws import PrimitiveStream, kernel_call

__all__ = [
    "bernoulli_draw",
    "categorical_draw",
    "choice_draw",
    "unpack_choice",
    "coordinates",
    "philox_multinomial_draw",
    "ParameterizedKernels",
    "BernoulliKernels",
    "CategoricalKernels",
]


class BernoulliKernels:
    """The kernels of one Bernoulli primitive with attributes ``(seed, offset)``: None from
    `draw` when MindSpore seeds it at random (seed -1). MindSpore's CPU kernel leaves the
    offset unused, and so does this.

    Example:
        >>> kernels = BernoulliKernels(1)
        >>> x = jnp.zeros(5, jnp.float32)
        >>> [kernels.draw(x, 0.5).tolist() for _ in range(2)]  # the second starts mid-block
        [[0.0, 1.0, 0.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0, 1.0]]
    """

    def __init__(self, seed=-1, offset=0):
        self.seed, self.offset = int(seed), int(offset)
        self._streams = {}  # (input dtype, p's shape and dtype) -> its kernels

    def draw(self, x, p):
        if self.seed < 0:
            return None
        x = jnp.asarray(x)
        if not isinstance(p, (jax.Array, np.ndarray)):
            p = np.array([p], np.float32)  # (MindSpore makes a float a 1-element tensor)
        p = p.reshape(-1) if p.size == 1 else jnp.broadcast_to(p, x.shape).reshape(-1)
        key = (str(x.dtype), p.shape, str(p.dtype))
        if key not in self._streams:
            self._streams[key] = PrimitiveStream("bernoulli", self.seed, 0)
        bits = self._streams[key].draw(x.shape, p)
        return None if bits is None else bits.astype(x.dtype)


_bernoulli_primitives = {}  # seed -> the primitive ops.bernoulli reuses for it


def bernoulli_draw(x, p, seed):
    """``ops.bernoulli(x, p, seed)``'s MindSpore draw; None when unseeded (None or -1).

    Example:
        >>> bernoulli_draw(jnp.zeros(8), 0.5, 1).astype(int).tolist()
        [0, 1, 0, 1, 1, 0, 0, 0]
    """
    if seed is None or int(seed) == -1:
        return None
    kernels = _bernoulli_primitives.setdefault(int(seed), BernoulliKernels(int(seed)))
    return kernels.draw(x, p)


def _seed_value(seed):
    """The seed input as an int; None when it is traced (no kernel seed to reproduce)."""
    seed = unwrap(seed)
    if isinstance(seed, jax.core.Tracer):
        return None
    if isinstance(seed, bool) or not np.issubdtype(np.asarray(seed).dtype, np.integer):
        raise TypeError(f"random_categorical: `seed` must be an int, got {type(seed).__name__}")
    return int(np.asarray(seed).reshape(-1)[0])


def _concrete(*values):
    return not any(isinstance(v, jax.core.Tracer) for v in values)


def categorical_draw(logits, num_sample, seed):
    """``ops.random_categorical``'s MindSpore classes (int64) for an int `seed`; None for
    seed 0 (MindSpore seeds that kernel at random).

    Example:
        >>> lg = jnp.log(jnp.array([[0.1, 0.2, 0.3, 0.4]]))
        >>> categorical_draw(lg, 6, 1).tolist()
        [[1, 1, 1, 3, 2, 2]]
    """
    seed, num_sample = _seed_value(seed), int(num_sample)
    if not seed:
        return None
    if _concrete(logits):
        return jnp.asarray(categorical_samples(seed, np.asarray(logits), num_sample))
    spec = jax.ShapeDtypeStruct(
        (logits.shape[0], num_sample), jax.dtypes.canonicalize_dtype(np.int64)
    )
    return jax.pure_callback(
        lambda lg: categorical_samples(seed, np.asarray(lg), num_sample).astype(spec.dtype),
        spec,
        logits,
        vmap_method="sequential",
    )


class CategoricalKernels:
    """A RandomCategorical primitive's kernels: one per seed input (and logits shape), each
    going on from call to call.

    Example:
        >>> kernels = CategoricalKernels()
        >>> lg = jnp.log(jnp.array([[0.1, 0.2, 0.3, 0.4]]))
        >>> kernels.draw(lg, 3, 5).tolist(), kernels.draw(lg, 3, 5).tolist()
        ([[2, 3, 0]], [[2, 2, 2]])
    """

    def __init__(self):
        self._streams = {}

    def draw(self, logits, num_sample, seed):
        seed = _seed_value(seed)
        if not seed:
            return None
        stream = self._streams.setdefault(int(seed), PrimitiveStream("categorical", 0, seed))
        return stream.draw(logits.shape, logits, int(num_sample))


def coordinates(flat, shape):
    """RandomChoiceWithMask's coordinates (int32) of flat positions in `shape`: the first
    ``flat // (size / shape[0])``, the last the remainder, any between 0, as MindSpore's
    kernel writes them (the true coordinates for 1-D and 2-D inputs).

    Example:
        >>> coordinates(jnp.array([5, 11]), (2, 3, 4)).tolist()
        [[0, 0, 5], [0, 0, 11]]
    """
    if len(shape) == 1:
        return flat[:, None].astype(jnp.int32)
    row = int(np.prod(shape[1:], dtype=np.int64))
    out = jnp.zeros((flat.shape[0], len(shape)), jnp.int32)
    return out.at[:, 0].set(flat // row).at[:, -1].set(flat % row)


def unpack_choice(packed):
    """(coordinates int32, mask bool) from a packed RandomChoiceWithMask output."""
    return packed[:, :-1], packed[:, -1].astype(jnp.bool_)


def choice_draw(x, count, seed):
    """``ops.choice_with_mask``'s MindSpore outputs, packed (see `unpack_choice`); None when
    unseeded.

    Example:
        >>> import msfunc
        >>> msfunc.set_seed(3)
        >>> x = jnp.array([[True, False, True, True], [False, True, True, False]])
        >>> unpack_choice(choice_draw(x, 4, 1))[0].tolist()
        [[0, 2], [0, 3], [1, 2], [0, 0]]
    """
    spec = jax.ShapeDtypeStruct((int(count), x.ndim + 1), np.int32)
    return kernel_call("choice_with_mask", seed, choice_with_mask_values, spec, x, int(count))


def philox_multinomial_draw(x, seed, offset, numsamples, replacement):
    """``ops.multinomial_with_replacement``'s MindSpore samples (int64) for concrete `seed`
    and `offset`; None for (-1, 0) (MindSpore seeds that kernel at random) or traced seeds.

    Example:
        >>> x = jnp.array([0.1, 0.2, 0.3, 0.4] * 3)
        >>> philox_multinomial_draw(x, 5, 0, 10, True).tolist()
        [2, 8, 8, 6, 10, 11, 2, 2, 5, 8]
    """
    seed, offset = unwrap(seed), unwrap(offset)
    if isinstance(seed, jax.core.Tracer) or isinstance(offset, jax.core.Tracer):
        return None
    seed, offset = (int(np.asarray(v).reshape(-1)[0]) for v in (seed, offset))
    if (seed, offset) == (-1, 0):
        return None
    numsamples, replacement = int(numsamples), bool(replacement)

    def host(probs):
        return philox_multinomial(seed, offset, np.asarray(probs), numsamples, replacement)

    if _concrete(x):
        return jnp.asarray(host(x))
    spec = jax.ShapeDtypeStruct(
        x.shape[:-1] + (numsamples,), jax.dtypes.canonicalize_dtype(np.int64)
    )
    # (under vmap each element is a kernel call of its own, with the same seeds)
    return jax.pure_callback(
        lambda p: host(p).astype(spec.dtype), spec, x, vmap_method="sequential"
    )


class ParameterizedKernels:
    """A ParameterizedTruncatedNormal primitive's kernels: one per parameter type and output
    shape, each going on from call to call; None from `draw` when both seeds
    are 0 (MindSpore seeds the kernel at random).

    Example:
        >>> kernels = ParameterizedKernels(1, 0)
        >>> one = [jnp.array([v]) for v in (0.0, 1.0, -3.0, 3.0)]
        >>> [round(v, 6) for v in kernels.draw((1, 3), *one).ravel().tolist()]
        [1.249817, 0.359576, -0.282296]
    """

    def __init__(self, seed, seed2):
        self._seeds, self._streams = (int(seed), int(seed2)), {}

    def draw(self, shape, *params):
        params = [jnp.asarray(p) for p in params]
        key = str(params[0].dtype)  # (the output shape picks the kernel within the stream)
        if key not in self._streams:
            self._streams[key] = PrimitiveStream("parameterized", *self._seeds)
        values = self._streams[key].draw(tuple(int(s) for s in shape), *params)
        return None if values is None else values.astype(params[0].dtype)
