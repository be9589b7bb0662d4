// Cameras, video files and images as one kind of frame source.
#include "CVBridge.h"
#include "Errors.hpp"
#include "Frame.hpp"
#include "LiveVideo.hpp"
#include "VideoRotation.hpp"
#include <opencv2/core/utils/logger.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>

struct cvb_capture {
    enum Kind { camera, video, live_video, image } kind = video;
    std::string name;                 // the path or camera:N, for messages
    cv::VideoCapture capture;
    cv::Mat still;                    // the image of an image capture
    bool still_delivered = false;
    cvb_capture_info info{};
    int64_t frames_read = 0;
    double last_time = -1;
    double opened = 0;                // monotonic seconds, the origin of camera frame times
    std::unique_ptr<cvb::LiveVideo> live;  // a live video's camera stand-in (it owns the file's capture)
};

namespace {

/// FFmpeg and OpenCV write their own warnings to stderr; the shim reports failures itself.
void quiet_libraries() {
    static bool done = false;
    if (done) return;
    done = true;
    setenv("OPENCV_FFMPEG_LOGLEVEL", "-8", 0);  // AV_LOG_QUIET
    cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
}

bool readable(const std::string &path) { return std::ifstream(path, std::ios::binary).good(); }

void rotate_upright(cv::Mat &m, int degrees) {
    switch (degrees) {
    case 90: cv::rotate(m, m, cv::ROTATE_90_CLOCKWISE); break;
    case 180: cv::rotate(m, m, cv::ROTATE_180); break;
    case 270: cv::rotate(m, m, cv::ROTATE_90_COUNTERCLOCKWISE); break;
    default: break;
    }
}

}  // namespace

int cvb_capture_open_camera(int index, cvb_capture **out) {
    cvb::clear_error();
    quiet_libraries();
    *out = nullptr;
    std::string name = "camera:" + std::to_string(index);
    std::string device = "/dev/video" + std::to_string(index);
    if (index < 0) return cvb::fail(CVB_E_ARGUMENT, name + ": a camera number is 0 or more");
    if (!readable(device)) {
        return cvb::fail(CVB_E_DEVICE, name + ": no camera at " + device + "; plug one in, check `ls /dev/video*` and your access to it, or give a video file");
    }
    auto *c = new cvb_capture;
    c->kind = cvb_capture::camera;
    c->name = name;
    try {
        c->capture.open(index, cv::CAP_V4L2);
        if (c->capture.isOpened()) {
            // Ask for 60 fps at 1280x720 when the camera can; it keeps its own mode otherwise.
            c->capture.set(cv::CAP_PROP_FRAME_WIDTH, 1280);
            c->capture.set(cv::CAP_PROP_FRAME_HEIGHT, 720);
            c->capture.set(cv::CAP_PROP_FPS, 60);
            // Few driver buffers: when the model is slower than the camera, old frames are dropped
            // rather than queued, so the coach sees the boxer as they are now.
            c->capture.set(cv::CAP_PROP_BUFFERSIZE, double(cvb::camera_buffers));
        }
    } catch (const cv::Exception &e) {
        delete c;
        return cvb::fail(CVB_E_DEVICE, name + ": " + e.msg);
    }
    if (!c->capture.isOpened()) {
        delete c;
        return cvb::fail(CVB_E_DEVICE, name + ": " + device + " exists but could not be opened as a camera; is it in use by another program?");
    }
    c->info.width = int(c->capture.get(cv::CAP_PROP_FRAME_WIDTH));
    c->info.height = int(c->capture.get(cv::CAP_PROP_FRAME_HEIGHT));
    c->info.fps = c->capture.get(cv::CAP_PROP_FPS);
    c->info.frame_count = -1;
    c->info.is_camera = 1;
    c->info.is_live = 1;
    c->opened = cvb::monotonic_seconds();
    c->info.clock_origin = c->opened;
    *out = c;
    return CVB_OK;
}

int cvb_capture_open_video(const char *path, cvb_capture **out) {
    cvb::clear_error();
    quiet_libraries();
    *out = nullptr;
    std::string p(path);
    if (!readable(p)) return cvb::fail(CVB_E_IO, p + ": cannot read the file; check the path and its permissions");
    auto *c = new cvb_capture;
    c->kind = cvb_capture::video;
    c->name = p;
    try {
        // Orientation is applied by the shim from the file's own matrix (see VideoRotation.cpp).
        c->capture.open(p, cv::CAP_FFMPEG);
    } catch (const cv::Exception &e) {
        delete c;
        return cvb::fail(CVB_E_FORMAT, p + ": not a video OpenCV can read (" + e.msg + "); give an MP4, MOV, MKV or AVI file");
    }
    if (!c->capture.isOpened()) {
        delete c;
        return cvb::fail(CVB_E_FORMAT, p + ": not a video FFmpeg can read (damaged, truncated or another kind of file); give an MP4, MOV, MKV or AVI file");
    }
    c->capture.set(cv::CAP_PROP_ORIENTATION_AUTO, 0);
    c->info.rotation = cvb::video_rotation(p);
    int w = int(c->capture.get(cv::CAP_PROP_FRAME_WIDTH)), h = int(c->capture.get(cv::CAP_PROP_FRAME_HEIGHT));
    bool swap = c->info.rotation == 90 || c->info.rotation == 270;
    c->info.width = swap ? h : w;
    c->info.height = swap ? w : h;
    c->info.fps = c->capture.get(cv::CAP_PROP_FPS);
    double count = c->capture.get(cv::CAP_PROP_FRAME_COUNT);
    c->info.frame_count = count > 0 ? int64_t(count) : -1;
    if (w <= 0 || h <= 0) {
        delete c;
        return cvb::fail(CVB_E_FORMAT, p + ": has no video stream; give a video file");
    }
    *out = c;
    return CVB_OK;
}

int cvb_capture_open_live_video(const char *path, cvb_capture **out) {
    cvb_capture *file = nullptr;
    int status = cvb_capture_open_video(path, &file);
    if (status != CVB_OK) return status;
    auto *c = new cvb_capture;
    c->kind = cvb_capture::live_video;
    c->name = file->name;
    c->info = file->info;
    c->opened = cvb::monotonic_seconds();
    c->info.is_live = 1;
    c->info.clock_origin = c->opened;
    c->live = std::make_unique<cvb::LiveVideo>(file, c->opened);
    *out = c;
    return CVB_OK;
}

int cvb_capture_open_image(const char *path, cvb_capture **out) {
    cvb::clear_error();
    *out = nullptr;
    std::string p(path);
    if (!readable(p)) return cvb::fail(CVB_E_IO, p + ": cannot read the file; check the path and its permissions");
    cv::Mat m;
    try {
        m = cv::imread(p, cv::IMREAD_COLOR);  // applies EXIF orientation
    } catch (const cv::Exception &e) {
        return cvb::fail(CVB_E_FORMAT, p + ": not an image OpenCV can read (" + e.msg + ")");
    }
    if (m.empty()) return cvb::fail(CVB_E_FORMAT, p + ": not an image OpenCV can read (damaged or another kind of file); give a PNG or JPEG");
    auto *c = new cvb_capture;
    c->kind = cvb_capture::image;
    c->name = p;
    c->still = m;
    c->info.width = m.cols;
    c->info.height = m.rows;
    c->info.frame_count = 1;
    *out = c;
    return CVB_OK;
}

void cvb_capture_free(cvb_capture *capture) { delete capture; }

void cvb_capture_get_info(const cvb_capture *capture, cvb_capture_info *info) { *info = capture->info; }

void cvb_capture_get_stats(cvb_capture *c, cvb_capture_stats *stats) {
    if (c->live) return c->live->stats(stats);
    *stats = cvb_capture_stats{c->kind == cvb_capture::camera ? -1 : c->frames_read, c->frames_read,
                               c->kind == cvb_capture::camera ? -1 : 0, 0};
}

int cvb_capture_read(cvb_capture *c, cvb_frame *frame) {
    cvb::clear_error();
    if (c->live) return c->live->take(frame);
    if (c->kind == cvb_capture::image) {
        if (c->still_delivered) return CVB_E_END;
        c->still_delivered = true;
        c->frames_read = 1;
        frame->bgr = c->still;
        frame->time = 0;
        return CVB_OK;
    }
    bool ok = false;
    try {
        ok = c->capture.read(frame->bgr);
    } catch (const cv::Exception &e) {
        return cvb::fail(c->kind == cvb_capture::camera ? CVB_E_DEVICE : CVB_E_FORMAT, c->name + ": " + e.msg);
    }
    if (!ok || frame->bgr.empty()) {
        if (c->kind == cvb_capture::camera) {
            return cvb::fail(CVB_E_DEVICE, c->name + ": the camera stopped delivering frames (unplugged or taken by another program?)");
        }
        int64_t announced = c->info.frame_count;
        if (c->frames_read == 0) {
            return cvb::fail(CVB_E_FORMAT, c->name + ": no frame could be decoded (damaged or truncated file?); re-encode or copy the video again");
        }
        // MP4/MOV/AVI announce their exact count; Matroska's is duration x nominal rate, which a
        // variable-rate phone video may miss by a good part: only a clear shortfall is an error.
        if (announced > 0 && c->frames_read < announced * 3 / 4 - 2) {
            return cvb::fail(CVB_E_FORMAT, c->name + ": the video ends after " + std::to_string(c->frames_read) + " of its " +
                                               std::to_string(announced) + " frames (truncated or damaged?); copy or re-encode it again");
        }
        return CVB_E_END;
    }
    rotate_upright(frame->bgr, c->info.rotation);
    double t;
    if (c->kind == cvb_capture::camera) {
        t = cvb::monotonic_seconds() - c->opened;
    } else {
        // The video's own timeline; the frame index at the nominal rate when the container has none.
        double ms = c->capture.get(cv::CAP_PROP_POS_MSEC);
        double fps = c->info.fps > 0 ? c->info.fps : 30;
        t = (ms > 0 || c->frames_read == 0) ? ms / 1000.0 : c->frames_read / fps;
        if (c->frames_read == 0) t = std::max(0.0, t);
    }
    t = std::round(t * 1e6) / 1e6;  // microseconds: 16.9, not 16.900000000000002
    if (t <= c->last_time) t = c->last_time + 1e-6;  // times always increase
    c->last_time = t;
    frame->time = t;
    c->frames_read += 1;
    return CVB_OK;
}
