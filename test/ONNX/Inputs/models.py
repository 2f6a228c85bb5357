#!/usr/bin/python3
"""Writes the small ONNX models (and .npy constants) of the importer's lit
tests: `models.py NAME OUT`, NAME one of the functions below."""

import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F32, F64, I8, I32, I64, U8 = (TensorProto.FLOAT, TensorProto.DOUBLE, TensorProto.INT8,
                              TensorProto.INT32, TensorProto.INT64, TensorProto.UINT8)


def tensor(name, elem_type, shape):
    return helper.make_tensor_value_info(name, elem_type, shape)


def model(nodes, inputs, outputs, initializers=(), opset=13):
    graph = helper.make_graph(nodes, "test", inputs, outputs, list(initializers))
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def const(name, values, dtype=np.int64):
    return numpy_helper.from_array(np.array(values, dtype=dtype), name)


def arg_reductions():
    return model(
        [helper.make_node("ArgMax", ["x"], ["max_last"], name="max_last", axis=-1,
                          select_last_index=1),
         helper.make_node("ArgMax", ["x"], ["max_nokeep"], name="max_nokeep", axis=1,
                          keepdims=0),
         helper.make_node("ArgMin", ["x"], ["min_default"], name="min_default")],
        [tensor("x", F32, [2, 3, 4])],
        [tensor("max_last", I64, [2, 3, 1]), tensor("max_nokeep", I64, [2, 4]),
         tensor("min_default", I64, [1, 3, 4])])


def arg_max_i64():
    return model([helper.make_node("ArgMax", ["x"], ["y"], axis=0)],
                 [tensor("x", I64, [5])], [tensor("y", I64, [1])])


def reductions():
    ops = ["ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd",
           "ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare"]
    nodes, outputs = [], []
    for op in ops:
        if op == "ReduceSum":  # opset 13: axes is an input
            nodes.append(helper.make_node(op, ["x", "axes"], [op], name=op))
        else:
            nodes.append(helper.make_node(op, ["x"], [op], name=op, axes=[-1, 0]))
        outputs.append(tensor(op, F32, [1, 3, 1]))
    return model(nodes, [tensor("x", F32, [2, 3, 4])], outputs,
                 [const("axes", [0, -1])])


def reduce_keepdims0_all():
    return model([helper.make_node("ReduceMax", ["x"], ["y"], keepdims=0)],
                 [tensor("x", F32, [2, 3])], [tensor("y", F32, [])])


def reduce_opset18_constant_node():
    return model(
        [helper.make_node("Constant", [], ["axes"], value_ints=[1]),
         helper.make_node("ReduceMean", ["x", "axes"], ["y"], keepdims=0)],
        [tensor("x", F32, [2, 3, 4])], [tensor("y", F32, [2, 4])], opset=18)


def reduce_axes_graph_input():
    return model([helper.make_node("ReduceSum", ["x", "axes"], ["y"])],
                 [tensor("x", I64, [2, 3]), tensor("axes", I64, [1])],
                 [tensor("y", I64, [2, 1])])


def axes_1_npy():
    return np.array([1], dtype=np.int64)


def axes_1_pb():
    """A TensorProto, the format of ONNX's test data."""
    return numpy_helper.from_array(np.array([1], dtype=np.int64), "axes")


def reduce_noop_empty_axes():
    return model([helper.make_node("ReduceSum", ["x", "axes"], ["y"], name="noop",
                                   noop_with_empty_axes=1)],
                 [tensor("x", F32, [2, 3])], [tensor("y", F32, [2, 3])],
                 [const("axes", np.zeros([0]))])


def reduce_f64():
    return model([helper.make_node("ReduceLogSumExp", ["x"], ["y"], name="lse")],
                 [tensor("x", F64, [2, 3])], [tensor("y", F64, [1, 1])])


def reduce_repeated_axes():
    return model([helper.make_node("ReduceMin", ["x"], ["y"], name="rep", axes=[1, -1])],
                 [tensor("x", F32, [2, 3])], [tensor("y", F32, [2, 1])])


def top_k():
    return model(
        [helper.make_node("TopK", ["x", "k"], ["values", "indices"], name="smallest",
                          axis=-2, largest=0, sorted=0)],
        [tensor("x", F32, [2, 5, 3])],
        [tensor("values", F32, [2, 2, 3]), tensor("indices", I64, [2, 2, 3])],
        [const("k", [2])], opset=11)


def top_k_4d():
    return model([helper.make_node("TopK", ["x", "k"], ["v", "i"])],
                 [tensor("x", F32, [1, 1, 3, 4])],
                 [tensor("v", F32, [1, 1, 3, 4]), tensor("i", I64, [1, 1, 3, 4])],
                 [const("k", [4])], opset=11)


def top_k_input():
    return model([helper.make_node("TopK", ["x", "k"], ["v", "i"], name="topk")],
                 [tensor("x", F32, [4]), tensor("k", I64, [1])],
                 [tensor("v", F32, [2]), tensor("i", I64, [2])], opset=11)


def top_k_too_large():
    return model([helper.make_node("TopK", ["x", "k"], ["v", "i"], name="topk")],
                 [tensor("x", F32, [4])],
                 [tensor("v", F32, [5]), tensor("i", I64, [5])], [const("k", [5])],
                 opset=11)


def gather():
    return model(
        [helper.make_node("Gather", ["data", "rows"], ["one"], name="one", axis=0),
         helper.make_node("Gather", ["data", "grid"], ["two"], name="two", axis=-1),
         helper.make_node("Gather", ["data", "scalar"], ["zero"], name="zero", axis=1)],
        [tensor("data", F32, [3, 4]), tensor("rows", I64, [5]), tensor("grid", I32, [2, 2])],
        [tensor("one", F32, [5, 4]), tensor("two", F32, [3, 2, 2]),
         tensor("zero", F32, [3])],
        [const("scalar", -1)])


def gather_table():
    """An embedding lookup: the table is an initializer, the ids an input."""
    table = np.arange(12, dtype=np.float32).reshape(4, 3)
    return model([helper.make_node("Gather", ["table", "ids"], ["y"])],
                 [tensor("ids", I64, [2, 2])], [tensor("y", F32, [2, 2, 3])],
                 [numpy_helper.from_array(table, "table")])


def gather_rank_too_large():
    return model([helper.make_node("Gather", ["x", "j"], ["y"], name="big")],
                 [tensor("x", F32, [1] * 5), tensor("j", I64, [1] * 5)],
                 [tensor("y", F32, [1] * 9)])


def one_hot():
    return model(
        [helper.make_node("OneHot", ["labels", "depth", "values"], ["last"], name="last"),
         helper.make_node("OneHot", ["positions", "depth", "values"], ["first"],
                          name="first", axis=0),
         helper.make_node("OneHot", ["small", "depth", "int_values"], ["small_out"],
                          name="small", axis=-2)],
        [tensor("labels", I64, [2, 3]), tensor("values", F32, [2]),
         tensor("positions", F32, [3]), tensor("small", I8, [2]),
         tensor("int_values", I32, [2])],
        [tensor("last", F32, [2, 3, 5]), tensor("first", F32, [5, 3]),
         tensor("small_out", I32, [5, 2])],
        [const("depth", 5.7, np.float32)], opset=11)


def one_hot_depth_input():
    return model([helper.make_node("OneHot", ["j", "depth", "w"], ["y"], name="oh")],
                 [tensor("j", I64, [3]), tensor("depth", I64, []), tensor("w", F32, [2])],
                 [tensor("y", F32, [3, 4])], opset=11)


def one_hot_u8():
    return model([helper.make_node("OneHot", ["j", "depth", "w"], ["y"], name="oh")],
                 [tensor("j", U8, [3]), tensor("w", F32, [2])],
                 [tensor("y", F32, [3, 4])], [const("depth", 4)], opset=11)


def unsupported():
    return model([helper.make_node("Hardmax", ["x"], ["r"], name="act"),
                  helper.make_node("ArgMax", ["r"], ["y"])],
                 [tensor("x", F32, [2])], [tensor("y", I64, [1])])


def missing_input():
    graph = helper.make_graph([helper.make_node("Gather", ["x"], ["y"], name="g1")], "test",
                              [tensor("x", F32, [3])], [tensor("y", F32, [3])])
    return helper.make_model(graph)  # invalid: the checker would refuse it


def wrong_output_type():
    return model([helper.make_node("ArgMax", ["x"], ["y"])],
                 [tensor("x", F32, [3])], [tensor("y", I32, [1])])


def dynamic_input():
    return model([helper.make_node("ArgMax", ["x"], ["y"])],
                 [tensor("x", F32, ["n", 3])], [tensor("y", I64, [1, 3])])


def identity_output():
    return model([helper.make_node("Identity", ["x"], ["y"])],
                 [tensor("x", U8, [4])], [tensor("y", U8, [4])])


def elementwise():
    """Elementwise and shape operators (TOSA, tensor reshapes) around an
    ArgMax: ONNX broadcasting, variadic Max, float and integer Div."""
    n = helper.make_node
    return model(
        [n("Add", ["x", "bias"], ["a"]), n("Mul", ["a", "x"], ["m"]),
         n("Div", ["m", "y"], ["d"]), n("Sub", ["d", "x"], ["s"]),
         n("Max", ["s", "x", "a"], ["mx"]), n("Relu", ["mx"], ["r"]),
         n("Neg", ["r"], ["ng"]), n("Exp", ["ng"], ["e"]), n("Sqrt", ["e"], ["q"]),
         n("Sigmoid", ["q"], ["g"]), n("Transpose", ["g"], ["t"]),
         n("Reshape", ["t", "flat_shape"], ["flat"]),
         n("Unsqueeze", ["flat", "zero"], ["u"]), n("Squeeze", ["u"], ["sq"]),
         n("Flatten", ["g"], ["fl"], axis=0), n("Cast", ["g"], ["ci"], to=I32),
         n("Div", ["ci", "ci"], ["di"]),
         n("ArgMax", ["g"], ["best"], axis=1, keepdims=0)],
        [tensor("x", F32, [2, 5]), tensor("y", F32, [2, 1])],
        [tensor("sq", F32, [10]), tensor("fl", F32, [1, 10]), tensor("di", I32, [2, 5]),
         tensor("best", I64, [2])],
        [numpy_helper.from_array(np.arange(5, dtype=np.float32), "bias"),
         const("flat_shape", [-1]), const("zero", [0])])


def unsigned_add():
    return model([helper.make_node("Add", ["x", "x"], ["y"], name="add")],
                 [tensor("x", U8, [2])], [tensor("y", U8, [2])])


def main():
    name, out = sys.argv[1], sys.argv[2]
    result = globals()[name.replace("-", "_")]()
    if isinstance(result, np.ndarray):
        np.save(out, result)
    elif isinstance(result, TensorProto):
        with open(out, "wb") as f:
            f.write(result.SerializeToString())
    else:
        # onnx 1.12 knows opsets up to 17; missing_input is invalid on purpose.
        if result.opset_import[0].version <= 17 and name != "missing_input":
            onnx.checker.check_model(result)
        onnx.save(result, out)


if __name__ == "__main__":
    main()
