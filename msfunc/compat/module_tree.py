"""The MindSpore module paths msfunc answers, each with the msfunc namespaces it forwards to.

This file is plain data (no imports), so the script that records MindSpore's own
public names (`tests/oracle/gen_mindspore_names.py`) can read it without msfunc.

Each entry maps a ``mindspore.*`` import path to the msfunc modules that hold its
names, searched in order. ``import mindspore.nn.layer.basic`` gives a thin module
whose attributes are msfunc's own objects (``basic.Dense is msfunc.nn.Dense``); a
name MindSpore has there and msfunc lacks raises `msfunc.errors.UnsupportedError`.
A target that does not exist yet (a package still to come) makes every MindSpore
name of that path unsupported, and the path itself still imports.
"""

_NN = ("msfunc.nn",)
_OPS = ("msfunc.ops", "msfunc.compat.ops_aliases", "msfunc.compat.constexpr")
_TRAIN = (
    "msfunc.train",
    "msfunc.train.callback",
    "msfunc.train.serialization",
    "msfunc.train.model",
    "msfunc.train.metrics",
)
_NN_LAYER_FILES = (
    "activation",
    "basic",
    "channel_shuffle",
    "combined",
    "container",
    "conv",
    "dense",
    "embedding",
    "image",
    "math",
    "normalization",
    "padding",
    "pooling",
    "rnn_cells",
    "rnns",
    "timedistributed",
    "transformer",
)
_BOOST_FILES = (
    "adasum",
    "base",
    "boost",
    "boost_cell_wrapper",
    "dim_reduce",
    "grad_accumulation",
    "grad_freeze",
    "group_loss_scale_manager",
    "less_batch_normalization",
)
_NN_OPTIM_FILES = (
    "ada_grad",
    "adadelta",
    "adafactor",
    "adam",
    "adamax",
    "asgd",
    "ftrl",
    "lamb",
    "lars",
    "lazyadam",
    "momentum",
    "optimizer",
    "proximal_ada_grad",
    "rmsprop",
    "rprop",
    "sgd",
)
_OPS_OPERATION_FILES = (
    "array_ops",
    "comm_ops",
    "control_ops",
    "debug_ops",
    "image_ops",
    "linalg_ops",
    "math_ops",
    "nn_ops",
    "other_ops",
    "random_ops",
)
_OPS_FUNCTION_FILES = (
    "array_func",
    "clip_func",
    "grad",
    "image_func",
    "linalg_func",
    "math_func",
    "nn_func",
    "random_func",
    "spectral_func",
)

# each device package of ``mindspore.device_context`` and its files besides ``device``
_DEVICE_CONTEXT_FILES = {
    "cpu": ("op_tuning",),
    "gpu": ("op_precision", "op_tuning"),
    "ascend": ("op_debug", "op_precision", "op_tuning"),
}

MODULE_TREE = {
    "mindspore": (
        "msfunc",
        "msfunc.compat.mindspore_private",
        "msfunc.compat.dump",
        "msfunc.compat.recursion_limit",
    ),
    "mindspore._c_expression": ("msfunc.compat.c_expression",),
    "mindspore._c_expression.typing": ("msfunc.compat.c_typing",),
    "mindspore._c_expression.amp": ("msfunc.compat.amp_strategy",),
    "mindspore._c_dataengine": ("msfunc.compat.dataengine",),
    "mindspore.amp": ("msfunc.amp", "msfunc.loss_scaler"),
    "mindspore.boost": ("msfunc.boost",),
    **{f"mindspore.boost.{name}": ("msfunc.boost",) for name in _BOOST_FILES},
    "mindspore.boost.grad_accumulation": ("msfunc.boost", "msfunc.boost.grad_accumulation"),
    "mindspore._checkparam": ("msfunc.compat.checkparam",),
    "mindspore._extends": ("msfunc.compat.extends",),
    "mindspore._extends.parse": (),  # a package here: the paths programs read are below
    "mindspore._extends.parse.compile_config": ("msfunc.compat.compile_config",),
    "mindspore._extends.parse.standard_method": ("msfunc.compat.standard_method",),
    "mindspore.common": ("msfunc.common", "msfunc"),
    "mindspore.common._pijit_context": ("msfunc.compat.pijit_context",),
    "mindspore.common.mutable": ("msfunc.compat.graph_flags",),
    "mindspore.common.np_dtype": ("msfunc.compat.np_dtype",),
    "mindspore.common.api": ("msfunc", "msfunc.compat.executors"),
    "mindspore.common.dtype": ("msfunc.common.dtype",),
    "mindspore.common.file_system": ("msfunc.compat.file_system",),
    "mindspore.common.generator": ("msfunc.common.generator",),
    "mindspore.common.initializer": ("msfunc.common.initializer",),
    "mindspore.common._monad": ("msfunc.compat.monad",),
    "mindspore.common.parameter": ("msfunc.common.parameter",),
    "mindspore.common.seed": ("msfunc.common.seed",),
    "mindspore.common.sparse_tensor": (
        "msfunc.common.sparse_tensor",
        "msfunc.compat.row_tensor_inner",
    ),
    "mindspore.common.tensor": ("msfunc.common.tensor",),
    "mindspore.communication": ("msfunc.communication",),
    "mindspore.communication.management": ("msfunc.communication",),
    "mindspore.communication._comm_helper": ("msfunc.communication",),
    "mindspore.context": ("msfunc.context", "msfunc.compat.context_private"),
    # (MindSpore's pipeline classes and dataset kinds: names of MindSpore programs, not of
    # msfunc's own API)
    "mindspore.dataset": ("msfunc.dataset", "msfunc.dataset.engine_classes"),
    "mindspore.dataset.engine": ("msfunc.dataset", "msfunc.dataset.engine_classes"),
    "mindspore.dataset.debug": ("msfunc.dataset.debug",),
    "mindspore.dataset.callback": ("msfunc.dataset.callback",),
    "mindspore.dataset.engine.datasets": (
        "msfunc.dataset",
        "msfunc.dataset.failover",
        "msfunc.dataset.engine_classes",
    ),
    "mindspore.dataset.engine.iterators": ("msfunc.dataset.iterators", "msfunc.dataset.engine"),
    "mindspore.dataset.transforms": ("msfunc.dataset.transforms", "msfunc.dataset"),
    "mindspore.dataset.vision": ("msfunc.dataset.vision",),
    "mindspore.dataset.vision.transforms": ("msfunc.dataset.vision.transforms",),
    "mindspore.dataset.vision.utils": ("msfunc.dataset.vision.utils",),
    "mindspore.rewrite": ("msfunc.rewrite",),
    "mindspore.rewrite.api": ("msfunc.rewrite",),
    "mindspore.rewrite.api.symbol_tree": ("msfunc.rewrite.api",),
    "mindspore.rewrite.api.node": ("msfunc.rewrite.api",),
    "mindspore.rewrite.api.node_type": ("msfunc.rewrite.node_type",),
    "mindspore.rewrite.api.scoped_value": ("msfunc.rewrite.scoped_value",),
    "mindspore.rewrite.api.pattern_engine": ("msfunc.rewrite.pattern_engine",),
    "mindspore.rewrite.node": ("msfunc.rewrite.node",),
    "mindspore.rewrite.symbol_tree": ("msfunc.rewrite.symbol_tree",),
    "mindspore.rewrite.ast_helpers": ("msfunc.rewrite.ast_helpers",),
    "mindspore.rewrite.ast_helpers.ast_finder": ("msfunc.rewrite.ast_helpers",),
    "mindspore.rewrite.ast_helpers.ast_flattener": ("msfunc.rewrite.ast_helpers",),
    "mindspore.rewrite.parsers": ("msfunc.rewrite.parsers",),
    "mindspore.rewrite.parsers.class_def_parser": ("msfunc.rewrite.parsers",),
    "mindspore.dataset.vision.py_transforms_util": ("msfunc.dataset.vision.py_transforms_util",),
    "mindspore.dataset.transforms.transforms": ("msfunc.dataset.transforms",),
    "mindspore.dataset.core": ("msfunc.dataset",),
    "mindspore.dataset.core.config": ("msfunc.dataset.config",),
    "mindspore.dataset.core.datatypes": ("msfunc.compat.dataengine",),
    "mindspore.dataset.text": ("msfunc.dataset.text",),
    "mindspore.dataset.audio": ("msfunc.dataset.audio",),
    "mindspore.dataset.audio.transforms": ("msfunc.dataset.audio",),
    "mindspore.dataset.audio.utils": ("msfunc.dataset.audio.utils",),
    "mindspore.dataset.text.transforms": ("msfunc.dataset.text",),
    "mindspore.dataset.text.utils": ("msfunc.dataset.text",),
    "mindspore.dataset.utils": ("msfunc.dataset",),
    "mindspore.dataset.utils.line_reader": ("msfunc.dataset.line_reader",),
    "mindspore.mindrecord": ("msfunc.mindrecord",),
    "mindspore.log": ("msfunc.log",),
    "mindspore.device_context": ("msfunc.device_context",),
    **{
        f"mindspore.device_context.{device}{part}": (f"msfunc.device_context.{device}",)
        for device, parts in _DEVICE_CONTEXT_FILES.items()
        for part in ("", ".device", *(f".{name}" for name in parts))
    },
    "mindspore.mint": ("msfunc.mint",),
    "mindspore.profiler": ("msfunc.profiler",),
    "mindspore.profiler.profiler": ("msfunc.profiler.profiler",),
    "mindspore.profiler.schedule": ("msfunc.profiler.schedule",),
    "mindspore.profiler.experimental_config": ("msfunc.profiler.parameters",),
    "mindspore.profiler.profiler_interface": ("msfunc.profiler.interface",),
    "mindspore.profiler.profiler_action_controller": ("msfunc.profiler.action_controller",),
    "mindspore.profiler.common": (),  # a package here: its paths programs read are below
    "mindspore.profiler.common.constant": (
        "msfunc.profiler.constant",
        "msfunc.profiler.trace_constants",
    ),
    "mindspore.profiler.common.profiler_context": ("msfunc.profiler.parameters",),
    "mindspore.profiler.common.profiler_path_manager": ("msfunc.profiler.interface",),
    "mindspore.profiler.common.record_function": ("msfunc.profiler.interface",),
    "mindspore.profiler.dynamic_profile": (),  # a package here: its paths programs read below
    "mindspore.profiler.dynamic_profile.dynamic_profiler_config_context": (
        "msfunc.profiler.dynamic_config",
    ),
    "mindspore.profiler.dynamic_profile.dynamic_profiler_utils": (
        "msfunc.profiler.dynamic_config",
    ),
    "mindspore.profiler.dynamic_profiler": ("msfunc.profiler.dynamic_monitor",),
    "mindspore.profiler.envprofiler": ("msfunc.profiler.env_profiler",),
    "mindspore.profiler.common.path_manager": ("msfunc.profiler.path_manager",),
    "mindspore.profiler.common.file_manager": ("msfunc.profiler.file_manager",),
    "mindspore.profiler.common.log": ("msfunc.profiler.profiler_logger",),
    "mindspore.profiler.common.exceptions": (),  # a package here: its module is below
    "mindspore.profiler.common.exceptions.exceptions": ("msfunc.profiler.exceptions",),
    "mindspore.profiler.analysis": (),  # packages here: their modules are below
    "mindspore.profiler.analysis.time_converter": ("msfunc.profiler.timeline.time_converter",),
    "mindspore.profiler.analysis.task_manager": ("msfunc.profiler.task_manager",),
    "mindspore.profiler.analysis.work_flow": ("msfunc.profiler.task_manager",),
    "mindspore.profiler.common.process_bar": ("msfunc.profiler.process_bar",),
    "mindspore.profiler.analysis.parser": (),
    "mindspore.profiler.analysis.parser.base_parser": ("msfunc.profiler.base_parser",),
    "mindspore.profiler.analysis.parser.ms_framework_parser": (
        "msfunc.profiler.framework_parsers",
    ),
    "mindspore.profiler.analysis.parser.framework_cann_relation_parser": (
        "msfunc.profiler.framework_parsers",
    ),
    "mindspore.profiler.analysis.parser.ascend_cann_parser": ("msfunc.profiler.framework_parsers",),
    "mindspore.profiler.common.tlv_decoder": ("msfunc.profiler.tlv_decoder",),
    "mindspore.profiler.analysis.viewer": (),
    "mindspore.profiler.analysis.viewer.base_viewer": ("msfunc.profiler.viewers.base",),
    "mindspore.profiler.analysis.viewer.ms_operator_details_viewer": (
        "msfunc.profiler.viewers.operator_details",
    ),
    "mindspore.profiler.analysis.viewer.ascend_step_trace_time_viewer": (
        "msfunc.profiler.viewers.step_trace",
    ),
    "mindspore.profiler.analysis.viewer.ascend_kernel_details_viewer": (
        "msfunc.profiler.viewers.kernel_details",
    ),
    "mindspore.profiler.analysis.viewer.ascend_memory_viewer": ("msfunc.profiler.viewers.memory",),
    "mindspore.profiler.analysis.viewer.ascend_communication_viewer": (
        "msfunc.profiler.viewers.communication",
    ),
    "mindspore.profiler.analysis.parser.timeline_event": (),
    **{
        f"mindspore.profiler.analysis.parser.timeline_event.{name}": (
            "msfunc.profiler.timeline.events",
        )
        for name in (
            "base_event",
            "cpu_op_event",
            "flow_event",
            "msprof_event",
            "scope_layer_event",
        )
    },
    "mindspore.profiler.analysis.parser.timeline_event.fwk_event": (
        "msfunc.profiler.timeline.fwk_events",
    ),
    "mindspore.profiler.analysis.parser.timeline_event.timeline_event_pool": (
        "msfunc.profiler.timeline.event_pool",
    ),
    "mindspore.profiler.analysis.parser.timeline_creator": (),
    **{
        f"mindspore.profiler.analysis.parser.timeline_creator.{name}_timeline_creator": (
            "msfunc.profiler.timeline.creators",
        )
        for name in ("base", "cpu_op", "fwk", "msprof", "scope_layer")
    },
    "mindspore.profiler.analysis.parser.timeline_assembly_factory": (),
    **{
        f"mindspore.profiler.analysis.parser.timeline_assembly_factory.{name}": (
            "msfunc.profiler.timeline.assembly",
        )
        for name in ("trace_view_container", "base_timeline_assembler", "ascend_timeline_assembler")
    },
    "mindspore.multiprocessing": ("msfunc.multiprocessing",),
    "mindspore.mint.nn": ("msfunc.mint.nn",),
    "mindspore.mint.nn.functional": ("msfunc.mint.nn.functional",),
    "mindspore.mint.optim": ("msfunc.mint.optim",),
    "mindspore.mint.special": ("msfunc.mint.special",),
    "mindspore.experimental": ("msfunc.experimental",),
    "mindspore.experimental.optim": ("msfunc.experimental.optim",),
    "mindspore.experimental.optim.optimizer": ("msfunc.experimental.optim.optimizer",),
    "mindspore.experimental.optim.lr_scheduler": ("msfunc.experimental.optim.lr_scheduler",),
    **{
        f"mindspore.experimental.optim.{name}": ("msfunc.experimental.optim.sgd_adam",)
        for name in ("sgd", "adam", "adamw")
    },
    "mindspore.nn": _NN + ("msfunc.train.metrics",),  # metrics keep their old nn names
    "mindspore.nn.cell": _NN,
    "mindspore.nn.layer": _NN,
    **{f"mindspore.nn.layer.{name}": _NN for name in _NN_LAYER_FILES},
    "mindspore.nn.layer.activation": _NN + ("msfunc.nn.layer.activation",),
    "mindspore.nn.layer.basic": _NN + ("msfunc.compat.shape_helpers_private",),
    "mindspore.nn.learning_rate_schedule": _NN,
    "mindspore.nn.dynamic_lr": _NN,
    "mindspore.nn.grad": ("msfunc.compat.nn_grad",),
    "mindspore.nn.loss": _NN,
    "mindspore.nn.loss.loss": _NN,
    "mindspore.nn.optim": _NN,
    "mindspore.nn.probability": ("msfunc.nn.probability",),
    "mindspore.nn.probability.distribution": ("msfunc.nn.probability.distribution",),
    "mindspore.nn.probability.distribution._utils": ("msfunc.nn.probability.distribution._utils",),
    "mindspore.nn.probability.distribution._utils.utils": (
        "msfunc.nn.probability.distribution._utils.utils",
    ),
    "mindspore.nn.probability.bijector": ("msfunc.nn.probability.bijector",),
    **{f"mindspore.nn.optim.{name}": _NN for name in _NN_OPTIM_FILES},
    "mindspore.nn.optim.optimizer": _NN + ("msfunc.nn.optim.init_args",),
    "mindspore.nn.wrap": _NN,
    "mindspore.nn.wrap.cell_wrapper": _NN,
    "mindspore.nn.wrap.loss_scale": _NN,
    "mindspore.numpy": ("msfunc.numpy",),
    "mindspore.numpy.utils_const": ("msfunc.compat.shape_helpers_private",),
    "mindspore.ops": _OPS + ("msfunc.compat.graph_helpers",),
    # (the gradient primitives MindSpore generates are _grad_ops' names: msfunc.compat.grad_ops)
    "mindspore.ops.auto_generate": (
        "msfunc.compat.auto_generate",
        "msfunc.compat.function_ext",
        "msfunc.compat.grad_ops",
    ),
    "mindspore.ops.auto_generate.gen_ops_prim": (
        "msfunc.compat.auto_generate",
        "msfunc.compat.grad_ops",
    ),
    # (the generated functional forms: ops.ones, ops.zeros ... under their module path)
    "mindspore.ops.auto_generate.gen_ops_def": (
        "msfunc.compat.auto_generate",
        "msfunc.ops",
        "msfunc.compat.function_ext",
    ),
    "mindspore.ops.composite": (
        "msfunc.ops.composite",
        "msfunc.compat.ops_aliases",
        "msfunc.compat.graph_helpers",
    ),
    "mindspore.ops.composite.base": ("msfunc.ops.composite", "msfunc.compat.composite_base"),
    "mindspore.ops.composite.multitype_ops": ("msfunc.ops.composite", "msfunc.ops"),
    "mindspore.ops.composite.multitype_ops.zeros_like_impl": ("msfunc.ops",),
    "mindspore.ops.function": ("msfunc.ops.function",),
    **{f"mindspore.ops.function.{name}": _OPS for name in _OPS_FUNCTION_FILES},
    "mindspore.ops.function.math_func": _OPS
    + ("msfunc.compat.math_func_private", "msfunc.compat.function_ext"),
    "mindspore.ops.function.array_func": _OPS + ("msfunc.compat.function_ext",),
    "mindspore.ops.function.nn_func": _OPS + ("msfunc.compat.function_ext",),
    "mindspore.ops.function.grad.grad_func": _OPS + ("msfunc.transforms.bprop",),
    "mindspore.ops.functional": (
        "msfunc.ops.functional",
        "msfunc.compat.ops_aliases",
        "msfunc.compat.functional_private",
        "msfunc.compat.dynamic_sequence",
        "msfunc.compat.functional_scalars",
        "msfunc.compat.graph_helpers",
    ),
    "mindspore.ops.operations": ("msfunc.ops.operations", "msfunc.compat.inner_ops"),
    **{
        f"mindspore.ops.operations.{name}": _OPS + ("msfunc.compat.inner_ops",)
        for name in _OPS_OPERATION_FILES
    },
    "mindspore.ops.operations.nn_ops": _OPS
    + ("msfunc.compat.inner_ops", "msfunc.compat.nn_ops_private"),
    "mindspore.ops.operations._inner_ops": ("msfunc.compat.inner_ops",),
    "mindspore.ops.operations.manually_defined": (
        "msfunc.compat.manually_defined",
        *_OPS,
        "msfunc.compat.inner_ops",
        "msfunc.compat.functional_scalars",
    ),
    "mindspore.ops.operations._quant_ops": ("msfunc.compat.quant_ops",),
    "mindspore.ops.operations._sequence_ops": ("msfunc.compat.sequence_ops",),
    "mindspore.ops.operations._csr_ops": ("msfunc.compat.csr_ops",),
    "mindspore.ops.operations.sparse_ops": _OPS
    + (
        "msfunc.compat.sparse_ops",
        "msfunc.compat.sparse_add",
        "msfunc.compat.sparse_coo_ops",
        "msfunc.compat.sparse_count_ops",
        "msfunc.compat.sparse_csr_ops",
    ),
    "mindspore.ops.operations.linalg_ops": _OPS + ("msfunc.compat.scipy_ops",),
    "mindspore.ops.operations._grad_ops": ("msfunc.compat.grad_ops",),
    "mindspore.ops._grad_experimental": ("msfunc.compat.grad_base",),
    "mindspore.ops._grad_experimental.grad_base": ("msfunc.compat.grad_base",),
    **{
        f"mindspore.ops._grad_experimental.{name}": ("msfunc.compat.shape_helpers_private",)
        for name in ("grad_array_ops", "grad_math_ops")
    },
    "mindspore.ops._utils": ("msfunc.compat.ops_utils",),
    "mindspore.ops._utils.utils": ("msfunc.compat.ops_utils",),
    "mindspore.ops._utils.arg_dtype_cast": ("msfunc.compat.sequence_ops",),
    "mindspore.ops.primitive": _OPS,
    "mindspore.ops._primitive_cache": ("msfunc.compat.primitive_cache",),
    "mindspore.ops.vm_impl_registry": ("msfunc.compat.vm_impl_registry",),
    "mindspore.runtime": ("msfunc.compat.runtime",),
    "mindspore.safeguard": ("msfunc.safeguard",),
    "mindspore.hal": ("msfunc.hal",),
    "mindspore.hal.device": ("msfunc.hal.device",),
    "mindspore.hal.contiguous_tensors_handle": ("msfunc.hal.contiguous_tensors_handle",),
    "mindspore.scipy": ("msfunc.scipy",),
    "mindspore.scipy.fft": ("msfunc.scipy.fft",),
    "mindspore.scipy.linalg": ("msfunc.scipy.linalg",),
    "mindspore.scipy.ops": ("msfunc.compat.scipy_ops",),
    "mindspore.scipy.ops_wrapper": ("msfunc.compat.scipy_ops",),
    "mindspore.scipy.optimize": ("msfunc.scipy.optimize",),
    "mindspore.scipy.utils": ("msfunc.compat.scipy_utils",),
    "mindspore.train": _TRAIN,
    "mindspore.train.amp": ("msfunc.amp",),
    "mindspore.train.callback": (
        "msfunc.train.callback",
        "msfunc.train",
        "msfunc.compat.callback_private",
    ),
    "mindspore.train.callback._callback": (
        "msfunc.train.callback",
        "msfunc.compat.callback_private",
    ),
    "mindspore.train.callback._checkpoint": (
        "msfunc.train.callback.checkpoint",
        "msfunc.compat.callback_private",
    ),
    "mindspore.train.dataset_helper": ("msfunc.train.dataset_helper", "msfunc.train"),
    "mindspore.train._utils": ("msfunc.compat.train_utils_private",),
    "mindspore.train.loss_scale_manager": ("msfunc.train", "msfunc.nn"),
    "mindspore.train.metrics": ("msfunc.train.metrics", "msfunc.train", "msfunc.nn"),
    "mindspore.train.model": ("msfunc.train.model", "msfunc.train"),
    "mindspore.train.serialization": (
        "msfunc.train.serialization",
        "msfunc.train",
        "msfunc.compat.serialization_private",
    ),
    "mindspore.train.summary": ("msfunc.train.summary",),
    "mindspore.train.summary.summary_record": ("msfunc.train.summary.summary_record",),
    "mindspore.train.summary._summary_adapter": ("msfunc.train.summary._summary_adapter",),
    "mindspore.train.summary.enums": ("msfunc.train.summary.enums",),
    "mindspore.train.summary_pb2": ("msfunc.train.summary._proto",),
    "mindspore.train.lineage_pb2": ("msfunc.train.summary._proto",),
    "mindspore.train.callback._summary_collector": ("msfunc.train.callback.summary_collector",),
    "mindspore.utils": ("msfunc.utils",),
    "mindspore.utils.runtime_execution_order_check": ("msfunc.utils.execution_order",),
}

# Paths whose parent's attribute of the same name is an object, not the module: MindSpore's
# package rebinds the name after importing the module (``mindspore.profiler.schedule`` is
# the schedule class, while ``from mindspore.profiler.schedule import ProfilerAction`` still
# reads the module).
NAME_OVER_MODULE = frozenset(
    {
        "mindspore.profiler.schedule",
        "mindspore.common.mutable",
        "mindspore.utils.runtime_execution_order_check",
    }
)
