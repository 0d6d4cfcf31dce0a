"""MindSpore primitive classes with no msfunc class, each with why and what to use instead.

Merged into ``msfunc.ops.NOT_APPLICABLE``: ``msfunc.ops.AllReduce`` raises
`msfunc.errors.UnsupportedError` naming the class and this reason.
"""

_COLLECTIVE = (
    "collective communication across devices: inside jax.shard_map use "
    "jax.lax.{}; with sharded jit arrays XLA inserts it for you"
)
_OPTIM = (
    "fused optimizer-update kernel writing its Parameters: use optax.{} (or "
    "msfunc.nn.Adam / SGD / Momentum / AdamWeightDecay) and assign the "
    "result"
)
_SPARSE_OPTIM = (
    "sparse-row optimizer kernel for parameter-server embeddings: take dense "
    "gradients (jnp.take is differentiable) and use optax.{}"
)
_REG = (
    "registration of a hand-written Ascend/GPU/CPU kernel: msfunc has no kernel registry; "
    "write the op in jnp/lax and wrap it in ops.Custom"
)
_FLOAT_STATUS = (
    "Ascend overflow-status register: there is none on JAX; test values with "
    "jnp.isfinite(grads).all() under jit"
)
_GRAPH = (
    "internal node of MindSpore's graph compiler (not a user computation): plain Python "
    "control flow under jax.jit replaces it"
)
_INFER = (
    "Ascend inference kernel for paged KV caches: use jnp attention (ops.softmax over "
    "q @ k^T) with a dense cache updated by .at[].set"
)
_CELL = (
    "fused Ascend recurrent-cell kernel: use msfunc.nn's recurrent layers or write the "
    "cell in jnp inside jax.lax.scan"
)

NOT_APPLICABLE_PRIMITIVES = {
    # ---- collectives and distributed runtime
    "AllGatherV": _COLLECTIVE.format("all_gather (pad to equal sizes first)"),
    "AlltoAll": _COLLECTIVE.format("all_to_all"),
    "AlltoAllV": _COLLECTIVE.format("all_to_all (pad to equal sizes first)"),
    "AlltoAllVC": _COLLECTIVE.format("all_to_all (pad to equal sizes first)"),
    "Barrier": "device synchronisation barrier: JAX orders collectives itself; use "
    "jax.block_until_ready on the arrays you need",
    "BatchISendIRecv": _COLLECTIVE.format("ppermute"),
    "CollectiveGather": _COLLECTIVE.format("all_gather"),
    "CollectiveScatter": _COLLECTIVE.format("axis_index to pick each device's slice"),
    "NeighborExchange": _COLLECTIVE.format("ppermute"),
    "NeighborExchangeV2": _COLLECTIVE.format("ppermute"),
    "P2POp": _COLLECTIVE.format("ppermute"),
    "Receive": _COLLECTIVE.format("ppermute"),
    "Send": _COLLECTIVE.format("ppermute"),
    "Reduce": _COLLECTIVE.format("psum (every device gets the result)"),
    "ReduceScatterV": _COLLECTIVE.format("psum_scatter (pad to equal sizes first)"),
    "Reshard": "layout annotation for MindSpore's auto-parallel: use "
    "jax.lax.with_sharding_constraint",
    "TCPStore": "key-value store for MindSpore's distributed launcher: use "
    "jax.distributed.initialize",
    "Pull": "parameter-server pull of a weight: msfunc has no parameter server; keep weights "
    "as sharded jax arrays",
    "Push": "parameter-server push of a gradient: msfunc has no parameter server; apply the "
    "update locally (optax) on sharded arrays",
    "GetNext": "device-side dataset queue of MindSpore's data sink: iterate the dataset in "
    "Python and pass batches to the jitted step",
    "MapCacheIdx": "embedding cache for parameter-server training: use a dense embedding "
    "table and jnp.take",
    "SubAndFilter": "id filtering for parameter-server embedding caches: use jnp.where on "
    "(ids - offset) with a range mask",
    # ---- fused optimizer kernels
    "AdamNoUpdateParam": _OPTIM.format("adam"),
    "ApplyAddSign": _OPTIM.format("sign_sgd / a custom GradientTransformation"),
    "ApplyKerasMomentum": _OPTIM.format("sgd(momentum=...)"),
    "ApplyPowerSign": _OPTIM.format("GradientTransformation written for PowerSign"),
    "FusedCastAdamWeightDecay": _OPTIM.format("adamw"),
    "FusedWeightScaleApplyMomentum": _OPTIM.format("sgd(momentum=...)"),
    "LARSUpdate": _OPTIM.format("lars"),
    "SGD": _OPTIM.format("sgd") + "; msfunc.nn.SGD is the cell",
    "SparseApplyAdadelta": _SPARSE_OPTIM.format("adadelta"),
    "SparseApplyFtrlV2": _SPARSE_OPTIM.format("GradientTransformation written for FTRL"),
    "SparseApplyProximalAdagrad": _SPARSE_OPTIM.format("adagrad"),
    # ---- kernel registration and custom-op plumbing
    "AiCPURegOp": _REG,
    "AkgAscendRegOp": _REG,
    "AkgGpuRegOp": _REG,
    "CpuRegOp": _REG,
    "TBERegOp": _REG,
    "CustomOpBuilder": "builds MindSpore C++ custom-op extensions: write the op in jnp/lax "
    "(or jax.ffi for native code) and wrap it in ops.Custom",
    "PyFunc": "runs a Python function as a graph node: use jax.pure_callback",
    "PyExecute": "runs Python code inside MindSpore's graph: use jax.pure_callback or "
    "jax.debug.callback",
    # ---- Ascend float status, dumps
    "FloatStatus": _FLOAT_STATUS,
    "TensorDump": "Ascend device-side tensor dump to file: use jax.debug.callback with numpy.save",
    "DumpGradient": "dumps a gradient to file during backprop: use jax.custom_vjp with "
    "jax.debug.callback in its backward pass",
    # ---- graph-compiler internals and functional-programming helpers
    "UpdateState": _GRAPH,
    "Reusing": _GRAPH,
    "SelectView": _GRAPH,
    "CopyWithSlice": "in-place view copy of MindSpore's PyNative runtime: JAX arrays are "
    "immutable; use x.at[index].set(value)",
    "CheckNumerics": "raises on NaN/Inf at run time: use jax.debug_nans / checkify, or "
    "jnp.isfinite(x).all()",
    "DtypeToEnum": "maps a dtype to MindSpore's internal enum id: JAX uses numpy dtypes "
    "(ms.float32 is one)",
    # ---- Ascend-specific fused kernels
    "ApplyRotaryPosEmb": "fused Ascend rotary embedding: use ops.rotary_position_embedding",
    "PagedAttention": _INFER,
    "PagedAttentionMask": _INFER,
    "ReshapeAndCache": _INFER,
    "GroupTopk": "Ascend MoE routing kernel (grouped top-k of expert scores): use ops.topk "
    "per group after a reshape",
    "DropoutGenMask": "Ascend dropout's mask-generation half: use ops.dropout (one step "
    "with msfunc's random keys)",
    "DropoutDoMask": "Ascend dropout's mask-apply half: use ops.dropout, or jnp.where(mask, "
    "x / keep_prob, 0)",
    "BasicLSTMCell": _CELL,
    "DynamicRNN": _CELL,
    "DynamicGRUV2": _CELL,
    "BatchToSpaceNDV2": "Ascend variant taking block shape and crops as tensors: use "
    "ops.BatchToSpaceND / ops.batch_to_space_nd with static values",
    # ---- not implemented here (no functional twin in msfunc): nearest alternative
    "AdjustHue": "not implemented (no functional twin): use ops.RGBToHSV, shift channel 0 "
    "modulo 1, then ops.HSVToRGB",
    "AdjustSaturation": "not implemented (no functional twin): use ops.RGBToHSV, scale "
    "channel 1, then ops.HSVToRGB",
    "NonMaxSuppressionV3": "not implemented: data-dependent box selection; use ops.IOU with "
    "a jax.lax.fori_loop greedy suppression",
    "NonMaxSuppressionWithOverlaps": "not implemented: data-dependent box selection; run a "
    "greedy jax.lax.fori_loop over the overlap matrix",
    "CompareAndBitpack": "not implemented: compare with jnp.greater and pack with "
    "jnp.packbits along the last axis",
    "ComputeAccidentalHits": "not implemented: candidate-sampling helper; compare sampled "
    "ids to the true ids with jnp.equal and jnp.nonzero",
    "ConfusionMatrix": "not implemented: use jnp.zeros((n, n)).at[labels, preds].add(1) "
    "(or .add(weights))",
    "DataFormatVecPermute": "not implemented: layout permutation of a shape vector; index it "
    "with a constant permutation (jnp.take)",
    "Dilation2D": "not implemented: grayscale morphological dilation; use "
    "jax.lax.reduce_window over x + kernel patches (ops.unfold)",
    "EditDistance": "not implemented: sparse-tensor Levenshtein distance; compute it with a "
    "jax.lax.scan over the dense sequences",
    "ExtractGlimpse": "not implemented: use ops.crop_and_resize (or ops.CropAndResize) with "
    "boxes around the glimpse centres",
    "MaxPool3DWithArgmax": "not implemented: use ops.max_pool3d(..., return_indices=True)",
    "RNNTLoss": "not implemented: RNN-transducer loss; write the lattice recursion with "
    "jax.lax.scan over log-softmax outputs",
    "RaggedRange": "not implemented: ragged (data-dependent) output; concatenate jnp.arange "
    "pieces eagerly",
    "ResizeArea": "not implemented: use ops.interpolate(mode='area') or ops.adaptive_avg_pool2d",
    "SampleDistortedBoundingBoxV2": "not implemented: random crop-box sampler of TF's image "
    "pipeline; do augmentation in the dataset pipeline",
    "ScaleAndTranslate": "not implemented: use jax.image.scale_and_translate",
    "SparseSlice": "not implemented: COO slicing with data-dependent output size; densify "
    "with ops.SparseToDense and slice",
    "SparseTensorDenseAdd": "not implemented: use ops.SparseToDense(indices, values, shape) "
    "+ dense",
    "TridiagonalMatMul": "not implemented: multiply by the three diagonals with shifted "
    "elementwise products (or build it with jnp.diag and matmul)",
}

NOT_APPLICABLE = NOT_APPLICABLE_PRIMITIVES
