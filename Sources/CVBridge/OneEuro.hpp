// The one-euro filter (Casiez, Roussel, Vogel 2012) as MediaPipe smooths pose landmarks over time.
#pragma once
#include <cmath>

namespace cvb {

class OneEuroFilter {
public:
    OneEuroFilter(float min_cutoff = 1, float beta = 0, float derivative_cutoff = 1)
        : min_cutoff_(min_cutoff), beta_(beta), derivative_cutoff_(derivative_cutoff) {}

    /// The smoothed value at time `t` (seconds). The speed that opens the filter is measured in
    /// `scale` units (MediaPipe's value scaling by the person's size: the same cutoffs serve near and
    /// far people); the value itself is filtered as it is.
    float filter(float value, double t, float scale = 1) {
        if (!initialised_ || t <= last_time_) {
            initialised_ = true;
            last_time_ = t;
            x_ = raw_ = value;
            dx_ = 0;
            return value;
        }
        float dt = float(t - last_time_);
        last_time_ = t;
        float derivative = (value - raw_) / scale / dt;
        raw_ = value;
        dx_ += alpha(derivative_cutoff_, dt) * (derivative - dx_);
        float cutoff = min_cutoff_ + beta_ * std::fabs(dx_);
        x_ += alpha(cutoff, dt) * (value - x_);
        return x_;
    }

    void reset() { initialised_ = false; }

private:
    static float alpha(float cutoff, float dt) {
        float tau = 1.0f / (2 * float(M_PI) * cutoff);
        return 1.0f / (1.0f + tau / dt);
    }
    float min_cutoff_, beta_, derivative_cutoff_;
    bool initialised_ = false;
    double last_time_ = 0;
    float x_ = 0, raw_ = 0, dx_ = 0;
};

}  // namespace cvb
