"""msfunc's dtype objects: MindSpore 2.10's names and printing (golden) and numpy/JAX interop."""

import copy
import json
import pickle
import warnings

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest
from _paths import TESTS
from jax import lax

import msfunc as ms
from msfunc.common import dtype as mstype
from msfunc.common.dtype import canonical_dtype, to_ms_dtype

GOLDEN = json.loads((TESTS / "golden" / "dtype_objects.json").read_text())

# Where MindSpore 2.10 has no numpy type (KeyError) msfunc gives ml_dtypes' one on purpose.
ML_DTYPES_TYPES = {
    "float8_e4m3fn": ml_dtypes.float8_e4m3fn,
    "float8_e5m2": ml_dtypes.float8_e5m2,
    "qint4x2": ml_dtypes.int4,
}

# The fixed-width dtypes that have a numpy counterpart, with it.
NUMPY_OF = {
    "bool_": np.bool_,
    "int8": np.int8,
    "int16": np.int16,
    "int32": np.int32,
    "int64": np.int64,
    "uint8": np.uint8,
    "uint16": np.uint16,
    "uint32": np.uint32,
    "uint64": np.uint64,
    "float16": np.float16,
    "float32": np.float32,
    "float64": np.float64,
    "bfloat16": ml_dtypes.bfloat16,
    "complex64": np.complex64,
    "complex128": np.complex128,
    "float8_e4m3fn": ml_dtypes.float8_e4m3fn,
    "float8_e5m2": ml_dtypes.float8_e5m2,
    "qint4x2": ml_dtypes.int4,
}
# The ones JAX stores as themselves in this process (64-bit ones only with x64 on).
JAX_NATIVE = [
    name
    for name in NUMPY_OF
    if jax.dtypes.canonicalize_dtype(NUMPY_OF[name]) == np.dtype(NUMPY_OF[name])
]


def _golden_answer(expected, call):
    """Compare call() with a golden entry: a repr/name string or {"error": ...}."""
    if isinstance(expected, dict):
        with pytest.raises(TypeError):
            call()
        return
    result = call()
    assert (result.__name__ if isinstance(result, type) else repr(result)) == expected


@pytest.mark.parametrize("name", sorted(GOLDEN["objects"]))
def test_object_matches_mindspore(name):
    expected = GOLDEN["objects"][name]
    obj = getattr(ms, name)
    assert getattr(ms.dtype, name) is obj
    assert (str(obj), repr(obj), type(obj).__name__) == (
        expected["str"],
        expected["repr"],
        expected["class"],
    )
    assert obj is getattr(ms, expected["same_as"])
    if "itemsize" not in expected:  # string, list_, tuple_, type_none, tensor_type
        return
    assert (obj.is_complex, obj.is_floating_point, obj.is_signed, obj.itemsize) == (
        expected["is_complex"],
        expected["is_floating_point"],
        expected["is_signed"],
        expected["itemsize"],
    )
    _golden_answer(expected["to_complex"], obj.to_complex)
    _golden_answer(expected["to_real"], obj.to_real)
    canonical = expected["same_as"]
    if canonical in ML_DTYPES_TYPES:
        assert ms.dtype_to_nptype(obj) is ML_DTYPES_TYPES[canonical]
        assert ms.dtype_to_pytype(obj) is (int if canonical == "qint4x2" else float)
        return
    nptype = expected["dtype_to_nptype"]
    if isinstance(nptype, str):
        assert ms.dtype_to_nptype(obj) is NUMPY_OF[canonical]
    else:
        with pytest.raises(TypeError, match="dtype_to_nptype"):
            ms.dtype_to_nptype(obj)
    _golden_answer(expected["dtype_to_pytype"], lambda: ms.dtype_to_pytype(obj))


def test_type_tuples_quant_dtype_and_python_types_match_mindspore():
    for name, reprs in GOLDEN["tuples"].items():
        assert [repr(t) for t in getattr(mstype, name)] == reprs, name
    assert {m.name: m.value() for m in ms.QuantDtype} == GOLDEN["QuantDtype"]
    pytypes = {
        "bool": bool,
        "int": int,
        "float": float,
        "complex": complex,
        "str": str,
        "list": list,
        "tuple": tuple,
        "NoneType": type(None),
        "np.float16": np.float16,
        "np.int8": np.int8,
        "np.uint32": np.uint32,
        "np.bool_": np.bool_,
        "dict": dict,
        "type": type,
    }

    def answer(fn, arg):
        try:
            return repr(fn(arg))
        except (TypeError, NotImplementedError) as exc:
            return {"error": type(exc).__name__}

    for name, expected in GOLDEN["pytype_to_dtype"].items():
        assert answer(ms.pytype_to_dtype, pytypes[name]) == expected, name
    for text, expected in GOLDEN["get_py_obj_dtype"].items():
        obj = eval(text, {"np": np, "Tensor": ms.Tensor})  # noqa: S307  (the golden's own keys)
        assert answer(ms.get_py_obj_dtype, obj) == expected, text
    with pytest.raises(TypeError, match="pytype_to_dtype"):
        ms.pytype_to_dtype("float32")
    assert (ms.float_ == ms.float32, ms.int_ == ms.int32) == (
        GOLDEN["equal_between"]["float_ == float32"],
        GOLDEN["equal_between"]["int_ == int32"],
    )
    assert mstype.Float(32) is ms.float32 and mstype.Int(8) is ms.int8
    assert mstype.UInt(16) is ms.uint16 and mstype.Complex(128) is ms.complex128
    assert mstype.Float() is ms.float_ and mstype.Bool() is ms.bool_
    with pytest.raises(TypeError, match="no Int dtype of 7 bits"):
        mstype.Int(7)
    tensor_float = mstype.TensorType(ms.float32)
    assert (repr(tensor_float), str(tensor_float)) == (
        "mindspore.tensor[float32]",
        "Tensor[Float32]",
    )
    assert tensor_float == mstype.TensorType(np.float32) and tensor_float != ms.tensor_type
    assert tensor_float.element_type() is ms.float32


@pytest.mark.parametrize("name", sorted(NUMPY_OF))
def test_equal_and_hash_as_numpy_and_jax_dtypes(name):
    obj, nptype = getattr(ms, name), NUMPY_OF[name]
    npdtype = np.dtype(nptype)
    assert obj == nptype and nptype == obj and not (obj != nptype) and not (nptype != obj)
    assert obj == npdtype and npdtype == obj and not (obj != npdtype)
    assert obj == npdtype.name and not (obj == "complex256")
    if hasattr(jnp, npdtype.name):
        jax_type = getattr(jnp, npdtype.name)
        assert obj == jax_type and jax_type == obj
    assert hash(obj) == hash(npdtype)
    assert {npdtype: name}[obj] == name and {obj: name}[npdtype] == name
    assert to_ms_dtype(npdtype) is obj and to_ms_dtype(nptype) is obj
    assert to_ms_dtype(obj) is obj and to_ms_dtype(npdtype.name) is obj
    assert pickle.loads(pickle.dumps(obj)) is obj and copy.deepcopy([obj])[0] is obj
    # numpy's dtype attributes read through.
    assert (obj.kind, obj.name, obj.char, obj.type) == (
        npdtype.kind,
        npdtype.name,
        npdtype.char,
        npdtype.type,
    )
    others = [getattr(ms, other) for other in NUMPY_OF if other != name]
    assert all(
        obj != other and obj != np.dtype(NUMPY_OF[n])
        for n, other in zip([n for n in NUMPY_OF if n != name], others, strict=True)
    )


def test_equality_leaves_out_python_types_none_and_generic_types():
    assert ms.float64 != float and float != ms.float64 and ms.int64 != int  # noqa: E721
    assert ms.float32 != None  # noqa: E711  (the comparison is the test)
    assert ms.bool_ != True  # noqa: E712
    assert ms.float_ != ms.float32 and ms.float32 != ms.float_ and ms.float_ == ms.float_
    assert ms.number != ms.float32 and ms.uint != ms.uint32
    assert ms.string != "string" and ms.string == ms.string


def test_accepted_by_numpy_without_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name, nptype in NUMPY_OF.items():
            obj, npdtype = getattr(ms, name), np.dtype(nptype)
            assert np.dtype(obj) == npdtype, name
            assert np.zeros(3, obj).dtype == npdtype, name
            assert np.asarray([1, 0], dtype=obj).dtype == npdtype, name
            assert np.ones(2).astype(obj).dtype == npdtype, name
            assert np.issubdtype(obj, np.number) == np.issubdtype(npdtype, np.number), name
        assert np.finfo(ms.float16).eps == np.finfo(np.float16).eps
        assert np.iinfo(ms.uint16).max == 65535
        assert np.result_type(ms.int8, ms.float16) == np.float16
        assert np.can_cast(ms.int8, ms.int32) and not np.can_cast(ms.float32, ms.int8)
        assert np.ones(2, np.float32).dtype == ms.float32


def test_accepted_by_jax_without_warnings():
    x = jnp.ones(2, jnp.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in JAX_NATIVE:
            obj, npdtype = getattr(ms, name), np.dtype(NUMPY_OF[name])
            assert jnp.zeros(3, dtype=obj).dtype == npdtype, name
            assert jnp.asarray(x, obj).dtype == npdtype, name
            assert x.astype(obj).dtype == npdtype, name
            assert lax.convert_element_type(x, obj).dtype == npdtype, name
            assert jax.dtypes.canonicalize_dtype(obj) == npdtype, name
            assert jax.ShapeDtypeStruct((2,), obj).dtype == npdtype, name
            assert jnp.issubdtype(obj, jnp.floating) == jnp.issubdtype(npdtype, jnp.floating), name
        assert jnp.issubdtype(ms.bfloat16, jnp.floating) and jnp.issubdtype(ms.int8, jnp.integer)
        assert jnp.finfo(ms.float32).eps == np.finfo(np.float32).eps
        assert jnp.finfo(ms.bfloat16).bits == 16
        assert jnp.iinfo(ms.int16).min == -32768
        assert jnp.promote_types(ms.int8, ms.bfloat16) == jnp.bfloat16
        assert jnp.result_type(ms.uint8, ms.float16) == jnp.float16
        assert jax.random.normal(jax.random.key(0), (2,), ms.float16).dtype == jnp.float16
        spec = jax.eval_shape(lambda a: a * 2, jax.ShapeDtypeStruct((2,), ms.float16))
        assert spec.dtype == jnp.float16
        cast = jax.jit(lambda a, dtype: a.astype(dtype), static_argnums=1)
        assert cast(x, ms.int32).dtype == jnp.int32 and cast(x, ms.float16).dtype == jnp.float16
        assert jnp.zeros(2, ms.float_).dtype == jnp.float32  # MindSpore casts Float as float32
        assert x.dtype == ms.float32 and x.dtype in mstype.float_type


def test_types_without_numpy_counterpart_are_refused():
    for obj in (ms.number, ms.hifloat8):
        with pytest.raises(TypeError):
            np.dtype(obj)
        with pytest.raises(TypeError):
            jnp.zeros(2, obj)
        with pytest.raises(TypeError, match="no numpy or JAX counterpart"):
            canonical_dtype(obj)
    with pytest.raises(TypeError, match="to_ms_dtype: expected"):
        to_ms_dtype(np.dtype("U3"))
    with pytest.raises(TypeError, match="to_ms_dtype: expected"):
        to_ms_dtype("not a dtype")
    with pytest.raises(TypeError, match=r"expected a dtype \(msfunc.float32"):
        canonical_dtype("not a dtype")


def test_canonical_dtype_gives_the_numpy_dtype_jax_stores():
    for spec in (ms.float32, np.float32, "float32", jnp.float32, np.dtype("float32"), ms.float_):
        result = canonical_dtype(spec)
        assert type(result) is type(np.dtype("float32")) and result == np.float32
    assert canonical_dtype(ms.int64) == jax.dtypes.canonicalize_dtype(np.int64)
    assert canonical_dtype(ms.bfloat16) == jnp.bfloat16
    assert to_ms_dtype(jnp.zeros(1, ms.bfloat16).dtype) is ms.bfloat16
