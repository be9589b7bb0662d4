#include "Heatmap.hpp"
#include <algorithm>
#include <cmath>

namespace cvb {

void refine_from_heatmap(float *landmarks, int count, const cv::Mat &heatmap, int crop_size) {
    if (heatmap.dims != 4 || heatmap.size[3] != count) return;
    const int rows = heatmap.size[1], cols = heatmap.size[2];
    const int offset = 3;  // kernel_size 7 (pose_landmark_by_roi_cpu.pbtxt)
    const float min_confidence = 0.5f;
    const float *h = heatmap.ptr<float>();
    for (int i = 0; i < count; ++i) {
        float *l = landmarks + 5 * i;
        int centre_col = int(l[0] / crop_size * cols), centre_row = int(l[1] / crop_size * rows);
        if (centre_col < 0 || centre_col >= cols || centre_row < 0 || centre_row >= rows) continue;
        float sum = 0, weighted_col = 0, weighted_row = 0, strongest = 0;
        for (int r = std::max(0, centre_row - offset); r < std::min(rows, centre_row + offset + 1); ++r) {
            for (int c = std::max(0, centre_col - offset); c < std::min(cols, centre_col + offset + 1); ++c) {
                float confidence = 1.0f / (1.0f + std::exp(-h[(r * cols + c) * count + i]));
                sum += confidence;
                strongest = std::max(strongest, confidence);
                weighted_col += c * confidence;
                weighted_row += r * confidence;
            }
        }
        if (strongest >= min_confidence && sum > 0) {
            l[0] = weighted_col / sum / cols * crop_size;  // MediaPipe adds no half cell
            l[1] = weighted_row / sum / rows * crop_size;
        }
    }
}

}  // namespace cvb
