// Drawing a pose on a frame, for pictures and videos a person can check.
#include "CVBridge.h"
#include "Frame.hpp"
#include <opencv2/imgproc.hpp>
#include <algorithm>
#include <cmath>

namespace {
// MediaPipe's POSE_CONNECTIONS (BlazePose 33).
const int bones[][2] = {
    {0, 1}, {1, 2}, {2, 3}, {3, 7}, {0, 4}, {4, 5}, {5, 6}, {6, 8}, {9, 10},
    {11, 12}, {11, 13}, {13, 15}, {15, 17}, {15, 19}, {15, 21}, {17, 19},
    {12, 14}, {14, 16}, {16, 18}, {16, 20}, {16, 22}, {18, 20},
    {11, 23}, {12, 24}, {23, 24}, {23, 25}, {24, 26}, {25, 27}, {26, 28},
    {27, 29}, {28, 30}, {29, 31}, {30, 32}, {27, 31}, {28, 32},
};

/// -1 left, 1 right, 0 centre (BlazePose: odd indices from 1 are left, even from 2 right; 0 the nose).
int side_of(int joint) {
    if (joint == 0) return 0;
    if (joint <= 10) return (joint >= 1 && joint <= 3) || joint == 7 || joint == 9 ? -1 : 1;
    return joint % 2 == 1 ? -1 : 1;
}

cv::Scalar bgr(cvb_rgb c) { return cv::Scalar(c.b, c.g, c.r); }
cv::Point fixed(float x, float y) { return cv::Point(cvRound(x * 16), cvRound(y * 16)); }
}  // namespace

void cvb_frame_draw_pose(cvb_frame *frame, const cvb_pose_result *pose, cvb_rgb left, cvb_rgb right, cvb_rgb centre) {
    if (!pose->found || frame->bgr.empty()) return;
    cv::Mat &m = frame->bgr;
    int thickness = std::max(2, int(std::lround(std::max(m.cols, m.rows) / 400.0)));
    auto colour = [&](int side) { return side < 0 ? bgr(left) : side > 0 ? bgr(right) : bgr(centre); };
    const auto &p = pose->landmarks;
    for (const auto &b : bones) {
        int a = b[0], c = b[1];
        int side = side_of(a) == side_of(c) ? side_of(a) : 0;
        bool visible = std::min(p[a][3], p[c][3]) >= 0.5f;
        cv::line(m, fixed(p[a][0], p[a][1]), fixed(p[c][0], p[c][1]), colour(side), visible ? thickness : 1, cv::LINE_AA, 4);
    }
    for (int j = 0; j < CVB_POSE_JOINTS; ++j) {
        bool visible = p[j][3] >= 0.5f;
        cv::circle(m, fixed(p[j][0], p[j][1]), (thickness + 2) * 16, colour(side_of(j)), visible ? cv::FILLED : 1, cv::LINE_AA, 4);
    }
}

void cvb_frame_draw_label(cvb_frame *frame, const char *text) {
    cv::Mat &m = frame->bgr;
    if (m.empty()) return;
    double scale = std::max(0.4, m.cols / 1600.0);
    int baseline = 0;
    cv::Size s = cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, scale, 1, &baseline);
    cv::rectangle(m, cv::Rect(0, 0, std::min(m.cols, s.width + 12), s.height + baseline + 10), cv::Scalar(40, 40, 40), cv::FILLED);
    cv::putText(m, text, cv::Point(6, s.height + 5), cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar(255, 255, 255), 1, cv::LINE_AA);
}
