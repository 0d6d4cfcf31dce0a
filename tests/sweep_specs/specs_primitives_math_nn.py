"""Sweep specs of the math, nn, loss, random, window, fft, vision and optimizer primitive
classes."""

import numpy as np

import msfunc as ms
from sweep_specs._gen import args, booleans, integers, normal, positive, uniform
from sweep_specs.specs_nn import at_fixed_key, away, boxes, log_probs, param, pool_indices
from sweep_specs.specs_primitives_common import (
    BOOL,
    DISCRETE,
    DYN,
    INTEGER,
    LIN,
    NO_ARRAY,
    NO_FLOAT,
    RANDOM_GRAD,
    STATE_GRAD,
    STATE_VMAP,
    C,
    crop_boxes,
    ml_target,
    probs,
    scalar,
    sorted_rows,
    spd,
    well,
)
from sweep_specs.specs_primitives_elementwise import N34, NZ, POS

# -- math with attributes, reductions, sorting, linalg -----------------------------------------
MATH = {
    "MatMul": C("MatMul", args(normal(3, 4), normal(2, 4)), transpose_b=True, **LIN),
    "BatchMatMul": C(
        "BatchMatMul", args(normal(2, 4, 3), normal(2, 4, 2)), transpose_a=True, **LIN
    ),
    "Cross": C("Cross", args(normal(3, 4), normal(3, 4)), dim=0),
    "IsClose": C("IsClose", args(N34, N34), rtol=0.5, atol=0.1, equal_nan=True, grad=BOOL),
    "ApproximateEqual": C("ApproximateEqual", args(N34, N34), tolerance=0.5, grad=BOOL),
    "Lerp": C("Lerp", args(N34, N34, uniform(3, 4, low=0.0, high=1.0))),
    "Addcdiv": C("Addcdiv", args(N34, N34, NZ, scalar(0.5))),
    "Addcmul": C("Addcmul", args(N34, N34, N34, scalar(0.5))),
    # differentiated in x only (MindSpore gives a and b zero gradients)
    "Betainc": C("Betainc", args(POS, POS, uniform(3, 4, low=0.1, high=0.9)), grad=(2,)),
    "Logit": C("Logit", args(uniform(3, 4, low=0.05, high=0.95)), eps=0.01),
    "Round": C("Round", args(N34, 0)),
    "Argmax": C("Argmax", args(N34), axis=0, output_type=ms.int32, grad=INTEGER),
    "Argmin": C("Argmin", args(N34), axis=0, grad=INTEGER),
    "ArgMaxWithValue": C("ArgMaxWithValue", args(N34), axis=1, keep_dims=True),
    "ArgMinWithValue": C("ArgMinWithValue", args(N34), axis=0),
    "CumSum": C("CumSum", args(N34, 1), exclusive=True, reverse=True),
    "CumProd": C("CumProd", args(N34, 1), exclusive=True),
    "CumulativeLogsumexp": C("CumulativeLogsumexp", args(N34, 0), reverse=True),
    "Cummax": C("Cummax", args(N34), axis=1),
    "Cummin": C("Cummin", args(N34), axis=0),
    "ReduceStd": C("ReduceStd", args(N34), axis=1, unbiased=False, keep_dims=True),
    "EuclideanNorm": C("EuclideanNorm", args(normal(2, 3, 4), (0, 2)), keep_dims=True),
    "LpNorm": [
        C("LpNorm", args(away(3, 4)), axis=1, p=3),
        C("LpNorm", args(away(3, 4)), axis=[0, 1], p=1, keep_dims=True, label="two_axes"),
    ],
    "CountNonZero": C("CountNonZero", args(integers(3, 4, high=2)), dims=1, grad=INTEGER),
    "SquareSumAll": C("SquareSumAll", args(N34, N34)),
    "L2Loss": C("L2Loss", args(N34)),
    "L2Normalize": C("L2Normalize", args(N34), axis=1),
    "Sort": C("Sort", args(N34), axis=0, descending=True),
    "TopK": C("TopK", args(N34, 2)),
    "InTopK": C("InTopK", args(N34, integers(3, high=4)), k=2, grad=BOOL),
    "SearchSorted": C(
        "SearchSorted", args(sorted_rows(2, 5), normal(2, 3)), right=True, grad=INTEGER
    ),
    "Bucketize": C("Bucketize", args(N34), boundaries=[-1.0, 0.0, 1.0], grad=INTEGER),
    "LowerBound": C("LowerBound", args(sorted_rows(2, 5), normal(2, 3)), grad=INTEGER),
    "UpperBound": C("UpperBound", args(sorted_rows(2, 5), normal(2, 3)), grad=INTEGER),
    "Cholesky": C("Cholesky", args(spd(3, (2,))), upper=True, **LIN),
    "MatrixInverse": C("MatrixInverse", args(well(3, (2,))), adjoint=True, **LIN),
    "MatrixPower": C(
        "MatrixPower",
        args(lambda r: (0.7 * r.standard_normal((3, 3))).astype(np.float32)),
        n=3,
        **LIN,
    ),
    "MatrixSolve": C("MatrixSolve", args(well(3), normal(3, 2)), adjoint=True, **LIN),
    "LogMatrixDeterminant": C("LogMatrixDeterminant", args(well(3, (2,))), **LIN),
    "Qr": C("Qr", args(normal(4, 3)), **LIN),
    "Svd": C("Svd", args(normal(4, 3)), **LIN),
    "Eig": [
        C("Eig", args(well(3)), **LIN),
        C(
            "Eig",
            args(spd(3)),
            compute_v=True,
            label="vectors",
            **LIN,
            grad="JAX has no derivative for eigenvectors of a general matrix "
            "(jnp.linalg.eig: NotImplementedError); eigenvalues are checked above",
        ),
    ],
    "Mvlgamma": C("Mvlgamma", args(positive(3, 4, low=1.5, high=3.0)), p=2),
    "Unique": C("Unique", args(integers(6, high=4)), jit=DYN, vmap=DYN, grad=INTEGER),
    "Bincount": C("Bincount", args(integers(6, high=4), 5, positive(6)), grad=(2,)),
}


# -- nn ------------------------------------------------------------------------------------------
CONV_TOL = {"rtol": 1e-4, "atol": 1e-4}  # float32 accumulation over windows
FRACTIONAL_JIT = (
    "regions drawn on the host on every call: msfunc.jit runs it eagerly "
    "(tests/ops/test_ops_fractional_pool.py)"
)


NN = {
    "Softmax": C("Softmax", args(N34), axis=0),
    "LogSoftmax": C("LogSoftmax", args(N34), axis=0),
    "LogSoftmaxExt": C("LogSoftmaxExt", args(N34, 0)),
    "Elu": C("Elu", args(away(3, 4)), alpha=0.5),
    "CeLU": C("CeLU", args(away(3, 4)), alpha=2.0),
    "HShrink": C("HShrink", args(away(3, 4, kinks=(-0.3, 0.3))), lambd=0.3),
    "SoftShrink": C("SoftShrink", args(away(3, 4, kinks=(-0.3, 0.3))), lambd=0.3),
    "GLU": C("GLU", args(normal(4, 3)), axis=0),
    "BiasAdd": [
        C("BiasAdd", args(normal(2, 3, 4), normal(3))),
        C("BiasAdd", args(normal(2, 4, 3), normal(3)), data_format="NHWC", label="nhwc"),
    ],
    "Dense": C("Dense", args(N34, normal(2, 4), normal(2)), **LIN),
    "LRN": C("LRN", args(normal(1, 4, 2, 2)), depth_radius=1, alpha=0.3, beta=0.75),
    "BatchNorm": [
        C(
            "BatchNorm",
            args(normal(2, 3, 4), normal(3), normal(3), normal(3), positive(3)),
            **LIN,
            label="inference",
        ),
        C(
            "BatchNorm",
            args(normal(2, 3, 4), normal(3), normal(3), normal(3), positive(3)),
            is_training=True,
            momentum=0.2,
            **LIN,
            label="training",
        ),
        C(
            "BatchNorm",
            args(
                normal(2, 3, 4),
                normal(3),
                normal(3),
                param(normal(3), "m"),
                param(positive(3), "v"),
            ),
            is_training=True,
            state=True,
            vmap=STATE_VMAP,
            grad=STATE_GRAD,
            **LIN,
            label="running_stats",
        ),
    ],
    # (only y carries a gradient: the mean and variance outputs pass none, as in MindSpore)
    "LayerNorm": C(
        "LayerNorm",
        args(normal(2, 3, 4), normal(4), normal(4)),
        pick=0,
        begin_norm_axis=2,
        begin_params_axis=2,
        **LIN,
    ),
    "RmsNorm": C("RmsNorm", args(N34, normal(4)), **LIN),
    "Conv2D": C(
        "Conv2D",
        args(normal(1, 2, 5, 5), normal(4, 2, 3, 3)),
        out_channel=4,
        kernel_size=3,
        pad_mode="pad",
        pad=1,
        stride=2,
        **CONV_TOL,
    ),
    "Conv3D": C(
        "Conv3D",
        args(normal(1, 2, 3, 3, 3), normal(2, 2, 2, 2, 2)),
        out_channel=2,
        kernel_size=2,
        **CONV_TOL,
    ),
    "Conv2DBackpropInput": C(
        "Conv2DBackpropInput",
        args(normal(1, 4, 3, 3), normal(4, 2, 3, 3), (1, 2, 5, 5)),
        out_channel=4,
        kernel_size=3,
        **CONV_TOL,
    ),
    "Conv2DTranspose": C(
        "Conv2DTranspose",
        args(normal(1, 4, 3, 3), normal(4, 2, 3, 3), (1, 2, 6, 6)),
        out_channel=4,
        kernel_size=3,
        stride=2,
        pad_mode="same",
        **CONV_TOL,
    ),
    "Conv3DTranspose": C(
        "Conv3DTranspose",
        args(normal(1, 2, 2, 2, 2), normal(2, 3, 2, 2, 2)),
        in_channel=2,
        out_channel=3,
        kernel_size=2,
        stride=2,
        **CONV_TOL,
    ),
    "MaxPool": C("MaxPool", args(normal(1, 2, 5, 5)), kernel_size=2, strides=2, pad_mode="same"),
    "AvgPool": C("AvgPool", args(normal(1, 2, 4, 4)), kernel_size=2, strides=1, pad_mode="SAME"),
    # (a ratio that divides the size: the regions, drawn on the host, are then fixed)
    **{
        name: C(
            name,
            args(normal(1, 4, 4, 2)),
            pooling_ratio=(1.0, 2.0, 2.0, 1.0),
            pick=0,
            jit=FRACTIONAL_JIT,
            vmap=FRACTIONAL_JIT,  # (both checks compile)
            grad=FRACTIONAL_JIT,
        )
        for name in ("FractionalAvgPool", "FractionalMaxPool")
    },
    "ExtractVolumePatches": C(
        "ExtractVolumePatches",
        args(normal(1, 2, 3, 4, 4)),
        kernel_size=(1, 1, 2, 2, 2),
        strides=(1, 1, 1, 2, 2),
        padding="VALID",
    ),
    "MaxPoolWithArgmax": C(
        "MaxPoolWithArgmax", args(normal(1, 2, 5, 5)), kernel_size=2, strides=2, pad_mode="same"
    ),
    "MaxPoolWithArgmaxV2": C(
        "MaxPoolWithArgmaxV2", args(normal(1, 2, 4, 4)), kernel_size=2, strides=2
    ),
    "MaxPool3D": C("MaxPool3D", args(normal(1, 1, 3, 3, 3)), kernel_size=2, strides=1),
    "AvgPool3D": C(
        "AvgPool3D",
        args(normal(1, 1, 3, 3, 3)),
        kernel_size=2,
        strides=2,
        pad_mode="pad",
        pad=1,
        count_include_pad=False,
    ),
    "AdaptiveAvgPool2D": C("AdaptiveAvgPool2D", args(normal(1, 2, 4, 6)), output_size=(2, 3)),
    "AdaptiveAvgPool3D": C("AdaptiveAvgPool3D", args(normal(1, 1, 4, 4, 4)), output_size=2),
    "AdaptiveMaxPool2D": C("AdaptiveMaxPool2D", args(normal(1, 2, 4, 4)), output_size=2),
    "AdaptiveMaxPool3D": C("AdaptiveMaxPool3D", args(normal(1, 1, 4, 4, 4), (2, 2, 2))),
    "MaxUnpool2D": C(
        "MaxUnpool2D",
        args(normal(1, 2, 2, 2), pool_indices(1, 2, (2, 2), (2, 2))),
        ksize=2,
        strides=2,
        grad=(0,),
    ),
    "MaxUnpool3D": C(
        "MaxUnpool3D",
        args(normal(1, 1, 2, 2, 2), pool_indices(1, 1, (2, 2, 2), (2, 2, 2))),
        ksize=2,
        strides=2,
        grad=(0,),
    ),
    "ResizeNearestNeighbor": C("ResizeNearestNeighbor", args(normal(1, 1, 2, 3)), size=(4, 6)),
    "ResizeNearestNeighborV2": C("ResizeNearestNeighborV2", args(normal(1, 1, 2, 3), (4, 5))),
    "ResizeBilinearV2": [
        C("ResizeBilinearV2", args(normal(1, 1, 2, 3), (4, 5)), **LIN),
        C(
            "ResizeBilinearV2",
            args(normal(1, 1, 2, 3), (4, 5)),
            half_pixel_centers=True,
            label="half_pixel",
            **LIN,
        ),
    ],
    "ResizeBicubic": C(
        "ResizeBicubic", args(normal(1, 1, 3, 3), (4, 5)), align_corners=True, **LIN
    ),
    "ResizeLinear1D": C(
        "ResizeLinear1D",
        args(normal(1, 2, 4), (6,)),
        coordinate_transformation_mode="half_pixel",
        **LIN,
    ),
    "UpsampleNearest3D": C("UpsampleNearest3D", args(normal(1, 1, 2, 2, 2), (3, 3, 3))),
    "UpsampleTrilinear3D": C(
        "UpsampleTrilinear3D", args(normal(1, 1, 2, 2, 2), (3, 3, 3)), align_corners=True, **LIN
    ),
    "GridSampler2D": C(
        "GridSampler2D", args(normal(1, 2, 3, 3), uniform(1, 2, 2, 2)), align_corners=True, **LIN
    ),
    "GridSampler3D": C("GridSampler3D", args(normal(1, 1, 3, 3, 3), uniform(1, 2, 2, 2, 3)), **LIN),
    "AffineGrid": C("AffineGrid", args(normal(1, 2, 3), (1, 1, 3, 4)), align_corners=True),
    "Col2Im": C(
        "Col2Im",
        args(normal(1, 4, 4), np.array([3, 3], np.int32)),
        kernel_size=2,
        static=(1,),
        **LIN,
    ),
    "ChannelShuffle": C("ChannelShuffle", args(normal(1, 4, 2, 2)), group=2),
}


# -- losses ----------------------------------------------------------------------------------------
P01 = uniform(3, 4, low=0.1, high=0.9)


LOSS = {
    "BCEWithLogitsLoss": C(
        "BCEWithLogitsLoss", args(N34, P01, positive(3, 4), positive(4)), reduction="sum", **LIN
    ),
    "BinaryCrossEntropy": C("BinaryCrossEntropy", args(P01, P01, positive(3, 4)), reduction="none"),
    "KLDivLoss": C("KLDivLoss", args(log_probs(3, 4), probs(3, 4)), reduction="sum"),
    "NLLLoss": C(
        "NLLLoss",
        args(log_probs(3, 4), integers(3, high=4), positive(4)),
        reduction="sum",
        grad=(0, 2),
    ),
    "SmoothL1Loss": C("SmoothL1Loss", args(N34, N34), beta=0.5, reduction="mean"),
    "SoftMarginLoss": C(
        "SoftMarginLoss",
        args(N34, lambda r: np.where(r.random((3, 4)) < 0.5, -1.0, 1.0).astype(np.float32)),
        reduction="sum",
        grad=(0,),
    ),
    "MultiMarginLoss": C(
        "MultiMarginLoss", args(N34, integers(3, high=4), positive(4)), p=2, margin=0.5, grad=(0, 2)
    ),
    "MultilabelMarginLoss": C("MultilabelMarginLoss", args(N34, ml_target), reduction="sum"),
    "TripletMarginLoss": C("TripletMarginLoss", args(N34, N34, N34, scalar(1.0)), swap=True),
    "SigmoidCrossEntropyWithLogits": C("SigmoidCrossEntropyWithLogits", args(N34, P01)),
    "SoftmaxCrossEntropyWithLogits": C("SoftmaxCrossEntropyWithLogits", args(N34, probs(3, 4))),
    "SparseSoftmaxCrossEntropyWithLogits": [
        C("SparseSoftmaxCrossEntropyWithLogits", args(N34, integers(3, high=4))),
        C(
            "SparseSoftmaxCrossEntropyWithLogits",
            args(N34, integers(3, high=4)),
            is_grad=True,
            label="is_grad",
        ),
    ],
    # (float16/float32 logits only, as in MindSpore: the gradient check runs in float32)
    "SparseSoftmaxCrossEntropyWithLogitsV2": C(
        "SparseSoftmaxCrossEntropyWithLogitsV2",
        args(N34, integers(3, high=4)),
        pick=0,
        x64=False,
        **LIN,
    ),
    "CTCLossV2": C(
        "CTCLossV2",
        args(
            log_probs(5, 2, 4),
            integers(2, 2, low=1, high=4),
            lambda r: np.array([5, 4], np.int32),
            lambda r: np.array([2, 1], np.int32),
        ),
        reduction="mean",
        pick=0,
        grad=(0,),
        **LIN,
    ),
    "CTCGreedyDecoder": C(
        "CTCGreedyDecoder",
        args(normal(4, 2, 3), lambda r: np.array([4, 3], np.int32)),
        jit=DYN,
        vmap=DYN,
        grad=INTEGER,
    ),
}


# -- random ----------------------------------------------------------------------------------------
def _fixed(name, make, **kw):
    """The random class at a fixed key: a deterministic function whose gradient FD can check."""
    case = C(name, make, **kw)
    case.fn = at_fixed_key(case.fn)
    case.label, case.jit, case.vmap = "fixed_key", "see random case", "see random case"
    return case


RANDOM = {
    "StandardNormal": C(
        "StandardNormal",
        args((3, 4)),
        seed=1,
        random=True,
        vmap=NO_ARRAY,
        grad="random draw from a shape",
    ),
    "StandardLaplace": C(
        "StandardLaplace", args((3, 4)), random=True, vmap=NO_ARRAY, grad="random draw from a shape"
    ),
    "UniformReal": C(
        "UniformReal", args((3, 4)), random=True, vmap=NO_ARRAY, grad="random draw from a shape"
    ),
    "UniformInt": C(
        "UniformInt",
        args((3, 4), np.asarray(1, np.int32), np.asarray(9, np.int32)),
        random=True,
        grad=DISCRETE,
    ),
    "Gamma": [
        C("Gamma", args((3, 2), positive(3, 2), positive(3, 2)), random=True, grad=RANDOM_GRAD),
        _fixed(
            "Gamma", args((3, 2), positive(3, 2, low=1.0, high=3.0), positive(3, 2)), grad_rtol=1e-2
        ),
    ],
    "RandomGamma": [
        C("RandomGamma", args((3,), positive(2)), random=True, grad=RANDOM_GRAD),
        # JAX differentiates gamma samples implicitly through an approximate
        # CDF derivative: ~1.5% off the finite difference for this draw
        _fixed("RandomGamma", args((3,), positive(2, low=1.0, high=3.0)), grad_rtol=3e-2),
    ],
    "Poisson": C(
        "Poisson", args((3, 2), positive(3, 2, low=1.0, high=4.0)), random=True, grad=DISCRETE
    ),
    "RandomPoisson": C(
        "RandomPoisson",
        args((3,), positive(2, low=1.0, high=4.0)),
        dtype=ms.int32,
        random=True,
        grad=DISCRETE,
    ),
    "Multinomial": C("Multinomial", args(probs(2, 5), 3), random=True, grad=DISCRETE),
    "MultinomialWithReplacement": C(
        "MultinomialWithReplacement",
        args(probs(2, 5), 0, 0),
        numsamples=4,
        replacement=True,
        random=True,
        grad=DISCRETE,
    ),
    "RandomCategorical": C(
        "RandomCategorical", args(normal(2, 5), 4), dtype=ms.int32, random=True, grad=DISCRETE
    ),
    "RandomShuffle": [
        C("RandomShuffle", args(normal(6, 2)), random=True, grad=RANDOM_GRAD),
        _fixed("RandomShuffle", args(normal(6, 2))),
    ],
    "Randperm": C(
        "Randperm",
        args(np.array([4], np.int32)),
        max_length=6,
        static=(0,),
        random=True,
        vmap=NO_ARRAY,
        grad=INTEGER,
    ),
    "RandpermV2": C(
        "RandpermV2", args(5), dtype=ms.int32, random=True, vmap=NO_ARRAY, grad=INTEGER
    ),
    "Bernoulli": C("Bernoulli", args(N34, scalar(0.3)), random=True, grad=DISCRETE),
    "RandomChoiceWithMask": C(
        "RandomChoiceWithMask", args(booleans(4, 3)), count=5, random=True, grad=INTEGER
    ),
    "TruncatedNormal": C(
        "TruncatedNormal", args((3, 4)), random=True, vmap=NO_ARRAY, grad="random draw from a shape"
    ),
    "ParameterizedTruncatedNormal": [
        C(
            "ParameterizedTruncatedNormal",
            args((2, 3), normal(2, 1), positive(2, 1), scalar(-1.0), scalar(1.0)),
            random=True,
            grad=RANDOM_GRAD,
        ),
        _fixed(
            "ParameterizedTruncatedNormal",
            args((2, 3), normal(2, 1), positive(2, 1), scalar(-3.0), scalar(3.0)),
            grad=(1, 2),
        ),
    ],
    "LogNormalReverse": [
        C(
            "LogNormalReverse",
            args(N34),
            mean=0.5,
            std=0.3,
            random=True,
            grad="output does not depend on the input values",
        ),
    ],
    "Cauchy": C(
        "Cauchy", args(), size=[3, 4], random=True, vmap=NO_ARRAY, grad="random draw from a shape"
    ),
    "NonDeterministicInts": C(
        "NonDeterministicInts",
        args((3, 4)),
        dtype=ms.int32,
        random=True,
        vmap=NO_ARRAY,
        grad=INTEGER,
    ),
    "LogUniformCandidateSampler": C(
        "LogUniformCandidateSampler",
        args(integers(3, 1, high=5)),
        num_sampled=4,
        range_max=8,
        random=True,
        grad="integer inputs",
    ),
    "UniformCandidateSampler": C(
        "UniformCandidateSampler",
        args(integers(3, 1, high=5)),
        num_true=1,
        num_sampled=4,
        unique=True,
        range_max=8,
        random=True,
        grad="integer inputs",
    ),
}


RANDOM["Dropout"] = [
    C("Dropout", args(N34), keep_prob=0.7, random=True, grad=RANDOM_GRAD),
    _fixed("Dropout", args(N34), keep_prob=0.7),
]


RANDOM["Dropout2D"] = [
    C("Dropout2D", args(normal(2, 3, 2, 2)), keep_prob=0.6, random=True, grad=RANDOM_GRAD),
    _fixed("Dropout2D", args(normal(2, 3, 2, 2)), keep_prob=0.6),
]


RANDOM["Dropout3D"] = [
    C("Dropout3D", args(normal(2, 3, 2, 2, 2)), keep_prob=0.6, random=True, grad=RANDOM_GRAD),
    _fixed("Dropout3D", args(normal(2, 3, 2, 2, 2)), keep_prob=0.6),
]


# -- windows, fft, vision, optimizer updates ---------------------------------------------
OTHER = {
    "FFTWithSize": C("FFTWithSize", args(normal(2, 8)), 1, False, True, **CONV_TOL),
    "DataFormatDimMap": C("DataFormatDimMap", args(integers(5, low=-4, high=4)), grad=INTEGER),
    "BartlettWindow": C("BartlettWindow", args(6), periodic=False, vmap=NO_ARRAY, grad=NO_FLOAT),
    "BlackmanWindow": C("BlackmanWindow", args(6), vmap=NO_ARRAY, grad=NO_FLOAT),
    "HammingWindow": C("HammingWindow", args(6), alpha=0.5, beta=0.5, vmap=NO_ARRAY, grad=NO_FLOAT),
    "STFT": C(
        "STFT",
        args(normal(2, 32), positive(8)),
        n_fft=8,
        hop_length=2,
        win_length=8,
        normalized=True,
        onesided=True,
        return_complex=True,
        **CONV_TOL,
    ),
    "BoundingBoxEncode": C(
        "BoundingBoxEncode", args(boxes(3), boxes(3)), stds=(0.1, 0.1, 0.2, 0.2), **LIN
    ),
    "BoundingBoxDecode": C(
        "BoundingBoxDecode",
        args(boxes(3), normal(3, 4)),
        max_shape=(40, 40),
        stds=(0.1, 0.1, 0.2, 0.2),
        **LIN,
    ),
    "IOU": C("IOU", args(boxes(3), boxes(2)), mode="iof", **LIN),
    "CheckValid": C("CheckValid", args(boxes(3), np.array([8.0, 8.0, 1.0], np.float32)), grad=BOOL),
    "CropAndResize": C(
        "CropAndResize",
        args(normal(2, 5, 5, 2), crop_boxes, integers(3, high=2), (3, 3)),
        method="bilinear",
        extrapolation_value=0.5,
        grad=(0, 1),
        **CONV_TOL,
    ),
    "ROIAlign": C(
        "ROIAlign",
        args(normal(2, 3, 6, 6), np.array([[0, 0.5, 1.0, 4.2, 3.7], [1, 1.2, 0.3, 3.3, 5.1]], "f")),
        pooled_height=2,
        pooled_width=3,
        spatial_scale=1.0,
        sample_num=2,
        roi_end_mode=1,
        grad=(0,),
    ),
    "ApplyGradientDescent": C("ApplyGradientDescent", args(N34, scalar(0.1), N34)),
    "ApplyMomentum": [
        C("ApplyMomentum", args(N34, N34, scalar(0.1), N34, scalar(0.9)), use_nesterov=True),
        C(
            "ApplyMomentum",
            args(param(N34, "w"), param(N34, "acc"), scalar(0.1), N34, scalar(0.9)),
            state=True,
            vmap=STATE_VMAP,
            grad=STATE_GRAD,
            label="parameter",
        ),
    ],
    "Adam": [
        C(
            "Adam",
            args(
                N34,
                N34,
                POS,
                scalar(0.5),
                scalar(0.7),
                scalar(0.01),
                scalar(0.9),
                scalar(0.99),
                scalar(1e-3),
                N34,
            ),
            use_nesterov=True,
        ),
        C(
            "Adam",
            args(
                param(N34, "w"),
                param(N34, "m"),
                param(POS, "v"),
                scalar(0.5),
                scalar(0.7),
                scalar(0.01),
                scalar(0.9),
                scalar(0.99),
                scalar(1e-3),
                N34,
            ),
            state=True,
            vmap=STATE_VMAP,
            grad=STATE_GRAD,
            label="parameter",
        ),
    ],
}
