"""Sweep specs of the shape, cast, creation, scatter, segment and state primitive classes."""

import jax
import numpy as np
from _sweep import Case

import msfunc as ms
import msfunc.ops as ops
from sweep_specs._gen import args, booleans, integers, normal, positive
from sweep_specs.specs_nn import param
from sweep_specs.specs_primitives_common import (
    INTEGER,
    LIN,
    META,
    NO_ARRAY,
    NO_FLOAT,
    STATE_GRAD,
    STATE_VMAP,
    C,
    cells,
    distinct_rows,
    scalar,
    with_nonfinite,
)
from sweep_specs.specs_primitives_elementwise import N34

# -- shapes, casts, creation -----------------------------------------------------------------
SHAPE = {
    "Cast": [
        C("Cast", args(N34, ms.float64)),
        C("Cast", args(N34, ms.int32), grad=INTEGER, label="to_int"),
    ],
    "ScalarCast": C("ScalarCast", args(scalar(1.5), ms.float64)),
    "ScalarToTensor": C("ScalarToTensor", args(scalar(2.5), ms.float64)),
    "ScalarToArray": C("ScalarToArray", args(scalar(2.5))),
    "TupleToArray": C(
        "TupleToArray",
        args(lambda r: (scalar(r.standard_normal())(r), scalar(r.standard_normal())(r))),
    ),
    "TensorToTuple": C("TensorToTuple", args(normal(3))),
    "Shape": C("Shape", args(N34), grad=META),
    "TensorShape": C("TensorShape", args(N34), grad=META),
    "DynamicShape": C("DynamicShape", args(N34), grad=META),
    "Rank": C("Rank", args(N34), grad=META),
    "Size": C("Size", args(N34), grad=META),
    # a dtype is not an array: build a zero of that dtype so jit/vmap can return it
    "DType": Case(
        args(N34), fn=lambda x: jax.numpy.zeros(1, ops.DType()(x)), grad="dtype metadata"
    ),
    "Eps": C("Eps", args(N34)),
    "ExpandDims": C("ExpandDims", args(N34, 1)),
    "Squeeze": C("Squeeze", args(normal(3, 1, 4, 1)), axis=(1,)),
    "Flatten": C("Flatten", args(normal(2, 3, 4))),
    "Transpose": C("Transpose", args(normal(2, 3, 4), (2, 0, 1))),
    "TransposeView": C("TransposeView", args(normal(2, 3, 4), (1, 2, 0))),
    "TransposeExtView": C("TransposeExtView", args(normal(2, 3, 4), 0, 2)),
    "Concat": C("Concat", args(lambda r: (normal(3, 2)(r), normal(3, 4)(r))), axis=1),
    "ParallelConcat": C("ParallelConcat", args(lambda r: (normal(1, 4)(r), normal(2, 4)(r)))),
    "Stack": C("Stack", args(lambda r: [normal(3, 4)(r), normal(3, 4)(r)]), axis=1),
    "Pack": C("Pack", args(lambda r: [normal(3, 4)(r), normal(3, 4)(r)]), axis=-1),
    "Unstack": C("Unstack", args(N34), axis=1),
    "Unpack": C("Unpack", args(N34), axis=1),
    "Split": C("Split", args(normal(3, 4)), axis=1, output_num=2),
    "SplitV": C("SplitV", args(normal(3, 4)), size_splits=[1, 3], split_dim=1, num_split=2),
    "BroadcastTo": C("BroadcastTo", args(normal(3, 1)), shape=(2, -1, 4)),
    "Gather": [
        C("Gather", args(N34, integers(5, high=4), 1), grad=(0,)),
        C(
            "Gather",
            args(N34, integers(3, 2, high=4), 1),
            batch_dims=1,
            grad=(0,),
            label="batch_dims",
        ),
    ],
    "GatherV2": C("GatherV2", args(N34, integers(5, high=3), 0), grad=(0,)),
    "GatherD": C("GatherD", args(N34, 1, integers(3, 2, high=4)), grad=(0,)),
    "Slice": C("Slice", args(normal(3, 4), (1, 0), (2, -1))),
    "StridedSlice": C(
        "StridedSlice",
        args(normal(3, 4, 5), (1, 0, 1), (3, 2, 5), (1, 1, 2)),
        begin_mask=1,
        shrink_axis_mask=2,
        new_axis_mask=0,
    ),
    "Select": C("Select", args(booleans(3, 4), N34, N34)),
    "MaskedFill": C("MaskedFill", args(N34, booleans(3, 4), scalar(0.5))),
    "Fill": C("Fill", args(ms.float32, (2, 3), scalar(1.5))),
    "FillV2": C("FillV2", args((2, 3), scalar(1.5))),
    "Fills": C("Fills", args(N34, scalar(0.5))),
    "Ones": C("Ones", args((2, 3), ms.float32), vmap=NO_ARRAY, grad=NO_FLOAT),
    "Zeros": C("Zeros", args((2, 3), ms.float32), vmap=NO_ARRAY, grad=NO_FLOAT),
    "Eye": C("Eye", args(3, 4, ms.float32), vmap=NO_ARRAY, grad=NO_FLOAT),
    "Range": C(
        "Range",
        args(1.0, 7.0, 1.5),
        maxlen=100,
        vmap=NO_ARRAY + "; the length depends on the values",
        grad=NO_FLOAT,
    ),
    "LinSpace": C("LinSpace", args(scalar(-1.0), scalar(2.0), 5)),
    "LogSpace": C("LogSpace", args(scalar(-1.0), scalar(1.0)), steps=5, base=2),
    "OneHot": C(
        "OneHot", args(integers(3, high=4), 4, scalar(2.0), scalar(-1.0)), axis=0, grad=(2, 3)
    ),
    "ReverseV2": C("ReverseV2", args(normal(2, 3, 4)), axis=(0, 2)),
    "Roll": C("Roll", args(N34), shifts=1, dims=0),
    "Tril": C("Tril", args(N34), diagonal=1),
    "Triu": C("Triu", args(N34), diagonal=-1),
    "TrilIndices": C("TrilIndices", args(), row=3, col=4, offset=1, vmap=NO_ARRAY, grad=INTEGER),
    "TriuIndices": C("TriuIndices", args(), row=3, col=4, offset=-1, vmap=NO_ARRAY, grad=INTEGER),
    "Meshgrid": C("Meshgrid", args(lambda r: (normal(3)(r), normal(2)(r))), indexing="ij"),
    "InvertPermutation": C(
        "InvertPermutation",
        args((2, 0, 3, 1)),
        grad=INTEGER,
        vmap="no array argument: MindSpore takes a constant tuple",
    ),
    "SpaceToDepth": C("SpaceToDepth", args(normal(1, 2, 4, 4)), block_size=2),
    "DepthToSpace": C("DepthToSpace", args(normal(1, 8, 2, 2)), block_size=2),
    "MatrixBandPart": C("MatrixBandPart", args(normal(2, 4, 4), 1, 2)),
    "Padding": C("Padding", args(normal(3, 1)), pad_dim_size=4),
    "Pad": C("Pad", args(N34), paddings=((1, 0), (0, 2))),
    "MirrorPad": C(
        "MirrorPad", args(N34, np.array([[1, 1], [2, 2]], np.int32)), mode="SYMMETRIC", static=(1,)
    ),
    "PadV3": C(
        "PadV3", args(normal(1, 3, 4), np.array([1, 2], np.int32)), mode="reflect", static=(1,)
    ),
    "ReverseSequence": C(
        "ReverseSequence", args(N34, integers(3, low=1, high=5)), seq_dim=1, grad=(0,)
    ),
    "InplaceUpdate": C("InplaceUpdate", args(normal(4, 3), normal(2, 3)), indices=(0, 2)),
    "InplaceUpdateV2": C(
        "InplaceUpdateV2", args(normal(4, 3), distinct_rows(2, 4), normal(2, 3)), grad=(0, 2)
    ),
    "InplaceAdd": C("InplaceAdd", args(normal(4, 3), normal(2, 3)), indices=(3, 1)),
    "InplaceSub": C("InplaceSub", args(normal(4, 3), normal(2, 3)), indices=(1, 2)),
    "NanToNum": C("NanToNum", args(with_nonfinite(3, 4)), nan=1.0, posinf=5.0, neginf=-5.0),
    "Identity": C("Identity", args(N34)),
    "IdentityN": C("IdentityN", args(lambda r: [normal(3)(r), normal(2, 2)(r)])),
    "Depend": C("Depend", args(N34, normal(2)), grad=(0,)),
    "StopGradient": C(
        "StopGradient",
        args(N34),
        grad="zero gradient by design while the value is the identity, so "
        "finite differences cannot agree",
    ),
    "Print": C("Print", args(N34), grad="returns nothing"),
    "Einsum": C(
        "Einsum", args(lambda r: (normal(3, 4)(r), normal(4, 2)(r))), equation="ij,jk->ik", **LIN
    ),
    "AddN": C("AddN", args(lambda r: [N34(r), N34(r), N34(r)])),
    "AccumulateNV2": C("AccumulateNV2", args(lambda r: (N34(r), N34(r)))),
}


# -- scatter / segment / state ----------------------------------------------------------------
ROWS4 = distinct_rows(2, 4)


CELLS43 = cells(2, (4, 3))


UPD = positive(2, 3, low=0.5, high=1.5)


def _segment_ids(rng):
    """(5,) segment ids in [0, 3) with every segment present (an empty max/min segment is
    +-inf by definition, which no finite difference can check)."""
    return rng.permutation(np.array([0, 1, 2] + list(rng.integers(0, 3, 2)))).astype(np.int32)


SEG_IDS = _segment_ids


SCATTER = {
    "ScatterNd": C("ScatterNd", args(CELLS43, normal(2), (4, 3)), grad=(1,)),
    "UnsortedSegmentSum": C("UnsortedSegmentSum", args(normal(5, 3), SEG_IDS, 3), grad=(0,)),
    "UnsortedSegmentMax": C("UnsortedSegmentMax", args(normal(5, 3), SEG_IDS, 3), grad=(0,)),
    "UnsortedSegmentMin": C("UnsortedSegmentMin", args(normal(5, 3), SEG_IDS, 3), grad=(0,)),
    "UnsortedSegmentProd": C("UnsortedSegmentProd", args(normal(5, 3), SEG_IDS, 3), grad=(0,)),
    "IndexAdd": [
        C("IndexAdd", args(normal(3, 4), distinct_rows(2, 4), normal(3, 2)), axis=1, grad=(0, 2)),
        C(
            "IndexAdd",
            args(param(normal(3, 4), "x"), distinct_rows(2, 4), normal(3, 2)),
            axis=1,
            state=True,
            vmap=STATE_VMAP,
            grad=STATE_GRAD,
            label="parameter",
        ),
    ],
}


for _n, _k in (
    ("Update", "set"),
    ("Add", "add"),
    ("Sub", "sub"),
    ("Mul", "mul"),
    ("Div", "div"),
    ("Max", "max"),
    ("Min", "min"),
):
    _pos = positive(4, 3, low=0.5, high=1.5)
    SCATTER["TensorScatter" + _n] = C(
        "TensorScatter" + _n, args(_pos, CELLS43, positive(2, low=0.5, high=1.5)), grad=(0, 2)
    )
    SCATTER["Scatter" + _n] = C("Scatter" + _n, args(_pos, ROWS4, UPD), grad=(0, 2))
    SCATTER["ScatterNd" + _n] = C(
        "ScatterNd" + _n, args(_pos, CELLS43, positive(2, low=0.5, high=1.5)), grad=(0, 2)
    )


SCATTER["ScatterNonAliasingAdd"] = C(
    "ScatterNonAliasingAdd", args(normal(4, 3), CELLS43, normal(2)), grad=(0, 2)
)


SCATTER["ScatterAdd"] = [
    SCATTER["ScatterAdd"],
    C(
        "ScatterAdd",
        args(param(normal(4, 3), "v"), ROWS4, UPD),
        state=True,
        vmap=STATE_VMAP,
        grad=STATE_GRAD,
        label="parameter",
    ),
]


SCATTER["ScatterNdUpdate"] = [
    SCATTER["ScatterNdUpdate"],
    C(
        "ScatterNdUpdate",
        args(param(normal(4, 3), "v"), CELLS43, normal(2)),
        state=True,
        vmap=STATE_VMAP,
        grad=STATE_GRAD,
        label="parameter",
    ),
]


for _n in ("Assign", "AssignAdd", "AssignSub"):
    SCATTER[_n] = [
        C(
            _n,
            args(N34, N34),
            grad="as in MindSpore, the written value gets no "
            "gradient (checked against MindSpore in test_grad_input_kinds)",
        ),
        C(
            _n,
            args(param(N34, "v"), N34),
            state=True,
            vmap=STATE_VMAP,
            grad=STATE_GRAD,
            label="parameter",
        ),
    ]
