"""Corrections: what changed between the committed versions of an upload.

The club's git repository is the record: ``git.py`` reads the versions of every upload
from it (one ``git log`` for the whole sessions folder), ``snapshot.py`` reduces a scored
session to the figures a member sees, and ``diff.py`` compares two snapshots — pure data
in, pure data out — into the corrections the pages show.
"""
