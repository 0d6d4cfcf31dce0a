"""The exception classes of ``mindspore.mindrecord`` (``ParamValueError``, ``MRMGetMetaError``
...), all under `MindRecordException`.

Each is also the builtin exception msfunc raised before it had them (``ParamValueError`` a
ValueError, ``ParamTypeError`` a TypeError, the rest RuntimeErrors), so code catching either
works.

Example:
    >>> from msfunc.mindrecord import ParamValueError
    >>> issubclass(ParamValueError, ValueError), ParamValueError.__mro__[1].__name__
    (True, 'MindRecordException')
"""


class MindRecordException(Exception):
    """The base of MindRecord's errors."""


class ParamValueError(MindRecordException, ValueError):
    """An argument has a wrong value."""


class ParamTypeError(MindRecordException, TypeError):
    """An argument has a wrong type."""


class ParamMissError(MindRecordException, ValueError):
    """A required argument is missing."""


class PathNotExistsError(MindRecordException, RuntimeError):
    """A file or folder is missing."""


class UnknownError(MindRecordException, RuntimeError):
    """An unclassified MindRecord failure."""


# The errors of MindRecord's file operations, one per operation.
class DbConnectionError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (DbConnection)."""


class MRMAddIndexError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (AddIndex)."""


class MRMAddSchemaError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (AddSchema)."""


class MRMBuildSchemaError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (BuildSchema)."""


class MRMCloseError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (Close)."""


class MRMCommitError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (Commit)."""


class MRMDefineBlobError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (DefineBlob)."""


class MRMDefineCategoryError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (DefineCategory)."""


class MRMDefineIndexError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (DefineIndex)."""


class MRMFetchCandidateFieldsError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (FetchCandidateFields)."""


class MRMFetchDataError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (FetchData)."""


class MRMFinishError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (Finish)."""


class MRMGenerateIndexError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (GenerateIndex)."""


class MRMGetMetaError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (GetMeta)."""


class MRMIndexGeneratorError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (IndexGenerator)."""


class MRMInitSegmentError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (InitSegment)."""


class MRMInvalidHeaderSizeError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (InvalidHeaderSize)."""


class MRMInvalidPageSizeError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (InvalidPageSize)."""


class MRMInvalidSchemaError(MindRecordException, ValueError):
    """A MindRecord operation failed (InvalidSchema)."""


class MRMLaunchError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (Launch)."""


class MRMOpenError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (Open)."""


class MRMOpenForAppendError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (OpenForAppend)."""


class MRMReadCategoryInfoError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (ReadCategoryInfo)."""


class MRMSetHeaderError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (SetHeader)."""


class MRMUnsupportedSchemaError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (UnsupportedSchema)."""


class MRMValidateDataError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (ValidateData)."""


class MRMWriteDatasetError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (WriteDataset)."""


__all__ = [
    "MindRecordException",
    "ParamValueError",
    "ParamTypeError",
    "ParamMissError",
    "PathNotExistsError",
    "UnknownError",
    "DbConnectionError",
    "MRMAddIndexError",
    "MRMAddSchemaError",
    "MRMBuildSchemaError",
    "MRMCloseError",
    "MRMCommitError",
    "MRMDefineBlobError",
    "MRMDefineCategoryError",
    "MRMDefineIndexError",
    "MRMFetchCandidateFieldsError",
    "MRMFetchDataError",
    "MRMFinishError",
    "MRMGenerateIndexError",
    "MRMGetMetaError",
    "MRMIndexGeneratorError",
    "MRMInitSegmentError",
    "MRMInvalidHeaderSizeError",
    "MRMInvalidPageSizeError",
    "MRMInvalidSchemaError",
    "MRMLaunchError",
    "MRMOpenError",
    "MRMOpenForAppendError",
    "MRMReadCategoryInfoError",
    "MRMSetHeaderError",
    "MRMUnsupportedSchemaError",
    "MRMValidateDataError",
    "MRMWriteDatasetError",
]
