// BlazePose as MediaPipe runs it (pose_landmark_cpu): detect a person, crop a rotated square around
// them, read 39 landmarks, follow them with the next crop from landmarks 33/34, detect again when
// the pose is lost. Both networks are ONNX files converted by tools/convert_blazepose.py.
#include "CVBridge.h"
#include "DepthwiseConv.hpp"
#include "Detections.hpp"
#include "Errors.hpp"
#include "Frame.hpp"
#include "OneEuro.hpp"
#include "PersonTracker.hpp"
#include "Roi.hpp"
#include "Heatmap.hpp"
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>
#include <array>
#include <chrono>
#include <cmath>
#include <fstream>

namespace {
constexpr int detector_size = 224;
constexpr int landmark_size = 256;
constexpr int landmark_count = 39;     // 33 body joints + 2 for the next crop + 4 unused
constexpr int hip_centre = 33, scale_point = 34;

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }
double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

/// MediaPipe's pose_landmark_filtering.pbtxt: one-euro filters for landmarks (scaled by the person's
/// size), world landmarks (metres), and the two points that place the next crop.
struct Smoothing {
    std::array<cvb::OneEuroFilter, CVB_POSE_JOINTS * 3> image, world;
    std::array<cvb::OneEuroFilter, 4> crop;
    Smoothing() {
        image.fill(cvb::OneEuroFilter(0.05f, 80.0f, 1.0f));
        world.fill(cvb::OneEuroFilter(0.1f, 40.0f, 1.0f));
        crop.fill(cvb::OneEuroFilter(0.01f, 10.0f, 1.0f));
    }
};

struct Landmarks {
    float presence = 0;
    float points[landmark_count][5];   // image pixels
    float world[landmark_count][3];
};
}  // namespace

struct cvb_pose {
    cv::dnn::Net detector, landmarks;
    bool has_heatmap = false;  // a landmark model that kept its heatmap output (Identity_3)
    cvb_pose_options options{};
    std::vector<cv::String> detector_outputs{"Identity", "Identity_1"};
    std::vector<cv::String> landmark_outputs{"Identity", "Identity_1", "Identity_4"};
    cv::Mat detector_crop, landmark_crop, detector_blob, landmark_blob;
    std::vector<cv::Mat> outputs;
    bool tracking = false;
    cvb::Roi roi;
    cvb::PersonTracker tracker;
    Smoothing smoothing;
    double detect_ms = 0, landmarks_ms = 0, warp_ms = 0, network_ms = 0, outputs_ms = 0;
};

namespace {

/// People in the frame, in image pixels, best first.
std::vector<cvb::Detection> detect(cvb_pose *p, const cv::Mat &bgr, float min_score) {
    auto t0 = std::chrono::steady_clock::now();
    // Letterbox: the frame's longer side fills 224 px, centred, black bars (MediaPipe: BORDER_ZERO).
    float side = float(std::max(bgr.cols, bgr.rows));
    float scale = detector_size / side;
    float x0 = (bgr.cols - side) / 2, y0 = (bgr.rows - side) / 2;
    cv::Mat m = (cv::Mat_<double>(2, 3) << scale, 0, -x0 * scale, 0, scale, -y0 * scale);
    cv::warpAffine(bgr, p->detector_crop, m, cv::Size(detector_size, detector_size), cv::INTER_LINEAR, cv::BORDER_CONSTANT);
    cv::dnn::blobFromImage(p->detector_crop, p->detector_blob, 1.0 / 127.5, cv::Size(), cv::Scalar(127.5, 127.5, 127.5), true, false);
    p->detector.setInput(p->detector_blob);
    p->detector.forward(p->outputs, p->detector_outputs);
    auto found = cvb::decode_detections(p->outputs[0].ptr<float>(), p->outputs[1].ptr<float>(), min_score);
    for (auto &d : found) {
        d.xmin = d.xmin * side + x0;
        d.ymin = d.ymin * side + y0;
        d.width *= side;
        d.height *= side;
        for (auto &k : d.keypoints) {
            k[0] = k[0] * side + x0;
            k[1] = k[1] * side + y0;
        }
    }
    p->detect_ms += ms_since(t0);
    return found;
}

Landmarks read_landmarks(cvb_pose *p, const cv::Mat &bgr, const cvb::Roi &roi) {
    auto t0 = std::chrono::steady_clock::now();
    // One warp from the full frame straight to the 256 x 256 crop (MediaPipe: BORDER_REPLICATE, RGB 0…1).
    cv::warpAffine(bgr, p->landmark_crop, cvb::image_to_crop(roi, landmark_size), cv::Size(landmark_size, landmark_size),
                   cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    cv::dnn::blobFromImage(p->landmark_crop, p->landmark_blob, 1.0 / 255.0, cv::Size(), cv::Scalar(), true, false);
    auto t1 = std::chrono::steady_clock::now();
    p->landmarks.setInput(p->landmark_blob);
    p->landmarks.forward(p->outputs, p->landmark_outputs);
    auto t2 = std::chrono::steady_clock::now();
    float *raw = p->outputs[0].ptr<float>();
    if (p->has_heatmap && p->options.refine_from_heatmap) cvb::refine_from_heatmap(raw, landmark_count, p->outputs[3], landmark_size);
    const float *world = p->outputs[2].ptr<float>();
    Landmarks out;
    out.presence = p->outputs[1].ptr<float>()[0];  // already a probability
    float c = std::cos(roi.rotation), s = std::sin(roi.rotation);
    for (int i = 0; i < landmark_count; ++i) {
        const float *r = raw + 5 * i;
        cv::Point2f q = cvb::crop_to_image(roi, landmark_size, r[0], r[1]);
        out.points[i][0] = q.x;
        out.points[i][1] = q.y;
        out.points[i][2] = r[2] / landmark_size * roi.side;  // z in the same pixel scale as x
        out.points[i][3] = sigmoid(r[3]);
        out.points[i][4] = sigmoid(r[4]);
        // World landmarks are in the crop's orientation: turn them back by the crop's rotation.
        const float *w = world + 3 * i;
        out.world[i][0] = c * w[0] - s * w[1];
        out.world[i][1] = s * w[0] + c * w[1];
        out.world[i][2] = w[2];
    }
    p->warp_ms += std::chrono::duration<double, std::milli>(t1 - t0).count();
    p->network_ms += std::chrono::duration<double, std::milli>(t2 - t1).count();
    p->outputs_ms += ms_since(t2);
    p->landmarks_ms += ms_since(t0);
    return out;
}

cv::Point2f point(const Landmarks &l, int i) { return {l.points[i][0], l.points[i][1]}; }

/// Where the person is, for following them: the middle of the hips (before smoothing).
cv::Point2f body_centre(const Landmarks &l) { return (point(l, 23) + point(l, 24)) * 0.5f; }
float body_scale(const Landmarks &l) { return float(cv::norm(point(l, scale_point) - point(l, hip_centre))); }

void smooth(cvb_pose *p, Landmarks &l, double t) {
    // Value scale: the person's size in pixels (mean of the landmarks' box width and height).
    float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
    for (int i = 0; i < CVB_POSE_JOINTS; ++i) {
        x0 = std::min(x0, l.points[i][0]);
        x1 = std::max(x1, l.points[i][0]);
        y0 = std::min(y0, l.points[i][1]);
        y1 = std::max(y1, l.points[i][1]);
    }
    float scale = std::max(1.0f, ((x1 - x0) + (y1 - y0)) / 2);
    for (int i = 0; i < CVB_POSE_JOINTS; ++i) {
        for (int k = 0; k < 3; ++k) {
            l.points[i][k] = p->smoothing.image[size_t(i * 3 + k)].filter(l.points[i][k], t, scale);
            l.world[i][k] = p->smoothing.world[size_t(i * 3 + k)].filter(l.world[i][k], t);
        }
    }
    for (int k = 0; k < 2; ++k) {
        l.points[hip_centre][k] = p->smoothing.crop[size_t(k)].filter(l.points[hip_centre][k], t, scale);
        l.points[scale_point][k] = p->smoothing.crop[size_t(2 + k)].filter(l.points[scale_point][k], t, scale);
    }
}

void reset_smoothing(cvb_pose *p) { p->smoothing = Smoothing(); }

/// The landmark crop a detection leads to (MediaPipe's pose_detection_to_roi).
cvb::Roi roi_of(const cvb::Detection &d) { return cvb::roi_from_points(cvb::hip_centre_of(d), cvb::scale_point_of(d)); }

/// The milliseconds the networks took on this frame.
void report_times(const cvb_pose *p, cvb_pose_result *result) {
    result->detect_ms = p->detect_ms;
    result->landmarks_ms = p->landmarks_ms;
    result->warp_ms = p->warp_ms;
    result->network_ms = p->network_ms;
    result->outputs_ms = p->outputs_ms;
}

/// A crop as the C API gives it: centre x, centre y, side, rotation.
void copy_roi(const cvb::Roi &roi, float out[4]) {
    out[0] = roi.cx;
    out[1] = roi.cy;
    out[2] = roi.side;
    out[3] = roi.rotation;
}

}  // namespace

void cvb_pose_default_options(cvb_pose_options *o) {
    o->smoothing = 1;
    o->min_detection_score = 0.5f;
    o->min_presence = 0.5f;
    o->refine_from_heatmap = 1;
    o->own_depthwise = 1;
}

int cvb_pose_detect(cvb_pose *p, const cvb_frame *frame, cvb_person_detection *out, int capacity, int *count) {
    cvb::clear_error();
    *count = 0;
    if (frame->bgr.empty()) return cvb::fail(CVB_E_ARGUMENT, "the frame is empty");
    try {
        auto people = detect(p, frame->bgr, p->options.min_detection_score);
        for (const auto &d : people) {
            if (*count >= capacity) break;
            cvb_person_detection &o = out[(*count)++];
            o.score = d.score;
            o.xmin = d.xmin;
            o.ymin = d.ymin;
            o.width = d.width;
            o.height = d.height;
            for (int k = 0; k < 4; ++k) {
                o.keypoints[k][0] = d.keypoints[k][0];
                o.keypoints[k][1] = d.keypoints[k][1];
            }
            copy_roi(roi_of(d), o.roi);
        }
    } catch (const cv::Exception &e) {
        return cvb::fail(CVB_E_MODEL, std::string("the pose detector failed: ") + e.err);
    }
    return CVB_OK;
}

int cvb_pose_open(const char *detector_onnx, const char *landmark_onnx, const cvb_pose_options *options, cvb_pose **out) {
    cvb::clear_error();
    *out = nullptr;
    for (const char *path : {detector_onnx, landmark_onnx}) {
        if (!std::ifstream(path, std::ios::binary).good()) {
            return cvb::fail(CVB_E_IO, std::string(path) + ": pose model not found; run tools/convert-blazepose.sh or set PUNCHCOACH_POSE_DIR");
        }
    }
    auto *p = new cvb_pose;
    if (options) p->options = *options; else cvb_pose_default_options(&p->options);
    const char *current = detector_onnx;
    try {
        p->detector = cv::dnn::readNetFromONNX(detector_onnx);
        current = landmark_onnx;
        p->landmarks = p->options.own_depthwise ? cvb::read_net_with_own_depthwise(landmark_onnx) : cv::dnn::readNetFromONNX(landmark_onnx);
        for (const auto &name : p->landmarks.getUnconnectedOutLayersNames()) {
            if (name == "Identity_3") p->has_heatmap = true;
        }
        if (p->has_heatmap) p->landmark_outputs = {"Identity", "Identity_1", "Identity_4", "Identity_3"};
        for (auto *net : {&p->detector, &p->landmarks}) {
            net->setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
            net->setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        }
    } catch (const cv::Exception &e) {
        delete p;
        return cvb::fail(CVB_E_MODEL, std::string(current) + ": OpenCV cannot load this pose model (" + e.err +
                                          "); reproduce it with tools/convert-blazepose.sh");
    }
    *out = p;
    return CVB_OK;
}

void cvb_pose_free(cvb_pose *pose) { delete pose; }

void cvb_pose_reset(cvb_pose *p) {
    p->tracking = false;
    p->tracker.reset();
    reset_smoothing(p);
}

void cvb_set_threads(int n) { cv::setNumThreads(n > 0 ? n : -1); }

/// One frame of cvb_pose_process, without its total time.
static int process_frame(cvb_pose *p, const cvb_frame *frame, cvb_pose_result *result) {
    cvb::clear_error();
    *result = cvb_pose_result{};
    const cv::Mat &bgr = frame->bgr;
    if (bgr.empty()) return cvb::fail(CVB_E_ARGUMENT, "the frame is empty");
    double t = frame->time;
    p->detect_ms = p->landmarks_ms = p->warp_ms = p->network_ms = p->outputs_ms = 0;
    try {
        Landmarks l;
        bool have = false, new_person = false;
        // 1. Follow the person of the last frame through the crop its landmarks placed.
        if (p->tracking) {
            l = read_landmarks(p, bgr, p->roi);
            have = l.presence >= p->options.min_presence && !p->tracker.is_jump(body_centre(l), t);
            if (have && p->tracker.check_due(t)) {
                // A lower bar than for a new person: this only asks whether anyone is still there.
                auto people = detect(p, bgr, p->options.min_detection_score / 2);
                result->detected = 1;
                result->detections = int(people.size());
                if (!p->tracker.confirm(people, t)) {
                    // Nobody there any more (the model was holding on to a pole or a shadow).
                    p->tracking = false;
                    p->tracker.forget();
                    report_times(p, result);
                    return CVB_OK;
                }
            }
        }
        // 2. Otherwise find them (or, after a long absence, a new boxer) with the detector.
        if (!have) {
            p->tracking = false;
            auto people = detect(p, bgr, p->options.min_detection_score);
            result->detected = 1;
            result->detections = int(people.size());
            int chosen = p->tracker.choose(people, t, bgr.cols, bgr.rows);
            if (chosen >= 0) {
                l = read_landmarks(p, bgr, roi_of(people[size_t(chosen)]));
                new_person = !p->tracker.recently_seen(t);
                // Found again: only where the person could have moved to (an overlapping neighbour's
                // detection otherwise pulls the landmarks onto them).
                have = l.presence >= p->options.min_presence && (new_person || !p->tracker.is_jump(body_centre(l), t));
                if (have && new_person) reset_smoothing(p);
            }
        }
        report_times(p, result);
        if (!have) return CVB_OK;
        p->tracker.seen(body_centre(l), body_scale(l), t, new_person);
        if (p->options.smoothing) smooth(p, l, t);
        // 3. The crop of the next frame, from landmarks 33 (hip centre) and 34 (scale point).
        p->roi = cvb::roi_from_points(point(l, hip_centre), point(l, scale_point));
        p->tracking = true;
        result->found = 1;
        result->track_id = p->tracker.track_id();
        result->presence = l.presence;
        for (int i = 0; i < CVB_POSE_JOINTS; ++i) {
            for (int k = 0; k < 5; ++k) result->landmarks[i][k] = l.points[i][k];
            for (int k = 0; k < 3; ++k) result->world[i][k] = l.world[i][k];
        }
        copy_roi(p->roi, result->roi);
    } catch (const cv::Exception &e) {
        p->tracking = false;
        return cvb::fail(CVB_E_MODEL, std::string("the pose model failed on a ") + std::to_string(bgr.cols) + "x" +
                                          std::to_string(bgr.rows) + " frame: " + e.err);
    }
    return CVB_OK;
}

int cvb_pose_process(cvb_pose *p, const cvb_frame *frame, cvb_pose_result *result) {
    auto t0 = std::chrono::steady_clock::now();
    int status = process_frame(p, frame, result);
    result->total_ms = ms_since(t0);
    return status;
}
