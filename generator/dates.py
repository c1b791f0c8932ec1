"""Dates as our pages and records write them ('3 March 2026'): English month names, the same
whatever the machine's locale.  Below every layer: the history's records and the site's pages
both write dates."""

from __future__ import annotations

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
