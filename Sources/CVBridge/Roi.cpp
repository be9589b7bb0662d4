#include "Roi.hpp"
#include <cmath>
#include <opencv2/imgproc.hpp>

namespace cvb {

namespace {
constexpr float roi_scale = 1.25f;   // RectTransformationCalculator scale_x / scale_y
constexpr float target_angle = float(M_PI) / 2;  // AlignmentPointsRectsCalculator rotation_vector_target_angle_degrees: 90

float normalise_radians(float a) { return a - 2 * float(M_PI) * std::floor((a + float(M_PI)) / (2 * float(M_PI))); }
}  // namespace

Roi roi_from_points(cv::Point2f centre, cv::Point2f scale_point) {
    float dx = scale_point.x - centre.x, dy = scale_point.y - centre.y;
    Roi r;
    r.cx = centre.x;
    r.cy = centre.y;
    r.side = 2 * std::sqrt(dx * dx + dy * dy) * roi_scale;
    r.rotation = normalise_radians(target_angle - std::atan2(-dy, dx));
    return r;
}

cv::Mat image_to_crop(const Roi &roi, int size) {
    // The corners of the rotated square (cv::RotatedRect::points order: bottom-left, top-left,
    // top-right, bottom-right of the unrotated square) onto the crop's corners, as MediaPipe does.
    cv::RotatedRect rect(cv::Point2f(roi.cx, roi.cy), cv::Size2f(roi.side, roi.side), roi.rotation * 180.0f / float(M_PI));
    cv::Point2f src[4];
    rect.points(src);
    float s = float(size);
    cv::Point2f dst[3] = {{0, s}, {0, 0}, {s, 0}};
    return cv::getAffineTransform(src, dst);
}

cv::Point2f crop_to_image(const Roi &roi, int size, float x, float y) {
    float u = x / size - 0.5f, v = y / size - 0.5f;
    float c = std::cos(roi.rotation), s = std::sin(roi.rotation);
    return {(c * u - s * v) * roi.side + roi.cx, (s * u + c * v) * roi.side + roi.cy};
}

}  // namespace cvb
