"""pytest setup: the numpy reference (test/lib/dml_reference.py) on the path,
and an on-disk kernel cache of the test's own (never the user's)."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "test",
                                "lib"))


@pytest.fixture
def cache_dir(tmp_path):
    path = tmp_path / "kernel-cache"
    return str(path)
