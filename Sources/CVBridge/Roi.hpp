// The rotated square the landmark model looks at, and the transforms between it and the image.
#pragma once
#include <opencv2/core.hpp>

namespace cvb {

struct Roi {
    float cx = 0, cy = 0;   // centre, image pixels
    float side = 0;         // pixels
    float rotation = 0;     // radians; the person's hip-to-head axis turned upright in the crop
};

/// MediaPipe's AlignmentPointsRectsCalculator + RectTransformationCalculator (pose_detection_to_roi and
/// pose_landmarks_to_roi): centred on `centre`, side 2·|scale − centre|·1.25, rotated so that the
/// centre→scale direction points up (target angle 90°).
Roi roi_from_points(cv::Point2f centre, cv::Point2f scale_point);

/// The affine map from image pixels to the size x size crop of `roi`. As MediaPipe's
/// ImageToTensorCalculator, the square's corners land on the crop's outer pixel edges (0 and size).
cv::Mat image_to_crop(const Roi &roi, int size);

/// A point of the size x size crop back in image pixels (MediaPipe's LandmarkProjectionCalculator).
cv::Point2f crop_to_image(const Roi &roi, int size, float x, float y);

}  // namespace cvb
