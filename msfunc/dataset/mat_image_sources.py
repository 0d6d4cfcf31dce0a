"""Image readers whose labels or annotations are MATLAB files, read in Python as MindSpore
reads them (random-access GeneratorDatasets): `Flowers102Dataset`, `Caltech101Dataset`,
`SVHNDataset` and `SBDataset`."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import numpy as np

from ..common.arg_docs import document_args
from .category_sources import DECODE_ARG
from .folder_sources import decode_image
from .image_list_source import check_choice, check_flag
from .sources import (
    NUM_SAMPLES_ARG,
    SHARD_ARGS,
    SHUFFLE_ARGS,
    _RandomAccessGenerator,
    dataset_folder,
)

if TYPE_CHECKING:
    from .samplers import RandomSampler, SequentialSampler

__all__ = ["Flowers102Dataset", "Caltech101Dataset", "SVHNDataset", "SBDataset"]

_WORKERS_ONE = "num_parallel_workers (int): Threads reading rows. Default: ``1``."

# The 102 flower categories of the Oxford Flowers-102 dataset, label 0 first.
_FLOWERS = (
    "pink primrose|hard-leaved pocket orchid|canterbury bells|sweet pea|english marigold|"
    "tiger lily|moon orchid|bird of paradise|monkshood|globe thistle|snapdragon|colt's foot|"
    "king protea|spear thistle|yellow iris|globe-flower|purple coneflower|peruvian lily|"
    "balloon flower|giant white arum lily|fire lily|pincushion flower|fritillary|red ginger|"
    "grape hyacinth|corn poppy|prince of wales feathers|stemless gentian|artichoke|"
    "sweet william|carnation|garden phlox|love in the mist|mexican aster|alpine sea holly|"
    "ruby-lipped cattleya|cape flower|great masterwort|siam tulip|lenten rose|barbeton daisy|"
    "daffodil|sword lily|poinsettia|bolero deep blue|wallflower|marigold|buttercup|"
    "oxeye daisy|common dandelion|petunia|wild pansy|primula|sunflower|pelargonium|"
    "bishop of llandaff|gaura|geranium|orange dahlia|pink-yellow dahlia?|cautleya spicata|"
    "japanese anemone|black-eyed susan|silverbush|californian poppy|osteospermum|"
    "spring crocus|bearded iris|windflower|tree poppy|gazania|azalea|water lily|rose|"
    "thorn apple|morning glory|passion flower|lotus|toad lily|anthurium|frangipani|clematis|"
    "hibiscus|columbine|desert-rose|tree mallow|magnolia|cyclamen|watercress|canna lily|"
    "hippeastrum|bee balm|ball moss|foxglove|bougainvillea|camellia|mallow|mexican petunia|"
    "bromelia|blanket flower|trumpet creeper|blackberry lily"
).split("|")

# The 101 object categories of Caltech-101 (its folders, less BACKGROUND_Google), sorted.
_CALTECH101 = (
    "Faces Faces_easy Leopards Motorbikes accordion airplanes anchor ant barrel bass beaver "
    "binocular bonsai brain brontosaurus buddha butterfly camera cannon car_side ceiling_fan "
    "cellphone chair chandelier cougar_body cougar_face crab crayfish crocodile crocodile_head "
    "cup dalmatian dollar_bill dolphin dragonfly electric_guitar elephant emu euphonium ewer "
    "ferry flamingo flamingo_head garfield gerenuk gramophone grand_piano hawksbill headphone "
    "hedgehog helicopter ibis inline_skate joshua_tree kangaroo ketch lamp laptop llama "
    "lobster lotus mandolin mayfly menorah metronome minaret nautilus octopus okapi pagoda "
    "panda pigeon pizza platypus pyramid revolver rhino rooster saxophone schooner scissors "
    "scorpion sea_horse snoopy soccer_ball stapler starfish stegosaurus stop_sign strawberry "
    "sunflower tick trilobite umbrella watch water_lilly wheelchair wild_cat windsor_chair "
    "wrench yin_yang"
).split()
# annotation folders named otherwise than their image folders
_CALTECH101_ANNOTATIONS = {
    "Faces": "Faces_2",
    "Faces_easy": "Faces_3",
    "Motorbikes": "Motorbikes_16",
    "airplanes": "Airplanes_Side_2",
}


def _loadmat(path):
    from scipy.io import loadmat

    return loadmat(path)


def _need(path, is_dir, who):
    if not (os.path.isdir(path) if is_dir else os.path.isfile(path)):
        kind = "folder" if is_dir else "file"
        raise ValueError(f"{who}: the {kind} {path} does not exist")


class _Rows:
    """Random access to a reader's rows: `reader(index)` gives row `index` of `count`."""

    def __init__(self, count, reader):
        self._count, self._reader = count, reader

    def __len__(self):
        return self._count

    def __getitem__(self, index):
        return self._reader(index)


def _image(path, decode):
    if not os.path.exists(path):
        raise RuntimeError(f"the image file {path} does not exist")
    raw = np.fromfile(path, np.uint8)
    return decode_image(raw) if decode else raw


def _flags(who, shuffle, decode):
    for name, flag in (("shuffle", shuffle), ("decode", decode)):
        if flag is not None:
            check_flag(flag, name, who)
    return bool(decode)


@document_args(
    "dataset_dir (str): Directory holding ``jpg``, ``imagelabels.mat`` and ``setid.mat``\n"
    "    (and ``segmim`` for Segmentation).",
    "task (str): ``'Classification'`` (columns image, label) or ``'Segmentation'`` (image,\n"
    "    segmentation, label). Default: ``'Classification'``.",
    "usage (str): ``'train'``, ``'valid'``, ``'test'`` or ``'all'`` (train, test, then\n"
    "    valid). Default: ``'all'``.",
    NUM_SAMPLES_ARG,
    _WORKERS_ONE,
    SHUFFLE_ARGS[0],
    DECODE_ARG,
    SHUFFLE_ARGS[1],
    *SHARD_ARGS,
)
class Flowers102Dataset(_RandomAccessGenerator):
    """Oxford Flowers-102: images ``jpg/image_<nnnnn>.jpg`` of the ids that ``setid.mat``
    lists for the usage (``trnid``, ``valid``, ``tstid``), their label (uint32: the
    ``imagelabels.mat`` label less 1) and, for Segmentation, ``segmim/segmim_<nnnnn>.jpg``.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: a folder or file is missing, or `task` or `usage` is unknown.

    Example:
        >>> import os, tempfile, numpy as np, scipy.io, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); os.mkdir(os.path.join(root, "jpg"))
        >>> with open(os.path.join(root, "jpg", "image_00001.jpg"), "wb") as f:
        ...     _ = f.write(b"jpeg")
        >>> scipy.io.savemat(os.path.join(root, "imagelabels.mat"), {"labels": np.array([[5]])})
        >>> ids = {"trnid": np.array([[1]]), "valid": np.zeros((1, 0)), "tstid": np.zeros((1, 0))}
        >>> scipy.io.savemat(os.path.join(root, "setid.mat"), ids)
        >>> d = ds.Flowers102Dataset(root, shuffle=False)
        >>> [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        [4]
    """

    _option_clash = RuntimeError  # (MindSpore checks the options before its GeneratorDataset)

    def __init__(
        self,
        dataset_dir: str,
        task: str = "Classification",
        usage: str = "all",
        num_samples: int | None = None,
        num_parallel_workers: int = 1,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
    ) -> None:
        who = "Flowers102Dataset"
        root = dataset_folder(dataset_dir, who)
        _need(os.path.join(root, "jpg"), True, who)
        _need(os.path.join(root, "imagelabels.mat"), False, who)
        _need(os.path.join(root, "setid.mat"), False, who)
        usage = "all" if usage is None else usage
        check_choice(usage, ("train", "valid", "test", "all"), "usage", who)
        task = "Classification" if task is None else task
        check_choice(task, ("Classification", "Segmentation"), "task", who)
        if task == "Segmentation":
            _need(os.path.join(root, "segmim"), True, who)
        self._decode = _flags(who, shuffle, decode)
        self._root, self._task = root, task
        self._all_labels = (
            _loadmat(os.path.join(root, "imagelabels.mat"))["labels"][0] - 1
        ).astype(np.uint32)
        ids = _loadmat(os.path.join(root, "setid.mat"))
        keys = {"train": ["trnid"], "test": ["tstid"], "valid": ["valid"]}
        keys["all"] = keys["train"] + keys["test"] + keys["valid"]
        self._ids = [int(i) for key in keys[usage] for i in ids[key][0].tolist()]
        columns = (
            ["image", "label"] if task == "Classification" else ["image", "segmentation", "label"]
        )
        super().__init__(
            _Rows(len(self._ids), self._row),
            column_names=columns,
            num_samples=num_samples,
            num_parallel_workers=num_parallel_workers,
            shuffle=shuffle,
            sampler=sampler,
            num_shards=num_shards,
            shard_id=shard_id,
        )

    def _row(self, index):
        number = self._ids[index]
        image = _image(os.path.join(self._root, "jpg", f"image_{number:05d}.jpg"), self._decode)
        label = self._all_labels[number - 1]
        if self._task == "Classification":
            return image, label
        mask = os.path.join(self._root, "segmim", f"segmim_{number:05d}.jpg")
        return image, _image(mask, self._decode), label

    def get_class_indexing(self):
        """Flower name -> label, for the 102 categories of Flowers-102.

        Example:
            >>> import msfunc.dataset as ds
            >>> ds.Flowers102Dataset.get_class_indexing(None)["blackberry lily"]
            101
        """
        return {name: k for k, name in enumerate(_FLOWERS)}


@document_args(
    "dataset_dir (str): Directory holding ``101_ObjectCategories`` (and ``Annotations``).",
    "target_type (Union[str, None]): ``'category'`` (columns image, category),\n"
    "    ``'annotation'`` (image, annotation) or ``'all'`` (image, category, annotation);\n"
    "    ``None`` is ``'category'``. Default: ``None``.",
    NUM_SAMPLES_ARG,
    _WORKERS_ONE,
    SHUFFLE_ARGS[0],
    DECODE_ARG,
    SHUFFLE_ARGS[1],
    *SHARD_ARGS,
)
class Caltech101Dataset(_RandomAccessGenerator):
    """Caltech-101: for each category folder of ``101_ObjectCategories`` (sorted, less
    ``BACKGROUND_Google``) as many rows as it holds files, read as ``image_0001.jpg``,
    ``image_0002.jpg`` ...; ``category`` is the folder's position (int64), ``annotation``
    the ``obj_contour`` of ``Annotations/<folder>/annotation_<nnnn>.mat`` (float64).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `target_type` is unknown.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for name in ("ant", "bass"):
        ...     folder = os.path.join(root, "101_ObjectCategories", name)
        ...     os.makedirs(folder)
        ...     with open(os.path.join(folder, "image_0001.jpg"), "wb") as f:
        ...         _ = f.write(b"jpeg")
        >>> d = ds.Caltech101Dataset(root, shuffle=False)
        >>> [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        [0, 1]
    """

    _option_clash = RuntimeError  # (MindSpore checks the options before its GeneratorDataset)

    def __init__(
        self,
        dataset_dir: str,
        target_type: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int = 1,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
    ) -> None:
        who = "Caltech101Dataset"
        root = dataset_folder(dataset_dir, who)
        target = "category" if target_type is None else target_type
        self._target = check_choice(target, ("category", "annotation", "all"), "target_type", who)
        self._decode = _flags(who, shuffle, decode)
        self._images = os.path.join(root, "101_ObjectCategories")
        self._annotations = os.path.join(root, "Annotations")
        folders = sorted(os.listdir(self._images)) if os.path.isdir(self._images) else []
        self._classes = [c for c in folders if c != "BACKGROUND_Google"]
        self._rows_of = []
        for label, name in enumerate(self._classes):
            folder = os.path.join(self._images, name)
            if os.path.isdir(folder) and os.access(folder, os.R_OK):
                self._rows_of += [(label, k) for k in range(1, len(os.listdir(folder)) + 1)]
        columns = {
            "category": ["image", "category"],
            "annotation": ["image", "annotation"],
            "all": ["image", "category", "annotation"],
        }[self._target]
        super().__init__(
            _Rows(len(self._rows_of), self._row),
            column_names=columns,
            num_samples=num_samples,
            num_parallel_workers=num_parallel_workers,
            shuffle=shuffle,
            sampler=sampler,
            num_shards=num_shards,
            shard_id=shard_id,
        )

    def _row(self, index):
        label, number = self._rows_of[index]
        name = self._classes[label]
        image = _image(os.path.join(self._images, name, f"image_{number:04d}.jpg"), self._decode)
        if self._target == "category":
            return image, label
        folder = _CALTECH101_ANNOTATIONS.get(name) or name
        path = os.path.join(self._annotations, folder, f"annotation_{number:04d}.mat")
        if not os.path.exists(path):
            raise RuntimeError(f"the annotation file {path} does not exist")
        contour = _loadmat(path)["obj_contour"]
        return (image, contour) if self._target == "annotation" else (image, label, contour)

    def get_class_indexing(self):
        """Category name -> label, for the 101 categories of Caltech-101.

        Example:
            >>> import msfunc.dataset as ds
            >>> ds.Caltech101Dataset.get_class_indexing(None)["yin_yang"]
            100
        """
        return {name: k for k, name in enumerate(_CALTECH101)}


@document_args(
    "dataset_dir (str): Directory holding ``train_32x32.mat``, ``test_32x32.mat`` and\n"
    "    ``extra_32x32.mat``.",
    "usage (Union[str, None]): ``'train'``, ``'test'``, ``'extra'`` or ``'all'`` (train,\n"
    "    test, extra); ``None`` is ``'all'``. Default: ``None``.",
    NUM_SAMPLES_ARG,
    _WORKERS_ONE,
    *SHUFFLE_ARGS,
    *SHARD_ARGS,
)
class SVHNDataset(_RandomAccessGenerator):
    """SVHN: columns ``image`` (32, 32, 3) uint8 and ``label`` uint32, from the ``X``
    (32, 32, 3, n) and ``y`` arrays of ``<usage>_32x32.mat`` (label 10 is the digit 0).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `usage` is unknown.

    Example:
        >>> import os, tempfile, numpy as np, scipy.io, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> arrays = {"X": np.zeros((32, 32, 3, 2), np.uint8), "y": np.array([[10], [3]])}
        >>> scipy.io.savemat(os.path.join(root, "test_32x32.mat"), arrays)
        >>> d = ds.SVHNDataset(root, usage="test", shuffle=False)
        >>> [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        [0, 3]
    """

    _option_clash = RuntimeError  # (MindSpore checks the options before its GeneratorDataset)

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int = 1,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
    ) -> None:
        who = "SVHNDataset"
        root = dataset_folder(dataset_dir, who)
        usages = ("train", "test", "extra", "all")
        usage = "all" if usage is None else check_choice(usage, usages, "usage", who)
        _flags(who, shuffle, None)
        images, labels = [], []
        for split in ("train", "test", "extra") if usage == "all" else (usage,):
            arrays = _loadmat(os.path.join(root, f"{split}_32x32.mat"))
            images.append(np.transpose(arrays["X"], (3, 0, 1, 2)))
            label = arrays["y"].astype(np.uint32).reshape(-1)
            labels.append(np.where(label == 10, np.uint32(0), label))
        self._images, self._digits = np.concatenate(images), np.concatenate(labels)
        super().__init__(
            _Rows(len(self._images), lambda i: (self._images[i], self._digits[i])),
            column_names=["image", "label"],
            num_samples=num_samples,
            num_parallel_workers=num_parallel_workers,
            shuffle=shuffle,
            sampler=sampler,
            num_shards=num_shards,
            shard_id=shard_id,
        )


_SBD_CATEGORIES = 20  # the boundary maps of each image, one per PASCAL category


@document_args(
    "dataset_dir (str): Directory holding ``img``, ``cls`` and the usage lists.",
    "task (str): ``'Boundaries'`` (column task: the 20 category boundary maps, (20, H, W))\n"
    "    or ``'Segmentation'`` (the (H, W) class map). Default: ``'Boundaries'``.",
    "usage (str): ``'train'``, ``'val'``, ``'train_noval'`` or ``'all'`` (train then val):\n"
    "    the list ``<usage>.txt`` of image ids read. Default: ``'all'``.",
    NUM_SAMPLES_ARG,
    _WORKERS_ONE,
    SHUFFLE_ARGS[0],
    "decode (Union[bool, None]): Decode the images to HWC uint8 arrays; ``None`` is\n"
    "    ``False``. Default: ``None``.",
    SHUFFLE_ARGS[1],
    *SHARD_ARGS,
)
class SBDataset(_RandomAccessGenerator):
    """Semantic Boundaries Dataset: columns ``image`` (``img/<id>.jpg``) and ``task``, from
    the ``GTcls`` struct of ``cls/<id>.mat``.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `task` or `usage` is unknown.
        FileNotFoundError: a usage list is missing.

    Example:
        >>> import os, tempfile, numpy as np, scipy.io, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for sub in ("img", "cls"):
        ...     os.mkdir(os.path.join(root, sub))
        >>> with open(os.path.join(root, "img", "a.jpg"), "wb") as f:
        ...     _ = f.write(b"jpeg")
        >>> gt = {"Segmentation": np.array([[1, 2]], np.uint8), "Boundaries": np.zeros((1, 1))}
        >>> scipy.io.savemat(os.path.join(root, "cls", "a.mat"), {"GTcls": gt})
        >>> with open(os.path.join(root, "val.txt"), "w") as f:
        ...     _ = f.write("a\\n")
        >>> d = ds.SBDataset(root, task="Segmentation", usage="val", shuffle=False)
        >>> [r[1].tolist() for r in d.create_tuple_iterator(output_numpy=True)]
        [[[1, 2]]]
    """

    _option_clash = RuntimeError  # (MindSpore checks the options before its GeneratorDataset)

    def __init__(
        self,
        dataset_dir: str,
        task: str = "Boundaries",
        usage: str = "all",
        num_samples: int | None = None,
        num_parallel_workers: int = 1,
        shuffle: bool | None = None,
        decode: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
    ) -> None:
        who = "SBDataset"
        root = dataset_folder(dataset_dir, who)
        usages = ("train", "val", "train_noval", "all")
        usage = check_choice(usage, usages, "usage", who)
        self._task = check_choice(task, ("Boundaries", "Segmentation"), "task", who)
        self._decode = _flags(who, shuffle, decode)
        names = []
        for split in ("train", "val") if usage == "all" else (usage,):
            listing = os.path.join(root, f"{split}.txt")
            if not os.path.exists(listing):
                raise FileNotFoundError(f"{who}: the list {listing} does not exist")
            with open(listing, encoding="utf-8") as f:
                names += [line.strip() for line in f]  # (blank lines too, as MindSpore)
        self._root, self._names = root, names
        super().__init__(
            _Rows(len(names), self._row),
            column_names=["image", "task"],
            num_samples=num_samples,
            num_parallel_workers=num_parallel_workers,
            shuffle=shuffle,
            sampler=sampler,
            num_shards=num_shards,
            shard_id=shard_id,
        )

    def _row(self, index):
        name = self._names[index]
        path = os.path.join(self._root, "img", f"{name}.jpg")
        image = (
            decode_image(np.fromfile(path, np.uint8))
            if self._decode
            else np.fromfile(path, np.uint8)
        )
        truth = _loadmat(os.path.join(self._root, "cls", f"{name}.mat"))["GTcls"][0][self._task][0]
        if self._task == "Segmentation":
            return image, np.asarray(truth)
        maps = [np.asarray(truth[k][0].toarray()) for k in range(_SBD_CATEGORIES)]
        return image, np.stack(maps)
