"""`bucket_batch_by_length`'s argument checks (apart from its node, which imports the engine)."""

from __future__ import annotations


def _int_list(values):
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values)


def check_bucket_args(column_names, boundaries, batch_sizes, length_fn, pad_to_boundary, drop):
    """Validate `bucket_batch_by_length`'s arguments in MindSpore's order (TypeError/ValueError)."""
    who = "bucket_batch_by_length"
    for name, value in (
        ("column_names", column_names),
        ("bucket_boundaries", boundaries),
        ("bucket_batch_sizes", batch_sizes),
    ):
        if not isinstance(value, list):
            raise TypeError(f"{who}: `{name}` must be a list, got {type(value).__name__}")
    for name, value in (("pad_to_bucket_boundary", pad_to_boundary), ("drop_remainder", drop)):
        if not isinstance(value, bool):
            raise TypeError(f"{who}: `{name}` must be a bool, got {value!r}")
    if not column_names or not all(isinstance(c, str) for c in column_names):
        raise TypeError(
            f"{who}: `column_names` must be a non-empty list of str, got {column_names}"
        )
    if length_fn is None and len(column_names) != 1:
        raise ValueError(
            f"{who}: without `element_length_function`, `column_names` must name one column"
        )
    if length_fn is not None and not callable(length_fn):
        raise TypeError(f"{who}: `element_length_function` must be callable")
    if not boundaries:
        raise ValueError(f"{who}: `bucket_boundaries` is empty")
    if not _int_list(boundaries):
        raise TypeError(f"{who}: `bucket_boundaries` must list ints, got {boundaries}")
    if any(b <= 0 for b in boundaries):
        raise ValueError(f"{who}: `bucket_boundaries` must be positive, got {boundaries}")
    if any(b >= c for b, c in zip(boundaries, boundaries[1:])):
        raise ValueError(f"{who}: `bucket_boundaries` must increase strictly, got {boundaries}")
    if len(batch_sizes) != len(boundaries) + 1:
        raise ValueError(
            f"{who}: `bucket_batch_sizes` needs {len(boundaries) + 1} entries (one per bucket),"
            f" got {len(batch_sizes)}"
        )
    if not _int_list(batch_sizes):
        raise TypeError(f"{who}: `bucket_batch_sizes` must list ints, got {batch_sizes}")
    if any(b <= 0 for b in batch_sizes):
        raise ValueError(f"{who}: `bucket_batch_sizes` must be positive, got {batch_sizes}")
