#!/usr/bin/env bash
# Reproduce Weights/pose/ (MediaPipe BlazePose converted to ONNX for OpenCV 4.6) from PyPI.
#
#   tools/convert-blazepose.sh [--bench] [--reference] [--fold-pads=exact|all|none]
#
#   --bench      also time one forward of each model in the system OpenCV (1 and 2 threads,
#                median of 30 runs)
#   --reference  also regenerate Tests/PoseVisionTests/Fixtures/blazepose-reference.json
#                (needs Debian's opencv-doc package for the test photos: apt-get download)
#   --fold-pads  which zero Pad nodes to fold into the convolutions after them: exact (the
#                default, the shipped files: where OpenCV's outputs stay bit-identical), all
#                (every one; measured in docs/pose-speed.md, not shipped) or none
#
# Environment: BLAZEPOSE_VENV (default /tmp/blazepose-venv, a throw-away venv created here),
#              BLAZEPOSE_WORK (default /tmp/blazepose-work, scratch space),
#              BLAZEPOSE_OUT (default Weights/pose; another folder for a variant),
#              BLAZEPOSE_IMAGES (directory holding basketball1.png and messi5.jpg; default:
#              taken from the opencv-doc .deb).
# Needs: python3 (3.11, with venv), network access to PyPI; for the OpenCV check g++ and
# Debian's libopencv-dev (pkg-config opencv4). Nothing is installed outside the venv.
set -euo pipefail

BENCH=0
REFERENCE=0
FOLD_PADS=exact
for arg in "$@"; do
    case "$arg" in
        --bench) BENCH=1 ;;
        --reference) REFERENCE=1 ;;
        --fold-pads=exact|--fold-pads=all|--fold-pads=none) FOLD_PADS="${arg#--fold-pads=}" ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${BLAZEPOSE_VENV:-/tmp/blazepose-venv}"
WORK="${BLAZEPOSE_WORK:-/tmp/blazepose-work}"
OUT="${BLAZEPOSE_OUT:-$REPO/Weights/pose}"
MP_VERSION=0.10.14
PY="$VENV/bin/python"
export TF_CPP_MIN_LOG_LEVEL=2 PYTHONHASHSEED=0

say() { printf '\n== %s\n' "$*"; }

# --------------------------------------------------------------------------- venv
say "venv $VENV"
if [ ! -x "$PY" ]; then
    python3 -m venv "$VENV"
fi
"$PY" -m pip install -q --disable-pip-version-check \
    'tensorflow-cpu==2.15.1' 'tf2onnx==1.16.1' 'onnx==1.16.2' 'numpy==1.26.4' \
    'protobuf==3.20.3' 'flatbuffers==25.12.19' 'onnxruntime==1.26.0'
if [ "$REFERENCE" = 1 ]; then
    # Same OpenCV release as Debian 12's; used only by the reference script (warpAffine, drawing).
    "$PY" -m pip install -q --disable-pip-version-check 'opencv-python-headless==4.6.0.66'
fi

# --------------------------------------------------------------------------- sources
mkdir -p "$WORK/wheel"
WHEEL="$(ls "$WORK"/wheel/mediapipe-$MP_VERSION-cp311-*manylinux*x86_64.whl 2>/dev/null | head -n1 || true)"
if [ -z "$WHEEL" ]; then
    say "downloading mediapipe==$MP_VERSION wheel"
    "$PY" -m pip download -q --disable-pip-version-check --no-deps -d "$WORK/wheel" \
        --only-binary=:all: --platform manylinux2014_x86_64 --python-version 3.11 \
        --implementation cp --abi cp311 "mediapipe==$MP_VERSION"
    WHEEL="$(ls "$WORK"/wheel/mediapipe-$MP_VERSION-cp311-*manylinux*x86_64.whl | head -n1)"
fi
say "extracting the models from $(basename "$WHEEL")"
SRC="$WORK/src"
rm -rf "$SRC"
"$PY" - "$WHEEL" "$SRC" <<'EOF'
import sys, zipfile
wheel, dst = sys.argv[1:]
names = ["mediapipe/modules/pose_detection/pose_detection.tflite",
         "mediapipe/modules/pose_landmark/pose_landmark_full.tflite",
         "mediapipe-0.10.14.dist-info/LICENSE"]
with zipfile.ZipFile(wheel) as z:
    for n in names:
        z.extract(n, dst)
EOF
DET="$SRC/mediapipe/modules/pose_detection/pose_detection.tflite"
LMK="$SRC/mediapipe/modules/pose_landmark/pose_landmark_full.tflite"

# --------------------------------------------------------------------------- convert
say "converting"
mkdir -p "$OUT"
OLD_SUMS=""
[ -f "$OUT/SHA256SUMS" ] && OLD_SUMS="$(cat "$OUT/SHA256SUMS")"
"$PY" "$REPO/tools/convert_blazepose.py" convert --detector "$DET" --landmark "$LMK" \
    --license "$SRC/mediapipe-$MP_VERSION.dist-info/LICENSE" --work "$WORK" --out "$OUT" --fold-pads "$FOLD_PADS"
(cd "$OUT" && sha256sum pose_detection.onnx pose_landmark_full.onnx > SHA256SUMS)
cat "$OUT/SHA256SUMS"
if [ -n "$OLD_SUMS" ]; then
    if [ "$OLD_SUMS" = "$(cat "$OUT/SHA256SUMS")" ]; then
        echo "byte-identical to the previous SHA256SUMS"
    else
        echo "WARNING: the ONNX files differ from the previous SHA256SUMS" >&2
    fi
fi

# --------------------------------------------------------------------------- OpenCV 4.6 check
if command -v g++ >/dev/null && pkg-config --exists opencv4; then
    say "checking with the system OpenCV $(pkg-config --modversion opencv4)"
    mkdir -p "$WORK/cpp"
    cat > "$WORK/cpp/bpcheck.cpp" <<'EOF'
// Loads a BlazePose ONNX file in the system OpenCV dnn, runs it on a raw float32 NCHW input,
// writes the requested outputs as raw float32 files, optionally times forward(). With "own" as
// last argument the depthwise 5x5 convolutions run in PunchCoach's layer (Sources/CVBridge).
#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include "DepthwiseConv.hpp"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
int main(int argc, char** argv) {
    if (argc < 8) { std::cerr << "usage: bpcheck model.onnx input.bin C H W out1,out2 outprefix [runs [own]]\n"; return 2; }
    std::string model = argv[1], inpath = argv[2];
    int C = std::atoi(argv[3]), H = std::atoi(argv[4]), W = std::atoi(argv[5]);
    std::vector<std::string> names;
    { std::stringstream ss(argv[6]); std::string s; while (std::getline(ss, s, ',')) names.push_back(s); }
    std::string prefix = argv[7];
    int runs = argc > 8 ? std::atoi(argv[8]) : 0;
    bool own = argc > 9 && std::string(argv[9]) == "own";
    cv::dnn::Net net = own ? cvb::read_net_with_own_depthwise(model) : cv::dnn::readNetFromONNX(model);
    net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    std::cout << model << ": " << net.getLayerNames().size() << " layers, unconnected outputs:";
    for (auto& n : net.getUnconnectedOutLayersNames()) std::cout << " " << n;
    std::cout << "\n";
    int sz[4] = {1, C, H, W};
    cv::Mat blob(4, sz, CV_32F);
    std::ifstream f(inpath, std::ios::binary);
    f.read(reinterpret_cast<char*>(blob.ptr<float>()), sizeof(float) * blob.total());
    if (!f) { std::cerr << "short input file " << inpath << "\n"; return 1; }
    std::vector<cv::Mat> outs;
    net.setInput(blob, "input_1");
    net.forward(outs, names);
    for (size_t i = 0; i < outs.size(); ++i) {
        std::cout << "  " << names[i] << " [";
        for (int d = 0; d < outs[i].dims; ++d) std::cout << (d ? "," : "") << outs[i].size[d];
        std::cout << "]\n";
        cv::Mat c = outs[i].isContinuous() ? outs[i] : outs[i].clone();
        std::ofstream o(prefix + names[i] + ".bin", std::ios::binary);
        o.write(reinterpret_cast<const char*>(c.ptr<float>()), sizeof(float) * c.total());
    }
    if (runs > 0) {
        for (int threads : {1, 2}) {
            cv::setNumThreads(threads);
            for (int w = 0; w < 3; ++w) { net.setInput(blob, "input_1"); net.forward(outs, names); }
            std::vector<double> ms;
            for (int r = 0; r < runs; ++r) {
                auto t0 = std::chrono::steady_clock::now();
                net.setInput(blob, "input_1");
                net.forward(outs, names);
                ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
            }
            std::sort(ms.begin(), ms.end());
            std::printf("  forward, %d thread(s): median %.2f ms (min %.2f, max %.2f, %d runs)\n",
                        threads, ms[ms.size() / 2], ms.front(), ms.back(), runs);
        }
    }
    return 0;
}
EOF
    # shellcheck disable=SC2046
    g++ -O2 -std=c++17 -I "$REPO/Sources/CVBridge" "$WORK/cpp/bpcheck.cpp" "$REPO/Sources/CVBridge/DepthwiseConv.cpp" \
        -o "$WORK/cpp/bpcheck" $(pkg-config --cflags --libs opencv4)
    # The files written, and the same graphs before the Pad folding (in $WORK): OpenCV's own layers for
    # both, and for the landmark model also the shim's depthwise 5x5 layer, as PunchCoach runs it.
    for tag in noise smooth; do
        for file in "$OUT/pose_detection.onnx":cv "$WORK/pose_detection.unfolded.onnx":cvunfolded; do
            IFS=: read -r model variant <<<"$file"
            "$WORK/cpp/bpcheck" "$model" "$WORK/check_detector_${tag}_input.bin" 3 224 224 \
                Identity,Identity_1 "$WORK/check_detector_${tag}_${variant}_"
        done
        for file in "$OUT/pose_landmark_full.onnx":cv:- "$WORK/pose_landmark_full.unfolded.onnx":cvunfolded:- \
                    "$OUT/pose_landmark_full.onnx":own:own "$WORK/pose_landmark_full.unfolded.onnx":ownunfolded:own; do
            IFS=: read -r model variant layer <<<"$file"
            "$WORK/cpp/bpcheck" "$model" "$WORK/check_landmark_${tag}_input.bin" 3 256 256 \
                Identity,Identity_1,Identity_3,Identity_4 "$WORK/check_landmark_${tag}_${variant}_" 0 "$layer"
        done
    done
    "$PY" "$REPO/tools/convert_blazepose.py" check-opencv --work "$WORK"
    if [ "$BENCH" = 1 ]; then
        say "OpenCV forward timings"
        "$WORK/cpp/bpcheck" "$OUT/pose_detection.onnx" "$WORK/check_detector_smooth_input.bin" 3 224 224 \
            Identity,Identity_1 "$WORK/bench_detector_" 30
        "$WORK/cpp/bpcheck" "$OUT/pose_landmark_full.onnx" "$WORK/check_landmark_smooth_input.bin" 3 256 256 \
            Identity,Identity_1,Identity_3,Identity_4 "$WORK/bench_landmark_" 30
    fi
else
    echo "WARNING: g++ or pkg-config opencv4 missing: skipped the OpenCV 4.6 check" >&2
fi

# --------------------------------------------------------------------------- reference numbers
if [ "$REFERENCE" = 1 ]; then
    IMAGES="${BLAZEPOSE_IMAGES:-}"
    if [ -z "$IMAGES" ]; then
        say "fetching the test photos from Debian's opencv-doc"
        mkdir -p "$WORK/opencv-doc"
        if ! ls "$WORK"/opencv-doc/opencv-doc_*.deb >/dev/null 2>&1; then
            (cd "$WORK/opencv-doc" && { apt-get download opencv-doc || { apt-get update && apt-get download opencv-doc; }; })
        fi
        dpkg -x "$(ls "$WORK"/opencv-doc/opencv-doc_*.deb | head -n1)" "$WORK/opencv-doc/x"
        IMAGES="$WORK/images"
        mkdir -p "$IMAGES"
        DATA="$WORK/opencv-doc/x/usr/share/doc/opencv-doc/examples/data"
        for f in basketball1.png messi5.jpg; do
            if [ -f "$DATA/$f" ]; then cp "$DATA/$f" "$IMAGES/$f"; else gunzip -c "$DATA/$f.gz" > "$IMAGES/$f"; fi
        done
    fi
    say "reference numbers"
    "$PY" "$REPO/tools/blazepose_reference.py" --detector "$DET" --landmark "$LMK" \
        --images "$IMAGES" --onnx-dir "$OUT" --draw-dir "$WORK/drawn" \
        --out "$REPO/Tests/PoseVisionTests/Fixtures/blazepose-reference.json"
fi

say "done: $OUT"
ls -l "$OUT"
