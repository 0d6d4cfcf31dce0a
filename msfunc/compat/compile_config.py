"""``mindspore._extends.parse.compile_config``: the switches of MindSpore's graph compiler.

MindSpore's tests and tools set these (``compile_config.RECURSIVE_EVAL = 1``) to steer how
its compiler parses and evaluates a graph. On JAX, tracing replaces that compiler, so msfunc
keeps each switch as a plain settable value with MindSpore's default (a string, ``''`` for
off) and reads none of them.

Example:
    >>> from msfunc.compat import compile_config
    >>> compile_config.RECURSIVE_EVAL, compile_config.GRAD_JIT_FILTER
    ('', '1')
    >>> compile_config.RECURSIVE_EVAL = 1  # accepted, and changes nothing on JAX
    >>> compile_config.RECURSIVE_EVAL = ""  # (back to the default)
"""

# switch name -> MindSpore 2.10's default; switches not named here default to ''
_ON_BY_DEFAULT = {
    "GRAD_JIT_FILTER": "1",
    "JIT_ENABLE_AUGASSIGN_INPLACE": "1",
    "JIT_ENABLE_AUGASSIGN_INPLACE_FALLBACK": "1",
    "HYPER_OFFLOAD_D2H_BANDWIDTH_GBPS": "20.0",
    "HYPER_OFFLOAD_DEFAULT_KERNEL_TIME_US": "400.0",
    "HYPER_OFFLOAD_DYNAMIC_SHAPE_PLACEHOLDER_BYTES": "134217728",
    "HYPER_OFFLOAD_H2D_BANDWIDTH_GBPS": "55.0",
    "HYPER_OFFLOAD_MAX_DEVICE_MEMORY": "42949672960",
    "HYPER_OFFLOAD_PEAK_MODELED_HEADROOM_BYTES": "4294967296",
    "HYPER_OFFLOAD_PREFETCH_DISTANCE": "50",
    "HYPER_OFFLOAD_RELEASE_DISTANCE": "0",
    "HYPER_OFFLOAD_SCORE_WEIGHT_COVER_END": "1.0",
    "HYPER_OFFLOAD_SCORE_WEIGHT_COVER_START": "1.0",
    "HYPER_OFFLOAD_SCORE_WEIGHT_NEIGHBOR_IMPACT": "1.0",
    "HYPER_OFFLOAD_SCORE_WEIGHT_SIZE": "1.0",
    "HYPER_OFFLOAD_SELECT_DISTANCE": "100",
    "HYPER_OFFLOAD_SELECT_NUM": "100",
}
_OFF_BY_DEFAULT = (
    "AMP_ENABLE_ALL_FG",
    "AUTO_PASSES_OPTIMIZE_PATH",
    "BOOST_PARSE",
    "CHECK_BPROP",
    "CHECK_PASS_NODE_SCOPE",
    "COMBINE_LIKE_GRAPHS",
    "COMPILE_DEBUG_MODE",
    "COMPILE_PRINT",
    "COMPILE_PROFILE",
    "COMPILE_PROFILE_FINISH_ACTION",
    "DDE_ONLY_MARK",
    "DEBUG_LEVEL",
    "DUMP_IR_CONFIG",
    "DUMP_IR_DDE_DETAIL",
    "DUMP_IR_META_DSL",
    "DUMP_VALIDATE_BEFORE_RESET_ID",
    "ENABLE_DDE",
    "ENABLE_ELIMINATE_UNUSED_PARAMS",
    "ENABLE_FIX_CODE_LINE",
    "ENABLE_HYPER_OFFLOAD_SLIDE",
    "ENABLE_RECOMPUTE_BEFORE_INLINE",
    "FALLBACK_FORCE_ANY",
    "FALLBACK_SUPPORT_LIST_DICT_INPLACE",
    "FOR_HALF_UNROLL",
    "GRAD_FOR_SCALAR",
    "GREED_PARSE",
    "HYPER_OFFLOAD_MEMORY_BLOCK_PATH",
    "IF_PARALLEL_CALL",
    "MS_DEV_HYPER_OFFLOAD_ENABLE_ADAPTIVE_PREFETCH_DISTANCE",
    "MS_DEV_HYPER_OFFLOAD_ENABLE_ADAPTIVE_RELEASE_DISTANCE",
    "NOT_WAIT_BRANCH_EVAL",
    "PIJIT_SUBGRAPH_BREAK_OPTIMIZE",
    "PRE_LIFT",
    "PUT_ALL_CNODE_INTO_ORDER_LIST",
    "RECORD_MEMORY",
    "RECURSIVE_EVAL",
    "SINGLE_EVAL",
    "STRICT_CHECK_PARENT_CONTEXT",
    "TRACE_LABEL_WITH_UNIQUE_ID",
    "TRAVERSE_SUBSTITUTIONS_MODE",
)

globals().update(dict.fromkeys(_OFF_BY_DEFAULT, ""), **_ON_BY_DEFAULT)
__all__ = sorted([*_OFF_BY_DEFAULT, *_ON_BY_DEFAULT])
