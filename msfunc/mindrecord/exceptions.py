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
    """The base of MindRecord's errors.

    Example:
        >>> issubclass(MindRecordException, Exception)
        True
    """


class ParamValueError(MindRecordException, ValueError):
    """An argument has a wrong value.

    Example:
        >>> issubclass(ParamValueError, ValueError)
        True
    """


class ParamTypeError(MindRecordException, TypeError):
    """An argument has a wrong type.

    Example:
        >>> issubclass(ParamTypeError, TypeError)
        True
    """


class ParamMissError(MindRecordException, ValueError):
    """A required argument is missing.

    Example:
        >>> issubclass(ParamMissError, ValueError)
        True
    """


class PathNotExistsError(MindRecordException, RuntimeError):
    """A file or folder is missing.

    Example:
        >>> issubclass(PathNotExistsError, RuntimeError)
        True
    """


class UnknownError(MindRecordException, RuntimeError):
    """An unclassified MindRecord failure.

    Example:
        >>> issubclass(UnknownError, RuntimeError)
        True
    """


# The errors of MindRecord's file operations, one per operation.
class DbConnectionError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (DbConnection).

    Example:
        >>> issubclass(DbConnectionError, RuntimeError)
        True
    """


class MRMAddIndexError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (AddIndex).

    Example:
        >>> issubclass(MRMAddIndexError, RuntimeError)
        True
    """


class MRMAddSchemaError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (AddSchema).

    Example:
        >>> issubclass(MRMAddSchemaError, RuntimeError)
        True
    """


class MRMBuildSchemaError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (BuildSchema).

    Example:
        >>> issubclass(MRMBuildSchemaError, RuntimeError)
        True
    """


class MRMCloseError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (Close).

    Example:
        >>> issubclass(MRMCloseError, RuntimeError)
        True
    """


class MRMCommitError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (Commit).

    Example:
        >>> issubclass(MRMCommitError, RuntimeError)
        True
    """


class MRMDefineBlobError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (DefineBlob).

    Example:
        >>> issubclass(MRMDefineBlobError, RuntimeError)
        True
    """


class MRMDefineCategoryError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (DefineCategory).

    Example:
        >>> issubclass(MRMDefineCategoryError, RuntimeError)
        True
    """


class MRMDefineIndexError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (DefineIndex).

    Example:
        >>> issubclass(MRMDefineIndexError, RuntimeError)
        True
    """


class MRMFetchCandidateFieldsError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (FetchCandidateFields).

    Example:
        >>> issubclass(MRMFetchCandidateFieldsError, RuntimeError)
        True
    """


class MRMFetchDataError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (FetchData).

    Example:
        >>> issubclass(MRMFetchDataError, RuntimeError)
        True
    """


class MRMFinishError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (Finish).

    Example:
        >>> issubclass(MRMFinishError, RuntimeError)
        True
    """


class MRMGenerateIndexError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (GenerateIndex).

    Example:
        >>> issubclass(MRMGenerateIndexError, RuntimeError)
        True
    """


class MRMGetMetaError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (GetMeta).

    Example:
        >>> issubclass(MRMGetMetaError, RuntimeError)
        True
    """


class MRMIndexGeneratorError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (IndexGenerator).

    Example:
        >>> issubclass(MRMIndexGeneratorError, RuntimeError)
        True
    """


class MRMInitSegmentError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (InitSegment).

    Example:
        >>> issubclass(MRMInitSegmentError, RuntimeError)
        True
    """


class MRMInvalidHeaderSizeError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (InvalidHeaderSize).

    Example:
        >>> issubclass(MRMInvalidHeaderSizeError, RuntimeError)
        True
    """


class MRMInvalidPageSizeError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (InvalidPageSize).

    Example:
        >>> issubclass(MRMInvalidPageSizeError, RuntimeError)
        True
    """


class MRMInvalidSchemaError(MindRecordException, ValueError):
    """A MindRecord operation failed (InvalidSchema).

    Example:
        >>> issubclass(MRMInvalidSchemaError, ValueError)
        True
    """


class MRMLaunchError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (Launch).

    Example:
        >>> issubclass(MRMLaunchError, RuntimeError)
        True
    """


class MRMOpenError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (Open).

    Example:
        >>> issubclass(MRMOpenError, RuntimeError)
        True
    """


class MRMOpenForAppendError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (OpenForAppend).

    Example:
        >>> issubclass(MRMOpenForAppendError, RuntimeError)
        True
    """


class MRMReadCategoryInfoError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (ReadCategoryInfo).

    Example:
        >>> issubclass(MRMReadCategoryInfoError, RuntimeError)
        True
    """


class MRMSetHeaderError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (SetHeader).

    Example:
        >>> issubclass(MRMSetHeaderError, RuntimeError)
        True
    """


class MRMUnsupportedSchemaError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (UnsupportedSchema).

    Example:
        >>> issubclass(MRMUnsupportedSchemaError, RuntimeError)
        True
    """


class MRMValidateDataError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (ValidateData).

    Example:
        >>> issubclass(MRMValidateDataError, RuntimeError)
        True
    """


class MRMWriteDatasetError(MindRecordException, RuntimeError):
    """A MindRecord operation failed (WriteDataset).

    Example:
        >>> issubclass(MRMWriteDatasetError, RuntimeError)
        True
    """


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
