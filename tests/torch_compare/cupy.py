"""A numpy stand-in for the part of CuPy that scripts/torch-compare.py calls (see
torch.py beside it)."""
import numpy as np, time
import torch
__version__ = "mock"
int32 = np.int32
class A(torch.T): pass
def asarray(t): return A(t.a)
def cumsum(x, axis=0, dtype=None): return A(np.cumsum(x.a, axis=axis, dtype=dtype))
def sort(x): return A(np.sort(x.a))
def asnumpy(x): return x.a
def get_default_memory_pool():
    class P:
        def free_all_blocks(self): pass
    return P()
class cuda:
    class Event:
        def record(self): self.t = time.perf_counter()
        def synchronize(self): pass
    @staticmethod
    def get_elapsed_time(a, b): return (b.t - a.t) * 1e3
