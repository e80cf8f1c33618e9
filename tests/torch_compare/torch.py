"""A numpy stand-in for the part of torch that scripts/torch-compare.py calls, so that
its checks and reports are tested where there is no GPU (tests/torch_compare_test.sh).
Times are the host's. TORCH_STANDIN_BREAK=searchsorted|cumsum|sort makes that call
wrong (upper bound, an off-by-one sum, one element out of place), and the script must
then report a MISMATCH."""
import os
import numpy as np

BREAK = os.environ.get("TORCH_STANDIN_BREAK", "")
__version__ = "mock"
int32, int64, float64 = np.int32, np.int64, np.float64
class version: cuda = "mock"
class T:
    def __init__(self, a): self.a = np.asarray(a)
    def cpu(self): return T(self.a.copy())
    def to(self, dt): return T(self.a.astype(dt))
    def cumsum(self, dim, dtype=None): return T(np.cumsum(self.a, axis=dim, dtype=dtype))
    def sum(self, dim=None, dtype=None): return T(self.a.sum(axis=dim, dtype=dtype))
    def numel(self): return self.a.size
    def all(self): return bool(self.a.all())
    def __bool__(self): return bool(self.a)
    def __getitem__(self, k): return T(self.a[k.a if isinstance(k, T) else k])
    def __gt__(self, o): return T(self.a > (o.a if isinstance(o, T) else o))
    def __ge__(self, o): return T(self.a >= (o.a if isinstance(o, T) else o))
    def __add__(self, o): return T(self.a + o)
    def __floordiv__(self, o): return T(self.a // o)
    def __pow__(self, o): return T(self.a ** o)
    def __mul__(self, o): return T(self.a * o)
    def __dlpack__(self): return self
class Gen:
    def __init__(self, device=None): self.r = np.random.default_rng(1)
    def manual_seed(self, s): self.r = np.random.default_rng(s)
def Generator(device=None): return Gen(device)
def randint(lo, hi, shape, dtype=None, device=None, generator=None):
    return T(generator.r.integers(lo, hi, size=shape, dtype=np.int64).astype(dtype))
def rand(n, dtype=None, device=None, generator=None): return T(generator.r.random(n))
def arange(*a, dtype=None, device=None): return T(np.arange(*a, dtype=dtype or np.int64))
def cumsum(x, dim, dtype=None):
    out = x.cumsum(dim, dtype)
    if BREAK == "cumsum": out.a.flat[-1] += 1
    return out
class SortResult(tuple):
    @property
    def values(self): return self[0]
def sort(x):
    i = np.argsort(x.a, kind="stable")
    if BREAK == "sort" and i.size > 1: i[[0, -1]] = i[[-1, 0]]
    return SortResult((T(x.a[i]), T(i.astype(np.int64))))
def searchsorted(k, q):
    return T(np.searchsorted(k.a, q.a, side="right" if BREAK == "searchsorted" else "left").astype(np.int64))
def equal(a, b): return a.a.shape == b.a.shape and bool((a.a == b.a).all())
def clamp(x, max=None): return T(np.minimum(x.a, max))
def floor(x): return T(np.floor(x.a))
def from_dlpack(x): return T(x.a if isinstance(x, T) else x)
class cuda:
    @staticmethod
    def is_available(): return True
    @staticmethod
    def get_device_name(i): return "mock GPU"
    @staticmethod
    def synchronize(): pass
    @staticmethod
    def empty_cache(): pass
    class Event:
        def __init__(self, enable_timing=False): pass
        def record(self): import time; self.t = time.perf_counter()
        def synchronize(self): pass
        def elapsed_time(self, b): return (b.t - self.t) * 1e3
