"""The test suite.

It starts many Python processes (the parallel runner's workers, the command line, bots, the
render workers of each) and rewrites the asserts of every test module. Where bytecode writing
is switched off (``PYTHONDONTWRITEBYTECODE``, as some machines and images set it), every one of
them compiled every module from source again, on every run; the suite turns it back on for
itself and the processes it starts, so compiled modules are kept in ``__pycache__``.
"""

import os
import sys

sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
