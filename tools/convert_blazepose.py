"""Converts MediaPipe's BlazePose TF Lite models (from the mediapipe==0.10.14 wheel) to ONNX files that
Debian 12's OpenCV 4.6 dnn can read. Run by tools/convert-blazepose.sh inside a throw-away venv
(tensorflow-cpu 2.15.1, tf2onnx 1.16.1, onnx 1.16.2, onnxruntime 1.18.1, opencv-python-headless 4.6.0.66,
numpy<2).

  python convert_blazepose.py --detector pose_detection.tflite --landmarks pose_landmark_full.tflite --out DIR

Steps (each one is needed; see the README's "Pose extraction"):
  1. the detector stores sparse weights behind DENSIFY ops, which tf2onnx cannot convert: run it once in
     the TF Lite interpreter keeping every tensor, write each densified tensor back as a plain constant,
     drop the DENSIFY ops and the sparse tensors (the outputs then match the original bit for bit);
  2. tf2onnx at opset 13 with an NCHW input (the half-pixel bilinear resize needs opset >= 11);
  3. keep only the landmark model's outputs Identity (landmarks), Identity_1 (presence), Identity_3
     (heatmap) and Identity_4 (world landmarks): the segmentation head (256 x 256 mask) costs time in
     OpenCV and the coach never uses it. The heatmap stays: MediaPipe refines x, y from it, and without
     it the landmarks are 4-5 px off MediaPipe's on a 640 x 480 photo (with it 0.2 px; README);
  4. rewrite Clip(x, min, max) as Clip(x) with min/max attributes: OpenCV 4.6's importer reads only those;
  5. name the constants by their order of use, so that two runs give byte-identical files;
  6. check each file against the TF Lite original on random inputs, in onnxruntime (before step 4) and
     in OpenCV 4.6 (after it), and print the errors.
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np
import onnx
from onnx import helper, numpy_helper
import tensorflow as tf
from tensorflow.lite.tools import flatbuffer_utils

DENSIFY = 124  # tflite BuiltinOperator.DENSIFY
# Without XNNPACK; the optimised kernels take other paths for sparse and dense weights (errors ~1e-4),
# so the densified model is compared with the reference kernels, where it must match bit for bit.
PLAIN_KERNELS = tf.lite.experimental.OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES
REFERENCE_KERNELS = tf.lite.experimental.OpResolverType.BUILTIN_REF


def tflite_outputs(path, x_nhwc, kernels=PLAIN_KERNELS):
    it = tf.lite.Interpreter(model_path=path, experimental_op_resolver_type=kernels)
    it.allocate_tensors()
    it.set_tensor(it.get_input_details()[0]["index"], x_nhwc)
    it.invoke()
    return {d["name"]: it.get_tensor(d["index"]) for d in it.get_output_details()}


def densify(src, dst):
    """Step 1: replaces the DENSIFY ops by the dense constants they compute."""
    model = flatbuffer_utils.read_model(src)
    graph = model.subgraphs[0]
    codes = {i: oc.builtinCode for i, oc in enumerate(model.operatorCodes)}
    it = tf.lite.Interpreter(model_path=src, experimental_preserve_all_tensors=True,
                             experimental_op_resolver_type=REFERENCE_KERNELS)
    it.allocate_tensors()
    it.set_tensor(it.get_input_details()[0]["index"], np.zeros(it.get_input_details()[0]["shape"], np.float32))
    it.invoke()
    ops = [op for op in graph.operators if codes[op.opcodeIndex] == DENSIFY]
    sparse = set()
    for op in ops:
        dense = it.get_tensor(op.outputs[0]).copy()
        model.buffers[graph.tensors[op.outputs[0]].buffer].data = np.frombuffer(dense.tobytes(), np.uint8)
        source = graph.tensors[op.inputs[0]]
        model.buffers[source.buffer].data = None
        sparse.add(int(op.inputs[0]))
    graph.operators = [op for op in graph.operators if codes[op.opcodeIndex] != DENSIFY]
    used = set()
    for op in graph.operators:
        used.update(int(i) for i in op.inputs)
        used.update(int(i) for i in op.outputs)
    assert not (sparse & used), "a sparse tensor is still used"
    keep = [i for i in range(len(graph.tensors)) if i not in sparse]
    remap = {old: new for new, old in enumerate(keep)}
    graph.tensors = [graph.tensors[i] for i in keep]
    for op in graph.operators:
        op.inputs = np.array([remap[int(i)] if i >= 0 else i for i in op.inputs], np.int32)
        op.outputs = np.array([remap[int(i)] for i in op.outputs], np.int32)
    graph.inputs = np.array([remap[int(i)] for i in graph.inputs], np.int32)
    graph.outputs = np.array([remap[int(i)] for i in graph.outputs], np.int32)
    flatbuffer_utils.write_model(model, dst)
    x = np.random.RandomState(0).uniform(-1, 1, (1, 224, 224, 3)).astype(np.float32)
    a, b = tflite_outputs(src, x, REFERENCE_KERNELS), tflite_outputs(dst, x, REFERENCE_KERNELS)
    for k in a:
        if not np.array_equal(a[k], b[k]):
            sys.exit(f"densify: output {k} differs from the original by {np.abs(a[k] - b[k]).max()}")
    print(f"densified {len(ops)} DENSIFY ops; outputs identical to the original (reference kernels)", file=sys.stderr)


def tf2onnx(src, dst):
    """Step 2."""
    subprocess.run([sys.executable, "-m", "tf2onnx.convert", "--tflite", src, "--output", dst,
                    "--opset", "13", "--inputs-as-nchw", "input_1"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def postprocess(src, dst_standard, dst_opencv, outputs=None):
    """Steps 3–5: `dst_standard` is valid ONNX (for onnxruntime); `dst_opencv` has the old-style Clip."""
    model = onnx.load(src)
    if outputs:
        model = onnx.utils.Extractor(model).extract_model(["input_1"], outputs)
    graph = model.graph
    # Constants in order of first use, renamed const_NNN (tf2onnx's names vary from run to run).
    by_name = {t.name: t for t in graph.initializer}
    order = []
    for node in graph.node:
        for name in node.input:
            if name in by_name and name not in order:
                order.append(name)
    rename = {old: f"const_{k:03d}" for k, old in enumerate(order)}
    for node in graph.node:
        for j, name in enumerate(node.input):
            if name in rename:
                node.input[j] = rename[name]
    kept = []
    for old in order:
        t = by_name[old]
        t.name = rename[old]
        kept.append(t)
    del graph.initializer[:]
    graph.initializer.extend(kept)
    model.producer_version = ""
    model.doc_string = ""
    graph.doc_string = ""
    onnx.checker.check_model(model)
    onnx.save(model, dst_standard)
    # Step 4 (not valid ONNX at opset 13 any more, but what OpenCV 4.6 reads).
    constants = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
    clips = 0
    for node in graph.node:
        if node.op_type == "Clip" and len(node.input) == 3:
            lo, hi = float(constants[node.input[1]]), float(constants[node.input[2]])
            del node.input[1:]
            node.attribute.extend([helper.make_attribute("min", lo), helper.make_attribute("max", hi)])
            clips += 1
    used = {name for node in graph.node for name in node.input}
    kept = [t for t in graph.initializer if t.name in used]
    del graph.initializer[:]
    graph.initializer.extend(kept)
    onnx.save(model, dst_opencv)
    print(f"{os.path.basename(dst_opencv)}: {clips} Clip nodes rewritten, outputs {[o.name for o in graph.output]}", file=sys.stderr)


def check(standard_onnx, opencv_onnx, tflite_path, shape_nchw, low, high):
    """Step 6: onnxruntime on the standard file and OpenCV 4.6 (opencv-python-headless 4.6.0.66) on the
    shipped one, against the TF Lite original on random inputs."""
    import cv2
    import onnxruntime as ort
    session = ort.InferenceSession(standard_onnx, providers=["CPUExecutionProvider"])
    names = [o.name for o in session.get_outputs()]
    net = cv2.dnn.readNetFromONNX(opencv_onnx)
    worst = {(engine, n): 0.0 for engine in ("onnxruntime", "opencv " + cv2.__version__) for n in names}
    for seed in range(3):
        x = np.random.RandomState(seed).uniform(low, high, shape_nchw).astype(np.float32)
        want = tflite_outputs(tflite_path, x.transpose(0, 2, 3, 1).copy())
        got = {"onnxruntime": dict(zip(names, session.run(names, {"input_1": x})))}
        net.setInput(x)
        got["opencv " + cv2.__version__] = dict(zip(names, net.forward(names)))
        for engine, outs in got.items():
            for n in names:
                scale = max(1.0, float(np.abs(want[n]).max()))
                err = float(np.abs(outs[n].reshape(want[n].shape) - want[n]).max()) / scale
                worst[(engine, n)] = max(worst[(engine, n)], err)
    for (engine, n), v in worst.items():
        print(f"{os.path.basename(opencv_onnx)}: {engine} {n}: max |onnx - tflite| / max(1, |tflite|) = {v:.2e}", file=sys.stderr)
    if max(worst.values()) > 1e-3:
        sys.exit(f"{opencv_onnx}: differs from the TF Lite model")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--detector", required=True)
    p.add_argument("--landmarks", required=True)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        dense = os.path.join(work, "pose_detection_dense.tflite")
        densify(a.detector, dense)
        tf2onnx(dense, os.path.join(work, "det.onnx"))
        tf2onnx(a.landmarks, os.path.join(work, "lm.onnx"))
        det = os.path.join(a.out, "pose_detection.onnx")
        lm = os.path.join(a.out, "pose_landmark_full.onnx")
        det_standard, lm_standard = os.path.join(work, "det_standard.onnx"), os.path.join(work, "lm_standard.onnx")
        postprocess(os.path.join(work, "det.onnx"), det_standard, det)
        postprocess(os.path.join(work, "lm.onnx"), lm_standard, lm, ["Identity", "Identity_1", "Identity_3", "Identity_4"])
        check(det_standard, det, a.detector, (1, 3, 224, 224), -1, 1)
        check(lm_standard, lm, a.landmarks, (1, 3, 256, 256), 0, 1)


if __name__ == "__main__":
    main()
