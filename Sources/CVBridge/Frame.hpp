// A decoded picture with its time: what captures deliver and the pose pipeline reads.
#pragma once
#include <opencv2/core.hpp>

struct cvb_frame {
    cv::Mat bgr;        // 8-bit BGR, OpenCV's native order
    double time = 0;    // seconds
};
