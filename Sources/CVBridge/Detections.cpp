#include "Detections.hpp"
#include <algorithm>
#include <cmath>

namespace cvb {

namespace {
// MediaPipe pose_detection_cpu.pbtxt, TensorsToDetectionsCalculator and NonMaxSuppressionCalculator.
constexpr int input_size = 224;
constexpr int box_count = 2254;
constexpr int values_per_box = 12;
constexpr float score_clip = 100.0f;
constexpr float nms_iou = 0.3f;

float iou(const Detection &a, const Detection &b) {
    float x0 = std::max(a.xmin, b.xmin), y0 = std::max(a.ymin, b.ymin);
    float x1 = std::min(a.xmin + a.width, b.xmin + b.width), y1 = std::min(a.ymin + a.height, b.ymin + b.height);
    float inter = std::max(0.0f, x1 - x0) * std::max(0.0f, y1 - y0);
    float uni = a.width * a.height + b.width * b.height - inter;
    return uni > 0 ? inter / uni : 0;
}
}  // namespace

const std::vector<Anchor> &pose_anchors() {
    static const std::vector<Anchor> anchors = [] {
        std::vector<Anchor> out;
        const int strides[] = {8, 16, 32, 32, 32};
        const int layers = 5;
        for (int layer = 0; layer < layers;) {
            // Layers of the same stride share one feature map: 2 anchors (ratio 1 + interpolated) per layer.
            int last = layer;
            while (last < layers && strides[last] == strides[layer]) ++last;
            int per_cell = 2 * (last - layer);
            int cells = (input_size + strides[layer] - 1) / strides[layer];
            for (int y = 0; y < cells; ++y) {
                for (int x = 0; x < cells; ++x) {
                    for (int k = 0; k < per_cell; ++k) out.push_back({(x + 0.5f) / cells, (y + 0.5f) / cells});
                }
            }
            layer = last;
        }
        return out;
    }();
    return anchors;
}

std::vector<Detection> decode_detections(const float *boxes, const float *logits, float min_score) {
    const auto &anchors = pose_anchors();
    std::vector<Detection> candidates;
    for (int i = 0; i < box_count; ++i) {
        float logit = std::clamp(logits[i], -score_clip, score_clip);
        float score = 1.0f / (1.0f + std::exp(-logit));
        if (score < min_score) continue;
        const float *r = boxes + i * values_per_box;
        const Anchor &a = anchors[size_t(i)];
        // Offsets in input pixels from the anchor centre; anchors have a fixed size of 1.
        float cx = r[0] / input_size + a.x, cy = r[1] / input_size + a.y;
        float w = r[2] / input_size, h = r[3] / input_size;
        Detection d{};
        d.score = score;
        d.xmin = cx - w / 2;
        d.ymin = cy - h / 2;
        d.width = w;
        d.height = h;
        for (int k = 0; k < 4; ++k) {
            d.keypoints[k][0] = r[4 + 2 * k] / input_size + a.x;
            d.keypoints[k][1] = r[5 + 2 * k] / input_size + a.y;
        }
        candidates.push_back(d);
    }
    std::sort(candidates.begin(), candidates.end(), [](const Detection &a, const Detection &b) { return a.score > b.score; });
    // Weighted NMS: each kept detection is the score-weighted mean of the boxes it suppresses.
    std::vector<Detection> kept;
    std::vector<bool> used(candidates.size(), false);
    for (size_t i = 0; i < candidates.size(); ++i) {
        if (used[i]) continue;
        const Detection &top = candidates[i];
        Detection sum{};
        float total = 0;
        for (size_t j = i; j < candidates.size(); ++j) {
            if (used[j] || iou(top, candidates[j]) <= nms_iou) continue;
            used[j] = true;
            const Detection &c = candidates[j];
            total += c.score;
            sum.xmin += c.score * c.xmin;
            sum.ymin += c.score * c.ymin;
            sum.width += c.score * c.width;
            sum.height += c.score * c.height;
            for (int k = 0; k < 4; ++k) {
                sum.keypoints[k][0] += c.score * c.keypoints[k][0];
                sum.keypoints[k][1] += c.score * c.keypoints[k][1];
            }
        }
        Detection merged = top;
        if (total > 0) {
            merged.xmin = sum.xmin / total;
            merged.ymin = sum.ymin / total;
            merged.width = sum.width / total;
            merged.height = sum.height / total;
            for (int k = 0; k < 4; ++k) {
                merged.keypoints[k][0] = sum.keypoints[k][0] / total;
                merged.keypoints[k][1] = sum.keypoints[k][1] / total;
            }
        }
        kept.push_back(merged);
    }
    return kept;
}

}  // namespace cvb
