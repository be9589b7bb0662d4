// Writing frames as a video (overlays a person can play back).
#include "CVBridge.h"
#include "Errors.hpp"
#include "Frame.hpp"
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

struct cvb_video_writer {
    cv::VideoWriter writer;
    std::string path;
    cv::Size size;
};

int cvb_video_writer_open(const char *path, int width, int height, double fps, cvb_video_writer **out) {
    cvb::clear_error();
    *out = nullptr;
    std::string p(path);
    if (width <= 0 || height <= 0) return cvb::fail(CVB_E_ARGUMENT, p + ": cannot write a video of " + std::to_string(width) + "x" + std::to_string(height));
    auto *w = new cvb_video_writer;
    w->path = p;
    w->size = cv::Size(width, height);
    bool avi = p.size() > 4 && (p.compare(p.size() - 4, 4, ".avi") == 0 || p.compare(p.size() - 4, 4, ".AVI") == 0);
    // MPEG-4 part 2 is in every FFmpeg build Debian ships (H.264 encoders may be absent).
    int fourcc = avi ? cv::VideoWriter::fourcc('M', 'J', 'P', 'G') : cv::VideoWriter::fourcc('m', 'p', '4', 'v');
    try {
        w->writer.open(p, cv::CAP_FFMPEG, fourcc, fps > 0 ? fps : 30, w->size, true);
    } catch (const cv::Exception &e) {
        delete w;
        return cvb::fail(CVB_E_IO, p + ": cannot write a video (" + e.err + ")");
    }
    if (!w->writer.isOpened()) {
        delete w;
        return cvb::fail(CVB_E_IO, p + ": cannot write a video here; check the folder exists and is writable and the name ends in .mp4 or .avi");
    }
    *out = w;
    return CVB_OK;
}

int cvb_video_writer_write(cvb_video_writer *w, const cvb_frame *frame) {
    cvb::clear_error();
    try {
        if (frame->bgr.size() == w->size) {
            w->writer.write(frame->bgr);
        } else {
            cv::Mat resized;
            cv::resize(frame->bgr, resized, w->size);
            w->writer.write(resized);
        }
    } catch (const cv::Exception &e) {
        return cvb::fail(CVB_E_IO, w->path + ": " + e.err);
    }
    return CVB_OK;
}

int cvb_video_writer_close(cvb_video_writer *w) {
    cvb::clear_error();
    w->writer.release();
    delete w;
    return CVB_OK;
}
