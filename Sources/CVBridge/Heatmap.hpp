// MediaPipe's RefineLandmarksFromHeatmapCalculator, for a landmark model that keeps its heatmap output.
#pragma once
#include <opencv2/core.hpp>

namespace cvb {
/// Moves each landmark (x, y in crop pixels, 5 values a landmark) to the confidence-weighted centre of
/// the 7 x 7 heatmap cells around it, when the strongest of them is at least 0.5 (after a sigmoid).
/// `heatmap` is [1, H, W, landmarks] as the model gives it.
void refine_from_heatmap(float *landmarks, int count, const cv::Mat &heatmap, int crop_size);
}  // namespace cvb
