"""The folder layouts of image_sources_cases.py: for each image dataset reader, the tiny
files (PNG images from fixed arrays, list, idx, binary, text and MATLAB files) it reads."""

import io
import os

import numpy as np


def _png(value):
    """A 2x3 RGB PNG whose pixels are fixed by `value` (lossless, so decoding is exact)."""
    from PIL import Image

    pixels = np.full((2, 3, 3), value % 256, np.uint8)
    pixels[0, 0] = (value % 256, 1, 2)
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, format="PNG")
    return buffer.getvalue()


def write_layout(root, files, texts=()):
    """Write `files` (distinct PNG images) and `texts` ((path, text, bytes, a dict of arrays
    for a .mat file, or a function making one of them)) under `root`."""
    for k, rel in enumerate(files):
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(_png(10 * k + 5))
    for rel, text in texts:
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if callable(text):  # (made when written: a large file)
            text = text()
        if isinstance(text, bytes):
            with open(path, "wb") as f:
                f.write(text)
            continue
        if rel.endswith(".mat"):  # (a dict of arrays, as MATLAB files hold them)
            from scipy.io import savemat

            savemat(path, {k: v if isinstance(v, dict) else np.asarray(v) for k, v in text.items()})
            continue
        with open(path, "w") as f:
            f.write(text)


def _idx(array, code=0x08):
    """An idx file's bytes: unsigned bytes (code 0x08) or big-endian int32 (0x0C)."""
    array = np.asarray(array)
    head = bytes([0, 0, code, array.ndim]) + np.array(array.shape, ">u4").tobytes()
    return head + array.astype(">i4" if code == 0x0C else np.uint8).tobytes()


def _digits(n, base, shape=(28, 28)):
    """`n` images of `shape` with distinct fixed pixels."""
    return (np.arange(n * int(np.prod(shape))).reshape(n, *shape) * 7 + base) % 251


def _semeion(k):
    pixels = ["1.0000" if v else "0.0000" for v in (np.arange(256) % (k + 2) == 0)]
    return " ".join(pixels + ["1" if j == (3 * k) % 10 else "0" for j in range(10)]) + " \n"


def _patch_sheet():
    """A 1024x1024 grayscale bitmap of 16x16 patches, each with its own fixed pixels."""
    from PIL import Image

    places = np.arange(256).reshape(16, 16).repeat(64, 0).repeat(64, 1)
    sheet = ((places * 3 + np.arange(1024)[None, :] % 5) % 256).astype(np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(sheet).save(buffer, format="BMP")
    return buffer.getvalue()


def _sbd_truth(k):
    """The GTcls struct of one SBD image: 20 sparse 2x3 boundary maps and a class map."""
    from scipy.sparse import csc_matrix

    maps = np.empty((20, 1), dtype=object)
    for c in range(20):
        maps[c, 0] = csc_matrix((np.arange(6).reshape(2, 3) % (c + 2) == k).astype(np.uint8))
    segmentation = ((np.arange(6).reshape(2, 3) + k) % 21).astype(np.uint8)
    return {"GTcls": {"Boundaries": maps, "Segmentation": segmentation}}


def _usps(rows):
    """USPS lines: the label, then 256 ``index:value`` pixels in [-1, 1] (and a space)."""
    grid = np.linspace(-1, 1, 256)
    return "".join(
        f"{label} " + " ".join(f"{i + 1}:{v:.6f}" for i, v in enumerate(np.roll(grid, k))) + " \n"
        for label, k in rows
    )


_LFW_PEOPLE = [("Apple", 3), ("Banana", 2), ("Cherry", 1)]

# reader -> (files, text files) of its folder layout
LAYOUTS = {
    "LSUNDataset": (
        [
            "classroom_train/b.jpg",
            "classroom_train/a.jpg",
            "bedroom_train/z.jpg",
            "bedroom_train/c.png",
            "bedroom_train/d.JPEG",
            "tower_train/x.jpg",
            "foo_train/q.jpg",
            "bedroom_val/v1.jpg",
            "tower_val/v2.jpg",
            "test/t2.jpg",
            "test/t1.jpg",
        ],
        [],
    ),
    "OmniglotDataset": (
        [
            "images_background/B_alpha/character02/x.png",
            "images_background/B_alpha/character01/b.png",
            "images_background/B_alpha/character01/a.jpg",
            "images_background/A_alpha/character10/z.png",
            "images_background/A_alpha/character2/q.png",
            "images_evaluation/E/c1/e.png",
            "images_evaluation/E/c1/d.png",
        ],
        [],
    ),
    "SUN397Dataset": (
        [
            "b/badlands/sun_s2.jpg",
            "b/badlands/sun_s1.jpg",
            "b/badlands/x.jpg",
            "b/badlands/sun_x.png",
            "a/abbey/sun_x.jpg",
            "a/apartment_building/outdoor/sun_y.jpg",
            "a/apartment_building/outdoor/sun_a.jpg",
            "c/cave/sun_n.jpg",
        ],
        [("ClassName.txt", "/b/badlands\n/a/apartment_building/outdoor\n/a/abbey\n")],
    ),
    "Caltech256Dataset": (
        [
            "002.flag/002_0002.jpg",
            "002.flag/002_0001.jpg",
            "002.flag/x.png",
            "001.ak47/001_0001.jpg",
            "257.clutter/a.jpg",
            "010.zz/b.jpg",
        ],
        [],
    ),
    "Food101Dataset": (
        [
            "images/pie/2.jpg",
            "images/pie/1.jpg",
            "images/cake/9.jpg",
            "images/cake/3.jpg",
            "images/cake/x.jpg",
        ],
        [("meta/train.txt", "pie/2\ncake/9\n"), ("meta/test.txt", "pie/1\ncake/3\n")],
    ),
    "LFWDataset": (
        [
            f"{folder}/{name}/{name}_{i:04d}.jpg"
            for folder in ("lfw", "lfw_funneled", "lfw-deepfunneled")
            for name, count in _LFW_PEOPLE
            for i in range(1, count + 1)
        ],
        [
            ("lfw-names.txt", "Cherry 1\nBanana 2\nApple 3\n"),
            ("people.txt", "2\n2\nBanana 2\nApple 1\n1\nCherry 1\n"),
            ("peopleDevTrain.txt", "2\nCherry 1\nApple 2\n"),
            ("peopleDevTest.txt", "1\nBanana 2\n"),
            ("pairs.txt", "2 1\nApple 1 3\nBanana 2 Cherry 1\nBanana 2 1\nApple 2 Banana 1\n"),
            ("pairsDevTrain.txt", "1\nApple 3 2\nCherry 1 Apple 1\n"),
            ("pairsDevTest.txt", "1\nBanana 1 2\nApple 1 Cherry 1\n"),
        ],
    ),
    "Places365Dataset": (
        [
            f"{folder}/{rel}"
            for folder in ("data_256_standard", "data_large_standard", "data_256_challenge")
            + ("val_256", "val_large")
            for rel in ("a/airfield/00000002.jpg", "a/airfield/00000001.jpg", "b/barn/00000005.jpg")
        ],
        [
            ("categories_places365.txt", "/b/barn 0\n/a/airfield 1\n"),
            (
                "places365_train_standard.txt",
                "/b/barn/00000005.jpg 0\n/a/airfield/00000002.jpg 1\n/a/airfield/00000001.jpg 7\n",
            ),
            ("places365_train_challenge.txt", "/a/airfield/00000001.jpg 1\n"),
            ("places365_val.txt", "/a/airfield/00000002.jpg 1\n/b/barn/00000005.jpg 0\n"),
        ],
    ),
    "SBUDataset": (
        ["sbu_images/m_12_1_0.jpg", "sbu_images/m_9_1_2.jpg", "sbu_images/x.jpg"]
        + ["sbu_images/m_12_1_3.jpg", "sbu_images/m_12_1_4.jpg"],
        [
            (
                "SBU_captioned_photo_dataset_captions.txt",
                " This is 0\nTwo. \nthird\n fourth \nlast",
            ),
            (
                "SBU_captioned_photo_dataset_urls.txt",
                "".join(
                    f"http://static.flickr.com/{p}.jpg\n"
                    for p in ("12/1_0", "12/1_1", "9/1_2", "12/1_3", "12/1_4")
                ),
            ),
        ],
    ),
    "FlickrDataset": (
        ["b.jpg", "a.jpg", "c.jpg", "d.jpg"],
        [
            (
                "captions.token",
                "b.jpg#0\tB zero\na.jpg#0\tA zero\nb.jpg#1\t  B one \n\n"
                "d.jpg#0\tD\ta tab\na.jpg#3\tA three\nc.jpg#0\tC\n",
            )
        ],
    ),
    "DIV2KDataset": (
        [
            f"DIV2K_{usage}_{rel}"
            for usage, ids in (("train", ("0002", "0001", "0003")), ("valid", ("0801",)))
            for i in ids
            for rel in (
                f"HR/{i}.png",
                f"LR_bicubic/X2/{i}x2.png",
                f"LR_unknown/X3/{i}x3.png",
                f"LR_mild/{i}x4m.png",
                f"LR_wild/{i}x4w.png",
                f"LR_x8/{i}x8.png",
            )
        ],
        [("DIV2K_train_HR/readme.txt", "not an image")],
    ),
    # (one class name only: MindSpore numbers the classes in the file system's listing order)
    "RenderedSST2Dataset": (
        [
            "train/negative/2.png",
            "train/negative/1.png",
            "train/negative/a.PNG",
            "train/negative/b.jpg",
            "valid/negative/v.png",
            "val/negative/w.png",
            "test/negative/t.png",
        ],
        [],
    ),
    "Flowers102Dataset": (
        [f"jpg/image_{i:05d}.jpg" for i in range(1, 7)]
        + [f"segmim/segmim_{i:05d}.jpg" for i in range(1, 7)],
        [
            ("imagelabels.mat", {"labels": [[3, 1, 102, 7, 7, 2]]}),
            ("setid.mat", {"trnid": [[4, 1]], "valid": [[6]], "tstid": [[2, 5, 3]]}),
        ],
    ),
    "Caltech101Dataset": (
        [
            "101_ObjectCategories/ant/image_0001.jpg",
            "101_ObjectCategories/ant/image_0002.jpg",
            "101_ObjectCategories/ant/image_0003.jpg",
            "101_ObjectCategories/Faces/image_0001.jpg",
            "101_ObjectCategories/BACKGROUND_Google/image_0001.jpg",
            "101_ObjectCategories/bass/image_0001.jpg",
        ],
        [
            (f"Annotations/{folder}/annotation_{i:04d}.mat", {"obj_contour": [[i, 2.5], [k, 0.25]]})
            for k, (folder, i) in enumerate(
                [("ant", 1), ("ant", 2), ("ant", 3), ("Faces_2", 1), ("bass", 1)]
            )
        ],
    ),
    "QMnistDataset": (
        [],
        [
            (f"{prefix}-images-idx3-ubyte", _idx(_digits(n, base)))
            for prefix, n, base in (
                ("qmnist-train", 3, 10),
                ("qmnist-test", 2, 20),
                ("xnist", 2, 30),
            )
        ]
        + [
            (f"{prefix}-labels-idx2-int", _idx(np.arange(n * 8).reshape(n, 8) + 100 * base, 0x0C))
            for prefix, n, base in (("qmnist-train", 3, 1), ("qmnist-test", 2, 2), ("xnist", 2, 3))
        ],
    ),
    "EMnistDataset": (
        [],
        [
            (f"emnist-{name}-{split}-{kind}", data)
            for name, split, n, base in (
                ("letters", "train", 3, 10),
                ("letters", "test", 2, 20),
                ("mnist", "train", 1, 40),
            )
            for kind, data in (
                ("images-idx3-ubyte", _idx(_digits(n, base))),
                ("labels-idx1-ubyte", _idx(np.arange(n) + base)),
            )
        ],
    ),
    "SemeionDataset": ([], [("semeion.data", "".join(_semeion(k) for k in range(4)))]),
    "STL10Dataset": (
        [],
        [
            (f"{split}_X.bin", _digits(n, base, (3, 96, 96)).astype(np.uint8).tobytes())
            for split, n, base in (("train", 2, 0), ("test", 1, 1), ("unlabeled", 2, 2))
        ]
        + [("train_y.bin", bytes([3, 10])), ("test_y.bin", bytes([1]))],
    ),
    "SVHNDataset": (
        [],
        [
            (
                f"{split}_32x32.mat",
                {
                    "X": _digits(n, base, (32, 32, 3)).astype(np.uint8).transpose(1, 2, 3, 0),
                    "y": np.array([[10], [3], [7]][:n], np.uint8),
                },
            )
            for split, n, base in (("train", 3, 0), ("test", 2, 1), ("extra", 2, 2))
        ],
    ),
    "WIDERFaceDataset": (
        [
            "WIDER_train/images/1--Push/b.jpg",
            "WIDER_train/images/1--Push/a.jpg",
            "WIDER_train/images/0--Abs/z.jpg",
            "WIDER_val/images/0--Abs/v.jpg",
            "WIDER_val/images/1--Push/w.jpg",
            "WIDER_test/images/1--Push/t2.jpg",
            "WIDER_test/images/0--Abs/t1.jpg",
        ],
        [
            (
                "wider_face_split/wider_face_train_bbx_gt.txt",
                "1--Push/b.jpg\n2\n1 2 3 4 2 0 1 0 2 1 \n5 6 7 8 0 1 0 1 0 0 \n0--Abs/z.jpg\n1\n"
                "9 8 7 6 1 1 1 1 1 1 \n1--Push/a.jpg\n0\n0 0 0 0 0 0 0 0 0 0 \n",
            ),
            (
                "wider_face_split/wider_face_val_bbx_gt.txt",
                "1--Push/w.jpg\n1\n4 4 4 4 1 0 1 0 1 0 \n0--Abs/v.jpg\n1\n3 3 3 3 0 0 0 0 0 0 \n",
            ),
            ("wider_face_split/wider_face_test_filelist.txt", "1--Push/t2.jpg\n0--Abs/t1.jpg\n"),
        ],
    ),
    "PhotoTourDataset": (
        [],
        [
            ("liberty/patches0000.bmp", _patch_sheet),
            ("liberty/info.txt", "".join(f"{k // 2} 0\n" for k in range(5))),
            ("liberty/m50_100000_100000_0.txt", "0 0 0 1 0 0 0\n2 1 0 4 2 0 0\n3 1 0 1 0 0 0\n"),
        ],
    ),
    "CityscapesDataset": (
        [
            f"{kind}/{split}/{city}/{city}_{i}_{kind}{end}.png"
            for split, city, ids in (
                ("train", "bb", ("000001", "000000")),
                ("train", "aa", ("000003",)),
                ("val", "ff", ("000002",)),
                ("test", "dd", ("000000",)),
                ("train_extra", "ee", ("000009",)),
            )
            for i in ids
            for kind, ends in (
                ("leftImg8bit", ("",)),
                ("gtFine", ("_instanceIds", "_labelIds", "_color")),
                ("gtCoarse", ("_instanceIds", "_labelIds", "_color")),
            )
            for end in ends
            if not (kind == "gtFine" and split == "train_extra")
        ],
        [
            (
                f"{q}/{split}/{city}/{city}_{i}_{q}_polygons.json",
                '{"objects": [{"polygon": [[1, 2]], "label": "car"}], "imgHeight": ' + f"{k}}}",
            )
            for k, (split, city, i) in enumerate(
                [("train", "bb", "000001"), ("train", "bb", "000000"), ("train", "aa", "000003")]
                + [("val", "ff", "000002"), ("test", "dd", "000000")]
            )
            for q in ("gtFine", "gtCoarse")
        ]
        + [("leftImg8bit/train/bb/notes.txt", "not an image")],
    ),
    "SBDataset": (
        [f"img/{name}.jpg" for name in ("a", "b", "c")],
        [(f"cls/{name}.mat", _sbd_truth(k)) for k, name in enumerate(("a", "b", "c"))]
        + [("train.txt", "b\na\n"), ("val.txt", "c\n"), ("train_noval.txt", "a\n")],
    ),
    "USPSDataset": (
        [],
        [("usps", _usps([(1, 0), (10, 3), (5, 7), (7, 11)])), ("usps.t", _usps([(2, 1), (3, 2)]))],
    ),
}
