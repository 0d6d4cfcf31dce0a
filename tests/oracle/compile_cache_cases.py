"""Compile-cache scenarios shared by gen_compile_cache_golden.py (MindSpore) and msfunc's test.

`counts(ms, rec)` is a plain MindSpore program reading ``Cell.compile_cache`` and
``mindspore.common.api.cells_compile_cache`` as Cells are made, called (graph mode: one
program per input signature; PyNative: none) and deleted. Counts are relative to the Cells
alive when it starts.
"""


def counts(ms, cells_compile_cache, rec):
    class Net(ms.nn.Cell):
        def construct(self, x, y):
            return x + y

    base = len(cells_compile_cache)
    found = []
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net1 = Net()
        found.append(len(cells_compile_cache) - base)
        one, two = ms.Tensor([1.0]), ms.Tensor([1.0, 2.0])
        net1(one, one)
        found.append(len(net1.compile_cache))
        net1(two, two)
        net1(one, one)
        found.append(len(net1.compile_cache))
        found.append(sorted(cells_compile_cache[id(net1)]) == sorted(net1.compile_cache))
        ms.set_context(mode=ms.PYNATIVE_MODE)
        net2 = Net()
        net2(one, one)
        found.append([len(net2.compile_cache), len(cells_compile_cache) - base])
        del net1, net2
        found.append(len(cells_compile_cache) - base)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    rec("counts", found)
