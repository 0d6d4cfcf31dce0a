"""vmap's argument errors carry MindSpore's exception types (RuntimeError for the axes, as its
graph compiler raises) besides msfunc's ValueError/TypeError, raised where msfunc checks them
or where JAX does."""

import numpy as np
import pytest

import msfunc as ms
from msfunc import nn

X = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


def _add_and_pass(x, y, z):
    return x + y, z


@pytest.mark.parametrize(
    ("make", "types"),
    [
        (lambda: ms.vmap(_add_and_pass, in_axes=None)(X, X, 1), (ValueError, RuntimeError)),
        (
            lambda: ms.vmap(_add_and_pass, in_axes=(1.0, 1, None))(X, X, 1),
            (TypeError, RuntimeError),
        ),
        (
            lambda: ms.vmap(_add_and_pass, (1, 1, None), (0, 0, 0))(X, X, 1),
            (ValueError, RuntimeError),
        ),
        (
            lambda: ms.vmap(_add_and_pass, (1, 1, None), (None, 0))(X, X, 1),
            (ValueError, RuntimeError),
        ),
        (lambda: ms.vmap(_add_and_pass, (-3, 2, None))(X, X, 1), (ValueError, RuntimeError)),
        (lambda: ms.vmap(_add_and_pass, (1, 0, None))(X, X, 1), (ValueError, RuntimeError)),
        (lambda: ms.vmap(_add_and_pass, (1, 1, None), (0, 1))(X, X, 1), (ValueError, RuntimeError)),
        (lambda: ms.vmap(_add_and_pass, (1, 1, None))(X, X), (TypeError, ValueError)),
        (lambda: ms.vmap(lambda: 1)(), (ValueError, RuntimeError)),
    ],
)
def test_axis_errors_have_both_exception_types(make, types):
    with pytest.raises(types[0]) as first:
        make()
    assert isinstance(first.value, types[1]), type(first.value).__mro__


def test_cell_list_of_differently_built_cells_is_refused_before_tracing():
    cells = nn.CellList([nn.Dense(3, 2), nn.Dense(3, 4)])
    with pytest.raises(RuntimeError, match="CellList item 1"):
        ms.vmap(cells)(ms.Tensor(np.ones((2, 3), np.float32)))


def test_a_value_error_of_the_function_itself_is_left_alone():
    def picky(x):
        raise ValueError("the function's own complaint")

    with pytest.raises(ValueError, match="own complaint") as err:
        ms.vmap(picky)(X)
    assert not isinstance(err.value, RuntimeError)
