"""In-place Tensor methods (``add_``, ``fill_``, ``scatter_``, ``uniform_`` ...): each computes
the new array and rebinds the Tensor to it with ``_assign`` (through the state frame on a
Parameter), keeping the Tensor's shape and dtype, and returns the Tensor itself."""

import jax
import jax.numpy as jnp

from .._graph_forbidden import forbidden_in_graph
from .tensor import unwrap, wrap
from .tensor_methods_index import fill_diagonal_array, index_copy, put

__all__ = ["INPLACE_METHODS", "RANDOM_METHODS"]

# name_ -> the out-of-place method whose result it writes back
_BASES = {
    "add_": "add",
    "sub_": "sub",
    "mul_": "mul",
    "div_": "div",
    "floor_divide_": "floor_divide",
    "remainder_": "remainder",
    "clamp_": "clamp",
    "exp_": "exp",
    "log_": "log",
    "floor_": "floor",
    "sigmoid_": "sigmoid",
    "sign_": "sign",
    "tanh_": "tanh",
    "erfinv_": "erfinv",
    "masked_fill_": "masked_fill",
    "masked_scatter_": "masked_scatter",
    "index_add_": "index_add",
    "index_fill_": "index_fill",
    "index_put_": "index_put",
    "scatter_": "scatter",
    "scatter_add_": "scatter_add",
    "fill_": "fill",
    "addmm_": "addmm",
}


def _write(self, new, who):
    value = unwrap(self)
    new = jnp.asarray(unwrap(new))
    if new.shape != value.shape:
        try:
            new = jnp.broadcast_to(new, value.shape)
        except ValueError:
            raise ValueError(
                f"Tensor.{who}: the result has shape {tuple(new.shape)}, which "
                f"does not fit the Tensor's shape {tuple(value.shape)}"
            ) from None
    return self._assign(new)


def _inplace(name, base):
    def method(self, *args, **kwargs):
        return _write(self, getattr(self, base)(*args, **kwargs), name)

    method.__name__ = name
    method.__qualname__ = f"Tensor.{name}"
    method.__doc__ = f"In-place ``{base}``: the Tensor takes the values of ``x.{base}(...)``."
    return method


def copy_(self, src, non_blocking=False):
    """Copy `src` (broadcast and cast to this Tensor) into the Tensor; returns self.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([1.0, 2.0])
        >>> x.copy_(ms.Tensor([5, 6])) is x, x.tolist()
        (True, [5.0, 6.0])
    """
    return _write(self, src, "copy_")


def zero_(self):
    """Set every value to 0; returns self."""
    return self._assign(jnp.zeros_like(unwrap(self)))


def index_copy_(self, dim, index, tensor):
    """Write the slices of `tensor` at `index` of dim `dim`; returns self."""
    return _write(self, index_copy(self, dim, index, tensor), "index_copy_")


def put_(self, index, source, accumulate=False):
    """Write (or add) `source` at the flat positions `index`; returns self."""
    return _write(self, put(self, index, source, accumulate), "put_")


def fill_diagonal_(self, fill_value, wrap=False):
    """Set the main diagonal to `fill_value` (numpy's rule for `wrap`); returns self."""
    return self._assign(fill_diagonal_array(unwrap(self), fill_value, wrap))


def to_(self, device=None, non_blocking=False):
    """Returns self: msfunc leaves device placement to JAX."""
    return self


# -- random draws: keys from msfunc's global stream ------------------------------------------
def _key(generator, who):
    if generator is not None:
        raise TypeError(
            f"Tensor.{who}: msfunc draws from the global seed (msfunc.set_seed); "
            "`generator` must be None"
        )
    from .seed import next_key

    return next_key()


def _float_dtype(value):
    return value.dtype if jnp.issubdtype(value.dtype, jnp.floating) else jnp.float32


def uniform_(self, from_=0, to=1, *, generator=None):
    """Fill with draws from the uniform distribution on [from_, to); returns self."""
    value = unwrap(self)
    draw = jax.random.uniform(
        _key(generator, "uniform_"), value.shape, _float_dtype(value), unwrap(from_), unwrap(to)
    )
    return self._assign(draw)


def uniform(self, from_=0.0, to=1.0, generator=None):
    """A new Tensor of this shape and dtype drawn uniformly from [from_, to)."""
    value = unwrap(self)
    return wrap(
        jax.random.uniform(
            _key(generator, "uniform"), value.shape, _float_dtype(value), unwrap(from_), unwrap(to)
        ).astype(value.dtype)
    )


def normal_(self, mean=0, std=1, *, generator=None):
    """Fill with draws from N(mean, std**2); returns self."""
    value = unwrap(self)
    draw = jax.random.normal(_key(generator, "normal_"), value.shape, _float_dtype(value))
    return self._assign(unwrap(mean) + unwrap(std) * draw)


def bernoulli_(self, p=0.5, *, generator=None):
    """Fill with 0/1 draws that are 1 with probability `p` (a number or Tensor); returns self."""
    value = unwrap(self)
    draw = jax.random.uniform(_key(generator, "bernoulli_"), value.shape) < unwrap(p)
    return self._assign(draw)


def bernoulli(self, *, generator=None):
    """0/1 draws, each 1 with the probability given by this Tensor's value."""
    value = unwrap(self)
    draw = jax.random.uniform(_key(generator, "bernoulli"), value.shape) < value
    return wrap(draw.astype(value.dtype))


def random_(self, from_=0, to=None, *, generator=None):
    """Fill with integers drawn uniformly from [from_, to) (to: the dtype's largest value when
    None); returns self."""
    value = unwrap(self)
    if to is None:
        info = jnp.iinfo(value.dtype) if jnp.issubdtype(value.dtype, jnp.integer) else None
        to = info.max if info is not None else 2 ** jnp.finfo(value.dtype).nmant + 1
    draw = jax.random.randint(
        _key(generator, "random_"),
        value.shape,
        unwrap(from_),
        unwrap(to),
        jnp.int32 if int(to) < 2**31 else jnp.int64,
    )
    return self._assign(draw)


def exponential_(self, lambd=1, *, generator=None):
    """Fill with draws from the exponential distribution of rate `lambd`; returns self."""
    value = unwrap(self)
    draw = jax.random.exponential(_key(generator, "exponential_"), value.shape, _float_dtype(value))
    return self._assign(draw / unwrap(lambd))


def cauchy(self, median=0.0, sigma=1.0):
    """A new Tensor of this shape and dtype drawn from Cauchy(median, sigma)."""
    value = unwrap(self)
    draw = jax.random.cauchy(_key(None, "cauchy"), value.shape, _float_dtype(value))
    return wrap((median + sigma * draw).astype(value.dtype))


def log_normal(self, mean=1.0, std=2.0):
    """A new Tensor of this shape and dtype drawn from exp(N(mean, std**2))."""
    value = unwrap(self)
    draw = jax.random.normal(_key(None, "log_normal"), value.shape, _float_dtype(value))
    return wrap(jnp.exp(mean + std * draw).astype(value.dtype))


INPLACE_METHODS = {name: _inplace(name, base) for name, base in _BASES.items()}
INPLACE_METHODS.update(
    {
        "copy_": copy_,
        "zero_": zero_,
        "index_copy_": index_copy_,
        "put_": put_,
        "fill_diagonal_": fill_diagonal_,
        "to_": to_,
        "assign_value": forbidden_in_graph("the method 'Tensor.assign_value'")(copy_),
    }
)
RANDOM_METHODS = {
    "uniform_": uniform_,
    "uniform": uniform,
    "normal_": normal_,
    "bernoulli_": bernoulli_,
    "bernoulli": bernoulli,
    "random_": random_,
    "exponential_": exponential_,
    "cauchy": cauchy,
    "log_normal": log_normal,
}
