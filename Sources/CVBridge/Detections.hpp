// BlazePose's person detector: SSD anchors, box decoding and weighted non-maximum suppression.
#pragma once
#include <opencv2/core.hpp>
#include <vector>

namespace cvb {

struct Anchor {
    float x, y;  // centre, normalised to the 224 x 224 input
};

/// One person the detector saw, in image pixels.
struct Detection {
    float score;
    float xmin, ymin, width, height;
    float keypoints[4][2];  // 0 hip centre, 1 full-body scale point, 2 shoulder centre, 3 upper-body scale point
};

/// Keypoints 0 and 1, which place the landmark crop, and the distance between them (the person's size).
inline cv::Point2f hip_centre_of(const Detection &d) { return {d.keypoints[0][0], d.keypoints[0][1]}; }
inline cv::Point2f scale_point_of(const Detection &d) { return {d.keypoints[1][0], d.keypoints[1][1]}; }
inline float size_of(const Detection &d) { return float(cv::norm(scale_point_of(d) - hip_centre_of(d))); }

/// The 2254 anchors of MediaPipe's pose_detection_cpu.pbtxt (SsdAnchorsCalculator): 5 layers with
/// strides 8, 16, 32, 32, 32, one aspect ratio plus the interpolated one, offset 0.5, fixed size 1.
const std::vector<Anchor> &pose_anchors();

/// Decodes the raw outputs (boxes [2254 x 12], score logits [2254]) into detections above
/// `min_score` in the input's normalised frame, then merges overlaps (weighted NMS, IoU 0.3), best first.
std::vector<Detection> decode_detections(const float *boxes, const float *logits, float min_score);

}  // namespace cvb
