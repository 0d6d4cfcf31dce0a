"""MindSpore functional names that msfunc recognises but does not provide, with the reason."""

_ASCEND = "Ascend-only fused kernel with no meaning on XLA"
_ROW_TENSOR = (
    "graph-mode primitive of RowTensor (deprecated since MindSpore 2.0; "
    "MindSpore's PyNative mode rejects it too); "
)

NOT_APPLICABLE = {
    "fused_infer_attention_score": f"{_ASCEND}; use ops.flash_attention_score",
    "incre_flash_attention": f"{_ASCEND}; use ops.flash_attention_score",
    "prompt_flash_attention": f"{_ASCEND}; use ops.flash_attention_score",
    "speed_fusion_attention": f"{_ASCEND}; use ops.flash_attention_score",
    "ring_attention_update": "sequence-parallel Ascend kernel; not provided",
    "lightning_indexer": _ASCEND,
    "nsa_compress": _ASCEND,
    "nsa_select_attention": _ASCEND,
    "moe_distribute_combine": "Ascend distributed MoE kernel; use jax sharding",
    "moe_distribute_dispatch": "Ascend distributed MoE kernel; use jax sharding",
    "moe_init_routing_v2": _ASCEND,
    "moe_token_permute": _ASCEND,
    "moe_token_unpermute": _ASCEND,
    "multi_scale_deformable_attn_function": _ASCEND,
    "rotated_iou": "Ascend-only kernel; use ops.iou for axis-aligned boxes",
    "make_row_tensor": _ROW_TENSOR + "build msfunc.RowTensor(indices, values, shape)",
    "make_row_tensor_inner": _ROW_TENSOR + "build msfunc.RowTensor(indices, values, shape)",
    "row_tensor_add": _ROW_TENSOR + "add to RowTensor.values, or use COOTensors",
    "row_tensor_get_dense_shape": _ROW_TENSOR + "read RowTensor.dense_shape",
    "row_tensor_get_indices": _ROW_TENSOR + "read RowTensor.indices",
    "row_tensor_get_values": _ROW_TENSOR + "read RowTensor.values",
    "make_sparse_tensor": "deprecated alias of COOTensor; use ops.make_coo_tensor",
    "make_map_parameter": "MapParameter is MindSpore's hash-table embedding store for Ascend "
    "parameter servers; use a dense Parameter and jnp.take instead",
    "reshard": "layout annotation for MindSpore's auto-parallel graph; use "
    "jax.lax.with_sharding_constraint (or msfunc's shard) instead",
    "tensordump": "Ascend device-side tensor dump; use jax.debug.callback with numpy.save",
}
