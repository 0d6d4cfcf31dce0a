"""``print(type(x))`` in a MindSpore program shows MindSpore's class paths (golden values from
MindSpore 2.10); outside the alias, and for classes a program defines, Python's own repr."""

import _alias_scenarios
import numpy as np
import pytest

import msfunc
from msfunc.compat import alias_mindspore, unalias_mindspore


@pytest.mark.parametrize("name", _alias_scenarios.names("type_reprs"))
def test_type_reprs_are_mindspores(name):
    _alias_scenarios.check("type_reprs", name)


def test_msfunc_classes_show_their_own_path_outside_the_alias():
    t = msfunc.Tensor([1.0])
    assert repr(type(t)) == "<class 'msfunc.common.tensor.Tensor'>"
    assert repr(type(t.asnumpy())) == "<class 'msfunc.common.host_array.HostArray'>"
    assert str(type(msfunc.dataset.NumpySlicesDataset([1, 2]).batch(1))) == (
        "<class 'msfunc.dataset.nodes.Batch'>"
    )


def test_a_programs_own_subclass_keeps_its_path_under_the_alias():
    alias_mindspore()
    try:
        import mindspore as ms

        class Scaled(ms.Tensor):
            pass

        shown = repr(Scaled(np.ones(2, np.float32)).__class__)
    finally:
        unalias_mindspore()
    assert shown == f"<class '{__name__}.{Scaled.__qualname__}'>"
