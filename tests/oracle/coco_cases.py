"""CocoDataset cases shared by gen_coco_golden.py (real MindSpore 2.10) and
tests/dataset/test_coco_source.py (msfunc): the columns of each task, class indexes, the
hidden metadata column, row orders and the exception types of bad input."""

import json
import os

IMAGES = [{"id": i, "file_name": f"{i:04d}.jpg"} for i in (7, 3, 9, 5)]
CATEGORIES = [{"id": 1, "name": "cat", "isthing": 1}, {"id": 4, "name": "sky", "isthing": 0}]
DETECTION = [  # image 5 has no annotation
    {
        "id": 12,
        "image_id": 7,
        "bbox": [1, 2, 3, 4],
        "category_id": 1,
        "iscrowd": 0,
        "segmentation": [[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0]],
        "area": 5,
    },
    {
        "id": 13,
        "image_id": 3,
        "bbox": [5.5, 6, 7, 8],
        "category_id": 4,
        "iscrowd": 1,
        "segmentation": {"counts": [3.0, 1.0, 2.0], "size": [4, 4]},
        "area": 6,
    },
    {
        "id": 14,
        "image_id": 7,
        "bbox": [9, 9, 1, 1],
        "category_id": 4,
        "iscrowd": 0,
        "segmentation": [[1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5]],
        "area": 7,
    },
    {
        "id": 15,
        "image_id": 9,
        "bbox": [0, 0, 2, 2],
        "category_id": 1,
        "iscrowd": 0,
        "segmentation": [[0.0, 0.0, 2.0, 0.0, 2.0, 2.0]],
        "area": 4,
    },
]
KEYPOINTS = [
    {"id": 21, "image_id": 9, "keypoints": [1, 2, 2, 0, 0, 0], "num_keypoints": 1, "iscrowd": 0},
    {"id": 22, "image_id": 7, "keypoints": [4, 5, 1, 6, 7, 2], "num_keypoints": 2, "iscrowd": 0},
]
PANOPTIC = [
    {
        "id": 16,
        "image_id": 3,
        "file_name": "0003.png",
        "segments_info": [
            {"id": 1, "category_id": 4, "iscrowd": 0, "bbox": [1, 1, 5, 5], "area": 25},
            {"id": 2, "category_id": 1, "iscrowd": 1, "bbox": [2, 3, 4, 5], "area": 20},
        ],
    },
]
CAPTIONS = [
    {"id": 1, "image_id": 5, "caption": "a sky"},
    {"id": 2, "image_id": 9, "caption": "one cat"},
    {"id": 3, "image_id": 5, "caption": "blue sky over a hill"},
]

FILES = {
    "detection.json": {"images": IMAGES, "annotations": DETECTION, "categories": CATEGORIES},
    "keypoint.json": {"images": IMAGES, "annotations": KEYPOINTS},
    "panoptic.json": {"images": IMAGES, "annotations": PANOPTIC, "categories": CATEGORIES},
    "captions.json": {"images": IMAGES, "annotations": CAPTIONS},
    "bad_category.json": {
        "images": IMAGES,
        "annotations": [dict(DETECTION[0], category_id=99)],
        "categories": CATEGORIES,
    },
    "no_images.json": {"annotations": DETECTION, "categories": CATEGORIES},
    "no_id.json": {
        "images": IMAGES,
        "annotations": [{k: v for k, v in DETECTION[0].items() if k != "id"}],
        "categories": CATEGORIES,
    },
}

# name -> (dataset seed, annotation file, CocoDataset keyword arguments)
CASES = {
    "detection": (1, "detection.json", {"task": "Detection", "shuffle": False}),
    "stuff": (1, "detection.json", {"task": "Stuff", "shuffle": False}),
    "keypoint": (1, "keypoint.json", {"task": "Keypoint", "shuffle": False}),
    "panoptic": (1, "panoptic.json", {"task": "Panoptic", "shuffle": False}),
    "captioning": (1, "captions.json", {"task": "Captioning", "shuffle": False}),
    "metadata": (
        1,
        "detection.json",
        {"task": "Detection", "shuffle": False, "extra_metadata": True},
    ),
    "shuffled": (6, "detection.json", {"task": "Detection"}),
}

BAD = {
    "task": ("detection.json", {"task": "Segment"}),
    "missing_file": ("nothere.json", {}),
    "bad_category": ("bad_category.json", {}),
    "no_images": ("no_images.json", {}),
    "no_id": ("no_id.json", {}),
}


def write_files(folder):
    for name, content in FILES.items():
        with open(os.path.join(folder, name), "w") as f:
            json.dump(content, f)
    for image in IMAGES:
        with open(os.path.join(folder, image["file_name"]), "wb") as f:
            f.write(f"jpeg {image['id']}".encode())
    return folder


def outcome(ds, folder, case):
    """Columns, class index (None where the task has none) and rows."""
    seed, annotation, kwargs = case
    ds.config.set_seed(seed)
    data = ds.CocoDataset(folder, os.path.join(folder, annotation), **kwargs)
    columns = data.get_col_names()
    if "_meta-filename" in columns:
        data = data.rename("_meta-filename", "filename")
    rows = []
    for row in data.create_tuple_iterator(output_numpy=True):
        rows.append(
            [bytes(v).decode() if v.dtype.kind == "u" and v.ndim == 1 else v.tolist() for v in row]
            + [v.dtype.kind + str(v.dtype.itemsize if v.dtype.kind != "U" else "") for v in row]
        )
    try:
        classes = data.get_class_indexing()
    except NotImplementedError:
        classes = None
    return {"columns": columns, "class_indexing": classes, "rows": rows}


def error_of(ds, folder, bad):
    """The exception type name CocoDataset raises, made or read (None: none)."""
    annotation, kwargs = bad
    try:
        data = ds.CocoDataset(folder, os.path.join(folder, annotation), **kwargs)
        list(data.create_tuple_iterator(output_numpy=True))
    except Exception as e:  # noqa: BLE001 - the type is what is recorded
        return type(e).__name__
    return None
