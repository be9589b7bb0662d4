// Where the landmark network's forward() goes in the system OpenCV (4.6) dnn, by layer kind, from
// cv::dnn::Net::getPerfProfile: convolutions split into depthwise (by kernel size), 1x1 and the rest,
// with their multiply-adds and the rate reached.
// With "own" as 3rd argument the depthwise 5x5 convolutions run in the shim's layer
// (Sources/CVBridge/DepthwiseConv.cpp), as PunchCoach runs them by default. Built and run by
// tools/pose-layer-profile. Input: random values in [0, 1] (timing does not depend on them).
// Several model files: all are loaded and run in turn, one forward each a round (the order rotating),
// so that they share the machine's moments; each gets its table, and each after the first the median
// over rounds of its forward time divided by the first one's in the same round.
#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/dnn/shape_utils.hpp>
#include "DepthwiseConv.hpp"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace {
/// "Conv depthwise 5x5", "Conv 1x1", "Conv 3x3", or the layer's own type.
std::string kind(const cv::Ptr<cv::dnn::Layer> &layer) {
    if (layer->type != "Convolution" || layer->blobs.empty()) return layer->type;
    const cv::Mat &w = layer->blobs[0];  // out, in / group, kh, kw
    std::string size = std::to_string(w.size[2]) + "x" + std::to_string(w.size[3]);
    return (w.size[1] == 1 && w.size[0] > 1 ? "Conv depthwise " : "Conv ") + size;
}

struct Profile {
    std::string path;
    cv::dnn::Net net;
    std::vector<cv::String> outputs;
    std::map<std::string, double> ms_by_kind;
    std::map<std::string, int> count_by_kind;
    std::vector<double> totals;  // one a round
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}
}  // namespace

int main(int argc, char **argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: pose_layer_profile THREADS RUNS own|opencv MODEL.onnx [MODEL2.onnx …]\n");
        return 2;
    }
    const int threads = std::atoi(argv[1]), runs = std::max(1, std::atoi(argv[2]));
    const bool own = std::string(argv[3]) == "own";
    cv::setNumThreads(threads);
    std::vector<Profile> profiles;
    for (int i = 4; i < argc; ++i) {
        Profile p;
        p.path = argv[i];
        try {
            p.net = own ? cvb::read_net_with_own_depthwise(p.path) : cv::dnn::readNetFromONNX(p.path);
        } catch (const cv::Exception &e) {
            std::fprintf(stderr, "%s: OpenCV cannot read this model (%s); reproduce it with tools/convert-blazepose.sh\n", p.path.c_str(), e.err.c_str());
            return 1;
        }
        p.net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        p.net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        p.outputs = p.net.getUnconnectedOutLayersNames();
        profiles.push_back(std::move(p));
    }
    int shape[4] = {1, 3, 256, 256};
    cv::Mat blob(4, shape, CV_32F);
    cv::randu(blob, 0.f, 1.f);
    std::vector<cv::Mat> out;
    for (auto &p : profiles) {
        for (int i = 0; i < 5; ++i) { p.net.setInput(blob); p.net.forward(out, p.outputs); }
    }

    const double tick_ms = 1000.0 / cv::getTickFrequency();
    for (int r = 0; r < runs; ++r) {
        for (size_t k = 0; k < profiles.size(); ++k) {
            Profile &p = profiles[(k + size_t(r)) % profiles.size()];
            p.net.setInput(blob);
            p.net.forward(out, p.outputs);
            std::vector<double> layer_ticks;
            p.totals.push_back(p.net.getPerfProfile(layer_ticks) * tick_ms);
            for (size_t i = 0; i < layer_ticks.size(); ++i) {
                auto layer = p.net.getLayer(int(i) + 1);  // layer 0 is the input
                p.ms_by_kind[kind(layer)] += layer_ticks[i] * tick_ms / runs;
                if (r == 0 && layer_ticks[i] > 0) p.count_by_kind[kind(layer)]++;
            }
        }
    }
    for (size_t m = 0; m < profiles.size(); ++m) {
        Profile &p = profiles[m];
        // Multiply-adds of each convolution from its shapes: output elements x input channels per group x kernel area.
        std::map<std::string, double> macs_by_kind;
        const cv::dnn::MatShape input_shape = {1, 3, 256, 256};
        for (const auto &name : p.net.getLayerNames()) {
            int id = p.net.getLayerId(name);
            auto layer = p.net.getLayer(id);
            if (layer->type != "Convolution" || layer->blobs.empty()) continue;
            std::vector<cv::dnn::MatShape> in_shapes, out_shapes;
            p.net.getLayerShapes(input_shape, id, in_shapes, out_shapes);
            const cv::Mat &w = layer->blobs[0];
            macs_by_kind[kind(layer)] += double(cv::dnn::total(out_shapes[0])) * w.size[1] * w.size[2] * w.size[3];
        }
        std::printf("%s, depthwise 5x5 %s, %d thread(s): forward median %.2f ms of %d runs (sum of layers, mean by kind below)",
                    p.path.c_str(), argv[3], threads, median(p.totals), runs);
        if (m > 0) {
            std::vector<double> ratios;
            for (int r = 0; r < runs; ++r) ratios.push_back(p.totals[size_t(r)] / profiles[0].totals[size_t(r)]);
            std::printf("; against the first model in the same rounds: %.3f (median of %d ratios)", median(ratios), runs);
        }
        std::printf("\n");
        std::vector<std::pair<double, std::string>> rows;
        for (const auto &kv : p.ms_by_kind) rows.push_back({kv.second, kv.first});
        std::sort(rows.rbegin(), rows.rend());
        for (const auto &[ms, name] : rows) {
            if (ms < 0.05) continue;
            std::printf("  %-22s %3d layers %7.2f ms", name.c_str(), p.count_by_kind[name], ms);
            if (macs_by_kind.count(name)) {
                double macs = macs_by_kind[name];
                std::printf("  %7.1f M multiply-adds, %5.1f G/s", macs / 1e6, macs / 1e6 / ms);
            }
            std::printf("\n");
        }
    }
    return 0;
}
