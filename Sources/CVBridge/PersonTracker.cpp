#include "PersonTracker.hpp"
#include <algorithm>
#include <cmath>

namespace cvb {

int PersonTracker::choose(const std::vector<Detection> &detections, double time, int width, int height) const {
    int best = -1;
    float best_value = 0;
    cv::Point2f image_centre(width / 2.0f, height / 2.0f);
    float half_diagonal = std::hypot(width / 2.0f, height / 2.0f);
    for (size_t i = 0; i < detections.size(); ++i) {
        const Detection &d = detections[i];
        cv::Point2f hip = hip_centre_of(d);
        float value;
        if (recently_seen(time)) {
            // The same person again: near the last place, of a similar size.
            if (!matches(d)) continue;
            value = 1.0f / (1.0f + float(cv::norm(hip - last_centre_)));
        } else {
            // A new boxer: the largest and most central person (a boxer faces the camera, close to it).
            float centrality = 1.0f - std::min(1.0f, float(cv::norm(hip - image_centre)) / half_diagonal);
            value = size_of(d) * (0.5f + 0.5f * centrality) * d.score;
        }
        if (best < 0 || value > best_value) {
            best = int(i);
            best_value = value;
        }
    }
    return best;
}

bool PersonTracker::matches(const Detection &d) const {
    float ratio = size_of(d) / std::max(last_size_, 1.0f);
    return float(cv::norm(hip_centre_of(d) - last_centre_)) <= 0.5f * last_size_ && ratio >= 0.5f && ratio <= 2.0f;
}

bool PersonTracker::confirm(const std::vector<Detection> &detections, double time) {
    last_check_ = time;
    bool seen = std::any_of(detections.begin(), detections.end(), [&](const Detection &d) { return matches(d); });
    failed_checks_ = seen ? 0 : failed_checks_ + 1;
    return failed_checks_ < 2;
}

bool PersonTracker::is_jump(cv::Point2f centre, double time) const {
    if (!seen_once_) return false;
    // Hips move at most a few m/s: at 30 fps well under a quarter of the hip-to-head scale a frame
    // (a torso is about 0.7 of it); allow more over longer gaps. Overlapping people make the model
    // slide from one to the other in one big step.
    double dt = std::max(0.0, time - last_time_);
    float allowed = last_size_ * float(std::min(1.5, 0.15 + 3.0 * dt));
    return float(cv::norm(centre - last_centre_)) > allowed;
}

void PersonTracker::seen(cv::Point2f centre, float size, double time, bool new_person) {
    if (new_person || !seen_once_) {
        track_id_ += 1;
        last_check_ = time;
        failed_checks_ = 0;
    }
    seen_once_ = true;
    last_centre_ = centre;
    last_size_ = size;
    last_time_ = time;
}

}  // namespace cvb
