#!/usr/bin/python3
"""Writes a small ONNX model for the README's ONNX example: an embedding bag
(Gather rows of a 5x4 table, ReduceSum over each bag) and the ArgMax of each
bag's sum. `embedding_bag.py OUT.onnx`."""

import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

table = numpy_helper.from_array(
    np.arange(20, dtype=np.float32).reshape(5, 4) % 7, "table")
axes = numpy_helper.from_array(np.array([1], dtype=np.int64), "axes")
graph = helper.make_graph(
    [helper.make_node("Gather", ["table", "ids"], ["rows"]),
     helper.make_node("ReduceSum", ["rows", "axes"], ["sums"], keepdims=0),
     helper.make_node("ArgMax", ["sums"], ["best"], axis=1, keepdims=0)],
    "embedding_bag",
    [helper.make_tensor_value_info("ids", TensorProto.INT64, [2, 3])],
    [helper.make_tensor_value_info("sums", TensorProto.FLOAT, [2, 4]),
     helper.make_tensor_value_info("best", TensorProto.INT64, [2])],
    [table, axes])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
onnx.checker.check_model(model)
onnx.save(model, sys.argv[1])
