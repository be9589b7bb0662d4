// A decoded picture with its time: what captures deliver and the pose pipeline reads.
#pragma once
#include <opencv2/core.hpp>

struct cvb_frame {
    cv::Mat bgr;        // 8-bit BGR, OpenCV's native order
    double time = 0;    // seconds
};

namespace cvb {
/// Writes a BGR picture to `path` (the format from the extension): CVB_OK, or CVB_E_IO with the
/// message naming the file. Clears the thread's last error first.
int write_bgr(const cv::Mat &bgr, const char *path);
}  // namespace cvb
