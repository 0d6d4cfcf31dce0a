"""`FlopsUtilizationCollector`: a step's matrix-multiply and convolution FLOPs, and the share of
a device's peak they reach (MFU/HFU)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import jax
import jax.extend.core as jax_core
import numpy as np

from ._callback import Callback

__all__ = ["FlopsUtilizationCollector", "step_flops"]


def _dot_flops(eqn):
    (lhs_contract, _), _ = eqn.params["dimension_numbers"]
    lhs = eqn.invars[0].aval.shape
    out = eqn.outvars[0].aval.shape
    return 2 * math.prod(out) * math.prod(lhs[d] for d in lhs_contract)


def _conv_flops(eqn):
    lhs_spec, rhs_spec, out_spec = eqn.params["dimension_numbers"]
    lhs, rhs = (v.aval.shape for v in eqn.invars[:2])
    out = eqn.outvars[0].aval.shape
    taps = math.prod(rhs[d] for d in rhs_spec[2:])
    over_output = 2 * math.prod(out) * rhs[rhs_spec[1]] * taps
    groups = eqn.params["feature_group_count"]
    over_input = (
        2
        * lhs[lhs_spec[0]]
        * math.prod(lhs[d] for d in lhs_spec[2:])
        * lhs[lhs_spec[1]]
        * (out[out_spec[1]] // groups)
        * taps
    )
    # Counted on the smaller side: the output of a forward or weight-gradient convolution,
    # the (undilated) input of an input-gradient one, whose output is the forward's input.
    # So each gradient convolution counts what its forward one does, as MindSpore counts.
    return min(over_output, over_input)


def _cpu_matmul_flops(eqn):
    # msfunc's MindSpore-order CPU MatMul (msfunc.common.cpu_matmul): one product like a dot
    lhs = eqn.invars[0].aval.shape
    depth = lhs[-2] if eqn.params["transpose_a"] else lhs[-1]
    return 2 * math.prod(eqn.outvars[0].aval.shape) * depth


_COUNTERS = {
    "dot_general": _dot_flops,
    "conv_general_dilated": _conv_flops,
    "msfunc_cpu_matmul": _cpu_matmul_flops,
}


def _jaxpr_flops(jaxpr):
    total = 0
    for eqn in jaxpr.eqns:
        counter = _COUNTERS.get(eqn.primitive.name)
        if counter is not None:
            total += counter(eqn)
        repeat = eqn.params.get("length", 1) if eqn.primitive.name == "scan" else 1
        branches = eqn.params.get("branches")
        if branches:  # a cond runs one branch: the costliest stands for it
            total += max(_jaxpr_flops(b.jaxpr) for b in branches)
            continue
        for sub in jax_core.jaxprs_in_params(eqn.params):
            total += repeat * _jaxpr_flops(sub)
    return total


def step_flops(net: Callable[..., Any], *inputs: Any) -> int:
    """The FLOPs of the matrix products and convolutions of one call ``net(*inputs)``
    (forward and, for a training network, backward), counted from its JAX program.

    Parameter writes the call makes are traced, not applied: the network is unchanged.

    Args:
        net (Cell): The network (a training network counts its gradient computation too).
        *inputs (Tensor): One step's inputs.

    Returns:
        int, the FLOPs (2 per multiply-add).

    Example:
        >>> import numpy as np, msfunc as ms
        >>> step_flops(ms.nn.Dense(10, 5), ms.Tensor(np.ones((32, 10), np.float32)))
        3200
    """
    from ... import _state
    from ...common.tensor import Tensor, unwrap
    from ...kernels import native

    def call(*arrays):
        out, writes = _state.run_collecting(net, [Tensor(a) for a in arrays])
        return unwrap(out, pytrees=True), [unwrap(v) for _, v in writes]

    arrays = [np.asarray(unwrap(x)) for x in inputs]
    with native.disabled():  # (the plain JAX operations, not msfunc's CPU kernels)
        closed = jax.make_jaxpr(call)(*arrays)
    return _jaxpr_flops(closed.jaxpr)


def _floored_percent(value, digits=2):
    scale = 10**digits
    return f"{math.floor(value * 100 * scale) / scale:.{digits}f}%"


class FlopsUtilizationCollector(Callback):
    """Print a network's FLOPs per step and its model/hardware FLOPs utilization (MFU/HFU).

    At the first step of a graph-mode (``GRAPH_MODE``) run, the FLOPs of the step's matrix
    products and convolutions (forward and backward for training) are counted from its JAX
    program and printed; then each step whose number is not a multiple of `data_size` prints
    its time and the utilization ``flops / time / computility``. Model and hardware FLOPs
    are equal here (msfunc recomputes nothing), and one device's FLOPs are the whole model's.

    Args:
        data_size (int): Steps between two lines left out (a positive int).
        computility (float): The device's peak FLOPs per second. Default: ``1``.
        full_flops (bool): Print the whole model's FLOPs (else the device's shard).
            Default: ``True``.
        enable_ma_collector (bool): Also write the figures to ``$MA_LOG_DIR``'s
            ``flops_rank_0.txt`` and ``time_step_rank_0.txt``. Default: ``False``.

    Raises:
        TypeError: `full_flops` or `enable_ma_collector` not a bool, `data_size` not an int.
        ValueError: `data_size` not positive; at the first step, a PyNative-mode run or a
            dataset-sink run (msfunc does not expose a sunk step's inputs to callbacks).

    Example:
        >>> from msfunc.train import FlopsUtilizationCollector
        >>> FlopsUtilizationCollector(4, computility=1e12).verbose
        True
    """

    def __init__(
        self,
        data_size: int,
        computility: float = 1,
        full_flops: bool = True,
        enable_ma_collector: bool = False,
    ) -> None:
        super().__init__()
        for name, value in (
            ("full_flops", full_flops),
            ("enable_ma_collector", enable_ma_collector),
        ):
            if not isinstance(value, bool):
                raise TypeError(
                    f"FlopsUtilizationCollector: `{name}` must be a bool, got {value!r}"
                )
        if isinstance(data_size, bool) or not isinstance(data_size, int):
            raise TypeError(
                f"FlopsUtilizationCollector: `data_size` must be a positive int, got {data_size!r}"
            )
        if data_size <= 0:
            raise ValueError(
                f"FlopsUtilizationCollector: `data_size` must be a positive int, got {data_size}"
            )
        self.data_size = data_size
        self.computility = computility
        self.full_flops = full_flops
        self.ma = enable_ma_collector
        # (MindSpore prints nothing when only the log files are asked for)
        self.verbose = not (computility == 1 and enable_ma_collector)
        self.model_flops = None
        self.mfu = 0.0
        self.batch_step_size = None
        self.step_time = time.time()
        self.time_step_path = ""

    def step_begin(self, run_context):
        """Start timing the step."""
        if self.batch_step_size is None:
            batch_num = run_context.original_args().get("batch_num")
            self.batch_step_size = (
                batch_num if isinstance(batch_num, int) and batch_num > 0 else self.data_size
            )
        self.step_time = time.time()

    def step_end(self, run_context):
        """Count the FLOPs once, then print the step's time and utilization."""
        step_ms = (time.time() - self.step_time) * 1000
        p = run_context.original_args()
        if self.model_flops is None and not self._count(p):
            return
        if p.get("dataset_sink_mode") and self.batch_step_size:
            step_ms /= self.batch_step_size
        if self.ma:
            line = f'time_monitor{{type="per_step_time", rank_id="0"}} {step_ms} {_now_ms()}'
            with open(self.time_step_path, "w", encoding="utf-8") as f:
                f.write(line + "\n")
        if self.verbose and p.cur_step_num % self.data_size:
            utilization = _floored_percent(1000 * self.mfu / step_ms)
            print(
                f"{p.mode.title()} per step time: {step_ms:5.3f} ms "
                f"mfu:{utilization} hfu:{utilization}",
                flush=True,
            )

    on_train_step_begin = step_begin
    on_train_step_end = step_end
    on_eval_step_begin = step_begin
    on_eval_step_end = step_end

    def _count(self, p):
        from ... import context

        if p.get("mode") not in ("train", "eval"):
            return self._refuse("FlopsUtilizationCollector: counts train and eval runs only")
        if context.get_context("mode") != context.GRAPH_MODE:
            return self._refuse(
                "FlopsUtilizationCollector: counts a graph-mode run only (set_context(mode="
                "GRAPH_MODE))"
            )
        net = p.train_network if p.mode == "train" else p.eval_network
        inputs = p.get(f"{p.mode}_dataset_element")
        if inputs is None:  # (a sunk run exposes no step inputs)
            return self._refuse("FlopsUtilizationCollector: the step's inputs are not known")
        flops = float(step_flops(net, *inputs))
        self.model_flops = flops
        self.mfu = flops / self.computility
        if self.ma:
            import os

            folder = os.path.realpath(os.getenv("MA_LOG_DIR", "./"))
            self.time_step_path = os.path.join(folder, "time_step_rank_0.txt")
            stamp = _now_ms()
            with open(os.path.join(folder, "flops_rank_0.txt"), "w", encoding="utf-8") as f:
                f.write(f'flops{{type="model_flops", rank_id="0"}} {flops} {stamp}\n')
                f.write(f'flops{{type="hardware_flops", rank_id="0"}} {flops} {stamp}\n')
        if self.verbose:
            shard = f"Shard model flops is {flops}, Shard hardware flops is {flops}."
            if self.full_flops:
                # (printed from the utilization, as MindSpore computes it, rounding included)
                full = self.mfu * self.computility
                shard = f"Full model flops is {full}, Full hardware flops is {full}, " + shard
            print(shard, flush=True)
        return True

    def _refuse(self, message):
        if self.verbose:
            raise ValueError(message)
        return False


def _now_ms():
    return int(round(time.time() * 1000))
