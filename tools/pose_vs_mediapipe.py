"""MediaPipe's side of tools/pose-vs-mediapipe, run in the throw-away venv that tool makes.

  python pose_vs_mediapipe.py VIDEO --punchcoach-json FILE [--frames N] [--json]

Times MediaPipe 0.10.14 Pose (solutions.pose: full model, model_complexity=1, video mode, i.e.
static_image_mode=False, which tracks the person from frame to frame; smoothing on, segmentation off)
on every frame of VIDEO. Only pose.process() is timed: decoding and the BGR to RGB conversion
MediaPipe needs are excluded (PunchCoach's side excludes decoding and includes its own colour swap, so
this favours MediaPipe slightly). MediaPipe picks its own threads (TF Lite with XNNPACK); its CPU share
over the timed calls is reported so that the number of cores it used can be seen.

Then sets the result beside PunchCoach's (`punchcoach bench --pose-video VIDEO --json`, read from FILE)
and prints per-frame medians and their ratio, PunchCoach / MediaPipe; --json prints one object.
"""
import argparse
import warnings
import json
import os
import statistics
import sys
import time


def fail(message):
    print(f"pose-vs-mediapipe: {message}", file=sys.stderr)
    sys.exit(1)


def time_mediapipe(video, max_frames):
    import cv2
    warnings.filterwarnings("ignore", category=UserWarning, module="google.protobuf")
    import mediapipe as mp

    capture = cv2.VideoCapture(video)
    if not capture.isOpened():
        fail(f"{video}: OpenCV (in the venv) cannot open this video; give a readable video file")
    width = int(capture.get(cv2.CAP_PROP_FRAME_WIDTH))
    height = int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT))
    ms, found = [], 0
    cpu = 0.0
    with mp.solutions.pose.Pose(static_image_mode=False, model_complexity=1, smooth_landmarks=True,
                                enable_segmentation=False, min_detection_confidence=0.5,
                                min_tracking_confidence=0.5) as pose:
        while max_frames is None or len(ms) < max_frames:
            ok, bgr = capture.read()
            if not ok:
                break
            rgb = cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)
            c0, t0 = time.process_time(), time.perf_counter()
            result = pose.process(rgb)
            ms.append((time.perf_counter() - t0) * 1000)
            cpu += time.process_time() - c0
            found += result.pose_landmarks is not None
    if not ms:
        fail(f"{video}: no frame could be decoded; give a video with at least one frame")
    return {"width": width, "height": height, "frames": len(ms), "frames_with_person": found,
            "ms": ms, "cpu_share": cpu / (sum(ms) / 1000), "version": mp.__version__}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("video")
    parser.add_argument("--punchcoach-json", required=True)
    parser.add_argument("--frames", type=int)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    try:
        with open(args.punchcoach_json) as f:
            ours = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"{args.punchcoach_json}: PunchCoach's timings could not be read ({e})")
    theirs = time_mediapipe(args.video, args.frames)
    mp_median = statistics.median(theirs["ms"])
    ms = sorted(theirs["ms"])
    out = {
        "video": os.path.abspath(args.video),
        "width": ours["width"], "height": ours["height"],
        "frames": ours["frames"],
        "punchcoach_ms": ours["pose_ms_median"],
        "mediapipe_ms": mp_median,
        "ratio": ours["pose_ms_median"] / mp_median,
        "punchcoach_ms_p95": ours["pose_ms_p95"],
        "mediapipe_ms_p95": ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))],
        "punchcoach_threads": ours["threads"],
        "punchcoach_depthwise": ours.get("depthwise", "opencv"),
        "punchcoach_model": ours["model"],
        "punchcoach_frames_with_person": ours["frames_with_person"],
        "punchcoach_stages_ms_median": ours["stages_ms_median"],
        "mediapipe_frames": theirs["frames"],
        "mediapipe_frames_with_person": theirs["frames_with_person"],
        "mediapipe_cpu_share": theirs["cpu_share"],
        "mediapipe_model": f"MediaPipe {theirs['version']} solutions.pose, model_complexity=1 (full), video mode, "
                           "smoothing on, its own threads (TF Lite, XNNPACK)",
        "decode_excluded": True,
    }
    if theirs["frames"] != ours["frames"]:
        print(f"pose-vs-mediapipe: warning: PunchCoach read {ours['frames']} frames, MediaPipe {theirs['frames']}",
              file=sys.stderr)
    if args.json:
        json.dump(out, sys.stdout, sort_keys=True)
        print()
    else:
        print(f"{out['video']}: {out['width']}x{out['height']}, {out['frames']} frames, decode excluded, medians a frame")
        print(f"  PunchCoach BlazePose full, {ours['threads']} OpenCV threads, depthwise 5x5 {out['punchcoach_depthwise']}: "
              f"{out['punchcoach_ms']:.2f} ms "
              f"(p95 {out['punchcoach_ms_p95']:.2f}), person in {ours['frames_with_person']} frames")
        print(f"  MediaPipe {theirs['version']} Pose full, video mode:   {mp_median:.2f} ms "
              f"(p95 {out['mediapipe_ms_p95']:.2f}), person in {theirs['frames_with_person']} frames, "
              f"CPU share {theirs['cpu_share']:.2f}")
        print(f"  ratio PunchCoach / MediaPipe: {out['ratio']:.2f}")


if __name__ == "__main__":
    main()
