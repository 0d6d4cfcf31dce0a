"""Docstrings of `primitive_tables.elementwise`'s complex, matrix, indexing and shape primitives."""

from ._sections import elementwise

__all__ = ["DOCS"]

_X = ["x (Tensor): The input tensor."]
_C = "ms.Tensor([3+4j, 1-1j])"  # complex64
_REAL = "Tensor of the matching real dtype (float32 for complex64), of `x`'s shape."
_SQUARE = ["x (Tensor): A square matrix, or a batch of them (shape ``(..., n, n)``)."]

# Expected outputs come from NumPy/SciPy (np.real, np.angle, scipy.linalg.expm, ...).
DOCS = dict(
    [
        elementwise(
            "Real",
            "The real part of each element of a complex tensor.",
            "real",
            _X,
            _REAL,
            _C,
            "[3. 1.]",
        ),
        elementwise(
            "Imag",
            "The imaginary part of each element of a complex tensor.",
            "imag",
            _X,
            _REAL,
            _C,
            "[ 4. -1.]",
        ),
        elementwise(
            "Conj",
            "The complex conjugate of each element.",
            "conj",
            _X,
            "Tensor of `x`'s shape and dtype.",
            _C,
            "[3.-4.j 1.+1.j]",
        ),
        elementwise(
            "Angle",
            "The argument (phase angle, radians) of each element of a complex tensor.",
            "angle",
            _X,
            _REAL,
            _C,
            "[ 0.92729... -0.78539...]",
        ),
        elementwise(
            "ComplexAbs",
            "The magnitude ``sqrt(re**2 + im**2)`` of each element of a complex tensor.",
            "abs",
            _X,
            _REAL,
            _C,
            "[5. 1.41421...]",
        ),
        elementwise(
            "MatrixDeterminant",
            "The determinant of a square matrix, or of each in a batch.",
            "det",
            _SQUARE,
            "Tensor of shape ``x.shape[:-2]``, of `x`'s dtype.",
            "ms.Tensor([[2.0, 1.0], [1.0, 3.0]])",
            "5.0",
        ),
        elementwise(
            "MatrixExp",
            "The matrix exponential of a square matrix, or of each in a batch.",
            "matrix_exp",
            _SQUARE,
            "Tensor of `x`'s shape and dtype.",
            "ms.Tensor([[0.0, 1.0], [0.0, 0.0]])",
            "[[1. 1.]\n [0. 1.]]",
        ),
        elementwise(
            "MatrixLogarithm",
            "The principal matrix logarithm of a complex square matrix, or of"
            " each in a batch (the inverse of `MatrixExp`).",
            None,
            ["x (Tensor): Complex square matrices, shape ``(..., n, n)``."],
            "Tensor of `x`'s shape and dtype.",
            "ms.Tensor([[1+0j, 0j], [0j, 2+0j]])",
            "[[0. +0.j 0. +0.j]\n [0. +0.j 0.69314...+0.j]]",
        ),
        elementwise(
            "Diag",
            "A tensor with `x` on its diagonal: a rank-k `x` gives a rank-2k tensor of"
            " shape ``x.shape + x.shape``, zero off the diagonal.",
            "diag",
            _X,
            "Tensor of `x`'s dtype, of shape ``x.shape + x.shape``.",
            "ms.Tensor([1.0, 2.0])",
            "[[1. 0.]\n [0. 2.]]",
        ),
        elementwise(
            "Trace",
            "The sum of the main diagonal of a matrix.",
            "trace",
            ["x (Tensor): A 2-D tensor."],
            "Tensor, a scalar of `x`'s dtype.",
            "ms.Tensor([[1.0, 2.0], [3.0, 4.0]])",
            "5.0",
        ),
        elementwise(
            "NonZero",
            "The indices of the nonzero elements of `x`, one row per element.",
            "nonzero",
            _X,
            "Tensor of int64, shape ``(count, x.ndim)``: each row indexes one nonzero element,"
            " in row-major order.",
            "ms.Tensor([[0.0, 2.0], [3.0, 0.0]])",
            "[[0 1]\n [1 0]]",
        ),
    ]
)

DOCS["Geqrf"] = """The QR factorization of a matrix in LAPACK's compact Householder form. The class
form of `ops.geqrf`.

Inputs:
    x (Tensor): A matrix, or a batch of them (shape ``(..., m, n)``).

Outputs:
    Tuple of 2 Tensors: ``y`` holds R on and above the diagonal and the Householder vectors
    below it; ``tau`` (shape ``(..., min(m, n))``) holds the reflectors' scale factors.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> y, tau = ops.Geqrf()(ms.Tensor([[3.0, 1.0], [4.0, 2.0]]))
    >>> print(tau)
    [1.6 0. ]
"""

_XY_SAME = "Tensor of the broadcast shape of the inputs."
DOCS.update(
    [
        elementwise(
            "Polygamma",
            "The polygamma function of order `a`: the (a+1)-th derivative of ``log(gamma(x))``.",
            "polygamma",
            [
                "a (Tensor): The order, a non-negative integer scalar.",
                "x (Tensor): The points, a float tensor.",
            ],
            "Tensor of `x`'s shape and dtype.",
            "ms.Tensor(1), ms.Tensor([1.0, 2.0])",
            "[1.64493... 0.64493...]",
        ),
        elementwise(
            "Polar",
            "The complex numbers of magnitude `abs` and phase `angle`:"
            " ``abs * (cos(angle) + 1j * sin(angle))``.",
            "polar",
            [
                "abs (Tensor): The magnitudes, float32 or float64.",
                "angle (Tensor): The phases in radians, of `abs`'s shape and dtype.",
            ],
            "Tensor of complex64 (complex128 for float64 inputs), of `abs`'s shape.",
            "ms.Tensor([1.0, 2.0]), ms.Tensor([0.0, 0.5])",
            "[1. +0.j 1.75516...+0.95885...j]",
        ),
        elementwise(
            "Complex",
            "The complex numbers ``real + 1j * imag``.",
            None,
            [
                "real (Tensor): The real parts, float32 or float64.",
                "imag (Tensor): The imaginary parts, of `real`'s dtype.",
            ],
            "Tensor of complex64 (complex128 for float64 inputs), " + _XY_SAME[10:],
            "ms.Tensor([1.0, 2.0]), ms.Tensor([0.0, 0.5])",
            "[1.+0.j  2.+0.5j]",
        ),
        elementwise(
            "Ger",
            "The outer product of two vectors: ``out[i, j] = x1[i] * x2[j]``.",
            "ger",
            ["x1 (Tensor): A 1-D tensor of length m.", "x2 (Tensor): A 1-D tensor of length n."],
            "Tensor of shape ``(m, n)``.",
            "ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0])",
            "[[3. 4.]\n [6. 8.]]",
        ),
        elementwise(
            "GatherNd",
            "Gathers the elements (or slices) of `input_x` that the last axis of"
            " `indices` addresses.",
            "gather_nd",
            [
                "input_x (Tensor): The tensor to gather from.",
                "indices (Tensor): int32 or int64, shape ``(..., k)``: each row indexes the first"
                " k axes of `input_x`.",
            ],
            "Tensor of shape ``indices.shape[:-1] + input_x.shape[k:]``.",
            "ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), ms.Tensor([[0, 1], [1, 0]], ms.int32)",
            "[2. 3.]",
        ),
        elementwise(
            "PReLU",
            "The parametric ReLU: `x` where positive, ``weight * x`` elsewhere, with one"
            " slope per channel (axis 1).",
            "prelu",
            [
                "x (Tensor): The input, float, channels on axis 1.",
                "weight (Tensor): The slopes, of shape ``(channels,)`` or ``(1,)``.",
            ],
            "Tensor of `x`'s shape and dtype.",
            "ms.Tensor([[-2.0, 3.0], [-4.0, -1.0]]), ms.Tensor([0.5, 0.1])",
            "[[-1.   3. ]\n [-2.  -0.1]]",
        ),
        elementwise(
            "MaskedSelect",
            "The elements of `x` where `mask` is true, as a 1-D tensor.",
            "masked_select",
            [
                "x (Tensor): The tensor to select from.",
                "mask (Tensor): A bool tensor broadcastable with `x`.",
            ],
            "Tensor, 1-D, of `x`'s dtype.",
            "ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([True, False, True])",
            "[1. 3.]",
        ),
        elementwise(
            "Reshape",
            "`input_x` with a new shape and the same elements in row-major order.",
            "reshape",
            [
                "input_x (Tensor): The tensor to reshape.",
                "input_shape (Union[tuple[int], Tensor]): The new shape; one entry may be -1.",
            ],
            "Tensor of `input_x`'s dtype, of shape `input_shape`.",
            "ms.Tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), (2, 3)",
            "[[1. 2. 3.]\n [4. 5. 6.]]",
        ),
        elementwise(
            "Tile",
            "Repeats `input` `dims[i]` times along each axis i.",
            "tile",
            [
                "input (Tensor): The tensor to repeat.",
                "dims (tuple[int]): The repetitions per axis.",
            ],
            "Tensor of `input`'s dtype, each axis `dims[i]` times longer.",
            "ms.Tensor([1.0, 2.0]), (2, 2)",
            "[[1. 2. 1. 2.]\n [1. 2. 1. 2.]]",
        ),
        elementwise(
            "Expand",
            "Broadcasts `x` to `shape`.",
            "broadcast_to",
            [
                "x (Tensor): The tensor to broadcast.",
                "shape (Tensor): The target shape, a 1-D integer tensor.",
            ],
            "Tensor of `x`'s dtype, of shape `shape`.",
            "ms.Tensor([[1.0], [2.0]]), ms.Tensor([2, 3])",
            "[[1. 1. 1.]\n [2. 2. 2.]]",
        ),
    ]
)
