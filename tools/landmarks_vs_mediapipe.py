"""Landmark error of PunchCoach's BlazePose against MediaPipe's own, on a real video.

  punchcoach extract VIDEO --out OURS.csv
  /tmp/mediapipe-venv/bin/python tools/landmarks_vs_mediapipe.py VIDEO OURS.csv [--json]

(the venv is the one `tools/pose-vs-mediapipe` makes.) Runs MediaPipe 0.10.14 Pose on every frame of
VIDEO as a video user would (solutions.pose, full model, model_complexity=1, video mode, smoothing on)
and compares its 33 landmarks in image pixels with the skeleton CSV PunchCoach's extractor wrote for the
same video (layout blazepose33, units px, one row a frame). A landmark counts where both give it
visibility above 0.5 on a frame where both found the person. Errors are in pixels and in MediaPipe's
torso length of that frame (mid-shoulder to mid-hip), so that videos of any size compare: the median
and 90th percentile over all counted landmarks, and the median of the arms (elbows, wrists), which are
what the classifier reads most.
"""
import argparse
import csv
import json
import math
import statistics
import sys
import warnings


def fail(message):
    print(f"landmarks-vs-mediapipe: {message}", file=sys.stderr)
    sys.exit(1)


def read_ours(path):
    try:
        with open(path, newline="") as f:
            rows = list(csv.reader(f))
    except OSError as e:
        fail(f"{path}: {e.strerror}; give the CSV `punchcoach extract VIDEO --out FILE` wrote")
    if len(rows) < 3 or "layout=blazepose33" not in rows[0][0] or "units=px" not in rows[0][0]:
        fail(f"{path}: not a blazepose33 skeleton CSV in pixels; write it with `punchcoach extract VIDEO --out FILE`")
    header = rows[1]
    names = [h[:-2] for h in header[1:] if h.endswith("_x")]
    frames = []
    for row in rows[2:]:
        cells = {h: v for h, v in zip(header, row)}
        joints = []
        for n in names:
            try:
                joints.append((float(cells[n + "_x"]), float(cells[n + "_y"]), float(cells[n + "_c"] or 0)))
            except (KeyError, ValueError):
                joints.append((0.0, 0.0, 0.0))
        frames.append(joints)
    return names, frames


def mediapipe_frames(video):
    import cv2
    warnings.filterwarnings("ignore", category=UserWarning, module="google.protobuf")
    import mediapipe as mp
    capture = cv2.VideoCapture(video)
    if not capture.isOpened():
        fail(f"{video}: OpenCV (in the venv) cannot open this video; give a readable video file")
    out = []
    with mp.solutions.pose.Pose(static_image_mode=False, model_complexity=1, smooth_landmarks=True,
                                enable_segmentation=False) as pose:
        while True:
            ok, bgr = capture.read()
            if not ok:
                break
            h, w = bgr.shape[:2]
            r = pose.process(cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB))
            if r.pose_landmarks is None:
                out.append(None)
            else:
                out.append([(l.x * w, l.y * h, l.visibility) for l in r.pose_landmarks.landmark])
    return out


def main():
    parser = argparse.ArgumentParser(description="PunchCoach's landmarks against MediaPipe's on a video")
    parser.add_argument("video")
    parser.add_argument("skeleton")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names, ours = read_ours(args.skeleton)
    theirs = mediapipe_frames(args.video)
    if len(theirs) != len(ours):
        fail(f"{args.skeleton}: {len(ours)} rows but {args.video} has {len(theirs)} frames; extract the same video again")
    index = {n: i for i, n in enumerate(names)}
    arms = {index[n] for n in ("left_elbow", "right_elbow", "left_wrist", "right_wrist")}
    pixels, torsos, arm_torsos, frames_both = [], [], [], 0
    for a, b in zip(ours, theirs):
        if b is None or max(c for _, _, c in a) <= 0.5:
            continue
        ls, rs, lh, rh = (b[index[n]] for n in ("left_shoulder", "right_shoulder", "left_hip", "right_hip"))
        torso = math.dist(((ls[0] + rs[0]) / 2, (ls[1] + rs[1]) / 2), ((lh[0] + rh[0]) / 2, (lh[1] + rh[1]) / 2))
        if torso <= 1:
            continue
        frames_both += 1
        for j, (p, q) in enumerate(zip(a, b)):
            if p[2] > 0.5 and q[2] > 0.5:
                d = math.dist(p[:2], q[:2])
                pixels.append(d)
                torsos.append(d / torso)
                if j in arms:
                    arm_torsos.append(d / torso)
    if not pixels:
        fail(f"{args.video}: no frame where both found the person with visible landmarks")
    def p90(xs):
        return sorted(xs)[int(0.9 * (len(xs) - 1))]
    result = {"frames": len(theirs), "frames_compared": frames_both, "landmarks_compared": len(pixels),
              "median_px": statistics.median(pixels), "p90_px": p90(pixels),
              "median_torso": statistics.median(torsos), "p90_torso": p90(torsos),
              "arms_median_torso": statistics.median(arm_torsos) if arm_torsos else None}
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(f"{result['frames_compared']} of {result['frames']} frames, {result['landmarks_compared']} landmarks: "
              f"median {result['median_px']:.1f} px ({100 * result['median_torso']:.1f} % of the torso), "
              f"90th percentile {result['p90_px']:.1f} px ({100 * result['p90_torso']:.1f} %); "
              f"elbows and wrists median {100 * (result['arms_median_torso'] or 0):.1f} % of the torso")


if __name__ == "__main__":
    main()
