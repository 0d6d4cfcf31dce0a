"""Golden values from real MindSpore 2.10 for behaviours MindSpore's own CPU tests rely on:
private module paths, the index checks of its CPU kernels, kernel forms (segment ids, GeLU,
unsorted top-k, 1-D Dense), nn.Range/OneHot/CellList, Dataset.set_init_step, callbacks driven
by hand and Model.train with a replaced sys.stdout.

Writes tests/golden/replayed_scenarios.json.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py replayed_scenarios

Each scenario is a plain MindSpore program ``scenario(ms, nn, ops, rec)`` that reaches
MindSpore's modules by their ``mindspore.*`` paths; the tests replay the same functions with
``ms = msfunc`` under `msfunc.compat.alias_mindspore`. Only the type of an exception is kept,
never MindSpore's wording. This module must not import MindSpore (or msfunc) at top level.
"""

import gc
import importlib
import os
import sys

# (tests/oracle is on sys.path: the scripts run from it; tests/_scenario_golden adds it)
import gen_core_golden as core
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "replayed_scenarios.json")

mod = importlib.import_module


def module_paths(ms, nn, ops, rec):
    """Private paths and names MindSpore programs and tests import."""
    ext = mod("mindspore._extends")

    class Recorded(nn.Cell):
        @ext.cell_attr_register
        def __init__(self, a, b=2, *, c="x"):
            super().__init__()
            self.w = a

    class ByAttrs(nn.Cell):
        @ext.cell_attr_register(attrs=["w", "missing"])
        def __init__(self, a):
            super().__init__()
            self.w = a

    rec(
        "cell_attr_register",
        lambda: [
            Recorded(1).cell_init_args,
            Recorded(1, 3, c="y").cell_init_args,
            ByAttrs(5).cell_init_args,
        ],
    )
    unsupported = mod("mindspore.common._pijit_context").Unsupported
    rec(
        "pijit_unsupported",
        lambda: [issubclass(unsupported, RuntimeError), str(unsupported("graph break"))],
    )
    param = mod("mindspore.common.parameter")
    rec(
        "parameter_generated",
        lambda: [
            param._is_parameter_generated(ms.Parameter(ms.Tensor([1.0])).name),
            param._is_parameter_generated("w"),
            param._is_parameter_generated(None),
        ],
    )

    @mod("mindspore.ops.primitive").constexpr
    def area(shape):
        return shape[0] * shape[1]

    rec("constexpr", lambda: area((2, 3)))
    rec("mutable_module", lambda: mod("mindspore.common.mutable").mutable is ms.mutable)
    rec("top_level_constexpr", lambda: ms.constexpr(lambda shape: shape[0] + shape[1])((2, 3)))
    iterators, ds = mod("mindspore.dataset.engine.iterators"), mod("mindspore.dataset")

    def registry():
        iterators.ITERATORS_LIST.clear()
        data = ds.NumpySlicesDataset(np.arange(3), column_names=["x"], shuffle=False)
        first = data.create_tuple_iterator(num_epochs=1)
        second = data.create_tuple_iterator(num_epochs=1)
        both = len(iterators.ITERATORS_LIST)
        del first
        gc.collect()
        one = len(iterators.ITERATORS_LIST)
        iterators._cleanup()
        iterators._unset_iterator_cleanup()
        return both, one, second is not None

    rec("iterator_registry", registry)
    callback, train = mod("mindspore.train.callback"), mod("mindspore.train")

    def early_stopping_by_hand():
        params = callback._InternalCallbackParam()
        context = callback.RunContext(params)
        stopper = train.EarlyStopping(monitor="accuracy", patience=2, baseline=0.55)
        with callback._CallbackManager([stopper]) as callbacks:
            for epoch, accuracy in enumerate([0.6, 0.3, 0.5, 0.5], 1):
                callbacks.on_train_epoch_begin(context)
                params.eval_results = {"accuracy": accuracy}
                params.cur_epoch_num = epoch
                callbacks.on_train_epoch_end(context)
                if context.get_stop_requested():
                    break
            callbacks.on_train_end(context)
        return params.cur_epoch_num

    rec("early_stopping_by_hand", early_stopping_by_hand)


def _x34(ms):
    return ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))


def index_checks(ms, nn, ops, rec):
    """What MindSpore's CPU kernels check about indices (only exception types are kept)."""
    P = mod("mindspore.ops.operations")
    ones = ms.Tensor(np.ones((2, 4), np.float32))

    def rows(*r, dtype=np.int32):
        return ms.Tensor(np.array([[i] for i in r], dtype))

    rec("tensor_scatter_add", lambda: P.TensorScatterAdd()(_x34(ms), rows(0, 1), ones))
    rec(
        "tensor_scatter_add_int64",
        lambda: P.TensorScatterAdd()(_x34(ms), rows(0, 1, dtype=np.int64), ones),
    )
    rec("tensor_scatter_add_past_end", lambda: P.TensorScatterAdd()(_x34(ms), rows(0, 5), ones))
    rec("tensor_scatter_add_negative", lambda: P.TensorScatterAdd()(_x34(ms), rows(0, -1), ones))
    rec("tensor_scatter_max_past_end", lambda: P.TensorScatterMax()(_x34(ms), rows(0, 3), ones))
    rec(
        "tensor_scatter_update_past_end",
        lambda: P.TensorScatterUpdate()(_x34(ms), rows(0, 3), ones),
    )
    rec("scatter_nd_past_end", lambda: P.ScatterNd()(rows(0, 3), ones, (3, 4)))

    def scatter_nd_update(*r):
        target = ms.Parameter(ms.Tensor(np.zeros((3, 4), np.float32)), name="target")
        P.ScatterNdUpdate()(target, rows(*r), ones)
        return target.asnumpy()

    rec("scatter_nd_update", lambda: scatter_nd_update(0, 2))
    rec("scatter_nd_update_past_end", lambda: scatter_nd_update(0, 3))
    rec("scatter_nd_update_negative", lambda: scatter_nd_update(0, -1))
    index = lambda *i: ms.Tensor(np.array(i, np.int32))  # noqa: E731
    rec("gather_negative", lambda: ops.gather(_x34(ms), index(0, -3), 0))
    rec("gather_past_end", lambda: ops.gather(_x34(ms), index(0, 3), 0))
    rec("gather_before_start", lambda: ops.gather(_x34(ms), index(-4), 0))
    rec("gather_axis1_past_end", lambda: ops.gather(_x34(ms), index(4), 1))
    rec("Gather_past_end", lambda: P.Gather()(_x34(ms), index(3), 0))
    rec("tensor_method_gather_past_end", lambda: _x34(ms).gather(index(5), 0))

    def cube():
        return ms.Tensor(np.arange(80, dtype=np.float32).reshape(4, 5, 4))

    reads = {
        "false": False,
        "empty_list": [],
        "all_false_list": [False] * 4,
        "tuple_with_false": (False, 3),
        "int_past_end": 4,
        "int_before_start": -5,
        "tuple_past_end": (2, 5),
        "list_past_end": [4, 2],
        "true": True,
        "mixed": [3, 1],
    }
    for name, where in reads.items():
        rec(f"read_{name}", lambda where=where: cube()[where].shape)

        def augmented(where=where):
            x = cube()
            x[where] += 1.0
            return x.sum()

        rec(f"augmented_{name}", augmented)
    # Last: MindSpore keeps the first dtype error of a primitive for later calls.
    rec(
        "tensor_scatter_add_int8",
        lambda: P.TensorScatterAdd()(_x34(ms), rows(0, 1, dtype=np.int8), ones),
    )
    rec(
        "tensor_scatter_update_int16",
        lambda: P.TensorScatterUpdate()(_x34(ms), rows(0, 1, dtype=np.int16), ones),
    )
    rec(
        "scatter_nd_add_uint8",
        lambda: P.ScatterNdAdd()(
            ms.Parameter(_x34(ms), name="v"), rows(0, 1, dtype=np.uint8), ones
        ),
    )


def kernel_forms(ms, nn, ops, rec):
    """Results MindSpore's CPU kernels give: N-d segment ids, empty segments, GeLU's tanh form,
    an unsorted top-k of a whole row, Dense with a 1-D weight."""
    P = mod("mindspore.ops.operations")
    data = ms.Tensor(np.arange(24, dtype=np.float32).reshape(3, 2, 4))
    ids = ms.Tensor(np.array([[0, 1], [1, 0], [2, 0]], np.int32))
    pair = ms.Tensor(np.array([0, 0], np.int32))
    for name in (
        "UnsortedSegmentSum",
        "UnsortedSegmentMin",
        "UnsortedSegmentMax",
        "UnsortedSegmentProd",
    ):
        rec(f"{name}_2d_ids", lambda name=name: getattr(P, name)()(data, ids, 4))
        rec(
            f"{name}_empty_float",
            lambda name=name: getattr(P, name)()(
                ms.Tensor(np.array([1.0, 2.0], np.float32)), pair, 3
            ),
        )
        rec(
            f"{name}_empty_int",
            lambda name=name: getattr(P, name)()(ms.Tensor(np.array([1, 2], np.int32)), pair, 3),
        )
    x = ms.Tensor(np.array([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0], np.float32))
    rec("GeLU", lambda: P.GeLU()(x))
    rec("gelu", lambda: ops.gelu(x))
    rows = ms.Tensor(np.array([[1.0, 5.0, 3.0, 9.0], [4.0, 0.0, 8.0, 6.0]], np.float32))
    rec("topk_unsorted_whole_row", lambda: ops.topk(rows, 4, sorted=False))
    rec("topk_unsorted_smallest_whole_row", lambda: ops.topk(rows, 4, largest=False, sorted=False))
    rec("TopK_unsorted_whole_row", lambda: P.TopK(sorted=False)(rows, 4))
    rec("tensor_topk_unsorted_whole_row", lambda: rows.topk(4, sorted=False))
    rec("topk_sorted", lambda: ops.topk(rows, 2))
    vec = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    mat = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    rec("Dense_1d_input_1d_weight", lambda: P.Dense()(vec, vec, ms.Tensor(np.float32(7.0))))
    rec("Dense_2d_input_1d_weight", lambda: P.Dense()(mat, vec, ms.Tensor(np.float32(7.0))))
    rec("dense_1d_input", lambda: ops.dense(vec, ms.Tensor(np.ones((2, 3), np.float32)), None))


def index_cells(ms, nn, ops, rec):
    """nn.Range, nn.OneHot, and a CellList refusing a CellDict."""
    rec("range_ints", lambda: nn.Range(1, 8, 2)())
    rec("range_floats", lambda: nn.Range(0.5, 3.0, 0.5)())
    rec("range_mixed", lambda: nn.Range(1.0, 8, 2)())
    rec("range_limit_only", lambda: nn.Range(5)())
    rec("range_down", lambda: nn.Range(5, 1, -2)())
    labels = ms.Tensor(np.array([0, 2, 1, -1], np.int32))
    rec("one_hot", lambda: nn.OneHot(depth=3)(labels))
    rec(
        "one_hot_axis0_values",
        lambda: nn.OneHot(axis=0, depth=3, on_value=5.0, off_value=-1.0)(labels),
    )
    rec(
        "one_hot_2d_int64",
        lambda: nn.OneHot(depth=4)(ms.Tensor(np.array([[1, 3], [0, 2]], np.int64))),
    )
    rec("one_hot_float16", lambda: nn.OneHot(depth=2, dtype=ms.float16)(labels))
    cells = lambda: nn.CellDict({"relu": nn.ReLU()})  # noqa: E731
    rec("cell_list_of_cell_dict", lambda: len(nn.CellList([cells()])))
    rec("cell_list_extend_cell_dict", lambda: len(nn.CellList([nn.ReLU()]).extend([cells()])))

    def appended():
        cell_list = nn.CellList([nn.ReLU()])
        cell_list.append(cells())
        return len(cell_list)

    rec("cell_list_append_cell_dict", appended)
    rec("cell_list_of_cell_list", lambda: len(nn.CellList([nn.CellList([nn.ReLU()])])))


def dataset_init_step(ms, nn, ops, rec):
    """Dataset.set_init_step: iterators resume at a global step."""
    ds = mod("mindspore.dataset")

    def run(init_step, num_epochs, batch=None):
        data = ds.NumpySlicesDataset(np.arange(5), column_names=["x"], shuffle=False)
        if batch:
            data = data.batch(batch)
        data.set_init_step(init_step)
        iterator = data.create_tuple_iterator(num_epochs=num_epochs, output_numpy=True)
        epochs = num_epochs - init_step // data.get_dataset_size()
        return [[r[0].tolist() for r in iterator] for _ in range(epochs)]

    rec("inside_first_epoch", lambda: run(2, 1))
    rec("two_epochs", lambda: run(2, 2))
    rec("inside_second_epoch", lambda: run(7, 2))
    rec("at_epoch_end", lambda: run(5, 2))
    rec("batched", lambda: run(1, 1, batch=2))

    def kept():
        data = ds.NumpySlicesDataset(np.arange(4), column_names=["x"], shuffle=False)
        data.set_init_step(3)
        first = [r[0].tolist() for r in data.create_tuple_iterator(num_epochs=1, output_numpy=True)]
        again = [r[0].tolist() for r in data.create_tuple_iterator(num_epochs=1, output_numpy=True)]
        return first, again

    rec("setting_kept", kept)


def train_with_plain_stdout(ms, nn, ops, rec):
    """Model.train while sys.stdout is an object with only write and flush."""
    ds, train = mod("mindspore.dataset"), mod("mindspore.train")

    class Sink:
        def __init__(self):
            self.text = []

        def write(self, text):
            self.text.append(text)

        def flush(self):
            pass

    def run():
        net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        x = np.array([[1.0, 2.0], [0.5, -1.0], [2.0, 0.0], [-1.0, 1.0]], np.float32)
        y = np.array([[1.0], [0.0], [2.0], [-1.0]], np.float32)
        data = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(2)
        model = train.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
        saved, sys.stdout = sys.stdout, Sink()
        try:
            model.train(2, data, callbacks=[train.LossMonitor()])
        finally:
            sys.stdout = saved
        return net.weight.value(), net.bias.value()

    rec("trained_weights", run)


def tensor_hooks(ms, nn, ops, rec):
    """Tensor.register_hook inside and around grad (PyNative)."""
    seen = []

    def double(grad):
        seen.append(grad.shape)
        return grad * 2

    def triple(grad):
        return grad * 3

    def inner(x, y):
        z = x * y
        z.register_hook(double)
        z.register_hook(triple)
        return z * y

    x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    y = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))  # (not x: MindSpore would add both)
    rec("on_an_intermediate", lambda: ms.grad(inner, grad_position=(0, 1))(x, y))
    rec("hook_saw", lambda: [list(s) for s in seen])

    def on_input():
        leaf = ms.Tensor(np.array([1.0], np.float32))
        first = leaf.register_hook(double)
        leaf.register_hook(triple)
        square_plus = lambda t: t**2 + t + 1  # noqa: E731
        both = ms.grad(square_plus)(leaf)
        first.remove()
        one = ms.grad(square_plus)(leaf)
        return both, one, len(leaf.hooks())

    rec("on_an_input", on_input)

    class Scaled(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")

        def construct(self, x):
            return (x * self.w).sum()

    def on_a_weight():
        net = Scaled()
        handle = net.w.register_hook(triple)
        grad_fn = ms.grad(net, grad_position=None, weights=net.trainable_params())
        data = ms.Tensor(np.array([0.5, 4.0], np.float32))
        hooked, _ = grad_fn(data), handle.remove()
        return hooked, grad_fn(data)

    rec("on_a_weight", on_a_weight)


def mutable_grad(ms, nn, ops, rec):
    """GradOperation over a tuple given to `mutable`: differentiated in GRAPH_MODE, a
    constant (no gradient) in PYNATIVE_MODE."""

    class Net(nn.Cell):
        def construct(self, t):
            return ops.matmul(t[0][0] * 2.0, t[1])

    a = ms.Tensor(np.array([[0.5, 0.6], [1.2, 1.3]], np.float32))
    b = ms.Tensor(np.array([[0.1, 0.3], [2.0, 1.0]], np.float32))
    for mode in ("GRAPH_MODE", "PYNATIVE_MODE"):
        ms.set_context(mode=getattr(ms, mode))
        try:
            rec(
                f"nested_tuple_{mode}",
                lambda: ms.ops.GradOperation()(Net())(ms.mutable(((a, a), b))),
            )
            rec(f"list_{mode}", lambda: ms.ops.GradOperation()(Net())(ms.mutable([[a, b], b])))
            rec(
                f"get_all_{mode}",
                lambda: ms.ops.GradOperation(get_all=True)(Net())(ms.mutable(((a, b), a))),
            )
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)


def bprop_entries(ms, nn, ops, rec):
    """A Cell bprop returning more gradients than inputs (the extra ones are ignored) or
    fewer (an error)."""

    class Extra(nn.Cell):
        def construct(self, x, y):
            return x * y

        def bprop(self, x, y, out, dout):
            return 2 * dout, 3 * dout, 4 * dout

    class Short(nn.Cell):
        def construct(self, x, y):
            return x * y

        def bprop(self, x, y, out, dout):
            return (2 * dout,)

    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    y = ms.Tensor(np.array([3.0, 4.0], np.float32))
    rec("extra_entry", lambda: ms.ops.GradOperation(get_all=True)(Extra())(x, y))
    rec("too_few", lambda: ms.ops.GradOperation(get_all=True)(Short())(x, y))


SCENARIOS = [
    module_paths,
    index_checks,
    kernel_forms,
    index_cells,
    dataset_init_step,
    train_with_plain_stdout,
    tensor_hooks,
    mutable_grad,
    bprop_entries,
]


run_scenario = core.run_nn_scenario


def _types_only(golden):
    """MindSpore's error sentences are not kept: an error is its exception type."""
    for cases in golden.values():
        for value in cases.values():
            if isinstance(value, dict) and value.get("t") == "error":
                value.pop("error", None)


def main():
    script = "tests/oracle/gen_replayed_scenarios_golden.py"
    core.write_scenario_golden(SCENARIOS, GOLDEN_PATH, script)
    import json

    with open(GOLDEN_PATH) as fh:
        golden = json.load(fh)
    meta = golden.pop("__meta__")
    _types_only(golden)
    with open(GOLDEN_PATH, "w") as fh:
        json.dump({"__meta__": meta, **golden}, fh, separators=(",", ":"))
        fh.write("\n")


if __name__ == "__main__":
    main()
