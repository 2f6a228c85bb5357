# -*- Python -*-

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "DML-MLIR"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "README.txt", "lit.cfg.py",
                   "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.dml_obj_root, "test")

# The persistent kernel cache of dml-run lives in the build tree, never in
# the user's home (tests of the cache itself use their own directories).
config.environment["DML_MLIR_CACHE_DIR"] = os.path.join(
    config.dml_obj_root, "test", "kernel-cache")
config.environment.pop("DML_MLIR_CACHE", None)
config.environment["FILECHECK_OPTS"] = "-enable-var-scope --allow-unused-prefixes=false"
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

config.substitutions.append(("%PYTHON", config.host_python))
config.substitutions.append(("%dml_src_root", config.dml_src_root))
config.substitutions.append(("%dml_obj_root", config.dml_obj_root))

tool_dirs = [config.dml_tools_dir, config.llvm_tools_dir]
tools = ["dml-opt", "mlir-translate", "mlir-opt"]
for optional in ["dml-run", "dml-compile", "dml-import-onnx"]:
    if os.path.exists(os.path.join(config.dml_tools_dir, optional)):
        tools.append(optional)
        config.available_features.add(optional)
llvm_config.add_tool_substitutions(tools, tool_dirs)

clang = os.path.join(config.llvm_tools_dir, "clang")
if os.path.exists(clang):
    config.available_features.add("clang")
    config.substitutions.append(("%clang", clang))

# Tests that run AVX-512-only code (e.g. dml-approximate-math's x86-scalef).
try:
    with open("/proc/cpuinfo") as cpuinfo:
        if " avx512f" in cpuinfo.read():
            config.available_features.add("avx512f")
except OSError:
    pass

if config.enable_sanitizers:
    config.available_features.add("asan")
