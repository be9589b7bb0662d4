#!/usr/bin/env python3
"""Reference numbers for the BlazePose pipeline, computed with the ORIGINAL TFLite models.

Runs the single-person MediaPipe pose pipeline (CPU graph semantics of mediapipe 0.10.14) on
real photos and writes Tests/PoseVisionTests/Fixtures/blazepose-reference.json:

  letterbox 224 -> pose_detection.tflite -> SSD anchor decode -> sigmoid, score > 0.5
  -> weighted NMS (IoU 0.3) -> top detection -> ROI from keypoints 0/1 -> rotated affine crop
  256 -> pose_landmark_full.tflite -> landmarks projected back to image pixels, world
  landmarks rotated back by the ROI angle.

No heatmap refinement (MediaPipe refines x/y with output Identity_3; the ONNX model used by
the product keeps only Identity, Identity_1, Identity_4) and no temporal filtering.

Usually run by `tools/convert-blazepose.sh --reference`. Needs in the venv: tensorflow-cpu
2.15.1, numpy<2, opencv-python-headless==4.6.0.66 (image I/O, warpAffine, drawing and the
optional cross-check of the ONNX files with cv2.dnn).
"""
import argparse
import hashlib
import json
import math
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import cv2  # noqa: E402
import tensorflow as tf  # noqa: E402

IMAGES = ["basketball1.png", "messi5.jpg"]
# What a person sees in the drawn result (checked by eye when the fixture was made).
NOTES = {
    "basketball1.png": "Two people. Only the man on the left (facing the camera, holding the basketball, "
                       "whole body visible) passes the 0.5 score threshold and is the top (and only) "
                       "detection; the man on the right (patterned shirt, half turned away, cut by the "
                       "image border) peaks at a score of about 0.24 and is not picked. He faces the "
                       "camera, so his right side (even landmark indices) is on the image's left.",
    "messi5.jpg": "One player (Messi) striking the ball with his left foot: his left leg (landmarks 23, "
                  "25, 27) reaches towards the ball on the image's right, his right arm is raised on "
                  "the image's left. The blurred spectators are not detected (best other score about "
                  "0.03).",
}

DET_SIZE = 224
LM_SIZE = 256
NUM_LANDMARKS = 39
LANDMARK_NAMES = [
    "nose", "left_eye_inner", "left_eye", "left_eye_outer", "right_eye_inner", "right_eye",
    "right_eye_outer", "left_ear", "right_ear", "mouth_left", "mouth_right", "left_shoulder",
    "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist", "left_pinky",
    "right_pinky", "left_index", "right_index", "left_thumb", "right_thumb", "left_hip",
    "right_hip", "left_knee", "right_knee", "left_ankle", "right_ankle", "left_heel",
    "right_heel", "left_foot_index", "right_foot_index",
]
CONNECTIONS = [(0, 1), (1, 2), (2, 3), (3, 7), (0, 4), (4, 5), (5, 6), (6, 8), (9, 10), (11, 12),
               (11, 13), (13, 15), (15, 17), (15, 19), (15, 21), (17, 19), (12, 14), (14, 16),
               (16, 18), (16, 20), (16, 22), (18, 20), (11, 23), (12, 24), (23, 24), (23, 25),
               (24, 26), (25, 27), (26, 28), (27, 29), (28, 30), (29, 31), (30, 32), (27, 31),
               (28, 32)]

# mediapipe/modules/pose_detection/pose_detection_cpu.pbtxt (0.10.14)
ANCHOR_OPTIONS = dict(num_layers=5, min_scale=0.1484375, max_scale=0.75, input_size_height=224,
                      input_size_width=224, anchor_offset_x=0.5, anchor_offset_y=0.5,
                      strides=[8, 16, 32, 32, 32], aspect_ratios=[1.0], fixed_anchor_size=True,
                      interpolated_scale_aspect_ratio=1.0, reduce_boxes_in_lowest_layer=False)
MIN_SCORE = 0.5
SCORE_CLIP = 100.0
NMS_IOU = 0.3
ROI_SCALE = 1.25


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def r(v, nd=6):
    return float(round(float(v), nd))


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-np.asarray(x, np.float64)))


# --------------------------------------------------------------------------- anchors
def ssd_anchors(o):
    """SsdAnchorsCalculator (fixed_anchor_size): list of (x_center, y_center), normalised."""
    def scale(min_s, max_s, idx, n):
        return (min_s + max_s) * 0.5 if n == 1 else min_s + (max_s - min_s) * idx / (n - 1.0)

    anchors, layer = [], 0
    n = o["num_layers"]
    while layer < n:
        per_location = 0
        last = layer
        while last < n and o["strides"][last] == o["strides"][layer]:
            per_location += len(o["aspect_ratios"]) + (1 if o["interpolated_scale_aspect_ratio"] > 0 else 0)
            last += 1
        stride = o["strides"][layer]
        fh = math.ceil(o["input_size_height"] / stride)
        fw = math.ceil(o["input_size_width"] / stride)
        for y in range(fh):
            for x in range(fw):
                for _ in range(per_location):
                    anchors.append(((x + o["anchor_offset_x"]) / fw, (y + o["anchor_offset_y"]) / fh))
        layer = last
    return np.array(anchors, np.float64)


# --------------------------------------------------------------------------- models
class TFLite:
    def __init__(self, path):
        self.it = tf.lite.Interpreter(
            model_path=path, num_threads=1,
            experimental_op_resolver_type=tf.lite.experimental.OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES)
        self.it.allocate_tensors()
        self.inp = self.it.get_input_details()[0]["index"]
        self.outs = {d["name"]: d["index"] for d in self.it.get_output_details()}

    def __call__(self, nchw):
        self.it.set_tensor(self.inp, nchw.transpose(0, 2, 3, 1).copy())
        self.it.invoke()
        return {k: self.it.get_tensor(v).copy() for k, v in self.outs.items()}


class CvOnnx:
    def __init__(self, path, outputs):
        self.net = cv2.dnn.readNetFromONNX(path)
        self.outputs = outputs

    def __call__(self, nchw):
        self.net.setInput(nchw)
        return dict(zip(self.outputs, self.net.forward(self.outputs)))


# --------------------------------------------------------------------------- pipeline
def letterbox(rgb):
    h, w = rgb.shape[:2]
    side = float(max(w, h))
    s = DET_SIZE / side
    tx, ty = (side - w) / 2.0 * s, (side - h) / 2.0 * s
    m = np.array([[s, 0.0, tx], [0.0, s, ty]], np.float64)
    warped = cv2.warpAffine(rgb, m, (DET_SIZE, DET_SIZE), flags=cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))
    tensor = ((warped.astype(np.float32) - 127.5) / 127.5).transpose(2, 0, 1)[None].copy()
    return tensor, m, side


def tensor_stats(t):
    t64 = t.astype(np.float64)
    return {"shape": list(t.shape), "channel_order": "RGB", "mean_per_channel": [r(t64[0, c].mean(), 8) for c in range(t.shape[1])],
            "std_per_channel": [r(t64[0, c].std(), 8) for c in range(t.shape[1])],
            "min": r(t64.min(), 8), "max": r(t64.max(), 8), "sum": r(t64.sum(), 4)}


def decode(raw_boxes, raw_scores, anchors):
    """TensorsToDetectionsCalculator: returns normalised (224-tensor) boxes/keypoints and scores."""
    raw = raw_boxes[0].astype(np.float64)
    logits = raw_scores[0, :, 0].astype(np.float64)
    scores = sigmoid(np.clip(logits, -SCORE_CLIP, SCORE_CLIP))
    ax, ay = anchors[:, 0], anchors[:, 1]  # anchor w = h = 1 (fixed_anchor_size)
    cx = raw[:, 0] / DET_SIZE + ax
    cy = raw[:, 1] / DET_SIZE + ay
    bw = raw[:, 2] / DET_SIZE
    bh = raw[:, 3] / DET_SIZE
    kps = np.stack([raw[:, 4::2] / DET_SIZE + ax[:, None], raw[:, 5::2] / DET_SIZE + ay[:, None]], -1)
    return cx, cy, bw, bh, kps, scores, logits


def iou(a, b):
    """a, b = (xmin, ymin, xmax, ymax)"""
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def weighted_nms(cx, cy, bw, bh, kps, scores):
    """NonMaxSuppressionCalculator, algorithm WEIGHTED, IoU threshold 0.3."""
    idx = [int(i) for i in np.argsort(-scores, kind="stable") if scores[i] > MIN_SCORE]
    boxes = {i: (cx[i] - bw[i] / 2, cy[i] - bh[i] / 2, cx[i] + bw[i] / 2, cy[i] + bh[i] / 2) for i in idx}
    out = []
    while idx:
        top = idx[0]
        cand = [i for i in idx if iou(boxes[i], boxes[top]) > NMS_IOU]
        idx = [i for i in idx if i not in cand]
        wsum = sum(scores[i] for i in cand)
        box = [sum(boxes[i][k] * scores[i] for i in cand) / wsum for k in range(4)]
        kp = sum(kps[i] * scores[i] for i in cand) / wsum
        out.append({"anchor_index": top, "score": float(scores[top]), "merged": len(cand),
                    "xmin": box[0], "ymin": box[1], "xmax": box[2], "ymax": box[3], "keypoints": kp})
    return out


def to_image(pt_norm, side, w, h):
    """letterbox tensor (normalised 0..1) -> image pixels"""
    return (w / 2.0 + side * (pt_norm[0] - 0.5), h / 2.0 + side * (pt_norm[1] - 0.5))


def crop_affine(cx, cy, side, rot):
    """image -> crop matrix: crop = 256 * (R(-rot) (X - C) / side + 0.5)."""
    k = LM_SIZE / side
    c, s = math.cos(rot), math.sin(rot)
    a = np.array([[c * k, s * k], [-s * k, c * k]], np.float64)
    t = np.array([LM_SIZE / 2.0, LM_SIZE / 2.0]) - a @ np.array([cx, cy])
    return np.hstack([a, t[:, None]])


def crop_to_image(u, v, cx, cy, side, rot):
    x, y = u / LM_SIZE - 0.5, v / LM_SIZE - 0.5
    c, s = math.cos(rot), math.sin(rot)
    return cx + side * (c * x - s * y), cy + side * (s * x + c * y)


def run_pipeline(rgb, detector, landmarker, anchors):
    h, w = rgb.shape[:2]
    det_in, m_det, side_lb = letterbox(rgb)
    det_out = detector(det_in)
    cx, cy, bw, bh, kps, scores, logits = decode(det_out["Identity"], det_out["Identity_1"], anchors)
    dets = weighted_nms(cx, cy, bw, bh, kps, scores)
    if not dets:
        raise SystemExit("no detection")
    top = dets[0]
    kp_img = [to_image(top["keypoints"][k], side_lb, w, h) for k in range(4)]
    (x0, y0), (x1, y1) = kp_img[0], kp_img[1]
    rot = math.pi / 2 - math.atan2(-(y1 - y0), x1 - x0)
    rot = rot - 2 * math.pi * math.floor((rot + math.pi) / (2 * math.pi))  # NormalizeRadians -> [-pi, pi)
    side = 2.0 * math.hypot(x1 - x0, y1 - y0) * ROI_SCALE
    m_crop = crop_affine(x0, y0, side, rot)
    crop = cv2.warpAffine(rgb, m_crop, (LM_SIZE, LM_SIZE), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)
    lm_in = (crop.astype(np.float32) / 255.0).transpose(2, 0, 1)[None].copy()
    lm_out = landmarker(lm_in)
    raw = lm_out["Identity"].reshape(NUM_LANDMARKS, 5).astype(np.float64)
    world = lm_out["Identity_4"].reshape(NUM_LANDMARKS, 3).astype(np.float64)
    presence = float(lm_out["Identity_1"].reshape(()))
    c, s = math.cos(rot), math.sin(rot)
    lms, wlms = [], []
    for i in range(NUM_LANDMARKS):
        x, y = crop_to_image(raw[i, 0], raw[i, 1], x0, y0, side, rot)
        lms.append({"x": x, "y": y, "z": raw[i, 2] / LM_SIZE * side,
                    "visibility": float(sigmoid(raw[i, 3])), "presence": float(sigmoid(raw[i, 4]))})
        wx, wy, wz = world[i]
        wlms.append({"x": c * wx - s * wy, "y": s * wx + c * wy, "z": wz})
    best = int(np.argmax(scores))
    top_box = (top["xmin"], top["ymin"], top["xmax"], top["ymax"])
    others = [scores[i] for i in range(len(scores))
              if iou((cx[i] - bw[i] / 2, cy[i] - bh[i] / 2, cx[i] + bw[i] / 2, cy[i] + bh[i] / 2), top_box) <= NMS_IOU]
    return {
        "w": w, "h": h, "det_in": det_in, "m_det": m_det, "side_lb": side_lb, "dets": dets, "top": top,
        "kp_img": kp_img, "roi": (x0, y0, side, rot), "m_crop": m_crop, "lm_in": lm_in, "crop": crop,
        "presence": presence, "landmarks": lms, "world": wlms, "raw_lm": raw, "raw_world": world,
        "best_anchor": best, "best_raw": det_out["Identity"][0, best], "best_logit": float(logits[best]),
        "anchors_above": int((scores > MIN_SCORE).sum()),
        "best_other_score": float(max(others)) if others else 0.0,
    }


def box_px(d, side, w, h):
    x0, y0 = to_image((d["xmin"], d["ymin"]), side, w, h)
    x1, y1 = to_image((d["xmax"], d["ymax"]), side, w, h)
    return {"cx": r((x0 + x1) / 2, 4), "cy": r((y0 + y1) / 2, 4), "w": r(x1 - x0, 4), "h": r(y1 - y0, 4),
            "xmin": r(x0, 4), "ymin": r(y0, 4)}


def draw(bgr, res, path):
    img = bgr.copy()
    x0, y0, side, rot = res["roi"]
    rect = ((x0, y0), (side, side), math.degrees(rot))
    cv2.polylines(img, [np.int32(np.round(cv2.boxPoints(rect)))], True, (255, 255, 0), 1)
    for d in res["dets"]:
        b = box_px(d, res["side_lb"], res["w"], res["h"])
        cv2.rectangle(img, (int(b["xmin"]), int(b["ymin"])), (int(b["xmin"] + b["w"]), int(b["ymin"] + b["h"])),
                      (0, 255, 255) if d is res["top"] else (128, 128, 128), 1)
    for k, (x, y) in enumerate(res["kp_img"]):
        cv2.circle(img, (int(round(x)), int(round(y))), 4, (255, 0, 255), 1)
        cv2.putText(img, f"k{k}", (int(x) + 4, int(y) - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.35, (255, 0, 255), 1)
    lm = res["landmarks"]
    for a, b in CONNECTIONS:
        cv2.line(img, (int(round(lm[a]["x"])), int(round(lm[a]["y"]))), (int(round(lm[b]["x"])), int(round(lm[b]["y"]))),
                 (200, 200, 200), 1)
    for i in range(33):
        left = "left" in LANDMARK_NAMES[i]
        right = "right" in LANDMARK_NAMES[i]
        col = (0, 200, 0) if left else (0, 0, 255) if right else (255, 128, 0)  # BGR: left green, right red
        p = (int(round(lm[i]["x"])), int(round(lm[i]["y"])))
        cv2.circle(img, p, 3, col, -1)
        if i in (11, 12, 15, 16, 23, 24, 27, 28):
            cv2.putText(img, str(i), (p[0] + 4, p[1] + 4), cv2.FONT_HERSHEY_SIMPLEX, 0.4, col, 1)
    cv2.putText(img, "green = person's left, red = person's right", (5, 15), cv2.FONT_HERSHEY_SIMPLEX, 0.45,
                (0, 255, 255), 1)
    cv2.imwrite(path, img)
    cv2.imwrite(path.replace(".png", "_crop.png"), cv2.cvtColor(res["crop"], cv2.COLOR_RGB2BGR))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--detector", required=True, help="original pose_detection.tflite (mediapipe 0.10.14)")
    p.add_argument("--landmark", required=True, help="original pose_landmark_full.tflite (mediapipe 0.10.14)")
    p.add_argument("--images", required=True, help="directory with basketball1.png and messi5.jpg")
    p.add_argument("--out", required=True, help="JSON file to write")
    p.add_argument("--onnx-dir", help="Weights/pose: also run the pipeline with the ONNX files in cv2.dnn "
                                      "and record the differences")
    p.add_argument("--draw-dir", help="write the images with the landmarks drawn here")
    args = p.parse_args()

    anchors = ssd_anchors(ANCHOR_OPTIONS)
    assert anchors.shape == (2254, 2)
    detector, landmarker = TFLite(args.detector), TFLite(args.landmark)
    cv_det = cv_lm = None
    if args.onnx_dir:
        cv_det = CvOnnx(os.path.join(args.onnx_dir, "pose_detection.onnx"), ["Identity", "Identity_1"])
        cv_lm = CvOnnx(os.path.join(args.onnx_dir, "pose_landmark_full.onnx"), ["Identity", "Identity_1", "Identity_4"])
    if args.draw_dir:
        os.makedirs(args.draw_dir, exist_ok=True)

    doc = {
        "generator": "tools/blazepose_reference.py (original TFLite models, TF Lite interpreter, builtin "
                     "kernels without XNNPACK, 1 thread)",
        "versions": {"tensorflow": tf.__version__, "opencv_python": cv2.__version__, "numpy": np.__version__},
        "models": {"pose_detection.tflite": sha256_file(args.detector),
                   "pose_landmark_full.tflite": sha256_file(args.landmark),
                   "source": "PyPI mediapipe==0.10.14 wheel; Weights/pose/*.onnx are their conversions"},
        "conventions": {
            "image_loading": "cv2.imread(IMREAD_COLOR) then BGR->RGB; a grayscale file is replicated to 3 channels",
            "pixel_coordinates": "x right, y down, pixel centres at integer coordinates (OpenCV warpAffine convention)",
            "letterbox": "square of side max(w,h) centred on the image, mapped corner-to-corner onto 224x224: "
                         "tensor = scale*image + (pad_x, pad_y), scale = 224/side, pad = (side - w|h)/2*scale; "
                         "cv2.warpAffine(uint8 RGB, affine_image_to_tensor, (224,224), INTER_LINEAR, "
                         "BORDER_CONSTANT 0); then float (v - 127.5)/127.5, NCHW (padding = -1.0)",
            "anchors": "SSD anchors, 2254 = 28*28*2 (stride 8) + 14*14*2 (stride 16) + 7*7*6 (stride 32, 3 "
                       "layers merged); order: stride group, then row y, then column x, then anchor; centre "
                       "((x+0.5)/fw, (y+0.5)/fh) normalised; fixed size w = h = 1",
            "detector_decoding": "Identity[0,i] = (dx, dy, w, h, k0x, k0y, k1x, k1y, k2x, k2y, k3x, k3y) in 224-px "
                                 "units; x = anchor_x + dx/224 (same for y and every keypoint), w = w/224, "
                                 "h = h/224 (normalised to the letterbox tensor); score = sigmoid(clip(logit, -100, "
                                 "100)); keep score > 0.5",
            "nms": "weighted NMS (MediaPipe WEIGHTED): sort by score; the top detection and every remaining one "
                   "with IoU > 0.3 to it are merged, box corners and keypoints averaged with score weights, "
                   "score = top's score; repeat on the rest",
            "letterbox_to_image": "image = (w/2, h/2) + side * (tensor_normalised - 0.5)",
            "roi": "centre = keypoint 0 (hip centre) in image px; side = 2 * |k1 - k0| * 1.25 (px); rotation = "
                   "pi/2 - atan2(-(k1y - k0y), k1x - k0x), normalised to [-pi, pi)",
            "crop": "image point = centre + side * R(rotation) * (crop_px/256 - 0.5), R = [[cos,-sin],[sin,cos]]; "
                    "cv2.warpAffine(uint8 RGB, affine_image_to_crop, (256,256), INTER_LINEAR, "
                    "BORDER_REPLICATE); then float v/255, NCHW",
            "landmarks": "Identity [1,195] = 39 x (x, y, z, visibility logit, presence logit), x/y/z in crop px; "
                         "image (x, y) by the crop mapping above; z reported as raw_z/256*side (image px scale, "
                         "divide by image width for MediaPipe's normalised z); visibility, presence = sigmoid; "
                         "only the 33 body landmarks are listed (33-34 are auxiliary ROI points), no heatmap "
                         "refinement",
            "pose_presence": "Identity_1 [1,1], already a probability (MediaPipe threshold 0.5)",
            "world_landmarks": "Identity_4 [1,117] = 39 x (x, y, z) metres, hip-centred, in the crop's frame; "
                               "reported rotated back: (x, y) <- R(rotation) * (x, y), z unchanged",
        },
        "images": [],
    }

    for name in IMAGES:
        path = os.path.join(args.images, name)
        bgr = cv2.imread(path, cv2.IMREAD_COLOR)
        if bgr is None:
            raise SystemExit(f"cannot read {path}")
        rgb = cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)
        res = run_pipeline(rgb, detector, landmarker, anchors)
        w, h, side_lb = res["w"], res["h"], res["side_lb"]
        top = res["top"]
        x0, y0, side, rot = res["roi"]
        entry = {
            "file": name,
            "source": "Debian package opencv-doc (4.6.0+dfsg-12), usr/share/doc/opencv-doc/examples/data/" + name,
            "sha256": sha256_file(path),
            "width": w, "height": h,
            "channels_in_file": 1 if cv2.imread(path, cv2.IMREAD_UNCHANGED).ndim == 2 else 3,
            "note": NOTES.get(name, ""),
            "letterbox": {"tensor_size": DET_SIZE, "side": side_lb, "scale": r(DET_SIZE / side_lb, 10),
                          "pad_x": r(res["m_det"][0, 2], 8), "pad_y": r(res["m_det"][1, 2], 8),
                          "affine_image_to_tensor": [[r(v, 10) for v in row] for row in res["m_det"]],
                          "interpolation": "INTER_LINEAR", "border": "BORDER_CONSTANT 0",
                          "normalisation": "(v - 127.5) / 127.5"},
            "detector_input_stats": tensor_stats(res["det_in"]),
            "detector_raw_best_anchor": {"anchor_index": res["best_anchor"],
                                         "anchor_center": [r(v, 8) for v in anchors[res["best_anchor"]]],
                                         "score_logit": r(res["best_logit"], 5),
                                         "raw": [r(v, 5) for v in res["best_raw"]]},
            "anchors_above_threshold": res["anchors_above"],
            "best_score_not_overlapping_top": r(res["best_other_score"], 6),
            "detections_after_nms": [
                dict(score=r(d["score"], 6), merged=d["merged"], anchor_index=d["anchor_index"],
                     **box_px(d, side_lb, w, h)) for d in res["dets"]],
            "top_detection": dict(
                score=r(top["score"], 6), anchor_index=top["anchor_index"], merged=top["merged"],
                box=box_px(top, side_lb, w, h),
                keypoints=[{"x": r(x, 4), "y": r(y, 4)} for x, y in res["kp_img"]],
                keypoints_normalised_tensor=[[r(v, 8) for v in kp] for kp in top["keypoints"]]),
            "roi": {"cx": r(x0, 4), "cy": r(y0, 4), "side": r(side, 4), "rotation": r(rot, 6),
                    "affine_image_to_crop": [[r(v, 10) for v in row] for row in res["m_crop"]],
                    "crop_size": LM_SIZE, "interpolation": "INTER_LINEAR", "border": "BORDER_REPLICATE",
                    "normalisation": "v / 255"},
            "landmark_input_stats": tensor_stats(res["lm_in"]),
            "pose_presence": r(res["presence"], 6),
            "landmarks": [dict(index=i, name=LANDMARK_NAMES[i], x=r(l["x"], 4), y=r(l["y"], 4), z=r(l["z"], 4),
                               visibility=r(l["visibility"], 6), presence=r(l["presence"], 6))
                          for i, l in enumerate(res["landmarks"][:33])],
            "world_landmarks": [dict(index=i, x=r(l["x"], 6), y=r(l["y"], 6), z=r(l["z"], 6))
                                for i, l in enumerate(res["world"][:33])],
            "raw_landmarks_crop_px": [[r(v, 4) for v in row] for row in res["raw_lm"][:33]],
        }
        if cv_det is not None:
            cv = run_pipeline(rgb, cv_det, cv_lm, anchors)
            lm_a, lm_b = res["landmarks"][:33], cv["landmarks"][:33]
            entry["opencv_onnx_crosscheck"] = {
                "what": "same pipeline with Weights/pose/*.onnx in cv2.dnn (opencv-python-headless "
                        f"{cv2.__version__}); max |difference| to the TFLite numbers above",
                "top_detection_score": r(abs(cv["top"]["score"] - top["score"]), 8),
                "keypoints_px": r(max(abs(a - b) for p, q in zip(res["kp_img"], cv["kp_img"]) for a, b in zip(p, q)), 6),
                "roi_center_px": r(max(abs(cv["roi"][0] - x0), abs(cv["roi"][1] - y0)), 6),
                "roi_side_px": r(abs(cv["roi"][2] - side), 6),
                "roi_rotation": r(abs(cv["roi"][3] - rot), 8),
                "pose_presence": r(abs(cv["presence"] - res["presence"]), 8),
                "landmarks_xy_px": r(max(max(abs(a["x"] - b["x"]), abs(a["y"] - b["y"])) for a, b in zip(lm_a, lm_b)), 6),
                "landmarks_z_px": r(max(abs(a["z"] - b["z"]) for a, b in zip(lm_a, lm_b)), 6),
                "visibility": r(max(abs(a["visibility"] - b["visibility"]) for a, b in zip(lm_a, lm_b)), 8),
                "presence": r(max(abs(a["presence"] - b["presence"]) for a, b in zip(lm_a, lm_b)), 8),
                "world_m": r(max(abs(a[k] - b[k]) for a, b in zip(res["world"][:33], cv["world"][:33]) for k in "xyz"), 8),
            }
        doc["images"].append(entry)
        if args.draw_dir:
            out_png = os.path.join(args.draw_dir, os.path.splitext(name)[0] + "_pose.png")
            draw(bgr, res, out_png)
            print("drawn:", out_png)
        print(f"{name}: {len(res['dets'])} detection(s) after NMS, top score {top['score']:.4f}, "
              f"presence {res['presence']:.4f}, ROI centre ({x0:.1f}, {y0:.1f}) side {side:.1f} rot {rot:.3f}")
        if "opencv_onnx_crosscheck" in entry:
            print("  ONNX/cv2.dnn vs TFLite:", json.dumps(entry["opencv_onnx_crosscheck"]))

    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print("written:", args.out)


if __name__ == "__main__":
    main()
