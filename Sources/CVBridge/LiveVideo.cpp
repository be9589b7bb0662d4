// The camera stand-in: a video file delivered on the wall clock, frames missed by a slow reader dropped.
#include "LiveVideo.hpp"
#include "Errors.hpp"
#include <chrono>
#include <cmath>
#include <pthread.h>
#include <time.h>

namespace cvb {

double monotonic_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

LiveVideo::LiveVideo(cvb_capture *file, double opened) : file(file), opened(opened) {
    thread = std::thread([this] { play(); });
}

LiveVideo::~LiveVideo() {
    {
        std::lock_guard<std::mutex> guard(lock);
        stopping = true;
    }
    changed.notify_all();
    thread.join();
    cvb_capture_free(file);
}

void LiveVideo::play() {
    pthread_setname_np(pthread_self(), "pc-camera");
    {
        std::unique_lock<std::mutex> guard(lock);
        changed.wait(guard, [this] { return started || stopping; });
        if (stopping) return;
    }
    const double start = monotonic_seconds();
    double first_time = 0, previous_due = -1;
    bool first = true;
    while (true) {
        // Decode ahead, then wait for the frame's instant: decoding is not part of a camera's timing.
        cvb_frame frame;
        int status = cvb_capture_read(file, &frame);
        if (status != CVB_OK) {
            std::lock_guard<std::mutex> guard(lock);
            ended = true;
            end_status = status;
            end_message = cvb_last_error();
            changed.notify_all();
            return;
        }
        if (first) first_time = frame.time;
        first = false;
        const double due = start + (frame.time - first_time);
        std::unique_lock<std::mutex> guard(lock);
        auto instant = std::chrono::steady_clock::time_point(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
            std::chrono::duration<double>(due)));
        if (changed.wait_until(guard, instant, [this] { return stopping; })) return;
        // Behind by more than a frame: the decoder, not the reader, could not keep up (a loaded machine).
        if (previous_due >= 0 && monotonic_seconds() - due > due - previous_due) late += 1;
        previous_due = due;
        frame.time = std::round((due - opened) * 1e6) / 1e6;  // the capture instant, as a camera stamps it
        if (buffers.size() == camera_buffers) {
            buffers.pop_front();
            dropped += 1;
        }
        buffers.push_back(std::move(frame));
        delivered += 1;
        changed.notify_all();
    }
}

int LiveVideo::take(cvb_frame *frame) {
    std::unique_lock<std::mutex> guard(lock);
    if (!started) {
        started = true;
        changed.notify_all();
    }
    changed.wait(guard, [this] { return !buffers.empty() || ended; });
    if (!buffers.empty()) {
        *frame = std::move(buffers.front());
        buffers.pop_front();
        taken += 1;
        return CVB_OK;
    }
    if (end_status == CVB_E_END) return CVB_E_END;
    return cvb::fail(end_status, end_message);
}

void LiveVideo::stats(cvb_capture_stats *out) {
    std::lock_guard<std::mutex> guard(lock);
    out->delivered = delivered;
    out->taken = taken;
    out->dropped = dropped;
    out->late = late;
}

}  // namespace cvb
