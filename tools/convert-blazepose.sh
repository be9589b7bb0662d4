#!/usr/bin/env bash
# Reproduces Weights/pose/ from PyPI alone: MediaPipe's BlazePose (Apache-2.0) from the
# mediapipe==0.10.14 wheel (newer wheels no longer ship the .tflite files), converted to ONNX for
# OpenCV 4.6 by tools/convert_blazepose.py in a throw-away venv.
#   tools/convert-blazepose.sh [OUT_DIR]        (default Weights/pose; needs python3-venv and network to PyPI)
# Set BLAZEPOSE_VENV to reuse a venv between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-Weights/pose}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
venv="${BLAZEPOSE_VENV:-$work/venv}"

if [[ ! -x "$venv/bin/python" ]]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q "tensorflow-cpu==2.15.1" "tf2onnx==1.16.1" "onnx==1.16.2" "onnxruntime==1.18.1" \
    "opencv-python-headless==4.6.0.66" "numpy<2"

echo "convert: fetching mediapipe==0.10.14 (wheel only, for its two .tflite files)" >&2
"$venv/bin/pip" download -q --no-deps --only-binary=:all: --python-version 3.11 --platform manylinux_2_17_x86_64 \
    -d "$work/wheel" "mediapipe==0.10.14"
wheel="$(ls "$work"/wheel/mediapipe-0.10.14-*.whl)"
"$venv/bin/python" - "$wheel" "$work" <<'PY'
import sys, zipfile
wheel, work = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    for name in ["mediapipe/modules/pose_detection/pose_detection.tflite",
                 "mediapipe/modules/pose_landmark/pose_landmark_full.tflite",
                 "mediapipe-0.10.14.dist-info/LICENSE"]:
        z.extract(name, work)
PY
det="$work/mediapipe/modules/pose_detection/pose_detection.tflite"
lm="$work/mediapipe/modules/pose_landmark/pose_landmark_full.tflite"
# The originals, as checked when the committed files were made.
sha256sum -c - <<SUMS
9ba9dd3d42efaaba86b4ff0122b06f29c4122e756b329d89dca1e297fd8f866c  $det
e9a5c5cb17f736fafd4c2ec1da3b3d331d6edbe8a0d32395855aeb2cdfd64b9f  $lm
SUMS

mkdir -p "$out"
"$venv/bin/python" tools/convert_blazepose.py --detector "$det" --landmarks "$lm" --out "$out"
cp "$work/mediapipe-0.10.14.dist-info/LICENSE" "$out/LICENSE"
(cd "$out" && sha256sum pose_detection.onnx pose_landmark_full.onnx > SHA256SUMS)
cat "$out/SHA256SUMS"
