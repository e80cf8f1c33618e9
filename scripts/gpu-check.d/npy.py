"""Writes 1-D .npy files without numpy, for the inputs of the GPU check parts."""
import struct


def save(path, code, fmt, vals):
    """CODE: the numpy descr ('<u4', '<i4', '<f4', '|b1'); FMT: its struct letter."""
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (code, len(vals))
    hdr += " " * (63 - (10 + len(hdr)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(struct.pack("<%d%s" % (len(vals), fmt), *vals))
