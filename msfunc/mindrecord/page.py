"""`MindPage`: the rows of MindRecord files by category (the values of an indexed field)."""

from __future__ import annotations

import json

from .exceptions import ParamValueError
from .reader import MindRecordFiles, _as_python, index_text

__all__ = ["MindPage"]


def _whole(value, minimum, who, arg):
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ParamValueError(f"MindPage.{who}: `{arg}` must be an int >= {minimum}, got {value!r}")


class MindPage:
    """Read MindRecord rows a page at a time, per category: the distinct values of one
    indexed field (`category_field`), ordered as text and numbered from 0.

    Args:
        file_name (Union[str, list[str]]): One file (its whole set is read) or a list of
            files.
        num_consumer (int): MindSpore's reader threads, a positive int; unused. Default: ``4``.

    Raises:
        ValueError: `num_consumer` is not a positive int.

    Example:
        >>> import os, tempfile
        >>> from msfunc.mindrecord import FileWriter, MindPage
        >>> path = os.path.join(tempfile.mkdtemp(), "pages.mindrecord")
        >>> w = FileWriter(path)
        >>> w.add_schema({"label": {"type": "int32"}, "x": {"type": "int64"}})
        >>> w.add_index(["label"])
        >>> w.write_raw_data([{"label": i % 2, "x": i} for i in range(5)]); w.commit()
        >>> page = MindPage(path)
        >>> page.category_field = "label"
        >>> page.read_category_info()
        '{"categories":[{"count":3,"id":0,"name":"0"},{"count":2,"id":1,"name":"1"}],"key":"label_0"}'
        >>> [row["x"] for row in page.read_at_page_by_id(0, 1, 2)]
        [4]
    """

    def __init__(self, file_name: str | list[str], num_consumer: int = 4) -> None:
        if isinstance(num_consumer, bool) or not isinstance(num_consumer, int):
            raise ParamValueError(f"MindPage: `num_consumer` must be an int, got {num_consumer!r}")
        if num_consumer < 1:
            raise ParamValueError(f"MindPage: `num_consumer` must be positive, got {num_consumer}")
        self._files = MindRecordFiles(file_name, "MindPage", RuntimeError)
        self._category_field: str | None = None
        # (category name, row positions) in name order, once `category_field` is set
        self._categories: list[tuple[str, list[int]]] | None = None

    @property
    def candidate_fields(self) -> list[str]:
        """The indexed fields, the ones a category field can be."""
        return list(self._files.index_order)

    def get_category_fields(self) -> list[str]:
        """The indexed fields (as `candidate_fields`)."""
        return self.candidate_fields

    @property
    def category_field(self):
        """The field whose values are the categories."""
        return self._category_field

    @category_field.setter
    def category_field(self, category_field):
        self.set_category_field(category_field)

    def set_category_field(self, category_field):
        """Make `category_field` (an indexed field) the one whose values are the categories."""
        if not isinstance(category_field, str):
            raise TypeError(f"MindPage: the category field must be a str, got {category_field!r}")
        if category_field not in self._files.index_fields:
            raise ValueError(
                f"MindPage: {category_field!r} is not an indexed field {self._files.index_order}"
            )
        groups: dict[str, list[int]] = {}
        for i in range(len(self._files)):
            value = self._files.row(i, [category_field])[category_field]
            groups.setdefault(index_text(value), []).append(i)
        self._category_field = category_field
        self._categories = sorted(groups.items())

    def _require_field(self, who) -> list[tuple[str, list[int]]]:
        # the categories, which exist only once `category_field` is set
        if self._categories is None:
            raise RuntimeError(f"MindPage.{who}: set `category_field` first")
        return self._categories

    def read_category_info(self) -> str:
        """The categories as a JSON string: each one's id, name and row count."""
        categories = self._require_field("read_category_info")
        info = {
            "categories": [
                {"count": len(rows), "id": i, "name": name}
                for i, (name, rows) in enumerate(categories)
            ],
            "key": f"{self._category_field}_0",
        }
        return json.dumps(info, separators=(",", ":"), sort_keys=True)

    def _page(self, rows, page, num_row, who):
        start = page * num_row
        if start >= len(rows):
            raise RuntimeError(f"MindPage.{who}: page {page} is past the category's rows")
        out = []
        for i in rows[start : start + num_row]:
            row = self._files.row(i)
            out.append({k: _as_python(v) for k, v in row.items()})
        return out

    def read_at_page_by_id(self, category_id: int, page: int, num_row: int) -> list[dict]:
        """Page `page` (of `num_row` rows) of category number `category_id`."""
        _whole(category_id, 0, "read_at_page_by_id", "category_id")
        _whole(page, 0, "read_at_page_by_id", "page")
        _whole(num_row, 1, "read_at_page_by_id", "num_row")
        categories = self._require_field("read_at_page_by_id")
        if category_id >= len(categories):
            raise RuntimeError(
                f"MindPage.read_at_page_by_id: no category {category_id} "
                f"(there are {len(categories)})"
            )
        return self._page(categories[category_id][1], page, num_row, "read_at_page_by_id")

    def read_at_page_by_name(self, category_name: str, page: int, num_row: int) -> list[dict]:
        """Page `page` (of `num_row` rows) of the category named `category_name`."""
        if not isinstance(category_name, str):
            raise ParamValueError(
                f"MindPage.read_at_page_by_name: `category_name` must be a str, got "
                f"{category_name!r}"
            )
        _whole(page, 0, "read_at_page_by_name", "page")
        _whole(num_row, 1, "read_at_page_by_name", "num_row")
        categories = self._require_field("read_at_page_by_name")
        rows = dict(categories).get(category_name)
        if rows is None:
            raise RuntimeError(f"MindPage.read_at_page_by_name: no category {category_name!r}")
        return self._page(rows, page, num_row, "read_at_page_by_name")
