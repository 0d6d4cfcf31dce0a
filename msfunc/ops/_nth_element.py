"""The orders MindSpore's CPU TopK leaves its entries in: C++ `nth_element` (and `stable_sort`).

MindSpore's CPU TopK kernel, asked for unsorted output, partitions each row's indices with the
C++ standard library's `std::nth_element` (GCC's introselect) under "value greater than" and
keeps the first k. The order is unspecified by the standard but fixed by that algorithm, and
programs (and MindSpore's own tests) read it, so it is reproduced here step for step: median of
three moved to the front, unguarded Hoare partition, insertion sort below four entries, and the
heap selection GCC falls back on after 2*log2(n) partitions.

Asked to sort, the kernel stable-sorts the whole row when k is more than half its length, and
otherwise stable-sorts the first k entries `nth_element` left: equal values keep the
partition's order, which is neither the lower nor the higher index first.
"""

from __future__ import annotations

import numpy as np


def _median_to_first(a, result, x, y, z, less):
    if less(a[x], a[y]):
        if less(a[y], a[z]):
            pick = y
        elif less(a[x], a[z]):
            pick = z
        else:
            pick = x
    elif less(a[x], a[z]):
        pick = x
    elif less(a[y], a[z]):
        pick = z
    else:
        pick = y
    a[result], a[pick] = a[pick], a[result]


def _partition(a, first, last, pivot, less):
    while True:
        while less(a[first], a[pivot]):
            first += 1
        last -= 1
        while less(a[pivot], a[last]):
            last -= 1
        if not first < last:
            return first
        a[first], a[last] = a[last], a[first]
        first += 1


def _insertion_sort(a, first, last, less):
    for i in range(first + 1, last):
        val = a[i]
        if less(val, a[first]):
            a[first + 1 : i + 1] = a[first:i]
            a[first] = val
            continue
        j = i
        while less(val, a[j - 1]):
            a[j] = a[j - 1]
            j -= 1
        a[j] = val


def _sift_down(a, first, hole, length, value, less):
    # GCC's __adjust_heap: move the hole to a leaf along larger children, then push value up.
    top = hole
    child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if less(a[first + child], a[first + child - 1]):
            child -= 1
        a[first + hole] = a[first + child]
        hole = child
    if (length & 1) == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        a[first + hole] = a[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and less(a[first + parent], value):
        a[first + hole] = a[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    a[first + hole] = value


def _heap_select(a, first, middle, last, less):
    length = middle - first
    if length >= 2:
        for parent in range((length - 2) // 2, -1, -1):
            _sift_down(a, first, parent, length, a[first + parent], less)
    for i in range(middle, last):
        if less(a[i], a[first]):
            value = a[i]
            a[i] = a[first]
            _sift_down(a, first, 0, length, value, less)


def nth_element(a, nth, less):
    """Rearrange the list `a` in place as GCC's ``std::nth_element(a, a + nth, a + n, less)``.

    Example:
        >>> values = [6.0, 2.0, 1.0, 7.0, 3.0, 0.0, 5.0, 4.0]
        >>> idx = list(range(8))
        >>> nth_element(idx, 3, lambda i, j: values[i] > values[j])
        >>> idx[:3]
        [6, 0, 3]
    """
    first, last = 0, len(a)
    if first == last or nth == last:
        return
    depth = 2 * (int(last - first).bit_length() - 1)
    while last - first > 3:
        if depth == 0:
            _heap_select(a, first, nth + 1, last, less)
            a[first], a[nth] = a[nth], a[first]
            return
        depth -= 1
        mid = first + (last - first) // 2
        _median_to_first(a, first, first + 1, mid, last - 1, less)
        cut = _partition(a, first + 1, last, first, less)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(a, first, last, less)


def unsorted_topk_indices(x, k, largest=True):
    """Indices (int32) of the `k` largest (smallest) entries of each last-axis row of the numpy
    array `x`, in the order MindSpore's CPU kernel leaves them when not asked to sort.

    Example:
        >>> unsorted_topk_indices(np.array([3.0, 1, 8, 7, 9, 0, 6, 4, 2, 5]), 4).tolist()
        [6, 4, 2, 3]
    """
    x = np.asarray(x)
    n = x.shape[-1]
    rows = x.reshape(-1, n)
    out = np.empty((rows.shape[0], min(k, n)), np.int32)
    for r, row in enumerate(rows):
        # MindSpore takes the smallest by negating the input (ops.topk); "-a > -b" is "a < b"
        # except for NaN, where both comparisons are false alike.
        values = row.tolist()
        less = (
            (lambda i, j, v=values: v[i] > v[j])
            if largest
            else (lambda i, j, v=values: v[i] < v[j])
        )
        idx = list(range(n))
        nth_element(idx, min(k, n), less)
        out[r] = idx[: out.shape[1]]
    return out.reshape(x.shape[:-1] + (out.shape[1],))


def _stable_order(rows, largest):
    """Each row's indices sorted by value (largest first if `largest`), equal values by index."""
    keys = rows.astype(np.float64) if rows.dtype.kind == "f" else rows.astype(np.int64)
    return np.argsort(-keys if largest else keys, axis=-1, kind="stable")


def sorted_topk_indices(x, k, largest=True):
    """Indices (int32) of the `k` largest (smallest) entries of each last-axis row of the numpy
    array `x`, sorted, equal values in the order MindSpore's CPU TopK kernel gives them.

    Example:
        >>> sorted_topk_indices(np.array([1.0, 3, 3, 2, 5, 0]), 3).tolist()
        [4, 2, 1]
        >>> sorted_topk_indices(np.array([1.0, 5, 3, 5, 5]), 3).tolist()
        [1, 3, 4]
    """
    x = np.asarray(x)
    n = x.shape[-1]
    k = min(k, n)
    rows = x.reshape(-1, n)
    order = _stable_order(rows, largest)
    out = order[:, :k].astype(np.int32)
    if 2 * k > n:  # the kernel stable-sorts the whole row
        return out.reshape(x.shape[:-1] + (k,))
    # a row whose first k + 1 sorted values hold no equal pair has one answer: its sorted order
    head = np.take_along_axis(rows, order[:, : k + 1], axis=-1)
    tied = np.nonzero((head[:, 1:] == head[:, :-1]).any(axis=-1))[0]
    for r in tied:
        values = rows[r].tolist()
        less = (
            (lambda i, j, v=values: v[i] > v[j])
            if largest
            else (lambda i, j, v=values: v[i] < v[j])
        )
        idx = list(range(n))
        nth_element(idx, k, less)
        key = (lambda i, v=values: -v[i]) if largest else (lambda i, v=values: v[i])
        out[r] = sorted(idx[:k], key=key)  # (Python's sort is stable)
    return out.reshape(x.shape[:-1] + (k,))
