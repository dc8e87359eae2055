"""Write referee/games/fishing/unions.bin, the package data that
:mod:`referee.games.fishing.unions` reads: every union of groups that a full deck's numerals
can form for each capturing value (Basra), by size, and the masks that count those fitting
a floor. Run after changing how unions are made; tests/test_bounded.py checks that the
table read back is every union of the deck, and that this script writes the same bytes.

    python scripts/union_table.py
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from pathlib import Path

from referee.games.fishing.captures import cards_in, count, unions_of_deck
from referee.games.fishing.unions import COUNTS, DATA, ENTRY, MAGIC, MASK

TARGET = Path(__file__).resolve().parent.parent / "referee" / "games" / "fishing" / "unions.bin"


def little(packed: array[int]) -> bytes:
    if sys.byteorder == "big":  # pragma: no cover - the table is little-endian
        packed.byteswap()
    return packed.tobytes()


def sizes(total: int) -> list[int]:
    """How many unions of each size (0, 1, 2, … cards) the table holds."""
    out: list[int] = []
    for u in unions_of_deck(total):
        k = cards_in(u)
        out.extend([0] * (k + 1 - len(out)))
        out[k] += 1
    return out


def of_size(total: int, size: int) -> bytes:
    """The unions of ``size`` cards, increasing, 8 bytes each, zlib-compressed."""
    packed = array("Q", sorted(u for u in unions_of_deck(total) if cards_in(u) == size))
    return zlib.compress(little(packed), 9)


def mask(total: int, value: int, most: int) -> bytes:
    """The bitmask of the unions (in table order) holding at most ``most`` cards of
    ``value``, little-endian, zlib-compressed."""
    ordered = sorted(unions_of_deck(total), key=lambda u: (cards_in(u), u))  # table order
    bits = sum(1 << i for i, u in enumerate(ordered) if count(u, value) <= most)
    return zlib.compress(bits.to_bytes((len(ordered) + 7) // 8, "little"), 9)


def blobs() -> list[tuple[int, int, int, bytes]]:
    """Every part of the table as (kind, total, key, bytes), in file order."""
    out: list[tuple[int, int, int, bytes]] = []
    for total in range(1, 11):
        counts = sizes(total)
        out.append((COUNTS, total, 0, little(array("I", counts))))
        out.extend((DATA, total, size, of_size(total, size)) for size in range(len(counts)))
        out.extend(
            (MASK, total, (value - 1) * 4 + most, mask(total, value, most))
            for value in range(1, total)
            for most in range(4)
        )
    return out


def table() -> bytes:
    """The file: its magic, the number of parts, one index entry a part (kind, total, key,
    offset, length), then the parts."""
    parts = blobs()
    start = len(MAGIC) + 4 + len(parts) * ENTRY.size
    index, offset = [], start
    for kind, total, key, data in parts:
        index.append(ENTRY.pack(kind, total, key, offset, len(data)))
        offset += len(data)
    head = MAGIC + struct.pack("<I", len(parts)) + b"".join(index)
    return head + b"".join(data for *_, data in parts)


def main() -> int:
    TARGET.write_bytes(table())
    print(f"wrote {TARGET} ({TARGET.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
