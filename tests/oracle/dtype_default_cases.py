"""Expressions whose result dtype msfunc must share with MindSpore 2.10 (64-bit types on).

Shared by `gen_dtype_defaults_golden.py` (run under MindSpore) and
`tests/common/test_dtype_defaults.py` (run under msfunc): each is evaluated with the names
`ms`, `ops`, `Tensor`, `mnp` and `np` bound to the framework under test.
"""

EXPRESSIONS = [
    "Tensor(1)",
    "ms.common.initializer.initializer(Tensor(np.ones(2, np.float16)), [2], ms.float32)",
    "ms.common.initializer.initializer(Tensor(np.ones(2, np.int32)), [2])",
    "ms.nn.Dense(2, 3, weight_init=Tensor(np.ones((3, 2), np.float16))).weight",
    "ms.nn.Dense(2, 3, weight_init=Tensor(np.ones((3, 2), np.float16))).bias",
    "ms.nn.Conv2d(2, 3, 3, weight_init=Tensor(np.ones((3, 2, 3, 3), np.float16))).weight",
    "ms.nn.Embedding(5, 3, embedding_table=Tensor(np.ones((5, 3), np.float16))).embedding_table",
    "Tensor(1.0)",
    "Tensor(True)",
    "Tensor([1, 2])",
    "Tensor([1.0, 2.0])",
    "Tensor(np.ones(2))",
    "Tensor(np.ones(2, np.int32))",
    "Tensor(np.arange(3))",
    "Tensor(np.float64(2.0))",
    "Tensor(np.float16(2.0))",
    "Tensor(np.int32(2))",
    "Tensor(np.bool_(True))",
    "Tensor(np.complex128(1.0))",
    "Tensor(1 + 2j)",
    "Tensor([1.0 + 1j, 2])",
    "Tensor([1.0 + 1j]) * 2",
    "Tensor([np.float64(1.0), np.float64(2.0)])",
    "Tensor([np.int32(1), np.int32(2)])",
    "ops.matmul(Tensor(np.ones((2,2))), Tensor(np.ones((2,2))))",
    "ops.argmax(Tensor([1.0, 3.0, 2.0]))",
    "ops.argmin(Tensor([1.0, 3.0, 2.0]))",
    "ops.max(Tensor([1.0, 3.0, 2.0]), 0)[1]",
    "ops.argwhere(Tensor([1.0, 0.0, 2.0]))",
    "ops.nonzero(Tensor([1.0, 0.0, 2.0]))",
    "ops.median(Tensor([1.0, 3.0, 2.0]))[1]",
    "ops.cummax(Tensor([1.0, 3.0, 2.0]), 0)[1]",
    "ops.unique_consecutive(Tensor([1, 1, 2]), return_idx=True, return_counts=True)[2]",
    "ops.topk(Tensor([1.0, 3.0, 2.0]), 2)[1]",
    "ops.sort(Tensor([1.0, 3.0, 2.0]))[1]",
    "ops.argsort(Tensor([1.0, 3.0, 2.0]))",
    "ops.float_power(Tensor([1.0, 2.0]), 2)",
    "ops.arange(5)",
    "ops.arange(5.0)",
    "ops.arange(0, 1, 0.25)",
    "ops.linspace(0.0, 1.0, 5)",
    "ops.zeros((2,))",
    "ops.ones((2,))",
    "ops.full((2,), 1)",
    "ops.full((2,), 1.0)",
    "ops.fill(ms.float32, (2,), 1)",
    "ops.eye(2)",
    "ops.ones_like(Tensor([1, 2]))",
    "ops.sum(Tensor(np.ones(2, np.int32)))",
    "ops.sum(Tensor([1, 2]))",
    "ops.prod(Tensor(np.ones(2, np.int32)))",
    "ops.cumsum(Tensor(np.ones(2, np.int32)), 0)",
    "ops.mean(Tensor([1.0, 2.0]))",
    "ops.sqrt(Tensor([1.0, 2.0]))",
    "Tensor([1, 2]) / Tensor([2, 2])",
    "Tensor([1, 2]) * 2.5",
    "Tensor([1.0, 2.0]) * 2.5",
    "Tensor(np.ones(2)) * Tensor([1.0, 2.0])",
    "Tensor(np.ones(2, np.int32)) + 1",
    "ops.rand(2)",
    "ops.randn(2)",
    "ops.randint(0, 5, (2,))",
    "ops.uniform((2,), Tensor(0.0), Tensor(1.0))",
    "ops.bincount(Tensor([1, 2, 2]))",
    "ops.histc(Tensor([1.0, 2.0]), 4)",
    "ops.range(Tensor(0), Tensor(5), Tensor(1))",
    "ops.shape_(Tensor([1.0]))",
    "ops.tensor_scatter_elements(Tensor([1.0, 2.0]), Tensor([0]), Tensor([5.0]))",
    "ops.one_hot(Tensor([0, 1]), 2, Tensor(1.0), Tensor(0.0))",
    "ops.size(Tensor([1.0, 2.0]))",
    "ops.count_nonzero(Tensor([1.0, 0.0]))",
    "ops.searchsorted(Tensor([1.0, 2.0]), Tensor([1.5]))",
    "ops.bucketize(Tensor([1.5]), [1.0, 2.0])",
    "ops.tril_indices(2, 2)",
    "ops.multinomial(Tensor([0.5, 0.5]), 1)",
    "ops.is_floating_point(Tensor([1.0]))",
    "ops.logical_and(Tensor([True]), Tensor([False]))",
    "ops.norm(Tensor([3.0, 4.0]))",
    "ops.var(Tensor([1.0, 2.0]))",
    "ops.std(Tensor(np.array([1.0, 2.0])))",
    "ops.matmul(Tensor([[1, 2]]), Tensor([[1], [2]]))",
    "ops.cast(Tensor([1.5]), ms.int64)",
    "ops.cast(Tensor([1]), ms.float64)",
    "Tensor([1.0]).astype(ms.float64) + 1.0",
    "Tensor([1.5, 2.5]).round()",
    "Tensor([1.5, 2.5]).floor()",
    "Tensor([3, 4]).float()",
    "Tensor([3.0, 4.0]).int()",
    "Tensor([3.0, 4.0]).long()",
    "Tensor([3.0, 4.0]).double()",
    "Tensor([3.0]).item()",
    "Tensor([3]).item()",
    "Tensor([1.0, 2.0]).argmax()",
    "Tensor([1.0, 2.0]).sum()",
    "Tensor([1, 2]).sum()",
    "Tensor([1, 2]).mean()",
    "mnp.arange(5)",
    "mnp.arange(5.0)",
    "mnp.ones(2)",
    "mnp.zeros(2)",
    "mnp.full(2, 1)",
    "mnp.linspace(0, 1, 3)",
    "mnp.eye(2)",
    "mnp.array([1, 2])",
    "mnp.array([1.0, 2.0])",
    "mnp.asarray(np.ones(2))",
    "mnp.sum(mnp.array([1, 2]))",
    "mnp.mean(mnp.array([1.0, 2.0]))",
    "mnp.argmax(mnp.array([1.0, 2.0]))",
    "mnp.where(mnp.array([True, False]))[0]",
    "mnp.nonzero(mnp.array([1.0, 0.0]))[0]",
    "mnp.indices((2,))",
    "mnp.histogram(mnp.array([1.0, 2.0]), bins=2)[0]",
    "mnp.bincount(mnp.array([1, 2]))",
    "mnp.cumsum(mnp.array([1, 2]))",
    "mnp.power(mnp.array([2.0]), 2)",
    "mnp.array([1, 2]) / 2",
    "mnp.dot(mnp.array(np.ones(2)), mnp.array(np.ones(2)))",
]

#: Results where msfunc deliberately differs from MindSpore 2.10, with the reason.
KNOWN_DIFFERENCES = {
    "ops.full((2,), 1.0)": "MindSpore 2.10 fills a float value into an Int64 tensor; msfunc "
    "keeps the value's float32",
    "Tensor([1, 2]).mean()": "MindSpore 2.10 returns an integer mean of an integer tensor; "
    "msfunc returns the float mean",
    "mnp.histogram(mnp.array([1.0, 2.0]), bins=2)[0]": "msfunc returns integer counts, as numpy",
    "mnp.bincount(mnp.array([1, 2]))": "msfunc returns integer counts, as numpy",
    "mnp.indices((2,))": "msfunc returns one stacked array, as numpy",
}


def describe(value, tensor_type):
    """A result as text: ``Tensor:<dtype name>`` (lower case), a Python type name, or the
    same for the items of a tuple or list."""
    if isinstance(value, tensor_type):
        return "Tensor:" + str(value.dtype).lower()
    if isinstance(value, (tuple, list)):
        return type(value).__name__ + ":" + ",".join(describe(v, tensor_type) for v in value)
    return type(value).__name__


def evaluate(namespace, tensor_type):
    """{expression: described result, or ``ERROR:<exception name>``} for every expression."""
    out = {}
    for text in EXPRESSIONS:
        try:
            out[text] = describe(eval(text, dict(namespace)), tensor_type)  # noqa: S307
        except Exception as exc:  # noqa: BLE001  (the failure is the recorded answer)
            out[text] = "ERROR:" + type(exc).__name__
    return out
