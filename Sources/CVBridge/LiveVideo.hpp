// A video file played as a camera plays: the camera stand-in behind cvb_capture_open_live_video.
#pragma once
#include "CVBridge.h"
#include "Frame.hpp"
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

namespace cvb {

/// Frames a camera keeps for a reader that is late (V4L2 driver buffers, CAP_PROP_BUFFERSIZE). The
/// camera and its stand-in share the number: a reader slower than the frame rate misses frames
/// instead of queueing them, and what it reads is at most this many frames old.
constexpr size_t camera_buffers = 2;

/// CLOCK_MONOTONIC seconds: the clock of camera frame times (and of Swift's SessionClock.monotonic()).
double monotonic_seconds();

/// Plays a video file on the wall clock as a camera delivers its frames: a thread (`pc-camera`) decodes
/// the file through its own capture and, at each frame's instant on the file's timeline, puts the frame
/// into `camera_buffers` buffers, the oldest frame dropped when the reader has not taken it. The stream
/// starts on the first `take`, as V4L2 starts streaming on the first grab. Frames are timed like a
/// camera's: seconds on the monotonic clock since the capture opened (`opened`), at their capture instant.
class LiveVideo {
public:
    /// Takes over `file` (an opened video capture, freed here); `opened` is the capture's clock origin.
    LiveVideo(cvb_capture *file, double opened);
    ~LiveVideo();
    LiveVideo(const LiveVideo &) = delete;
    LiveVideo &operator=(const LiveVideo &) = delete;

    /// Waits for the next captured frame: CVB_OK, CVB_E_END after the last one, or the file's error
    /// (with cvb_last_error() set on the calling thread).
    int take(cvb_frame *frame);
    void stats(cvb_capture_stats *out);

private:
    void play();

    cvb_capture *file;
    double opened;
    std::mutex lock;
    std::condition_variable changed;
    std::deque<cvb_frame> buffers;
    bool started = false, stopping = false, ended = false;
    int end_status = 0;
    std::string end_message;
    int64_t delivered = 0, taken = 0, dropped = 0, late = 0;
    std::thread thread;
};

}  // namespace cvb
