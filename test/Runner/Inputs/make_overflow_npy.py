"""Writes .npy files whose headers are hostile, for bad-inputs.test.

Usage: make_overflow_npy.py DIR

Each file claims a shape or header size that must be rejected from the
header alone: no allocation of the claimed size, no read past the file.
"""

import os
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def write(name, header, data=b"", version=1):
    header = header.encode()
    pad = 128 - 10 - len(header) - 1
    header += b" " * max(pad, 0) + b"\n"
    size = len(header).to_bytes(2 if version == 1 else 4, "little")
    with open(os.path.join(out, name), "wb") as f:
        f.write(b"\x93NUMPY" + bytes([version, 0]) + size + header + data)


def dictionary(descr, shape):
    return "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr,
                                                                       shape)


# The element count fits in 64 bits, the byte count does not.
write("bytes_overflow_f32.npy", dictionary("<f4", "(2305843009213693952, 2)"))
write("bytes_overflow_f64.npy", dictionary("<f8", "(4611686018427387904,)"))
# A 4 TiB array with no data: "truncated", without allocating 4 TiB.
write("four_tib.npy", dictionary("<f4", "(1099511627776,)"))
# Dimensions that are not non-negative integers.
write("negative_dim.npy", dictionary("<f4", "(-2, 3)"))
write("text_dim.npy", dictionary("<f4", "('a', 3)"))
write("float_dim.npy", dictionary("<f4", "(2.5, 3)"))
write("digits_dim.npy", dictionary("<f4", "(99999999999999999999999, 3)"))
# Header lengths pointing past the end of the file (version 1: 16 bits,
# version 2: 32 bits).
with open(os.path.join(out, "header_past_end.npy"), "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + (60000).to_bytes(2, "little") +
            dictionary("<f4", "(2, 3)").encode() + b"\n")
with open(os.path.join(out, "header_4gib.npy"), "wb") as f:
    f.write(b"\x93NUMPY\x02\x00" + (0xFFFFFFF0).to_bytes(4, "little") +
            dictionary("<f4", "(2, 3)").encode() + b"\n")
# Binary garbage inside the header dictionary.
write("nul_in_header.npy", dictionary("<f4", "(2, 3)") + "\0\0\0", b"\0" * 24)
write("duplicate_key.npy",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), "
      "'descr': '<i4', }", b"\0" * 24)
