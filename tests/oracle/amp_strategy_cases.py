"""Mixed-precision strategy scenarios shared by gen_amp_strategy_golden.py (real MindSpore 2.10,
``mindspore._c_expression.amp``) and tests/train/test_amp_strategy_golden.py (msfunc's
``msfunc.compat.amp_strategy``): each takes the `mindspore` module and the strategy module and
returns a dict of plain values."""

import numpy as np


def _info(ms, amp, strategy, name):
    info = amp.get_prim_cast_strategy_info(strategy, name)
    dtype = (
        "float16"
        if info.dtype == ms.float16
        else "bfloat16"
        if info.dtype == ms.bfloat16
        else ("float32" if info.dtype == ms.float32 else str(info.dtype))
    )
    return [info.strategy.name, dtype, list(info.arg_pos)]


def cast_strategy_info(ms, amp):
    white = [("MatMul", [0, 1]), ("Conv2D", [0])]
    black = [("Log", []), ("LayerNorm", [0])]
    out = {}
    for level in ("AmpO0", "AmpO1", "AmpO2", "AmpO3", "AmpAuto"):
        strategy = amp.create_amp_strategy(getattr(amp.AmpLevel, level), ms.bfloat16, white, black)
        out[level] = {
            name: _info(ms, amp, strategy, name)
            for name in ("MatMul", "Conv2D", "Log", "LayerNorm", "Concat", "Pad")
        }
        out[level]["lists"] = [strategy.get_white_list(), strategy.get_black_list()]
    return out


def push_and_pop(ms, amp):
    x = ms.Tensor(np.ones((2, 2), np.float32))
    seen = [amp.get_curr_amp_strategy() is None]
    amp.push_amp_strategy(amp.AmpLevel.AmpAuto, ms.float16, [("MatMul", [])], [])
    inside = ms.ops.matmul(x, x).dtype == ms.float16
    amp.push_amp_strategy(amp.AmpLevel.AmpO0, ms.float16, [], [])
    under_o0 = ms.ops.matmul(x, x).dtype == ms.float32
    seen.append(amp.get_curr_amp_strategy().get_amp_level().name)
    amp.pop_amp_strategy()
    seen.append(amp.get_curr_amp_strategy().get_amp_level().name)
    amp.pop_amp_strategy()
    after = ms.ops.matmul(x, x).dtype == ms.float32
    amp.pop_amp_strategy()  # one pop too many: a warning only
    seen.append(amp.get_curr_amp_strategy() is None)
    return {
        "seen": seen,
        "float16_inside": inside,
        "float32_under_o0": under_o0,
        "float32_after": after,
    }


CASES = {"cast_strategy_info": cast_strategy_info, "push_and_pop": push_and_pop}
