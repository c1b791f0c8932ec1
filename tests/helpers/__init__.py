"""Helpers shared by the tests, imported by absolute name: ``from tests.helpers.builders import one_board``.

pyproject.toml puts the repository root on the test path (``pythonpath = ["."]``), so this is the
one way a test reaches a helper: no ``sys.path`` edits, no per-folder path entries.
"""
