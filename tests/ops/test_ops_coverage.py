"""Coverage of mindspore.ops' functional names (and primitive classes) by msfunc.ops."""

import pytest
from _paths import REPO, TESTS

import msfunc.ops as ops
from msfunc.errors import UnsupportedError

DATA = TESTS / "data"
REFERENCE = REPO.parent / "shared" / "reference" / "mindspore-2.10-ops.md"


def _names(filename):
    return [n for n in (DATA / filename).read_text().split() if n]


FUNCTIONAL = _names("mindspore_ops_functional.txt")
PRIMITIVES = _names("mindspore_ops_primitives.txt")


def _supported(name):
    return callable(getattr(ops, name, None))  # (a primitive class is made on first read)


def test_name_lists_match_the_shared_reference():
    if not REFERENCE.exists():
        pytest.skip("shared/reference is not beside the repository")
    text = REFERENCE.read_text()
    functional = text.split("## functional (719)")[1].split("##")[0]
    assert [n.strip() for n in functional.strip().split(",")] == FUNCTIONAL
    assert len(FUNCTIONAL) == 719


def test_every_functional_name_is_supported_or_documented_not_applicable():
    supported = [n for n in FUNCTIONAL if _supported(n)]
    not_applicable = [n for n in FUNCTIONAL if not _supported(n) and n in ops.NOT_APPLICABLE]
    missing = [n for n in FUNCTIONAL if not _supported(n) and n not in ops.NOT_APPLICABLE]
    print(
        f"msfunc.ops functional coverage: {len(supported)}/{len(FUNCTIONAL)} supported, "
        f"{len(not_applicable)} documented not applicable"
    )
    assert not missing, f"names neither supported nor documented: {missing}"
    assert len(supported) >= 560


def test_not_applicable_entries_give_reasons_and_raise():
    for name, reason in ops.NOT_APPLICABLE.items():
        assert isinstance(reason, str) and len(reason) > 10, name
    for name in [n for n in FUNCTIONAL if not _supported(n)][:20]:
        with pytest.raises(NotImplementedError, match=name):
            getattr(ops, name)
    with pytest.raises(AttributeError):
        ops.definitely_not_an_op  # noqa: B018


def test_unsupported_names_answer_hasattr_and_getattr_default():
    name = "rotated_iou"
    assert name in ops.NOT_APPLICABLE
    assert not hasattr(ops, name)
    assert getattr(ops, name, None) is None
    with pytest.raises(UnsupportedError, match="Ascend-only") as info:
        getattr(ops, name)
    # both families catch it: attribute lookups and MindSpore's "not supported" handlers
    assert isinstance(info.value, AttributeError)
    assert isinstance(info.value, NotImplementedError)
    assert "rotated_iou is not supported" in str(info.value)
    assert getattr(ops, "NeighborExchange", None) is None


def test_primitive_classes_cover_the_common_ones():
    supported = [p for p in PRIMITIVES if isinstance(getattr(ops, p, None), type)]
    print(f"msfunc.ops primitive classes: {len(supported)}/{len(PRIMITIVES)}")
    for name in (
        "Sin",
        "Cos",
        "Mul",
        "MatMul",
        "ReduceSum",
        "Transpose",
        "Cast",
        "Concat",
        "Softmax",
        "Argmax",
        "GradOperation",
    ):
        assert name in supported, name


def test_every_primitive_is_a_class_or_not_applicable_with_a_reason():
    classes = [p for p in PRIMITIVES if isinstance(getattr(ops, p, None), type)]
    rest = [p for p in PRIMITIVES if p not in classes]
    print(
        f"msfunc.ops primitive classes: {len(classes)}/{len(PRIMITIVES)}, "
        f"{len(rest)} documented not applicable"
    )
    missing = [p for p in rest if p not in ops.NOT_APPLICABLE]
    assert not missing, f"primitives neither classes nor documented: {missing}"
    assert len(classes) >= 448
    for name in rest:
        reason = ops.NOT_APPLICABLE[name]
        assert isinstance(reason, str) and len(reason) > 10, name
        with pytest.raises(NotImplementedError, match=rf"\b{name}\b"):
            getattr(ops, name)
