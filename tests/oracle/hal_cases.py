"""``mindspore.hal`` scenarios shared by gen_hal_golden.py (MindSpore) and msfunc's test.

Each scenario `case(ms, hal, rec)` records what the CPU device queries and a contiguous
tensor handle return, or the exception type a bad call raises.
"""

import importlib

import numpy as np


def _outcome(call):
    try:
        value = call()
    except Exception as exc:  # noqa: BLE001  (the type is what is recorded)
        return ["error", type(exc).__name__]
    if hasattr(value, "asnumpy"):
        array = value.asnumpy()
        return [str(array.dtype), list(array.shape), array.tolist()]
    return value


def case_device(ms, hal, rec):
    calls = {
        "is_available_cpu": lambda: hal.is_available("CPU"),
        "is_available_ascend": lambda: hal.is_available("Ascend"),
        "is_available_bad": lambda: hal.is_available("TPU"),
        "is_initialized_ascend": lambda: hal.is_initialized("Ascend"),
        "is_initialized_bad": lambda: hal.is_initialized("cpu"),
        "device_count": lambda: hal.device_count(),
        "device_count_cpu": lambda: hal.device_count("CPU"),
        "device_count_ascend": lambda: hal.device_count("Ascend"),
        "device_count_bad": lambda: hal.device_count("x"),
        "name": lambda: hal.get_device_name(0, "CPU"),
        "name_default": lambda: hal.get_device_name(0),
        "name_negative": lambda: hal.get_device_name(-1, "CPU"),
        "name_too_big": lambda: hal.get_device_name(1, "CPU"),
        "properties": lambda: hal.get_device_properties(0, "CPU"),
        "capability": lambda: hal.get_device_capability(0, "CPU"),
        "arch_list": lambda: hal.get_arch_list(),
        "arch_list_cpu": lambda: hal.get_arch_list("CPU"),
    }
    for name, call in calls.items():
        rec("device/" + name, _outcome(call))
    ms.ops.abs(ms.Tensor(np.array([-2.0], np.float32))).asnumpy()
    rec("device/is_initialized_after_run", hal.is_initialized("CPU"))


def case_handle(ms, hal, rec):
    handles = importlib.import_module(hal.__name__ + ".contiguous_tensors_handle")
    combine = handles.combine_tensor_list_contiguous
    x = ms.Tensor(np.array([1, 2, 3], np.float32))
    y = ms.Tensor(np.array([[4, 5], [6, 7]], np.float32))
    handle = combine([x, y], True)
    rec(
        "handle/sizes",
        [
            handle.before_padding_sizes,
            handle.after_padding_sizes,
            handle.total_padding_size,
            handle.handle_shape,
            handle.enable_mem_align,
            len(handle.tensor_list),
        ],
    )
    reads = {
        "item": lambda: handle[1],
        "last": lambda: handle[6],
        "negative": lambda: handle[-1],
        "slice": lambda: handle[2:5],
        "slice_open": lambda: handle[3:],
        "slice_step": lambda: handle[0:7:2],
        "slice_past_end": lambda: handle[2:100],
        "slice_negative": lambda: handle[-3:],
        "key_str": lambda: handle["a"],
        "by_index": lambda: handle.slice_by_tensor_index(1, 2),
        "by_index_start": lambda: handle.slice_by_tensor_index(1),
        "by_index_all": lambda: handle.slice_by_tensor_index(),
        "by_index_empty": lambda: handle.slice_by_tensor_index(1, 1),
        "by_index_past_end": lambda: handle.slice_by_tensor_index(0, 3),
        "by_index_negative": lambda: handle.slice_by_tensor_index(-1, 2),
    }
    for name, call in reads.items():
        rec("handle/" + name, _outcome(call))
    x[0] = 100
    rec("handle/after_write", _outcome(lambda: handle[0:3]))
    mixed = combine([ms.Tensor(np.array([1, 2], np.int32)), x], False)
    rec("handle/mixed", _outcome(lambda: mixed[0:2]))
    rec("handle/mixed_shape", mixed.handle_shape)
    rec("handle/mixed_by_index", _outcome(lambda: mixed.slice_by_tensor_index(1, 2)))
    rec("handle/bad_list", _outcome(lambda: combine([x, 1], True)))
    rec("handle/bad_tensor", _outcome(lambda: combine(x, True)))
    rec("handle/bad_align", _outcome(lambda: combine([x], 1)))
    rec("handle/empty", _outcome(lambda: combine([], True)))


SCENARIOS = (case_device, case_handle)
