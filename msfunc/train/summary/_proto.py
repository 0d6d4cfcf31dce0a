"""Message classes of MindSpore's summary and lineage files, built from descriptors in code.

The field numbers and types are those of the Event, Summary, TensorProto and LineageEvent
messages that MindSpore 2.10 and MindInsight exchange (read off files MindSpore writes), so
either side reads what the other writes. Only what summaries carry is declared: a graph
event's ``graph_def`` is an opaque message here (msfunc writes no computational graphs).

Example:
    >>> event = Event(wall_time=1.0, step=2)
    >>> event.summary.value.add(tag="loss", scalar_value=0.5).scalar_value
    0.5
    >>> Event.FromString(event.SerializeToString()).summary.value[0].tag
    'loss'
"""

from __future__ import annotations

from typing import Any

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

__all__ = [
    "DataType",
    "Event",
    "Summary",
    "TensorProto",
    "LossLandscape",
    "LineageEvent",
    "TrainLineage",
    "EvaluationLineage",
    "DatasetGraph",
    "UserDefinedInfo",
    "OperationParameter",
    "Operation",
    "StrList",
    "DTYPE_CODES",
]

_PACKAGE = "msfunc.summary"
_F = descriptor_pb2.FieldDescriptorProto
_SCALARS = {
    "double": _F.TYPE_DOUBLE,
    "float": _F.TYPE_FLOAT,
    "int64": _F.TYPE_INT64,
    "uint64": _F.TYPE_UINT64,
    "int32": _F.TYPE_INT32,
    "bool": _F.TYPE_BOOL,
    "string": _F.TYPE_STRING,
    "bytes": _F.TYPE_BYTES,
}
_LABELS = {"opt": _F.LABEL_OPTIONAL, "req": _F.LABEL_REQUIRED, "rep": _F.LABEL_REPEATED}

# The element types a TensorProto names (its ``data_type``), by number.
DTYPE_CODES = {
    "DT_UNDEFINED": 0,
    "DT_BOOL": 1,
    "DT_INT8": 2,
    "DT_INT16": 3,
    "DT_INT32": 4,
    "DT_INT64": 5,
    "DT_UINT8": 6,
    "DT_UINT16": 7,
    "DT_UINT32": 8,
    "DT_UINT64": 9,
    "DT_FLOAT16": 10,
    "DT_FLOAT32": 11,
    "DT_FLOAT64": 12,
    "DT_BFLOAT16": 46,
}

# message -> fields (number, name, label, type: a scalar name, or a message/enum name),
# nested messages spelled Outer.Inner; "oneof:NAME" after a field puts it in that oneof. A
# nested ``...Entry`` message is a map's entry (``user_info.map_int32["a"] = 1``).
_MESSAGES = {
    "TensorProto": [
        (1, "dims", "rep", "int64"),
        (2, "data_type", "opt", "enum:DataType"),
        (3, "float_data", "rep", "float"),
        (4, "int32_data", "rep", "int32"),
        (5, "int64_data", "rep", "int64"),
        (6, "double_data", "rep", "double"),
        (7, "uint64_data", "rep", "uint64"),
        (8, "raw_data", "opt", "bytes"),
    ],
    "GraphProto": [],
    "Summary.Image": [
        (1, "height", "req", "int32"),
        (2, "width", "req", "int32"),
        (3, "colorspace", "req", "int32"),
        (4, "encoded_image", "req", "bytes"),
    ],
    "Summary.Histogram.bucket": [
        (1, "left", "req", "double"),
        (2, "width", "req", "double"),
        (3, "count", "req", "int64"),
    ],
    "Summary.Histogram": [
        (1, "buckets", "rep", "Summary.Histogram.bucket"),
        (2, "nan_count", "opt", "int64"),
        (3, "pos_inf_count", "opt", "int64"),
        (4, "neg_inf_count", "opt", "int64"),
        (5, "max", "opt", "double"),
        (6, "min", "opt", "double"),
        (7, "sum", "opt", "double"),
        (8, "count", "opt", "int64"),
    ],
    "LossLandscape.Point": [
        (1, "x", "opt", "TensorProto"),
        (2, "y", "opt", "TensorProto"),
        (3, "z", "opt", "TensorProto"),
    ],
    "LossLandscape.LossPath": [
        (1, "intervals", "rep", "int32"),
        (2, "points", "opt", "LossLandscape.Point"),
    ],
    "LossLandscape.Metadata": [
        (1, "decomposition", "opt", "string"),
        (2, "unit", "opt", "string"),
        (3, "step_per_epoch", "opt", "int32"),
    ],
    "LossLandscape": [
        (1, "landscape", "opt", "LossLandscape.Point"),
        (2, "loss_path", "opt", "LossLandscape.LossPath"),
        (3, "metadata", "opt", "LossLandscape.Metadata"),
        (4, "convergence_point", "opt", "LossLandscape.Point"),
    ],
    "Summary.Value": [
        (1, "tag", "req", "string"),
        (3, "scalar_value", "opt", "float", "oneof:value"),
        (4, "image", "opt", "Summary.Image", "oneof:value"),
        (8, "tensor", "opt", "TensorProto", "oneof:value"),
        (9, "histogram", "opt", "Summary.Histogram", "oneof:value"),
        (10, "loss_landscape", "opt", "LossLandscape", "oneof:value"),
    ],
    "Summary": [(1, "value", "rep", "Summary.Value")],
    "Event": [
        (1, "wall_time", "req", "double"),
        (2, "step", "opt", "int64"),
        (3, "version", "opt", "string", "oneof:what"),
        (4, "graph_def", "opt", "GraphProto", "oneof:what"),
        (5, "summary", "opt", "Summary", "oneof:what"),
    ],
    # lineage
    "UserDefinedInfo.MapInt32Entry": [(1, "key", "opt", "string"), (2, "value", "opt", "int32")],
    "UserDefinedInfo.MapStrEntry": [(1, "key", "opt", "string"), (2, "value", "opt", "string")],
    "UserDefinedInfo.MapDoubleEntry": [(1, "key", "opt", "string"), (2, "value", "opt", "double")],
    "UserDefinedInfo.MapDictEntry": [
        (1, "key", "opt", "string"),
        (2, "value", "opt", "UserDefinedInfo"),
    ],
    "UserDefinedInfo": [
        (1, "user_info", "rep", "UserDefinedInfo"),
        (2, "map_dict", "rep", "UserDefinedInfo.MapDictEntry"),
        (3, "map_int32", "rep", "UserDefinedInfo.MapInt32Entry"),
        (4, "map_str", "rep", "UserDefinedInfo.MapStrEntry"),
        (5, "map_double", "rep", "UserDefinedInfo.MapDoubleEntry"),
    ],
    "TrainLineage.HyperParameters": [
        (1, "optimizer", "opt", "string"),
        (2, "learning_rate", "opt", "float"),
        (3, "loss_function", "opt", "string"),
        (4, "epoch", "opt", "int32"),
        (5, "parallel_mode", "opt", "string"),
        (6, "device_num", "opt", "int32"),
        (8, "batch_size", "opt", "int32"),
    ],
    "TrainLineage.TrainDataset": [
        (1, "train_dataset_path", "opt", "string"),
        (2, "train_dataset_size", "opt", "int32"),
    ],
    "TrainLineage.Algorithm": [(1, "network", "opt", "string"), (2, "loss", "opt", "float")],
    "TrainLineage.Model": [(3, "path", "opt", "string"), (4, "size", "opt", "int64")],
    "TrainLineage": [
        (1, "hyper_parameters", "opt", "TrainLineage.HyperParameters"),
        (2, "train_dataset", "opt", "TrainLineage.TrainDataset"),
        (3, "algorithm", "opt", "TrainLineage.Algorithm"),
        (4, "model", "opt", "TrainLineage.Model"),
    ],
    "EvaluationLineage.ValidDataset": [
        (1, "valid_dataset_path", "opt", "string"),
        (2, "valid_dataset_size", "opt", "int32"),
    ],
    "EvaluationLineage": [
        (2, "metric", "opt", "string"),
        (3, "valid_dataset", "opt", "EvaluationLineage.ValidDataset"),
    ],
    "StrList": [(1, "strValue", "rep", "string")],
    "OperationParameter.MapStrEntry": [(1, "key", "opt", "string"), (2, "value", "opt", "string")],
    "OperationParameter.MapStrListEntry": [
        (1, "key", "opt", "string"),
        (2, "value", "opt", "StrList"),
    ],
    "OperationParameter.MapBoolEntry": [(1, "key", "opt", "string"), (2, "value", "opt", "bool")],
    "OperationParameter.MapIntEntry": [(1, "key", "opt", "string"), (2, "value", "opt", "int32")],
    "OperationParameter.MapDoubleEntry": [
        (1, "key", "opt", "string"),
        (2, "value", "opt", "double"),
    ],
    "OperationParameter": [
        (1, "mapStr", "rep", "OperationParameter.MapStrEntry"),
        (2, "mapStrList", "rep", "OperationParameter.MapStrListEntry"),
        (3, "mapBool", "rep", "OperationParameter.MapBoolEntry"),
        (4, "mapInt", "rep", "OperationParameter.MapIntEntry"),
        (5, "mapDouble", "rep", "OperationParameter.MapDoubleEntry"),
    ],
    "Operation": [
        (1, "operationParam", "opt", "OperationParameter"),
        (2, "size", "rep", "int32"),
        (3, "weights", "rep", "float"),
    ],
    "DatasetGraph": [
        (1, "children", "rep", "DatasetGraph"),
        (2, "parameter", "opt", "OperationParameter"),
        (3, "operations", "rep", "Operation"),
        (4, "sampler", "opt", "Operation"),
    ],
    "LineageEvent": [
        (1, "wall_time", "req", "double"),
        (2, "step", "opt", "int64"),
        (3, "version", "opt", "string", "oneof:what"),
        (6, "train_lineage", "opt", "TrainLineage", "oneof:what"),
        (7, "evaluation_lineage", "opt", "EvaluationLineage", "oneof:what"),
        (9, "dataset_graph", "opt", "DatasetGraph", "oneof:what"),
        (10, "user_defined_info", "opt", "UserDefinedInfo", "oneof:what"),
    ],
}


def _add_message(container, path, by_path):
    """The DescriptorProto of dotted `path` inside `container`, made (with its outer
    messages) when missing."""
    head, _, rest = path.partition(".")
    proto = by_path.get((id(container), head))
    if proto is None:
        proto = (
            container.message_type.add(name=head)
            if isinstance(container, descriptor_pb2.FileDescriptorProto)
            else container.nested_type.add(name=head)
        )
        by_path[(id(container), head)] = proto
    return _add_message(proto, rest, by_path) if rest else proto


def _build():
    proto = descriptor_pb2.FileDescriptorProto(
        name="msfunc/train/summary.proto", package=_PACKAGE, syntax="proto2"
    )
    enum = proto.enum_type.add(name="DataType")
    for name, number in DTYPE_CODES.items():
        enum.value.add(name=name, number=number)
    by_path = {}
    for path, fields in _MESSAGES.items():
        message = _add_message(proto, path, by_path)
        if path.endswith("Entry"):  # key/value pairs: a map field of the outer message
            message.options.map_entry = True
        oneofs = {}
        for number, name, label, kind, *extra in fields:
            field = message.field.add(name=name, number=number, label=_LABELS[label])
            if kind in _SCALARS:
                field.type = _SCALARS[kind]
            elif kind.startswith("enum:"):
                field.type, field.type_name = _F.TYPE_ENUM, f".{_PACKAGE}.{kind[5:]}"
            else:
                field.type, field.type_name = _F.TYPE_MESSAGE, f".{_PACKAGE}.{kind}"
            if extra:
                oneof = extra[0].partition(":")[2]
                if oneof not in oneofs:
                    oneofs[oneof] = len(message.oneof_decl)
                    message.oneof_decl.add(name=oneof)
                field.oneof_index = oneofs[oneof]
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    return {
        name: message_factory.GetMessageClass(pool.FindMessageTypeByName(f"{_PACKAGE}.{name}"))
        for name in _MESSAGES
        if "." not in name
    }, pool.FindEnumTypeByName(f"{_PACKAGE}.DataType")


# (Any: the classes are made at run time, their fields unknown to a type checker)
_CLASSES, _DATA_TYPE = _build()
Event: Any = _CLASSES["Event"]
Summary: Any = _CLASSES["Summary"]
TensorProto: Any = _CLASSES["TensorProto"]
LossLandscape: Any = _CLASSES["LossLandscape"]
LineageEvent: Any = _CLASSES["LineageEvent"]
TrainLineage: Any = _CLASSES["TrainLineage"]
EvaluationLineage: Any = _CLASSES["EvaluationLineage"]
DatasetGraph: Any = _CLASSES["DatasetGraph"]
UserDefinedInfo: Any = _CLASSES["UserDefinedInfo"]
OperationParameter: Any = _CLASSES["OperationParameter"]
Operation: Any = _CLASSES["Operation"]
StrList: Any = _CLASSES["StrList"]


class DataType:
    """The ``data_type`` numbers of a TensorProto: ``DataType.Value('DT_FLOAT32')`` is 11.

    Example:
        >>> DataType.Value("DT_INT32"), DataType.Name(11)
        (4, 'DT_FLOAT32')
    """

    @staticmethod
    def Value(name):  # noqa: N802 - protobuf's enum wrapper spelling
        """The number of element type `name`."""
        return _DATA_TYPE.values_by_name[name].number

    @staticmethod
    def Name(number):  # noqa: N802 - protobuf's enum wrapper spelling
        """The name of element type `number`."""
        return _DATA_TYPE.values_by_number[number].name
