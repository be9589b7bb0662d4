// Which person to follow when several are in view, and when a followed person is lost.
#pragma once
#include "Detections.hpp"
#include <opencv2/core.hpp>
#include <vector>

namespace cvb {

/// Follows one person: the boxer is the largest, most central person when nobody is followed yet;
/// once followed, only that person is taken again (near where they were last seen) until they have
/// been out of sight for `reacquire_seconds`, so the track never jumps to a passer-by.
class PersonTracker {
public:
    static constexpr double reacquire_seconds = 1.0;
    static constexpr double check_seconds = 1.0;

    /// The detection to follow (index into `detections`), or -1. Detections are in image pixels.
    int choose(const std::vector<Detection> &detections, double time, int width, int height) const;

    /// True when a tracked frame's new body centre moved implausibly far from the last one (the
    /// landmark model slid onto someone else): treat the track as lost.
    bool is_jump(cv::Point2f centre, double time) const;

    /// True when a check of the followed person by the detector is due (once a second of stream time):
    /// the landmark model alone can stay on a lamp post the person walked past.
    bool check_due(double time) const { return seen_once_ && time - last_check_ >= check_seconds; }

    /// The result of a check: false when the detector has not seen the followed person in two checks
    /// in a row, and the track must be dropped.
    bool confirm(const std::vector<Detection> &detections, double time);

    /// Records the followed person's body centre and size (pixels) at `time`; a new person gets a new id.
    void seen(cv::Point2f centre, float size, double time, bool new_person);
    void reset() { *this = PersonTracker(); }
    /// Drops the followed person: whoever the detector finds next is a new track.
    void forget() { last_time_ = -1e18; }

    int track_id() const { return track_id_; }
    bool recently_seen(double time) const { return seen_once_ && time - last_time_ <= reacquire_seconds; }

private:
    bool seen_once_ = false;
    int track_id_ = 0;
    cv::Point2f last_centre_;
    float last_size_ = 0;
    double last_time_ = 0;
    double last_check_ = 0;
    int failed_checks_ = 0;

    bool matches(const Detection &d) const;
};

}  // namespace cvb
