#include "CVBridge.h"
#include "Errors.hpp"
#include "Frame.hpp"
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

cvb_frame *cvb_frame_new(void) { return new cvb_frame; }

cvb_frame *cvb_frame_from_rgb(const uint8_t *rgb, int width, int height, double time) {
    if (!rgb || width <= 0 || height <= 0 || width > 16384 || height > 16384) {
        cvb::fail(CVB_E_ARGUMENT, "frame size " + std::to_string(width) + "x" + std::to_string(height) + " is out of range");
        return nullptr;
    }
    auto *frame = new cvb_frame;
    cv::Mat view(height, width, CV_8UC3, const_cast<uint8_t *>(rgb));
    cv::cvtColor(view, frame->bgr, cv::COLOR_RGB2BGR);
    frame->time = time;
    return frame;
}

void cvb_frame_free(cvb_frame *frame) { delete frame; }
int cvb_frame_width(const cvb_frame *frame) { return frame->bgr.cols; }
int cvb_frame_height(const cvb_frame *frame) { return frame->bgr.rows; }
double cvb_frame_time(const cvb_frame *frame) { return frame->time; }

void cvb_frame_pixels(const cvb_frame *frame, uint8_t *rgb) {
    cv::Mat out(frame->bgr.rows, frame->bgr.cols, CV_8UC3, rgb);
    cv::cvtColor(frame->bgr, out, cv::COLOR_BGR2RGB);
}

cvb_frame *cvb_frame_resized(const cvb_frame *frame, int width, int height) {
    if (width <= 0 || height <= 0 || frame->bgr.empty()) {
        cvb::fail(CVB_E_ARGUMENT, "cannot resize an empty frame or to " + std::to_string(width) + "x" + std::to_string(height));
        return nullptr;
    }
    auto *out = new cvb_frame;
    cv::resize(frame->bgr, out->bgr, cv::Size(width, height), 0, 0, cv::INTER_AREA);
    out->time = frame->time;
    return out;
}

int cvb::write_bgr(const cv::Mat &bgr, const char *path) {
    cvb::clear_error();
    try {
        if (!cv::imwrite(path, bgr)) {
            return cvb::fail(CVB_E_IO, std::string(path) + ": could not write the image (check the folder exists and the extension is .png or .jpg)");
        }
    } catch (const cv::Exception &e) {
        return cvb::fail(CVB_E_IO, std::string(path) + ": " + e.msg);
    }
    return CVB_OK;
}

int cvb_frame_write(const cvb_frame *frame, const char *path) {
    if (frame->bgr.empty()) return cvb::fail(CVB_E_ARGUMENT, std::string(path) + ": the frame is empty");
    return cvb::write_bgr(frame->bgr, path);
}
