"""The pipeline node classes by name, filled by the node modules (which subclass Dataset)."""

NODES = {}
