"""Seeded mutations of an upload: byte flips, line deletions and duplications, token swaps,
odd numbers in numeric fields, odd values in any field, truncations.  ``mutant(text, seed)`` is deterministic, so a
failing seed reproduces exactly."""

from __future__ import annotations

import random
import re

_NUMBER = re.compile(rb"[0-9]+")
_TOKEN = re.compile(rb"[A-Za-z0-9_]+|[^A-Za-z0-9_\s]")
ODD_NUMBERS = [
    b"0",
    b"-1",
    b"-0",
    b"1000",
    b"999",
    b"1000000000",
    b"9" * 5000,
    "\u00b2".encode(),
    "\u0663".encode(),
    b"1e999999999",
    b"1_000",
    b"0x1F",
    b"+7",
    b"3.5",
    b"",
    b"NaN",
    b"13",
    b"14",
    b"99999999999999999999",
]


def _flip_bytes(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if out:
            out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def _delete_lines(data: bytes, rng: random.Random) -> bytes:
    lines = data.split(b"\n")
    for _ in range(rng.randint(1, 3)):
        if len(lines) > 1:
            del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def _duplicate_line(data: bytes, rng: random.Random) -> bytes:
    lines = data.split(b"\n")
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[i])
    return b"\n".join(lines)


def _swap_tokens(data: bytes, rng: random.Random) -> bytes:
    spans = [m.span() for m in _TOKEN.finditer(data)]
    if len(spans) < 2:
        return data
    (a0, a1), (b0, b1) = sorted(rng.sample(spans, 2))
    return data[:a0] + data[b0:b1] + data[a1:b0] + data[a0:a1] + data[b1:]


def _odd_number(data: bytes, rng: random.Random) -> bytes:
    spans = [m.span() for m in _NUMBER.finditer(data)]
    if not spans:
        return data
    start, end = rng.choice(spans)
    new = rng.choice(ODD_NUMBERS) if rng.random() < 0.6 else str(rng.randint(-20, 8000)).encode()
    return data[:start] + new + data[end:]


_VALUE = re.compile(rb"(?<=: )[^,}\]\n]+|(?<=>)[^<>\n]+(?=</)|(?<=\")[^\"\n]*(?=\")|(?<== \")[^\"\n]*")
ODD_VALUES = [
    b"[1]",
    b"{a: 1}",
    b".inf",
    b"-.inf",
    b".nan",
    b"~",
    b"null",
    b"true",
    b"2026-02-30",
    b"!!binary aGVsbG8=",
    b"-",
    b"?",
    b"A+",
    b"A60/40",
    b"A999/1",
    b"PASS",
    b"7NTXX",
    b"8S",
    b"0",
    b"-0",
    "\u00b2".encode(),
    b"1e999999999",
    b"9" * 400,
    b"&amp;",
    b"<x/>",
    b'"',
    b"'",
    b"\t",
    b"N",
    b"NS",
    b"EW",
    b"Both",
    b"",
    b" ",
]


def _odd_value(data: bytes, rng: random.Random) -> bytes:
    """A value (after 'key: ', between XML tags, in PBN quotes) replaced by one that other readers choke on."""
    spans = [m.span() for m in _VALUE.finditer(data)]
    if not spans:
        return data
    start, end = rng.choice(spans)
    return data[:start] + rng.choice(ODD_VALUES) + data[end:]


def _truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


MUTATIONS = {
    "flip bytes": _flip_bytes,
    "delete lines": _delete_lines,
    "duplicate a line": _duplicate_line,
    "swap tokens": _swap_tokens,
    "odd number": _odd_number,
    "odd value": _odd_value,
    "truncate": _truncate,
}


def mutant(data: bytes, seed: str) -> tuple[bytes, list[str]]:
    """One to three mutations of ``data``, chosen by ``seed``; returns the bytes and what was done."""
    rng = random.Random(seed)
    done = []
    for _ in range(rng.choice((1, 1, 2, 3))):
        name = rng.choice(sorted(MUTATIONS))
        data = MUTATIONS[name](data, rng)
        done.append(name)
    return data, done
