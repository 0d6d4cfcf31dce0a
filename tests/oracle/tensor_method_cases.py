"""Tensor-method programs run unchanged by real MindSpore (gen_tensor_methods.py) and msfunc.

Each case is ``case(ms, T)``: `ms` is the package (``mindspore`` or ``msfunc``) and
``T(array)`` makes a Tensor from a numpy array. Cases return a Tensor, a Python value or a
tuple of them; the prefix of the name is the family. Inputs are fixed arrays, never seeds.
"""

import numpy as np

X = ((np.arange(12, dtype=np.float32).reshape(3, 4) - 5.0) / 7.0).astype(np.float32)
Y = np.array([[0.5, -1.0, 2.0, 0.25], [1.5, 0.0, -0.5, 3.0], [2.0, 1.0, 1.0, -2.0]], np.float32)
P = (np.abs(X) + 0.5).astype(np.float32)  # positive
U = (X * 0.9).astype(np.float32)  # inside (-1, 1)
Q = np.array([[3.0, 1.0, 2.0, 1.0], [1.0, 3.0, 1.0, 2.0], [2.0, 1.0, 1.0, 2.0]], np.float32)
I = np.array([[3, -2, 5, 0], [1, 4, -6, 2], [7, 0, 1, -3]], np.int64)
NI = np.array([[3, 2, 5, 0], [1, 4, 6, 2], [7, 0, 1, 3]], np.int32)  # non-negative ints
M = np.array([[True, False, True, False], [False, False, True, True], [True, True, False, False]])
A = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], np.float32)  # SPD
B3 = np.array([[1.0, 2.0], [0.5, -1.0], [2.0, 0.0]], np.float32)
V3 = np.array([1.0, -2.0, 0.5], np.float32)
V4 = np.array([0.5, 1.0, -1.0, 2.0], np.float32)
BATCH = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 10.0
BATCH2 = np.arange(16, dtype=np.float32).reshape(2, 4, 2) / 10.0
IDX = np.array([[0, 2, 1, 3], [1, 0, 3, 2], [2, 1, 0, 0]], np.int64)
ROWS = np.array([2, 0], np.int32)
YT = (Y + np.arange(12, dtype=np.float32).reshape(3, 4) / 64).astype(np.float32)  # no ties


def _doolittle(a):
    """LU factors of a matrix that needs no pivoting, packed as LAPACK's getrf packs them."""
    lu = a.astype(np.float64).copy()
    for k in range(len(lu)):
        lu[k + 1 :, k] /= lu[k, k]
        lu[k + 1 :, k + 1 :] -= np.outer(lu[k + 1 :, k], lu[k, k + 1 :])
    return lu.astype(np.float32)


LU = _doolittle(A)
PIVOTS = np.array([1, 2, 3], np.int32)
NAN = np.array([[1.0, np.nan, 3.0, -np.inf], [np.inf, 2.0, np.nan, 0.5]], np.float32)


def _resolve(arg, ms, T):
    if isinstance(arg, tuple):
        return tuple(_resolve(a, ms, T) for a in arg)
    return arg(ms, T) if callable(arg) else arg


def inplace(method, *args, **kwargs):
    """A case calling an in-place method on ``T(source)``; it returns what the method returns.

    (MindSpore 2.10 on CPU returns the result without writing it into the Tensor, so the
    golden value is the result; tests/common/test_tensor_methods.py checks the write itself.)
    """

    def case(ms, T, source=X):
        x = T(source)
        return getattr(x, method)(*[_resolve(a, ms, T) for a in args], **kwargs)

    return case


def _t(array):
    return lambda ms, T: T(array)


UNARY = [
    "abs",
    "absolute",
    "neg",
    "negative",
    "positive",
    "ceil",
    "floor",
    "trunc",
    "frac",
    "round",
    "sign",
    "sgn",
    "signbit",
    "square",
    "exp",
    "expm1",
    "sin",
    "cos",
    "tan",
    "sinh",
    "cosh",
    "tanh",
    "arcsinh",
    "asinh",
    "arctan",
    "atan",
    "erf",
    "erfc",
    "sigmoid",
    "sinc",
    "deg2rad",
    "rad2deg",
    "isfinite",
    "isinf",
    "isnan",
    "isneginf",
    "isposinf",
    "isreal",
    "logical_not",
    "i0",
    "angle",
    "conj",
    "ravel",
    "t",
    "fliplr",
    "flipud",
    "adjoint",
    "argwhere",
    "msort",
    "nonzero",
    "diagflat",
    "positive",
    "lgamma",
    "trunc",
    "is_complex",
    "is_floating_point",
    "is_signed",
    "dim",
    "ndimension",
    "numel",
    "nelement",
    "clone",
    "copy",
    "contiguous",
    "is_contiguous",
    "tolist",
    "value",
    "float",
    "double",
    "half",
    "int",
    "long",
    "short",
    "bool",
    "byte",
    "asnumpy",
    "numpy",
    "bfloat16",
]
POSITIVE_UNARY = [
    "digamma",
    "log",
    "log2",
    "log10",
    "log1p",
    "sqrt",
    "rsqrt",
    "reciprocal",
    "inv",
    "erfinv",
    "logit",
    "arccosh",
    "acosh",
]
OPEN_UNIT = ["arcsin", "asin", "arccos", "acos", "arctanh", "atanh", "erfinv", "logit"]
BINARY = [
    "add",
    "sub",
    "subtract",
    "mul",
    "multiply",
    "div",
    "divide",
    "true_divide",
    "floor_divide",
    "fmod",
    "remainder",
    "maximum",
    "minimum",
    "fmax",
    "fmin",
    "atan2",
    "arctan2",
    "hypot",
    "copysign",
    "logaddexp",
    "logaddexp2",
    "xdivy",
    "xlogy",
    "nextafter",
    "heaviside",
    "eq",
    "ne",
    "not_equal",
    "lt",
    "less",
    "le",
    "less_equal",
    "gt",
    "greater",
    "ge",
    "greater_equal",
    "equal",
    "isclose",
    "allclose",
    "float_power",
    "pow",
    "approximate_equal",
    "ldexp",
    "igamma",
    "igammac",
]
INT_BINARY = [
    "bitwise_and",
    "bitwise_or",
    "bitwise_xor",
    "gcd",
    "lcm",
    "bitwise_left_shift",
    "bitwise_right_shift",
]

CASES = {}
for _name in UNARY:
    CASES[f"unary.{_name}"] = (lambda n: lambda ms, T: getattr(T(X), n)())(_name)
for _name in POSITIVE_UNARY:
    CASES[f"unary.{_name}.positive"] = (lambda n: lambda ms, T: getattr(T(P + 1.0), n)())(_name)
for _name in OPEN_UNIT:
    CASES[f"unary.{_name}.unit"] = (
        lambda n: lambda ms, T: getattr(T(np.abs(U) * 0.9 + 0.05), n)()
    )(_name)
for _name in BINARY:
    CASES[f"binary.{_name}"] = (lambda n: lambda ms, T: getattr(T(P), n)(T(Q)))(_name)
    CASES[f"binary.{_name}.scalar"] = (lambda n: lambda ms, T: getattr(T(P), n)(2.0))(_name)
for _name in INT_BINARY:
    CASES[f"binary.{_name}.int"] = (lambda n: lambda ms, T: getattr(T(NI), n)(T(NI[::-1].copy())))(
        _name
    )
CASES.update(
    {
        "unary.bitwise_not": lambda ms, T: T(I).bitwise_not(),
        "unary.invert": lambda ms, T: T(I).invert(),
        "unary.int.abs": lambda ms, T: T(I).abs(),
        "unary.int.float": lambda ms, T: T(I).float(),
        "unary.round.decimals": lambda ms, T: T(X * 10).round(decimals=1),
        "unary.logit.eps": lambda ms, T: T(np.abs(U)).logit(eps=0.1),
        "unary.nan_to_num": lambda ms, T: T(NAN).nan_to_num(0.0, 10.0, -10.0),
        "unary.hardshrink": lambda ms, T: T(X).hardshrink(0.3),
        "unary.soft_shrink": lambda ms, T: T(X).soft_shrink(0.3),
        "unary.mvlgamma": lambda ms, T: T(P + 2).mvlgamma(2),
        "unary.clamp": lambda ms, T: T(X).clamp(-0.3, 0.4),
        "unary.clamp.min": lambda ms, T: T(X).clamp(min=0.0),
        "unary.clip": lambda ms, T: T(X).clip(-0.3, 0.4),
        "unary.lerp": lambda ms, T: T(X).lerp(T(Y), 0.25),
        "unary.addcdiv": lambda ms, T: T(X).addcdiv(T(Y), T(P), value=0.5),
        "unary.addcmul": lambda ms, T: T(X).addcmul(T(Y), T(P), 0.5),
        "unary.add.alpha": lambda ms, T: T(X).add(T(Y), alpha=2.0),
        "unary.sub.alpha": lambda ms, T: T(X).sub(T(Y), alpha=0.5),
        "unary.div.floor": lambda ms, T: T(X).div(T(P), rounding_mode="floor"),
        "unary.div.trunc": lambda ms, T: T(X).div(T(P), rounding_mode="trunc"),
        "unary.softmax": lambda ms, T: T(X).softmax(1),
        "unary.softmax.axis0": lambda ms, T: T(X).softmax(axis=0),
        "unary.where": lambda ms, T: T(X).where(T(M), T(Y)),
        "unary.select.cond": lambda ms, T: T(X).select(T(M), T(Y)),
        "unary.fill": lambda ms, T: T(X).fill(2.5),
        "unary.fills": lambda ms, T: T(X).fills(2.5),
        "unary.logical_and": lambda ms, T: T(M).logical_and(T(M[::-1].copy())),
        "unary.logical_or": lambda ms, T: T(M).logical_or(T(M[::-1].copy())),
        "unary.logical_xor": lambda ms, T: T(M).logical_xor(T(M[::-1].copy())),
        # reductions
        "reduce.sum": lambda ms, T: T(X).sum(),
        "reduce.sum.dim": lambda ms, T: T(X).sum(1, True),
        "reduce.sum.kw": lambda ms, T: T(X).sum(dim=0, keepdim=True),
        "reduce.sum.axis": lambda ms, T: T(X).sum(axis=1, keepdims=True),
        "reduce.sum.dtype": lambda ms, T: T(I).sum(dtype=ms.float32),
        "reduce.sum.int32": lambda ms, T: T(NI).sum(1),
        "reduce.sum.bool": lambda ms, T: T(M).sum(),
        "reduce.mean": lambda ms, T: T(X).mean(),
        "reduce.mean.dim": lambda ms, T: T(X).mean(1, True),
        "reduce.mean.axis": lambda ms, T: T(X).mean(axis=0, keep_dims=True),
        "reduce.prod": lambda ms, T: T(P).prod(1),
        "reduce.prod.keep": lambda ms, T: T(P).prod(0, True),
        "reduce.nansum": lambda ms, T: T(NAN[:, :3].copy()).nansum(1),
        "reduce.nanmean": lambda ms, T: T(NAN[:, :3].copy()).nanmean(1),
        "reduce.all": lambda ms, T: T(M).all(),
        "reduce.all.axis": lambda ms, T: T(M).all(1),
        "reduce.any": lambda ms, T: T(M).any(0),
        "reduce.any.keep": lambda ms, T: T(M).any(axis=1, keep_dims=True),
        "reduce.amax": lambda ms, T: T(X).amax(1),
        "reduce.amin": lambda ms, T: T(X).amin(0, True),
        "reduce.aminmax": lambda ms, T: T(X).aminmax(axis=1),
        "reduce.max": lambda ms, T: T(X).max(),
        "reduce.max.axis": lambda ms, T: T(X).max(axis=1),
        "reduce.max.axis_keepdims": lambda ms, T: T(X).max(axis=0, keepdims=True),
        "reduce.max.dim": lambda ms, T: T(X).max(1),
        "reduce.max.dim_keepdim": lambda ms, T: T(X).max(dim=0, keepdim=True),
        "reduce.max.return_indices": lambda ms, T: T(X).max(axis=1, return_indices=True),
        "reduce.max.initial_where": lambda ms, T: T(X).max(axis=0, initial=0.3, where=T(M)),
        "reduce.min": lambda ms, T: T(X).min(),
        "reduce.min.axis": lambda ms, T: T(X).min(axis=1),
        "reduce.min.dim": lambda ms, T: T(X).min(1),
        "reduce.min.return_indices": lambda ms, T: T(X).min(axis=0, return_indices=True),
        "reduce.min.initial": lambda ms, T: T(X).min(axis=0, initial=-0.1),
        "reduce.argmax": lambda ms, T: T(Y).argmax(),
        "reduce.argmax.axis": lambda ms, T: T(Y).argmax(1),
        "reduce.argmax.keep": lambda ms, T: T(Y).argmax(dim=0, keepdim=True),
        "reduce.argmin": lambda ms, T: T(Y).argmin(axis=1),
        "reduce.argmax_with_value": lambda ms, T: T(Y).argmax_with_value(),
        "reduce.argmin_with_value": lambda ms, T: T(Y).argmin_with_value(axis=1, keep_dims=True),
        "reduce.std": lambda ms, T: T(X).std(),
        "reduce.std.axis": lambda ms, T: T(X).std(1),
        "reduce.std.ddof": lambda ms, T: T(X).std(axis=1, ddof=1, keepdims=True),
        "reduce.std.dim": lambda ms, T: T(X).std(dim=1),
        "reduce.var": lambda ms, T: T(X).var(0),
        "reduce.var.dim": lambda ms, T: T(X).var(dim=0, correction=0),
        "reduce.ptp": lambda ms, T: T(X).ptp(1),
        "reduce.ptp.all": lambda ms, T: T(X).ptp(),
        "reduce.median": lambda ms, T: T(Y).median(),
        "reduce.median.axis": lambda ms, T: T(Y).median(1),
        "reduce.median.axis0": lambda ms, T: T(Y).median(axis=0, keepdims=True),
        "reduce.nanmedian": lambda ms, T: T(Y).nanmedian(1),
        "reduce.quantile": lambda ms, T: T(X).quantile(0.3, axis=1),
        "reduce.nanquantile": lambda ms, T: T(X).nanquantile(0.7),
        "reduce.logsumexp": lambda ms, T: T(X).logsumexp(1),
        "reduce.logsumexp.keep": lambda ms, T: T(X).logsumexp(0, True),
        "reduce.norm": lambda ms, T: T(X).norm(),
        "reduce.norm.dim": lambda ms, T: T(X).norm(1, dim=1),
        "reduce.count_nonzero": lambda ms, T: T(I).count_nonzero(),
        "reduce.count_nonzero.dim": lambda ms, T: T(I).count_nonzero(dim=1),
        "reduce.count_nonzero.axis": lambda ms, T: T(I).count_nonzero(axis=0, keep_dims=True),
        "reduce.cumsum": lambda ms, T: T(X).cumsum(1),
        "reduce.cumsum.none": lambda ms, T: T(X).cumsum(),
        "reduce.cumsum.axis": lambda ms, T: T(X).cumsum(axis=0),
        "reduce.cumprod": lambda ms, T: T(P).cumprod(0),
        "reduce.cummax": lambda ms, T: T(Y).cummax(1),
        "reduce.cummin": lambda ms, T: T(Y).cummin(0),
        "reduce.logcumsumexp": lambda ms, T: T(X).logcumsumexp(1),
        "reduce.diff": lambda ms, T: T(X).diff(),
        "reduce.diff.axis": lambda ms, T: T(X).diff(axis=0),
        "reduce.trace": lambda ms, T: T(A).trace(),
        "reduce.trace.offset": lambda ms, T: T(X).trace(1),
        "reduce.cov": lambda ms, T: T(X).cov(),
        "reduce.histc": lambda ms, T: T(X).histc(4, -1.0, 1.0),
        "reduce.bincount": lambda ms, T: T(NI.reshape(-1)).bincount(),
        "reduce.bincount.weights": lambda ms, T: T(NI.reshape(-1)).bincount(T(X.reshape(-1)), 9),
        "reduce.topk": lambda ms, T: T(YT).topk(2),
        "reduce.topk.dim": lambda ms, T: T(YT).topk(2, dim=0, largest=False),
        "reduce.top_k": lambda ms, T: T(YT).top_k(2),
        "reduce.kthvalue": lambda ms, T: T(Y).kthvalue(2),
        "reduce.kthvalue.dim": lambda ms, T: T(Y).kthvalue(1, 0, True),
        "reduce.sort": lambda ms, T: T(Y).sort(),
        "reduce.sort.axis": lambda ms, T: T(Y).sort(axis=0, descending=True),
        "reduce.sort.dim": lambda ms, T: T(Y).sort(dim=0),
        "reduce.argsort": lambda ms, T: T(Y).argsort(),
        "reduce.argsort.desc": lambda ms, T: T(Y).argsort(axis=0, descending=True),
        "reduce.unique": lambda ms, T: T(NI).unique(),
        "reduce.unique.inverse": lambda ms, T: T(NI).unique(
            return_inverse=True, return_counts=True
        ),
        "reduce.unique_consecutive": lambda ms, T: T(
            np.array([1, 1, 2, 2, 3, 1, 1], np.int32)
        ).unique_consecutive(True, True),
        "reduce.unique_with_pad": lambda ms, T: T(
            np.array([1, 1, 2, 5, 3], np.int32)
        ).unique_with_pad(0),
        "reduce.searchsorted": lambda ms, T: T(
            np.array([1.0, 2.0, 3.0, 5.0], np.float32)
        ).searchsorted(T(np.array([0.5, 2.0, 4.0], np.float32))),
        "reduce.searchsorted.right": lambda ms, T: T(
            np.array([1.0, 2.0, 3.0, 5.0], np.float32)
        ).searchsorted(T(np.array([0.5, 2.0, 4.0], np.float32)), side="right"),
        "reduce.unsorted_segment_max": lambda ms, T: T(X).unsorted_segment_max(
            T(np.array([0, 1, 0], np.int32)), 2
        ),
        "reduce.unsorted_segment_min": lambda ms, T: T(X).unsorted_segment_min(
            T(np.array([0, 1, 0], np.int32)), 2
        ),
        "reduce.unsorted_segment_prod": lambda ms, T: T(X).unsorted_segment_prod(
            T(np.array([0, 1, 0], np.int32)), 2
        ),
        "reduce.renorm": lambda ms, T: T(X).renorm(2, 0, 0.5),
        # shape and manipulation
        "shape.view": lambda ms, T: T(X).view(4, 3),
        "shape.view.tuple": lambda ms, T: T(X).view((2, -1)),
        "shape.view.dtype": lambda ms, T: T(X).view(ms.int32),
        "shape.view_as": lambda ms, T: T(X).view_as(T(Y.reshape(4, 3).copy())),
        "shape.reshape": lambda ms, T: T(X).reshape(2, 6),
        "shape.reshape.tuple": lambda ms, T: T(X).reshape((6, -1)),
        "shape.reshape_as": lambda ms, T: T(X).reshape_as(T(Y.reshape(6, 2).copy())),
        "shape.flatten": lambda ms, T: T(BATCH).flatten(),
        "shape.flatten.start": lambda ms, T: T(BATCH).flatten(1),
        "shape.flatten.range": lambda ms, T: T(BATCH).flatten(start_dim=0, end_dim=1),
        "shape.transpose": lambda ms, T: T(BATCH).transpose(0, 2),
        "shape.transpose.perm": lambda ms, T: T(BATCH).transpose(1, 2, 0),
        "shape.transpose.tuple": lambda ms, T: T(BATCH).transpose((2, 0, 1)),
        "shape.transpose.none": lambda ms, T: T(BATCH).transpose(),
        "shape.permute": lambda ms, T: T(BATCH).permute(2, 0, 1),
        "shape.permute.tuple": lambda ms, T: T(BATCH).permute((1, 0, 2)),
        "shape.swapaxes": lambda ms, T: T(BATCH).swapaxes(0, 1),
        "shape.swapdims": lambda ms, T: T(BATCH).swapdims(1, 2),
        "shape.moveaxis": lambda ms, T: T(BATCH).moveaxis(0, 2),
        "shape.movedim": lambda ms, T: T(BATCH).movedim(2, 0),
        "shape.t": lambda ms, T: T(X).t(),
        "shape.T": lambda ms, T: T(BATCH).T,
        "shape.mT": lambda ms, T: T(BATCH).mT,
        "shape.squeeze": lambda ms, T: T(X.reshape(3, 1, 4, 1)).squeeze(),
        "shape.squeeze.axis": lambda ms, T: T(X.reshape(3, 1, 4, 1)).squeeze(1),
        "shape.squeeze.axes": lambda ms, T: T(X.reshape(1, 3, 1, 4)).squeeze((0, 2)),
        "shape.unsqueeze": lambda ms, T: T(X).unsqueeze(1),
        "shape.expand_dims": lambda ms, T: T(X).expand_dims(-1),
        "shape.expand": lambda ms, T: T(V4).expand(3, 4),
        "shape.expand.tuple": lambda ms, T: T(V4.reshape(1, 4)).expand((2, -1)),
        "shape.expand_as": lambda ms, T: T(V4).expand_as(T(X)),
        "shape.broadcast_to": lambda ms, T: T(V4).broadcast_to((2, 4)),
        "shape.broadcast_to.args": lambda ms, T: T(V4).broadcast_to(3, 4),
        "shape.repeat": lambda ms, T: T(V3).repeat(2),
        "shape.repeat.dims": lambda ms, T: T(X).repeat(2, 1),
        "shape.repeat.tuple": lambda ms, T: T(X).repeat((1, 2)),
        "shape.repeat_interleave": lambda ms, T: T(X).repeat_interleave(2),
        "shape.repeat_interleave.dim": lambda ms, T: T(X).repeat_interleave(2, 0),
        "shape.tile": lambda ms, T: T(X).tile((2, 1)),
        "shape.tile.one": lambda ms, T: T(V3).tile((2,)),
        "shape.split": lambda ms, T: T(X).split(2, 1),
        "shape.split.sections": lambda ms, T: T(X).split([1, 2]),
        "shape.split.axis": lambda ms, T: T(X).split(3, axis=1),
        "shape.chunk": lambda ms, T: T(X).chunk(2, 1),
        "shape.chunk.axis": lambda ms, T: T(X).chunk(3, axis=0),
        "shape.tensor_split": lambda ms, T: T(X).tensor_split(3, 1),
        "shape.hsplit": lambda ms, T: T(X).hsplit(2),
        "shape.vsplit": lambda ms, T: T(X).vsplit(3),
        "shape.dsplit": lambda ms, T: T(BATCH).dsplit(2),
        "shape.unbind": lambda ms, T: T(X).unbind(),
        "shape.unbind.dim": lambda ms, T: T(X).unbind(1),
        "shape.narrow": lambda ms, T: T(X).narrow(1, 1, 2),
        "shape.flip": lambda ms, T: T(X).flip((0,)),
        "shape.flip.both": lambda ms, T: T(X).flip((0, 1)),
        "shape.reverse": lambda ms, T: T(X).reverse([1]),
        "shape.roll": lambda ms, T: T(X).roll(1, 1),
        "shape.roll.none": lambda ms, T: T(X).roll(2),
        "shape.rot90": lambda ms, T: T(X).rot90(1, (0, 1)),
        "shape.tril": lambda ms, T: T(X).tril(),
        "shape.triu": lambda ms, T: T(X).triu(1),
        "shape.diag": lambda ms, T: T(V3).diag(),
        "shape.diagonal": lambda ms, T: T(X).diagonal(),
        "shape.diagonal.offset": lambda ms, T: T(BATCH).diagonal(1, 1, 2),
        "shape.resize": lambda ms, T: T(X).resize(2, 5),
        "shape.sum_to_size": lambda ms, T: T(X).sum_to_size(1, 4),
        "shape.sum_to_size.tuple": lambda ms, T: T(X).sum_to_size((3, 1)),
        "shape.unfold": lambda ms, T: T(BATCH.reshape(1, 2, 3, 4)).unfold(2),
        "shape.fold": lambda ms, T: T(np.arange(16, dtype=np.float32).reshape(1, 4, 4)).fold(
            T(np.array([3, 3], np.int32)), 2
        ),
        "shape.reverse_sequence": lambda ms, T: T(X).reverse_sequence(
            T(np.array([1, 2, 3], np.int32)), 1
        ),
        # indexing, gather and scatter
        "index.gather.dim": lambda ms, T: T(X).gather(1, T(IDX)),
        "index.gather.indices": lambda ms, T: T(X).gather(T(ROWS), 0),
        "index.gather.axis1": lambda ms, T: T(X).gather(T(np.array([3, 1], np.int32)), 1),
        "index.gather_elements": lambda ms, T: T(X).gather_elements(1, T(IDX)),
        "index.gather_nd": lambda ms, T: T(X).gather_nd(T(np.array([[0, 1], [2, 3]], np.int32))),
        "index.index_select": lambda ms, T: T(X).index_select(1, T(ROWS)),
        "index.take": lambda ms, T: T(X).take(T(np.array([0, 5, 11], np.int32))),
        "index.take.axis": lambda ms, T: T(X).take(T(np.array([0, 3], np.int32)), axis=1),
        "index.masked_fill": lambda ms, T: T(X).masked_fill(T(M), 9.0),
        "index.masked_select": lambda ms, T: T(X).masked_select(T(M)),
        "index.masked_scatter": lambda ms, T: T(X).masked_scatter(T(M), T(Y)),
        "index.select": lambda ms, T: T(X).select(1, 2),
        "index.select.dim0": lambda ms, T: T(X).select(0, -1),
        "index.index_fill": lambda ms, T: T(X).index_fill(1, T(ROWS), 7.0),
        "index.index_add": lambda ms, T: T(X).index_add(T(ROWS), T(Y[:2].copy()), 0),
        "index.index_add.dim": lambda ms, T: T(X).index_add(
            1, T(ROWS), T(Y[:, :2].copy()), alpha=2.0
        ),
        "index.index_put": lambda ms, T: T(X).index_put(
            (T(np.array([0, 2], np.int32)), T(np.array([1, 3], np.int32))),
            T(np.array([5.0, 6.0], np.float32)),
        ),
        "index.index_put.acc": lambda ms, T: T(X).index_put(
            (T(np.array([0, 0], np.int32)), T(np.array([1, 1], np.int32))),
            T(np.array([5.0, 6.0], np.float32)),
            True,
        ),
        "index.scatter": lambda ms, T: T(X).scatter(1, T(IDX[:, :2].copy()), T(Y[:, :2].copy())),
        "index.scatter.axis": lambda ms, T: T(X).scatter(
            axis=0, index=T(IDX[:1].copy()), src=T(Y[:1].copy())
        ),
        "index.scatter_add.dim": lambda ms, T: T(X).scatter_add(1, T(IDX), T(Y)),
        "index.scatter_add.nd": lambda ms, T: T(X).scatter_add(
            T(np.array([[0], [2]], np.int32)), T(Y[:2].copy())
        ),
        "index.scatter_sub": lambda ms, T: T(X).scatter_sub(
            T(np.array([[0], [2]], np.int32)), T(Y[:2].copy())
        ),
        "index.scatter_mul": lambda ms, T: T(X).scatter_mul(
            T(np.array([[0], [2]], np.int32)), T(Y[:2].copy())
        ),
        "index.scatter_div": lambda ms, T: T(X).scatter_div(
            T(np.array([[0], [2]], np.int32)), T(P[:2].copy())
        ),
        "index.scatter_max": lambda ms, T: T(X).scatter_max(
            T(np.array([[0], [2]], np.int32)), T(Y[:2].copy())
        ),
        "index.scatter_min": lambda ms, T: T(X).scatter_min(
            T(np.array([[0], [2]], np.int32)), T(Y[:2].copy())
        ),
        "index.slice_scatter": lambda ms, T: T(X).slice_scatter(T(Y[:, :2].copy()), 1, 0, 4, 2),
        "index.select_scatter": lambda ms, T: T(X).select_scatter(T(V4), 0, 1),
        "index.diagonal_scatter": lambda ms, T: T(X).diagonal_scatter(T(V3), 0),
        "index.inplace_update": lambda ms, T: T(X).inplace_update(T(Y[:2].copy()), T(ROWS)),
        "index.choose": lambda ms, T: T(np.array([0, 1, 2, 1], np.int32)).choose(
            (T(X[0].copy()), T(X[1].copy()), T(X[2].copy()))
        ),
        "index.nonzero.tuple": lambda ms, T: T(M).nonzero(as_tuple=True),
        "index.argwhere": lambda ms, T: T(M).argwhere(),
        "index.item": lambda ms, T: T(X).item(5),
        "index.item.scalar": lambda ms, T: T(np.array([2.5], np.float32)).item(),
        "index.itemset": lambda ms, T: T(X).itemset(1, 7.0),
        # linear algebra
        "linalg.matmul": lambda ms, T: T(X).matmul(T(Y.T.copy())),
        "linalg.mm": lambda ms, T: T(X).mm(T(Y.T.copy())),
        "linalg.bmm": lambda ms, T: T(BATCH).bmm(T(BATCH2)),
        "linalg.dot": lambda ms, T: T(V4).dot(T(V4 * 2)),
        "linalg.inner": lambda ms, T: T(X).inner(T(Y)),
        "linalg.outer": lambda ms, T: T(V3).outer(T(V4)),
        "linalg.ger": lambda ms, T: T(V3).ger(T(V4)),
        "linalg.addmm": lambda ms, T: T(A).addmm(T(B3), T(B3.T.copy()), beta=0.5, alpha=2.0),
        "linalg.addmv": lambda ms, T: T(V3).addmv(T(X), T(V4), alpha=2.0),
        "linalg.addr": lambda ms, T: T(X).addr(T(V3), T(V4)),
        "linalg.addbmm": lambda ms, T: T(np.ones((3, 2), np.float32)).addbmm(T(BATCH), T(BATCH2)),
        "linalg.baddbmm": lambda ms, T: T(np.ones((2, 3, 2), np.float32)).baddbmm(
            T(BATCH), T(BATCH2), beta=0.5
        ),
        "linalg.det": lambda ms, T: T(A).det(),
        "linalg.matrix_determinant": lambda ms, T: T(A).matrix_determinant(),
        "linalg.logdet": lambda ms, T: T(A).logdet(),
        "linalg.slogdet": lambda ms, T: T(A).slogdet(),
        "linalg.log_matrix_determinant": lambda ms, T: T(A).log_matrix_determinant(),
        "linalg.inverse": lambda ms, T: T(A).inverse(),
        "linalg.matrix_power": lambda ms, T: T(A).matrix_power(3),
        "linalg.cholesky": lambda ms, T: T(A).cholesky(),
        "linalg.cholesky.upper": lambda ms, T: T(A).cholesky(True),
        "linalg.cholesky_inverse": lambda ms, T: T(
            np.linalg.cholesky(A).astype(np.float32)
        ).cholesky_inverse(),
        "linalg.cholesky_solve": lambda ms, T: T(B3).cholesky_solve(
            T(np.linalg.cholesky(A).astype(np.float32))
        ),
        "linalg.qr.r": lambda ms, T: abs(T(A).qr()[1]),
        "linalg.svd.s": lambda ms, T: T(A).svd(compute_uv=False),
        "linalg.eigvals": lambda ms, T: T(A).eigvals().abs().sort()[0],
        "linalg.lstsq": lambda ms, T: T(B3).lstsq(T(A)),
        "linalg.triangular_solve": lambda ms, T: T(B3).triangular_solve(
            T(np.triu(A).astype(np.float32))
        )[0],
        "linalg.geqrf": lambda ms, T: T(A).geqrf(),
        "linalg.orgqr": lambda ms, T: T(A).geqrf()[0].orgqr(T(A).geqrf()[1]),
        "linalg.ormqr": lambda ms, T: T(A).geqrf()[0].ormqr(T(A).geqrf()[1], T(B3)),
        "linalg.lu_solve": lambda ms, T: T(B3).lu_solve(T(LU), T(PIVOTS)),
        "linalg.real": lambda ms, T: ms.ops.real(T(A)),
        "shape.col2im": lambda ms, T: T(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)).col2im(
            T(np.array([3, 3], np.int32)), 2, 1, 0, 1
        ),
        "index.multinomial.deterministic": lambda ms, T: T(
            np.array([[0.0, 1.0, 0.0]], np.float32)
        ).multinomial(2),
        "linalg.cross": lambda ms, T: T(X[:, :3].copy()).cross(T(Y[:, :3].copy()), 1),
        "linalg.diag_embed_trace": lambda ms, T: T(A).trace(),
        # casting and dtype
        "cast.astype": lambda ms, T: T(X * 4).astype(ms.int32),
        "cast.astype.str": lambda ms, T: T(X).astype("float16"),
        "cast.to": lambda ms, T: T(X * 4).to(ms.int64),
        "cast.to.kw": lambda ms, T: T(I).to(dtype=ms.float32),
        "cast.type": lambda ms, T: T(X * 4).type(ms.int32),
        "cast.type.none": lambda ms, T: T(X).type(),
        "cast.type_as": lambda ms, T: T(X * 4).type_as(T(I)),
        "cast.set_dtype": lambda ms, T: T(X * 4).set_dtype(ms.int32),
        "cast.new_zeros": lambda ms, T: T(X).new_zeros((2, 3)),
        "cast.new_ones": lambda ms, T: T(X).new_ones((2,), dtype=ms.int32),
        "cast.new_zeros.dtype": lambda ms, T: T(X).new_zeros((2, 3), ms.int32),
        "shape.repeat_interleave.tensor": lambda ms, T: T(X).repeat_interleave(
            T(np.array([1, 2, 0], np.int32)), 0
        ),
        "cast.new_full": lambda ms, T: T(I).new_full((2, 2), 3.5),
        "cast.new_empty.shape": lambda ms, T: T(X).new_empty((2, 3)).shape,
        "cast.bool": lambda ms, T: T(X).bool(),
        "cast.byte": lambda ms, T: T(I).byte(),
        "cast.int.from_float": lambda ms, T: T(X * 4).int(),
        "cast.shape": lambda ms, T: T(BATCH).shape,
        "cast.ndim": lambda ms, T: T(BATCH).ndim,
        "cast.size": lambda ms, T: T(BATCH).size,
        "cast.itemsize": lambda ms, T: T(BATCH).itemsize,
        "cast.nbytes": lambda ms, T: T(BATCH).nbytes,
        "cast.strides": lambda ms, T: T(BATCH).strides,
        "cast.stride": lambda ms, T: T(BATCH).stride(),
        "cast.stride.dim": lambda ms, T: T(BATCH).stride(1),
        "cast.storage_offset": lambda ms, T: T(BATCH).storage_offset(),
        "cast.has_init": lambda ms, T: T(X).has_init,
        # random draws: shapes and ranges only (seeds differ between frameworks)
        # in-place
        "inplace.add_": inplace("add_", _t(Y)),
        "inplace.add_.alpha": inplace("add_", _t(Y), alpha=2.0),
        "inplace.sub_": inplace("sub_", _t(Y), alpha=0.5),
        "inplace.mul_": inplace("mul_", _t(Y)),
        "inplace.div_": inplace("div_", _t(P)),
        "inplace.div_.floor": inplace("div_", _t(P), rounding_mode="floor"),
        "inplace.floor_divide_": inplace("floor_divide_", _t(P)),
        "inplace.remainder_": inplace("remainder_", _t(P)),
        "inplace.fill_": inplace("fill_", 3.0),
        "inplace.zero_": inplace("zero_"),
        "inplace.copy_": inplace("copy_", _t(Y)),
        "inplace.copy_.broadcast": inplace("copy_", _t(V4)),
        "inplace.clamp_": inplace("clamp_", -0.2, 0.3),
        "inplace.masked_fill_": inplace("masked_fill_", _t(M), -1.0),
        "inplace.masked_scatter_": inplace("masked_scatter_", _t(M), _t(Y)),
        "inplace.index_add_": inplace("index_add_", 1, _t(ROWS), _t(Y[:, :2].copy()), alpha=3.0),
        "inplace.index_fill_": inplace("index_fill_", 0, _t(ROWS), 4.0),
        "inplace.index_copy_": inplace("index_copy_", 1, _t(ROWS), _t(Y[:, :2].copy())),
        "inplace.index_put_": inplace(
            "index_put_",
            (_t(np.array([0, 2], np.int32)), _t(np.array([1, 3], np.int32))),
            _t(np.array([5.0, 6.0], np.float32)),
        ),
        "inplace.scatter_": inplace("scatter_", 1, _t(IDX[:, :2].copy()), _t(Y[:, :2].copy())),
        "inplace.scatter_add_": inplace("scatter_add_", 1, _t(IDX), _t(Y)),
        "inplace.put_": inplace(
            "put_", _t(np.array([0, 5], np.int64)), _t(np.array([9.0, 8.0], np.float32))
        ),
        "inplace.put_.acc": inplace(
            "put_", _t(np.array([1, 1], np.int64)), _t(np.array([9.0, 8.0], np.float32)), True
        ),
        "inplace.fill_diagonal_": inplace("fill_diagonal_", 5.0),
        "inplace.exp_": inplace("exp_"),
        "inplace.log_": lambda ms, T: inplace("log_")(ms, T, P),
        "inplace.floor_": inplace("floor_"),
        "inplace.sigmoid_": inplace("sigmoid_"),
        "inplace.tanh_": inplace("tanh_"),
        "inplace.sign_": inplace("sign_"),
        "inplace.erfinv_": lambda ms, T: inplace("erfinv_")(ms, T, U),
        "inplace.addmm_": lambda ms, T: inplace("addmm_", _t(B3), _t(B3.T.copy()), beta=0.5)(
            ms, T, A
        ),
        "inplace.assign_value": inplace("assign_value", _t(Y)),
        "inplace.int_dtype_kept": lambda ms, T: inplace("add_", 1.5)(ms, T, I),
        "inplace.fill_diagonal": lambda ms, T: T(X).fill_diagonal(5.0),
    }
)
