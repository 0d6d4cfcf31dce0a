"""Docstrings of the linear-algebra primitives: factorizations, solves, inverses and norms."""

from ._sections import FLOAT_X, SAME_AS_X, class_form, docstring, example

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "Cholesky": """The Cholesky factor of symmetric positive-definite matrices: `ops.cholesky`.

    Args:
        upper (bool): Whether the upper factor ``U`` (``A = U^T U``) is returned instead of
            the lower ``L`` (``A = L L^T``). Default: ``False``.

    Inputs:
        x (Tensor): Matrices of shape ``(..., n, n)``.

    Outputs:
        Tensor of `x`'s shape: the triangular factors.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Cholesky()(ms.Tensor([[4.0, 2.0], [2.0, 2.0]])))
        [[2. 0.]
         [1. 1.]]
    """,
    "MatrixInverse": """The inverse of square matrices: the class form of `ops.inverse`.

    Args:
        adjoint (bool): Whether the inverse of the conjugate transpose is returned.
            Default: ``False``.

    Inputs:
        x (Tensor): Invertible matrices of shape ``(..., n, n)``.

    Outputs:
        Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.MatrixInverse()(ms.Tensor([[2.0, 0.0], [0.0, 4.0]])))
        [[0.5  0.  ]
         [0.   0.25]]
    """,
    "MatrixPower": """An integer power of square matrices: the class form of `ops.matrix_power`.

    Args:
        n (int): The exponent; negative powers invert.

    Inputs:
        x (Tensor): Matrices of shape ``(..., m, m)``.

    Outputs:
        Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.MatrixPower(3)(ms.Tensor([[[1.0, 1.0], [0.0, 1.0]]])))
        [[[1. 3.]
          [0. 1.]]]
    """,
    "MatrixSolve": """Solves ``a @ x = b`` for square `a`: the class form of `ops.matrix_solve`.

    Args:
        adjoint (bool): Whether ``a``'s conjugate transpose is used. Default: ``False``.

    Inputs:
        a (Tensor): Matrices of shape ``(..., n, n)``.
        b (Tensor): Right-hand sides of shape ``(..., n, k)``.

    Outputs:
        Tensor of `b`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, b = ms.Tensor([[2.0, 1.0], [1.0, 3.0]]), ms.Tensor([[3.0], [4.0]])
        >>> print(ops.MatrixSolve()(a, b))
        [[1.]
         [1.]]
    """,
    "LogMatrixDeterminant": """The sign and the log of the absolute determinant of square matrices.

    The class form of `ops.log_matrix_determinant`.

    Inputs:
        x (Tensor): Matrices of shape ``(..., n, n)``.

    Outputs:
        tuple of two Tensors of shape ``x.shape[:-2]``: the signs and the log-magnitudes.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> sign, logdet = ops.LogMatrixDeterminant()(ms.Tensor([[2.0, 0.0], [0.0, -3.0]]))
        >>> print(sign, logdet)
        -1.0 1.7917595
    """,
    "Qr": """The QR factorization ``x = q @ r``: the class form of `ops.qr`.

    Args:
        full_matrices (bool): Whether `q` is square ``(m, m)`` rather than ``(m, k)``,
            ``k = min(m, n)``. Default: ``False``.

    Inputs:
        x (Tensor): Matrices of shape ``(..., m, n)``.

    Outputs:
        tuple of two Tensors: `q` with orthonormal columns and upper-triangular `r`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[3.0, 1.0], [4.0, 2.0], [0.0, 2.0]])
        >>> q, r = ops.Qr()(x)
        >>> print(q.shape, r.shape, ops.MatMul()(q, r).asnumpy().round(4).tolist())
        (3, 2) (2, 2) [[3.0, 1.0], [4.0, 2.0], [0.0, 2.0]]
    """,
    "Svd": """The singular value decomposition ``x = u @ diag(s) @ v^H``: `ops.svd`'s class.

    Args:
        full_matrices (bool): Whether `u` and `v` are square rather than reduced.
            Default: ``False``.
        compute_uv (bool): Whether `u` and `v` are computed; without them only `s` is
            returned. Default: ``True``.

    Inputs:
        x (Tensor): Matrices of shape ``(..., m, n)``.

    Outputs:
        tuple of Tensors ``(s, u, v)`` (`s` in descending order), or `s` alone.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> s, u, v = ops.Svd()(ms.Tensor([[3.0, 0.0], [0.0, -4.0]]))
        >>> print(s)
        [4. 3.]
    """,
    "Eig": """The eigenvalues (and eigenvectors) of square matrices.

    Args:
        compute_v (bool): Whether the eigenvectors are computed. Default: ``False``.

    Inputs:
        x (Tensor): Matrices of shape ``(..., n, n)``.

    Outputs:
        tuple of two complex Tensors: the eigenvalues ``(..., n)`` and the unit eigenvectors
        as columns ``(..., n, n)`` (an empty tensor without `compute_v`).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, _ = ops.Eig()(ms.Tensor([[2.0, 0.0], [0.0, 3.0]]))
        >>> print(values)
        [2.+0.j 3.+0.j]
    """,
    "Cdist": """The p-norm distances between two sets of row vectors: the class form of `ops.cdist`.

    Args:
        p (float): The order of the norm. Default: ``2.0``.

    Inputs:
        x (Tensor): Vectors of shape ``(..., P, M)``.
        y (Tensor): Vectors of shape ``(..., R, M)``.

    Outputs:
        Tensor of shape ``(..., P, R)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, y = ms.Tensor([[0.0, 0.0], [3.0, 4.0]]), ms.Tensor([[0.0, 0.0]])
        >>> print(ops.Cdist()(x, y))
        [[0.]
         [5.]]
    """,
    "Pdist": """The p-norm distance between every pair of rows: the class form of `ops.pdist`.

    Args:
        p (float): The order of the norm. Default: ``2.0``.

    Inputs:
        x (Tensor): Vectors of shape ``(..., N, M)``.

    Outputs:
        Tensor of shape ``(..., N * (N - 1) / 2)``: pairs ``(i, j)``, ``i < j``, in order.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Pdist()(ms.Tensor([[0.0, 0.0], [3.0, 4.0], [6.0, 8.0]])))
        [ 5. 10.  5.]
    """,
    "CholeskyInverse": """The inverse of a matrix from its Cholesky factor: `ops.cholesky_inverse`.

    Args:
        upper (bool): Whether `x` is the upper factor ``U`` (``A = U^T U``) rather than the
            lower ``L``. Default: ``False``.

    Inputs:
        x (Tensor): A triangular Cholesky factor, of shape ``(n, n)``.

    Outputs:
        Tensor of `x`'s shape: the inverse of ``A``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.CholeskyInverse()(ms.Tensor([[2.0, 0.0], [1.0, 1.0]])))
        [[ 0.5 -0.5]
         [-0.5  1. ]]
    """,
    "CholeskySolve": """Solves ``A x = b`` given the Cholesky factor of ``A``: `ops.cholesky_solve`.

    Args:
        upper (bool): Whether `x2` is the upper factor rather than the lower.
            Default: ``False``.

    Inputs:
        x1 (Tensor): The right-hand sides `b`, of shape ``(..., n, k)``.
        x2 (Tensor): The triangular factor of ``A``, of shape ``(..., n, n)``.

    Outputs:
        Tensor of `x1`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> b, factor = ms.Tensor([[1.0], [2.0]]), ms.Tensor([[2.0, 0.0], [0.0, 1.0]])
        >>> print(ops.CholeskySolve()(b, factor))
        [[0.25]
         [2.  ]]
    """,
    "Lstsq": """The least-squares solution of ``x @ out = a``.

    Args:
        fast (bool): Whether the normal equations (Cholesky) are used rather than an
            orthogonal factorization. Default: ``True``.
        l2_regularizer (float): A ridge term added to the normal equations. Default: ``0.0``.

    Inputs:
        x (Tensor): The matrix, of shape ``(m, n)``.
        a (Tensor): The right-hand sides, of shape ``(m,)`` or ``(m, k)``.

    Outputs:
        Tensor of shape ``(n,)`` or ``(n, k)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 0.0], [0.0, 2.0], [0.0, 0.0]])
        >>> print(ops.Lstsq()(x, ms.Tensor([[1.0], [2.0], [5.0]])))
        [[1.]
         [1.]]
    """,
    "LuSolve": """Solves ``A x = b`` from a packed LU factorization of ``A``: `ops.lu_solve`.

    Inputs:
        b (Tensor): The right-hand sides, of shape ``(..., n, k)``.
        lu (Tensor): ``L`` (unit diagonal, below) and ``U`` packed in one ``(..., n, n)``.
        piv (Tensor): The int32 row swaps, 1-based (LAPACK's ``ipiv``), of shape ``(..., n)``.

    Outputs:
        Tensor of `b`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> lu = ms.Tensor([[2.0, 1.0], [0.5, 2.5]])
        >>> b, piv = ms.Tensor([[3.0], [4.0]]), ms.Tensor([1, 2], ms.int32)
        >>> print(ops.LuSolve()(b, lu, piv))
        [[1.]
         [1.]]
    """,
    "LuUnpack": """Unpacks an LU factorization into ``P``, ``L`` and ``U``: `ops.lu_unpack`'s class.

    Args:
        unpack_data (bool): Whether ``L`` and ``U`` are unpacked. Default: ``True``.
        unpack_pivots (bool): Whether the permutation ``P`` is built. Default: ``True``.

    Inputs:
        lu (Tensor): ``L`` (unit diagonal, below) and ``U`` packed in one ``(..., m, n)``.
        piv (Tensor): The int32 row swaps, 1-based.

    Outputs:
        tuple of three Tensors ``(P, L, U)`` with ``A = P @ L @ U``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> lu = ms.Tensor([[2.0, 1.0], [0.5, 2.5]])
        >>> p, l, u = ops.LuUnpack()(lu, ms.Tensor([2, 2], ms.int32))
        >>> print(p)
        [[0. 1.]
         [1. 0.]]
        >>> print(l)
        [[1.  0. ]
         [0.5 1. ]]
    """,
    "Orgqr": """The matrix ``Q`` of a QR factorization from Householder reflectors: `ops.orgqr`.

    Inputs:
        x (Tensor): The reflectors below the diagonal (as `geqrf` returns), ``(..., m, n)``.
        tau (Tensor): The reflector scales, of shape ``(..., n)``.

    Outputs:
        Tensor of `x`'s shape: the first `n` columns of ``H_1 ... H_n``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Orgqr()(ms.Tensor([[1.0], [1.0]]), ms.Tensor([1.0])))
        [[ 0.]
         [-1.]]
    """,
    "Ormqr": """Multiplies a matrix by the ``Q`` of Householder reflectors: `ops.ormqr`'s class.

    Args:
        left (bool): Whether ``Q`` multiplies from the left. Default: ``True``.
        transpose (bool): Whether ``Q``'s (conjugate) transpose is used. Default: ``False``.

    Inputs:
        x (Tensor): The reflectors below the diagonal, ``(..., m, n)``.
        tau (Tensor): The reflector scales, of shape ``(..., n)``.
        other (Tensor): The matrix multiplied.

    Outputs:
        Tensor of `other`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, tau = ms.Tensor([[1.0], [1.0]]), ms.Tensor([1.0])
        >>> print(ops.Ormqr()(x, tau, ms.Tensor([[1.0, 2.0], [3.0, 4.0]])))
        [[-3. -4.]
         [-1. -2.]]
    """,
    "Renorm": docstring(
        class_form(
            "Rescales each slice along `dim` whose p-norm exceeds `maxnorm` down to it.", "renorm"
        ),
        example(
            "ops.Renorm(2, 0, 1.0)(x).asnumpy().round(4)",
            "[[0.6 0.8]\n [0.3 0.4]]",
            setup=["x = ms.Tensor([[3.0, 4.0], [0.3, 0.4]])"],
        ),
        args=[
            "p (int): The order of the norm.",
            "dim (int): The dimension whose slices are measured.",
            "maxnorm (float): The largest norm allowed.",
        ],
        inputs=[FLOAT_X],
        outputs=SAME_AS_X,
    ),
    "MatrixSolveLs": """The (regularized) least-squares solutions of batched ``matrix @ x = rhs``.

    Args:
        fast (bool): Whether the normal equations are used rather than an orthogonal
            factorization. Default: ``True``.

    Inputs:
        matrix (Tensor): Matrices of shape ``(..., m, n)``.
        rhs (Tensor): Right-hand sides of shape ``(..., m, k)``.
        l2 (Tensor): A 0-d float64 tensor, the ridge term.

    Outputs:
        Tensor of shape ``(..., n, k)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a = ms.Tensor([[1.0, 0.0], [0.0, 2.0], [0.0, 0.0]])
        >>> rhs = ms.Tensor([[1.0], [2.0], [5.0]])
        >>> print(ops.MatrixSolveLs()(a, rhs, ms.Tensor(0.0, ms.float64)))
        [[1.]
         [1.]]
    """,
    "MatrixTriangularSolve": """Solves ``matrix @ x = rhs`` for triangular matrices.

    Args:
        lower (bool): Whether `matrix` is lower triangular (its other triangle is ignored).
            Default: ``True``.
        adjoint (bool): Whether the conjugate transpose of `matrix` is used.
            Default: ``False``.

    Inputs:
        matrix (Tensor): Triangular matrices of shape ``(..., n, n)``.
        rhs (Tensor): Right-hand sides of shape ``(..., n, k)``.

    Outputs:
        Tensor of `rhs`' shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, rhs = ms.Tensor([[2.0, 0.0], [1.0, 1.0]]), ms.Tensor([[2.0], [3.0]])
        >>> print(ops.MatrixTriangularSolve()(a, rhs))
        [[1.]
         [2.]]
    """,
    "NuclearNorm": """The nuclear norm (sum of singular values) of matrices.

    Args:
        dim (Optional[list[int]]): The two dimensions holding the matrix; ``None`` takes the
            last two. Default: ``None``.
        keepdim (bool): Whether those dimensions stay with size 1. Default: ``False``.

    Inputs:
        x (Tensor): A float tensor of rank 2 or more.

    Outputs:
        Tensor of `x`'s shape without the two matrix dimensions.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.NuclearNorm()(ms.Tensor([[1.0, 2.0], [3.0, 4.0]])).asnumpy().round(4))
        5.831
    """,
    "ConjugateTranspose": """Permutes dimensions and conjugates: the class form of `ops.adjoint`.

    Inputs:
        x (Tensor): The input tensor (real tensors are only permuted).
        perm (tuple[int, ...]): Dimension `i` of the result is dimension ``perm[i]`` of `x`.

    Outputs:
        Tensor with `x`'s dimensions reordered and its values conjugated.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.ConjugateTranspose()(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), (1, 0)))
        [[1. 3.]
         [2. 4.]]
    """,
}
