"""Helpers shared by the distributions: parameter casting, dtype rules and value checks."""
