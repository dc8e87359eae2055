"""The precomputed unions of the fishing games' captures, read from the package data
``unions.bin`` (written by scripts/union_table.py; binary, read from beside this module
at the first use): for each value 1…10, every union of groups
adding up to it that a full deck's numerals of lower values can form, the empty one
included, by size (the number of cards), each size in increasing order, as vectors of
:mod:`.captures` packed little-endian (8 bytes each) and zlib-compressed one size apiece,
so that a listing decodes only the sizes it reaches (the strongest first) and of each
only the start it needs. For each value and each count under four, a bitmask of the
unions (all sizes, in table order) that hold at most that many cards of the value: the
unions that fit a floor are counted from them without decoding one (``fitting_mask``)."""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from pathlib import Path

MAGIC = b"referee unions 1\n"
ENTRY = struct.Struct("<BBBII")  # kind, total, key, offset, length
COUNTS, DATA, MASK = 0, 1, 2  # the kinds of part: the counts by size, a size, a mask
CHUNK = 8_192  # bytes decoded at a time when only the start of a size is wanted


def _read() -> tuple[memoryview, dict[tuple[int, int, int], tuple[int, int]]]:
    """The file and its index: (kind, total, key) to (offset, length). The package data is
    read as the file beside this module (referee is installed as files, never imported
    from a zip): ``importlib.resources`` cost about 4 ms more a command, its own imports
    and readers, on every floor that needs the table (docs/decisions.md)."""
    data = Path(__file__).with_name("unions.bin").read_bytes()
    if not data.startswith(MAGIC):  # pragma: no cover - a broken install
        raise RuntimeError("referee/games/fishing/unions.bin is not the table of unions")
    (parts,) = struct.unpack_from("<I", data, len(MAGIC))
    start = len(MAGIC) + 4
    index = {
        (kind, total, key): (offset, length)
        for kind, total, key, offset, length in ENTRY.iter_unpack(
            data[start : start + parts * ENTRY.size]
        )
    }
    return memoryview(data), index


_DATA, _INDEX = _read()


def _part(kind: int, total: int, key: int) -> memoryview:
    offset, length = _INDEX[kind, total, key]
    return _DATA[offset : offset + length]


def _sizes(total: int) -> list[int]:
    counts = array("I")
    counts.frombytes(_part(COUNTS, total, 0))
    if sys.byteorder == "big":  # pragma: no cover - the table is little-endian
        counts.byteswap()
    return counts.tolist()


SIZES = {total: _sizes(total) for total in range(1, 11)}  # unions of each size


def unions_of_size(total: int, size: int, first: int | None = None) -> array[int]:
    """The unions for ``total`` of ``size`` cards, in increasing order (for a binary
    search): what :func:`referee.games.fishing.captures.unions_of_deck` lists of that
    size; with ``first``, only that many, decoded no further than they reach."""
    packed = array("Q")
    data = bytes(_part(DATA, total, size))
    if first is None:
        packed.frombytes(zlib.decompress(data))
    else:
        stream = zlib.decompressobj()
        while not stream.eof and len(packed) < first:
            packed.frombytes(stream.decompress(data, CHUNK))
            data = stream.unconsumed_tail
        del packed[first:]
    if sys.byteorder == "big":  # pragma: no cover - the table is little-endian
        packed.byteswap()
    return packed


def fitting_mask(total: int, value: int, most: int) -> int:
    """The unions for ``total`` that hold at most ``most`` (0…3) cards of ``value``, as
    the bits of an int: bit ``i`` stands for the table's ``i``-th union, counted through
    the sizes in order (the empty one is bit 0)."""
    packed = _part(MASK, total, (value - 1) * 4 + most)
    return int.from_bytes(zlib.decompress(packed), "little")
