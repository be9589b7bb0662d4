#!/usr/bin/env python3
"""Convert MediaPipe BlazePose (TFLite, from the mediapipe 0.10.14 wheel) to ONNX
files that OpenCV 4.6's dnn module can read.

Run through tools/convert-blazepose.sh, which creates the throw-away venv, downloads
the wheel and calls the sub-commands below in order:

  convert       densify the detector, tf2onnx both models, graph surgery for
                OpenCV 4.6 (Clip attributes, Pad folding), canonicalise names,
                verify with onnxruntime, write the ONNX files, LICENSE and NOTICE,
                and dump test inputs + TFLite reference outputs for the OpenCV check.
  check-opencv  compare the outputs written by the C++ OpenCV 4.6 checker with the
                TFLite reference outputs, and with those of the graphs before the Pad
                folding (bit-identical with --fold-pads exact).

Needs (venv only): tensorflow-cpu==2.15.1, tf2onnx==1.16.1, onnx==1.16.2, numpy<2,
onnxruntime.
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys

import numpy as np

# Source models as shipped in mediapipe-0.10.14 (cp311, manylinux x86_64).
SOURCES = {
    "pose_detection.tflite": (
        "mediapipe/modules/pose_detection/pose_detection.tflite",
        2959046,
        "9ba9dd3d42efaaba86b4ff0122b06f29c4122e756b329d89dca1e297fd8f866c",
    ),
    "pose_landmark_full.tflite": (
        "mediapipe/modules/pose_landmark/pose_landmark_full.tflite",
        6440512,
        "e9a5c5cb17f736fafd4c2ec1da3b3d331d6edbe8a0d32395855aeb2cdfd64b9f",
    ),
}

# name -> (tflite file, onnx file, NCHW input shape, outputs kept, value range of the input)
MODELS = {
    "detector": ("pose_detection.tflite", "pose_detection.onnx", (1, 3, 224, 224),
                 ["Identity", "Identity_1"], (-1.0, 1.0)),
    "landmark": ("pose_landmark_full.tflite", "pose_landmark_full.onnx", (1, 3, 256, 256),
                 ["Identity", "Identity_1", "Identity_3", "Identity_4"], (0.0, 1.0)),
}

OPSET = 13
DENSIFY = 124  # tflite BuiltinOperator.DENSIFY
DEQUANTIZE = 6
# OpenCV vs TFLite tolerance: |diff| <= REL_TOL * max(1, max|reference|) per output.
REL_TOL = 1e-4


def log(*a):
    print("[convert_blazepose]", *a, flush=True)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def tf_modules():
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    import tensorflow as tf
    from tensorflow.lite.tools import flatbuffer_utils
    return tf, flatbuffer_utils


def tflite_run(path, x_nhwc, reference_kernels=False, keep_all=False):
    """Run a TFLite model without the default XNNPACK delegate; returns (outputs by name, interpreter)."""
    tf, _ = tf_modules()
    R = tf.lite.experimental.OpResolverType
    it = tf.lite.Interpreter(
        model_path=path,
        experimental_preserve_all_tensors=keep_all,
        experimental_op_resolver_type=R.BUILTIN_REF if reference_kernels else R.BUILTIN_WITHOUT_DEFAULT_DELEGATES,
    )
    it.allocate_tensors()
    it.set_tensor(it.get_input_details()[0]["index"], x_nhwc)
    it.invoke()
    outs = {d["name"]: it.get_tensor(d["index"]).copy() for d in it.get_output_details()}
    return outs, it


def test_inputs(shape, value_range):
    """Deterministic inputs in the model's value range: uniform noise and a smooth pattern."""
    lo, hi = value_range
    rng = np.random.RandomState(20240508)
    noise = rng.uniform(lo, hi, shape).astype(np.float32)
    _, c, h, w = shape
    yy, xx = np.meshgrid(np.linspace(0, 1, h), np.linspace(0, 1, w), indexing="ij")
    chans = [0.5 + 0.5 * np.sin(2 * np.pi * (1.5 + k) * xx + 3 * yy * (k + 1)) * np.cos(2 * np.pi * 2 * yy)
             for k in range(c)]
    smooth = (lo + (hi - lo) * np.stack(chans)[None]).astype(np.float32)
    return {"noise": noise, "smooth": smooth}


# ----------------------------------------------------------------------------- densify
def densify_detector(src, dst):
    """Replace the detector's DENSIFY ops (sparse fp16 weights) by plain constant buffers."""
    tf, fu = tf_modules()
    model = fu.read_model(src)
    if len(model.subgraphs) != 1:
        raise SystemExit("expected one subgraph")
    sg = model.subgraphs[0]
    codes = [max(oc.builtinCode, oc.deprecatedBuiltinCode) for oc in model.operatorCodes]
    dens_ops = [op for op in sg.operators if codes[op.opcodeIndex] == DENSIFY]

    # One run with all tensors preserved gives the densified values.
    x = np.zeros((1, 224, 224, 3), np.float32)
    _, it = tflite_run(src, x, keep_all=True)
    sparse_tensors = set()
    for op in dens_ops:
        (sparse_idx,), (dense_idx,) = op.inputs, op.outputs
        dense_val = it.get_tensor(dense_idx).copy()
        dense_t = sg.tensors[dense_idx]
        if tuple(dense_t.shape) != dense_val.shape:
            raise SystemExit("densified shape mismatch")
        model.buffers[dense_t.buffer].data = np.frombuffer(dense_val.tobytes(), np.uint8)
        model.buffers[sg.tensors[sparse_idx].buffer].data = None
        sparse_tensors.add(int(sparse_idx))
    del it

    sg.operators = [op for op in sg.operators if codes[op.opcodeIndex] != DENSIFY]
    used = set()
    for op in sg.operators:
        used.update(int(i) for i in op.inputs if i >= 0)
        used.update(int(i) for i in op.outputs)
    if sparse_tensors & used:
        raise SystemExit("a sparse tensor is still used after dropping DENSIFY")
    keep = [i for i in range(len(sg.tensors)) if i not in sparse_tensors]
    remap = {old: new for new, old in enumerate(keep)}
    sg.tensors = [sg.tensors[i] for i in keep]
    for op in sg.operators:
        op.inputs = np.array([remap[int(i)] if i >= 0 else int(i) for i in op.inputs], np.int32)
        op.outputs = np.array([remap[int(i)] for i in op.outputs], np.int32)
    sg.inputs = np.array([remap[int(i)] for i in sg.inputs], np.int32)
    sg.outputs = np.array([remap[int(i)] for i in sg.outputs], np.int32)

    # Drop the now unused DENSIFY operator code.
    if DENSIFY in codes:
        d = codes.index(DENSIFY)
        if all(op.opcodeIndex != d for op in sg.operators):
            del model.operatorCodes[d]
            for op in sg.operators:
                if op.opcodeIndex > d:
                    op.opcodeIndex -= 1
    fu.write_model(model, dst)
    return len(dens_ops), len(sparse_tensors)


def verify_densified(src, dst):
    """Weights bit-identical; outputs bit-identical with the reference kernels."""
    _, fu = tf_modules()
    x = test_inputs((1, 3, 224, 224), (-1.0, 1.0))["noise"].transpose(0, 2, 3, 1).copy()
    a, ita = tflite_run(src, x, keep_all=True)
    b, itb = tflite_run(dst, x, keep_all=True)
    sa = fu.read_model(src).subgraphs[0]
    sb = fu.read_model(dst).subgraphs[0]
    names_b = {t.name: i for i, t in enumerate(sb.tensors)}
    ma = fu.read_model(src)
    codes = [max(oc.builtinCode, oc.deprecatedBuiltinCode) for oc in ma.operatorCodes]
    # the densified float16 weights and the float32 weights DEQUANTIZE makes of them
    weights = {int(op.outputs[0]) for op in sa.operators if codes[op.opcodeIndex] == DENSIFY}
    weights |= {int(op.outputs[0]) for op in sa.operators
                if codes[op.opcodeIndex] == DEQUANTIZE and int(op.inputs[0]) in weights}
    n_weights = 0
    for i in sorted(weights):
        name = sa.tensors[i].name
        if not np.array_equal(ita.get_tensor(i), itb.get_tensor(names_b[name])):
            raise SystemExit(f"densified weight differs: {name!r}")
        n_weights += 1
    del ita, itb
    ra, _ = tflite_run(src, x, reference_kernels=True)
    rb, _ = tflite_run(dst, x, reference_kernels=True)
    for k in ra:
        if not np.array_equal(ra[k], rb[k]):
            raise SystemExit(f"densified detector output {k} differs (reference kernels)")
    opt = {k: float(np.abs(a[k] - b[k]).max()) for k in a}
    return n_weights, opt


# ----------------------------------------------------------------------------- onnx
def run_tf2onnx(tflite_path, onnx_path):
    env = dict(os.environ, PYTHONHASHSEED="0", TF_CPP_MIN_LOG_LEVEL="2")
    cmd = [sys.executable, "-m", "tf2onnx.convert", "--tflite", tflite_path, "--output", onnx_path,
           "--opset", str(OPSET), "--inputs-as-nchw", "input_1"]
    log(" ".join(cmd))
    res = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with open(onnx_path + ".log", "w") as f:
        f.write(res.stdout)
    if res.returncode != 0:
        sys.stderr.write(res.stdout[-4000:])
        raise SystemExit(f"tf2onnx failed for {tflite_path}")


def count_op(model, op_type):
    return sum(1 for n in model.graph.node if n.op_type == op_type)


def clip_to_attributes(model):
    """Clip(x, min, max) -> Clip(x) with float attributes min/max (what OpenCV 4.6 reads)."""
    from onnx import helper, numpy_helper
    g = model.graph
    init = {t.name: t for t in g.initializer}
    n = 0
    for node in g.node:
        if node.op_type != "Clip":
            continue
        if len(node.input) == 1:
            continue
        bounds = []
        for name in list(node.input[1:3]) + [""] * (3 - len(node.input)):
            if name == "":
                bounds.append(None)
            elif name in init:
                bounds.append(float(numpy_helper.to_array(init[name]).reshape(())))
            else:
                raise SystemExit(f"Clip {node.name}: bound {name} is not a constant")
        del node.input[1:]
        if bounds[0] is not None:
            node.attribute.append(helper.make_attribute("min", bounds[0]))
        if bounds[1] is not None:
            node.attribute.append(helper.make_attribute("max", bounds[1]))
        n += 1
    return n


def is_depthwise_3x3(conv, init):
    """A Conv with one group per channel and a 3x3 kernel (weights [C, 1, 3, 3])."""
    w = init.get(conv.input[1]) if len(conv.input) > 1 else None
    group = next((a.i for a in conv.attribute if a.name == "group"), 1)
    return w is not None and len(w.dims) == 4 and w.dims[1] == 1 and list(w.dims[2:]) == [3, 3] and group == w.dims[0] > 1


def fold_pads(model, mode):
    """Pad(x) -> Conv  becomes  Conv(x) with the Pad's amounts added to its own pads, where that is
    the same function: the Pad is constant-mode with value 0, pads only the spatial axes (N and C
    untouched) by non-negative amounts, its output is not a graph output and every node reading it is
    a Conv (without auto_pad) that reads it as its data input. ONNX Conv pads with zeros, so it then
    computes the very same sums (onnxruntime gives bit-identical outputs). OpenCV 4.6 pads inside the
    convolution instead of running a Padding layer that copies the whole tensor.

    mode "all" folds every such Pad. mode "exact" leaves those that feed a 3x3 depthwise convolution:
    OpenCV 4.6 runs these in a dedicated kernel that sums the outputs along a zero border in another
    order than the others, so folding there changes the last bits of the outputs (about 1e-6 of their
    size), and the tracker turns such rounding into different decisions on some videos
    (docs/pose-speed.md). Every other convolution here (group 1 through im2row + GEMM; depthwise 5x5
    through im2row, or the shim's own layer, which copies into a zero-bordered plane either way) reads
    its zero border exactly as it reads the padded tensor: the outputs are bit-identical, which the
    OpenCV check of tools/convert-blazepose.sh verifies. mode "none" folds nothing.
    Returns (Pad nodes folded, Conv nodes changed, Pad nodes left)."""
    from onnx import helper, numpy_helper
    g = model.graph
    init = {t.name: t for t in g.initializer}
    graph_outputs = {o.name for o in g.output}
    readers = {}
    for node in g.node:
        for i in node.input:
            readers.setdefault(i, []).append(node)

    def attr(node, name, default=None):
        for a in node.attribute:
            if a.name == name:
                return helper.get_attribute_value(a)
        return default

    def const(name):
        return numpy_helper.to_array(init[name]) if name in init else None

    folded, convs, left = [], 0, 0
    for node in g.node:
        if node.op_type != "Pad":
            continue
        pads = const(node.input[1]) if len(node.input) > 1 else None
        value = const(node.input[2]) if len(node.input) > 2 and node.input[2] else np.zeros((), np.float32)
        out = node.output[0]
        readers_of_out = readers.get(out, [])
        ok = (mode != "none" and attr(node, "mode", b"constant") in (b"constant", "constant")
              and pads is not None and pads.shape == (8,) and value is not None and value.size == 1
              and float(value.reshape(())) == 0.0
              and pads[[0, 1, 4, 5]].tolist() == [0, 0, 0, 0] and (pads >= 0).all()
              and out not in graph_outputs and readers_of_out
              and all(r.op_type == "Conv" and r.input[0] == out and out not in r.input[1:]
                      and attr(r, "auto_pad", b"NOTSET") in (b"NOTSET", "NOTSET")
                      and len(attr(r, "kernel_shape", [0, 0])) == 2
                      and not (mode == "exact" and is_depthwise_3x3(r, init)) for r in readers_of_out))
        if not ok:
            left += 1
            continue
        add = [int(pads[2]), int(pads[3]), int(pads[6]), int(pads[7])]
        for r in readers_of_out:
            old = list(attr(r, "pads", [0, 0, 0, 0]))
            new = [a + b for a, b in zip(old, add)]
            keep = [a for a in r.attribute if a.name != "pads"]
            del r.attribute[:]
            r.attribute.extend(keep)
            r.attribute.append(helper.make_attribute("pads", new))
            r.input[0] = node.input[0]
            convs += 1
        folded.append(node)
    for node in folded:
        g.node.remove(node)
    return len(folded), convs, left


def clip_to_inputs(model):
    """Inverse of clip_to_attributes (in memory only, so onnxruntime can check the surgered graph)."""
    import onnx
    from onnx import helper, numpy_helper
    m = onnx.ModelProto()
    m.CopyFrom(model)
    g = m.graph
    for k, node in enumerate(g.node):
        if node.op_type != "Clip" or len(node.input) != 1:
            continue
        attrs = {a.name: a.f for a in node.attribute}
        del node.attribute[:]
        for key in ("min", "max"):
            name = f"__clip{k}_{key}"
            g.initializer.append(numpy_helper.from_array(np.array(attrs.get(key, -np.inf if key == "min" else np.inf),
                                                                  np.float32), name))
            node.input.append(name)
    return m


def drop_unused_initializers(model):
    g = model.graph
    used = {i for n in g.node for i in n.input}
    keep = [t for t in g.initializer if t.name in used]
    del g.initializer[:]
    g.initializer.extend(keep)


def canonicalise(model, doc):
    """tf2onnx numbers its generated constants from a global counter whose order is not stable
    between runs (same graph, different names). Rename every initializer after its first use
    so the file is byte-identical on every run."""
    g = model.graph
    inits = {t.name: t for t in g.initializer}
    order, seen = [], set()
    for node in g.node:
        for i in node.input:
            if i in inits and i not in seen:
                seen.add(i)
                order.append(i)
    ren = {old: f"const_{k:03d}" for k, old in enumerate(order)}
    for node in g.node:
        for j, i in enumerate(node.input):
            if i in ren:
                node.input[j] = ren[i]
    tensors = []
    for old in order:
        t = inits[old]
        t.name = ren[old]
        tensors.append(t)
    del g.initializer[:]
    g.initializer.extend(tensors)
    del g.value_info[:]
    g.doc_string = doc
    g.name = "blazepose"


def ort_outputs(model, x, outputs):
    import onnxruntime as ort
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    s = ort.InferenceSession(model.SerializeToString(), so, providers=["CPUExecutionProvider"])
    return dict(zip(outputs, s.run(outputs, {"input_1": x})))


# ----------------------------------------------------------------------------- commands

def max_diffs_within(got, ref, outputs, where, what):
    """Largest |got - ref| of each output; stops the conversion when one exceeds REL_TOL of ref's scale."""
    diffs = {}
    for o in outputs:
        d = float(np.abs(got[o] - ref[o]).max())
        tol = REL_TOL * max(1.0, float(np.abs(ref[o]).max()))
        if not d <= tol:
            raise SystemExit(f"{where}/{o}: {what} {d} > {tol}")
        diffs[o] = d
    return diffs

def cmd_convert(args):
    import onnx
    import onnx.utils

    work, out = os.path.abspath(args.work), os.path.abspath(args.out)
    os.makedirs(work, exist_ok=True)
    os.makedirs(out, exist_ok=True)
    src = {"pose_detection.tflite": args.detector, "pose_landmark_full.tflite": args.landmark}
    src_info = {}
    for name, path in src.items():
        _, size, digest = SOURCES[name]
        got_size, got = os.path.getsize(path), sha256(path)
        if (got_size, got) != (size, digest):
            raise SystemExit(f"{path}: size/sha256 {got_size} {got} != expected {size} {digest}")
        src_info[name] = (size, got)
    log("source models match the pinned sizes and SHA-256")

    # 1. detector: DENSIFY -> constants
    dense = os.path.join(work, "pose_detection_dense.tflite")
    n_ops, n_sparse = densify_detector(src["pose_detection.tflite"], dense)
    n_w, opt_diff = verify_densified(src["pose_detection.tflite"], dense)
    log(f"detector: dropped {n_ops} DENSIFY ops and {n_sparse} sparse tensors; {n_w} weights bit-identical; "
        f"outputs bit-identical with TFLite reference kernels; optimized kernels max|diff| {opt_diff} "
        "(TFLite picks a different conv kernel for constant filters)")

    report = {"detector_densify_ops": n_ops}
    tflite_for = {"detector": dense, "landmark": src["pose_landmark_full.tflite"]}
    reference_tflite = {"detector": src["pose_detection.tflite"], "landmark": src["pose_landmark_full.tflite"]}
    for key, (tfl_name, onnx_name, shape, outputs, vrange) in MODELS.items():
        raw = os.path.join(work, onnx_name.replace(".onnx", ".raw.onnx"))
        run_tf2onnx(tflite_for[key], raw)
        model = onnx.load(raw)
        all_outputs = [o.name for o in model.graph.output]
        clips_total = count_op(model, "Clip")
        if all_outputs != outputs:
            model = onnx.utils.Extractor(model).extract_model(["input_1"], outputs)
        clips = clip_to_attributes(model)
        unfolded = onnx.ModelProto()
        unfolded.CopyFrom(model)
        pads_folded, pad_convs, pads_left = fold_pads(model, args.fold_pads)
        drop_unused_initializers(model)
        canonicalise(model, f"MediaPipe BlazePose {tfl_name} (mediapipe 0.10.14 wheel), converted for OpenCV 4.6 "
                            "dnn by tools/convert-blazepose.sh; Apache-2.0, see NOTICE")
        path = os.path.join(out, onnx_name)
        onnx.save(model, path)
        # The same graph without the Pad folding, for the OpenCV check (scratch space only).
        drop_unused_initializers(unfolded)
        canonicalise(unfolded, "unfolded, for the check only")
        onnx.save(unfolded, os.path.join(work, onnx_name.replace(".onnx", ".unfolded.onnx")))
        log(f"{key}: {onnx_name} written ({os.path.getsize(path)} bytes), outputs {outputs} of {all_outputs}; "
            f"Clip nodes: {clips_total} in the tf2onnx graph, {clips} rewritten to attribute form; "
            f"Pad nodes: {pads_folded} folded into {pad_convs} Conv nodes, {pads_left} left")
        report[key] = {"clip_in_tf2onnx_graph": clips_total, "clip_rewritten": clips, "fold_pads": args.fold_pads,
                       "pad_folded": pads_folded, "pad_folded_into_conv": pad_convs, "pad_left": pads_left,
                       "outputs_tf2onnx": all_outputs, "outputs_kept": outputs,
                       "ops": sorted({n.op_type for n in model.graph.node})}

        # 2. numerical check of the final graph (Clip bounds restored in memory) against TFLite,
        #    and of the Pad folding alone: the graph before it, in the same onnxruntime.
        check = clip_to_inputs(model)
        check_unfolded = clip_to_inputs(unfolded)
        for tag, x in test_inputs(shape, vrange).items():
            ref, _ = tflite_run(reference_tflite[key], x.transpose(0, 2, 3, 1).copy())
            got = ort_outputs(check, x, outputs)
            before = ort_outputs(check_unfolded, x, outputs)
            fold_diffs = max_diffs_within(got, before, outputs, f"{key}/{tag}", "Pad folding changed onnxruntime's output by")
            log(f"{key}/{tag}: onnxruntime, Pads folded vs not max|diff| {fold_diffs}")
            diffs = max_diffs_within(got, ref, outputs, f"{key}/{tag}", "onnxruntime vs TFLite max|diff|")
            log(f"{key}/{tag}: onnxruntime(final graph) vs original TFLite max|diff| {diffs}")
            # dump for the OpenCV checker
            x.tofile(os.path.join(work, f"check_{key}_{tag}_input.bin"))
            for o in outputs:
                ref[o].astype(np.float32).tofile(os.path.join(work, f"check_{key}_{tag}_ref_{o}.bin"))
    with open(os.path.join(work, "report.json"), "w") as f:
        json.dump(report, f, indent=1)

    write_license(args.license, os.path.join(out, "LICENSE"))
    write_notice(os.path.join(out, "NOTICE"), src_info, report)
    log("LICENSE and NOTICE written")


def cmd_check_opencv(args):
    """Compare the dumps of the C++ checker (bpcheck) with the TFLite references."""
    work = os.path.abspath(args.work)
    worst = 0.0
    for key, (_, _, shape, outputs, vrange) in MODELS.items():
        for tag in test_inputs(shape, vrange):
            diffs = {}
            for o in outputs:
                ref = np.fromfile(os.path.join(work, f"check_{key}_{tag}_ref_{o}.bin"), np.float32)
                got = np.fromfile(os.path.join(work, f"check_{key}_{tag}_cv_{o}.bin"), np.float32)
                if got.shape != ref.shape:
                    raise SystemExit(f"{key}/{tag}/{o}: OpenCV output has {got.size} values, expected {ref.size}")
                d = float(np.abs(got - ref).max())
                tol = REL_TOL * max(1.0, float(np.abs(ref).max()))
                if not d <= tol:
                    raise SystemExit(f"{key}/{tag}/{o}: OpenCV vs TFLite max|diff| {d} > {tol}")
                diffs[o] = d
                worst = max(worst, d / max(1.0, float(np.abs(ref).max())))
            log(f"{key}/{tag}: OpenCV 4.6 dnn vs original TFLite max|diff| {diffs}")
    log(f"OpenCV check passed (worst relative diff {worst:.2e}, tolerance {REL_TOL:.0e})")

    # The Pad folding alone, in OpenCV (its own layers, and the shim's depthwise 5x5 layer where the
    # checker was built with it): bit-identical outputs in mode "exact", within REL_TOL otherwise.
    with open(os.path.join(work, "report.json")) as f:
        report = json.load(f)
    for key, (_, _, shape, outputs, vrange) in MODELS.items():
        mode = report[key]["fold_pads"]
        for tag in test_inputs(shape, vrange):
            for variant in ("cv", "own"):
                if not os.path.exists(os.path.join(work, f"check_{key}_{tag}_{variant}_{outputs[0]}.bin")):
                    continue
                diffs = {}
                for o in outputs:
                    got = np.fromfile(os.path.join(work, f"check_{key}_{tag}_{variant}_{o}.bin"), np.float32)
                    before = np.fromfile(os.path.join(work, f"check_{key}_{tag}_{variant}unfolded_{o}.bin"), np.float32)
                    d = float(np.abs(got - before).max())
                    if mode == "exact" and not np.array_equal(got, before):
                        raise SystemExit(f"{key}/{tag}/{o} ({variant}): folding the Pads changed OpenCV's output "
                                         f"(max|diff| {d}); mode exact must give bit-identical outputs")
                    if not d <= REL_TOL * max(1.0, float(np.abs(before).max())):
                        raise SystemExit(f"{key}/{tag}/{o} ({variant}): folding the Pads changed OpenCV's output by {d}")
                    diffs[o] = d
                what = "OpenCV 4.6 dnn" if variant == "cv" else "OpenCV 4.6 dnn with the shim's depthwise 5x5 layer"
                log(f"{key}/{tag}: {what}, Pads folded ({mode}) vs not: "
                    + ("bit-identical" if not any(diffs.values()) else f"max|diff| {diffs}"))


# ----------------------------------------------------------------------------- texts
def write_license(wheel_license, dst):
    """The Apache-2.0 text from the wheel's LICENSE (the wheel appends licences of unrelated
    third-party text-processing sources after a '====' rule; those are not part of these files)."""
    text = None
    if wheel_license and os.path.exists(wheel_license):
        with open(wheel_license, encoding="utf-8") as f:
            lines = f.read().splitlines()
        cut = next((i for i, l in enumerate(lines) if l.startswith("=====")), len(lines))
        body = "\n".join(lines[:cut]).rstrip() + "\n"
        if "Apache License" in body and "Version 2.0" in body and "END OF TERMS AND CONDITIONS" in body:
            text = body
    if text is None:
        raise SystemExit("no Apache-2.0 text found in the wheel's LICENSE")
    with open(dst, "w", encoding="utf-8") as f:
        f.write(text)


def pad_notice(det, lm):
    """NOTICE item 5: the Pad folding, by mode."""
    mode = det["fold_pads"]
    if mode == "none":
        return "5. The models' Pad nodes were kept as tf2onnx wrote them."
    counts = (f"{det['pad_folded']} Pad nodes into {det['pad_folded_into_conv']} Conv nodes in the detector, "
              f"{lm['pad_folded']} into {lm['pad_folded_into_conv']} in the landmark model; "
              f"{det['pad_left']} left in the detector, {lm['pad_left']} in the landmark model")
    which = ("that feeds only convolutions other than 3x3 depthwise ones" if mode == "exact"
             else "that feeds only convolutions")
    text = (f"Every Pad node that pads the height and width with zeros and {which} (the models' "
            f"ZeroPadding2D layers before stride-2 convolutions) was removed and its amounts added to those "
            f"Conv nodes' own pads attribute ({counts}). A Conv pads with zeros, so the function is the "
            f"same; OpenCV then pads inside the convolution instead of copying the tensor in a separate "
            f"layer.")
    if mode == "exact":
        text += (" Those before 3x3 depthwise convolutions were kept because OpenCV 4.6 would round "
                 "those convolutions' outputs differently without them; with the others folded its "
                 "outputs are bit-identical to the unfolded graph's.")
    import textwrap
    return textwrap.fill(text, width=90, initial_indent="5. ", subsequent_indent="   ")


def write_notice(dst, src_info, report):
    det, lm = report["detector"], report["landmark"]
    text = f"""BlazePose models (pose detector and full-body pose landmarker) converted to ONNX
==============================================================================

pose_detection.onnx and pose_landmark_full.onnx in this directory are derived from
Google's MediaPipe BlazePose models, Copyright The MediaPipe Authors (Google LLC),
licensed under the Apache License, Version 2.0 (see LICENSE). They stay under the
Apache License, Version 2.0.

Upstream
--------
Project:  MediaPipe (google-ai-edge/mediapipe), release 0.10.14
Obtained: PyPI wheel mediapipe==0.10.14 (mediapipe-0.10.14-cp311-cp311-manylinux_2_17_x86_64.
          manylinux2014_x86_64.whl), the two files below unzipped unchanged from it:

  {SOURCES['pose_detection.tflite'][0]}
      size {src_info['pose_detection.tflite'][0]} bytes
      sha256 {src_info['pose_detection.tflite'][1]}
  {SOURCES['pose_landmark_full.tflite'][0]}
      size {src_info['pose_landmark_full.tflite'][0]} bytes
      sha256 {src_info['pose_landmark_full.tflite'][1]}

Changes made by the conversion (tools/convert-blazepose.sh, tools/convert_blazepose.py)
-------------------------------------------------------------------------------------
No weight was retrained or altered in value. The changes are format and graph changes:

1. pose_detection.tflite: its {report['detector_densify_ops']} DENSIFY ops (sparse float16 weights) were
   evaluated once in the TF Lite interpreter and their dense results stored as plain
   constant buffers; the DENSIFY ops and the sparse tensors were removed. The densified
   weights are bit-identical to what the interpreter computes, and the model's outputs
   are bit-identical to the original's with TF Lite's reference kernels.
2. Both models were converted with tf2onnx 1.16.1 (tensorflow-cpu 2.15.1, onnx 1.16.2),
   ONNX opset {OPSET}, input "input_1" made NCHW (--inputs-as-nchw). float16 weights with
   their DEQUANTIZE ops became float32 constants.
3. pose_landmark_full.onnx keeps only the outputs Identity (landmarks), Identity_1 (pose
   presence), Identity_3 (heatmap, with which MediaPipe refines the landmarks' x and y) and
   Identity_4 (world landmarks); Identity_2 (segmentation mask) and the layers only it uses
   were removed.
4. For OpenCV 4.6's ONNX importer every Clip(x, min, max) (all of them ReLU6, 0..6) was
   rewritten as Clip(x) with float attributes min and max ({det['clip_rewritten']} nodes in the detector,
   {lm['clip_rewritten']} in the landmark model; {lm['clip_in_tf2onnx_graph']} before the unused outputs were removed).
   Attribute-style Clip is opset-6 syntax: the files are meant for OpenCV's dnn module;
   strict ONNX checkers and onnxruntime reject these Clip nodes.
{pad_notice(det, lm)}
6. Constants were renamed const_NNN in order of first use (tf2onnx's generated names are
   not stable between runs) so that a rerun produces byte-identical files (SHA256SUMS).

Numerical check done by the conversion script: onnxruntime on the final graphs (Clip bounds
put back in memory) and OpenCV 4.6 dnn on the files themselves agree with the original
TF Lite models to within 1e-4 of each output's magnitude.

Model input/output summary
--------------------------
pose_detection.onnx:     input_1 [1,3,224,224] RGB, (x - 127.5) / 127.5, letterboxed square;
                         Identity [1,2254,12] box + 4 keypoints (offsets in 224-px units from
                         the SSD anchors), Identity_1 [1,2254,1] score logits.
pose_landmark_full.onnx: input_1 [1,3,256,256] RGB in [0,1] (rotated ROI crop);
                         Identity [1,195] 39 x (x, y, z, visibility logit, presence logit) in
                         crop pixels, Identity_1 [1,1] pose presence (probability),
                         Identity_3 [1,64,64,39] heatmap logits (NHWC), Identity_4 [1,117]
                         39 x (x, y, z) world coordinates in metres.
"""
    with open(dst, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("convert")
    c.add_argument("--detector", required=True, help="pose_detection.tflite from the wheel")
    c.add_argument("--landmark", required=True, help="pose_landmark_full.tflite from the wheel")
    c.add_argument("--license", required=True, help="the wheel's dist-info LICENSE")
    c.add_argument("--work", required=True, help="scratch directory")
    c.add_argument("--out", required=True, help="output directory (Weights/pose)")
    c.add_argument("--fold-pads", choices=["exact", "all", "none"], default="exact",
                   help="fold zero Pads into the convolutions after them: where OpenCV 4.6's outputs stay "
                        "bit-identical (exact, the shipped files), wherever the function is the same (all), "
                        "or not at all (none)")
    k = sub.add_parser("check-opencv")
    k.add_argument("--work", required=True)
    args = p.parse_args()
    {"convert": cmd_convert, "check-opencv": cmd_check_opencv}[args.cmd](args)


if __name__ == "__main__":
    main()
