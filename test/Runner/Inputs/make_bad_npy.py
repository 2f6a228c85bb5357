"""Writes broken and mismatching .npy files for the runner's error tests.

Usage: make_bad_npy.py DIR

@gather_f32 of gather-all-types.mlir takes tensor<2x3xf32> and
tensor<1x4xui32>; good.npy is a valid first argument, every other file is
wrong in one way (its name says how).
"""

import os
import sys

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def path(name):
    return os.path.join(out, name)


def save(name, array):
    np.save(path(name), array)


def raw(name, data):
    with open(path(name), "wb") as f:
        f.write(data)


x = np.arange(6, dtype=np.float32).reshape(2, 3)
save("good.npy", x)
good = open(path("good.npy"), "rb").read()

save("wrong_dtype.npy", x.astype(np.int32))
save("wrong_shape.npy", x.reshape(3, 2))
save("wrong_rank.npy", x.reshape(6))
save("fortran.npy", np.asfortranarray(x))
save("big_endian.npy", x.astype(">f4"))
save("complex.npy", x.astype(np.complex64))
save("object.npy", np.array([[1, "a", None]] * 2, dtype=object))
raw("truncated_data.npy", good[:-4])
raw("truncated_header.npy", good[:40])
raw("too_short.npy", good[:7])
raw("trailing.npy", good + b"\0" * 8)
raw("bad_magic.npy", b"this is not a numpy file at all, only some text\n")
raw("empty.npy", b"")
raw("bad_version.npy", b"\x93NUMPY\x07\x00" + good[8:])
header = b"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3 }"
header += b" " * (118 - len(header)) + b"\n"
raw("malformed_header.npy",
    b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header +
    x.tobytes())
header = b"{'descr': '<f4', 'shape': (2, 3), }"
header += b" " * (118 - len(header)) + b"\n"
raw("missing_key.npy",
    b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header +
    x.tobytes())
# A header claiming a huge shape: an error, never a huge allocation.
header = b"{'descr': '<f4', 'fortran_order': False, 'shape': (4000000000, 4000000000), }"
header += b" " * (118 - len(header)) + b"\n"
raw("huge_shape.npy",
    b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header +
    x.tobytes())
os.makedirs(path("directory.npy"), exist_ok=True)
