"""Settings of how rewrite reads a network's class (behind ``mindspore.rewrite.parsers``)."""


class ClassDefParser:
    """How rewrite reads a network's class: `denied_function_decorator_list` names the
    decorators of its methods that the written code leaves out (a decorator is named as
    written, without its call: ``my_check`` for ``@my_check(x=1)``, ``lib.wrap`` for
    ``@lib.wrap``).

    Example:
        >>> from msfunc.rewrite.parsers import ClassDefParser
        >>> ClassDefParser.denied_function_decorator_list
        ['cell_attr_register']
    """

    # cell_attr_register records the arguments of the origin's __init__, which the generated
    # __init__(self, obj) does not take
    denied_function_decorator_list = ["cell_attr_register"]
