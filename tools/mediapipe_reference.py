"""What MediaPipe itself gives on the photos of Debian's opencv-doc, for the pose tests: the whole
pipeline of the mediapipe==0.10.14 wheel (whose TF Lite models Weights/pose/ was converted from),
heatmap refinement included. tools/blazepose_reference.py gives the stage-by-stage numbers of the
original TF Lite models without refinement (Fixtures/blazepose-reference.json).

  python -m venv /tmp/mpref && /tmp/mpref/bin/pip install "numpy<2" "protobuf>=4.25.3,<5" absl-py attrs \
      flatbuffers opencv-python-headless matplotlib && /tmp/mpref/bin/pip install --no-deps mediapipe==0.10.14
  /tmp/mpref/bin/python tools/mediapipe_reference.py IMAGE... > Tests/PoseVisionTests/Fixtures/mediapipe-reference.json

Static-image mode with the full model (model_complexity=1), no smoothing: one detection, one crop,
the landmarks in image pixels (z in the same pixel scale), visibility and presence, world metres.
"""
import json
import os
import sys

import cv2
import mediapipe as mp


def main():
    out = {"generator": "mediapipe " + mp.__version__ + " solutions.pose, static_image_mode, model_complexity=1",
           "images": []}
    with mp.solutions.pose.Pose(static_image_mode=True, model_complexity=1, smooth_landmarks=False,
                                enable_segmentation=False, min_detection_confidence=0.5) as pose:
        for path in sys.argv[1:]:
            bgr = cv2.imread(path)
            h, w = bgr.shape[:2]
            r = pose.process(cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB))
            if r.pose_landmarks is None:
                sys.exit(f"{path}: MediaPipe found no pose")
            lm = [[round(p.x * w, 3), round(p.y * h, 3), round(p.z * w, 3), round(p.visibility, 4), round(p.presence, 4)]
                  for p in r.pose_landmarks.landmark]
            world = [[round(p.x, 4), round(p.y, 4), round(p.z, 4)] for p in r.pose_world_landmarks.landmark]
            out["images"].append({"file": os.path.basename(path), "width": w, "height": h,
                                  "landmarks": lm, "world": world})
    json.dump(out, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
