// Depthwise 5x5 convolutions for OpenCV 4.6's dnn. OpenCV's convolution layer has a dedicated depthwise
// path for 3x3 kernels only; the 9 depthwise 5x5 layers of BlazePose's landmark model went through its
// general im2row + GEMM path at 1.5-1.7 G multiply-adds a second, 40 % of the network's time
// (docs/pose-speed.md). This layer computes them directly, one output row at a time.
#include "DepthwiseConv.hpp"
#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/dnn/all_layers.hpp>
#include <opencv2/dnn/layer.details.hpp>
#include <opencv2/dnn/shape_utils.hpp>
#include <algorithm>
#include <mutex>

namespace {
constexpr int K = 5;

/// The value of `key` at `index` (a DictValue holding 1, 2 or 4 numbers), or `fallback`.
int param(const cv::dnn::LayerParams &p, const char *key, int index, int fallback) {
    if (!p.has(key)) return fallback;
    const cv::dnn::DictValue &v = p.get(key);
    return v.size() > index ? v.get<int>(index) : v.get<int>(0);
}

/// One channel: out (Ho x Wo) = bias + the 5x5 kernel over in (H x W) with zero padding, through
/// `padded` (Hp x Wp floats, the channel copied in with its zero border), so that the inner loop has
/// no branch and the compiler vectorises it across the row.
__attribute__((target_clones("avx2", "default")))
void plane(const float *in, int H, int W, const float *k, float bias, int stride, int pad_t, int pad_l, float *out,
           int Ho, int Wo, float *padded, int Hp, int Wp) {
    std::fill(padded, padded + size_t(Hp) * Wp, 0.0f);
    for (int y = 0; y < H; ++y) std::copy(in + size_t(y) * W, in + size_t(y + 1) * W, padded + size_t(y + pad_t) * Wp + pad_l);
    for (int y = 0; y < Ho; ++y) {
        const float *__restrict r0 = padded + size_t(y * stride) * Wp, *__restrict r1 = r0 + Wp, *__restrict r2 = r1 + Wp,
                                *__restrict r3 = r2 + Wp, *__restrict r4 = r3 + Wp;
        float *__restrict o = out + size_t(y) * Wo;
        if (stride == 1) {
            for (int x = 0; x < Wo; ++x) {
                float s = bias;
                for (int kx = 0; kx < K; ++kx) {
                    s += k[kx] * r0[x + kx] + k[5 + kx] * r1[x + kx] + k[10 + kx] * r2[x + kx] + k[15 + kx] * r3[x + kx] +
                         k[20 + kx] * r4[x + kx];
                }
                o[x] = s;
            }
        } else {
            for (int x = 0; x < Wo; ++x) {
                float s = bias;
                const int ix = x * stride;
                for (int kx = 0; kx < K; ++kx) {
                    s += k[kx] * r0[ix + kx] + k[5 + kx] * r1[ix + kx] + k[10 + kx] * r2[ix + kx] + k[15 + kx] * r3[ix + kx] +
                         k[20 + kx] * r4[ix + kx];
                }
                o[x] = s;
            }
        }
    }
}

class Depthwise5x5 : public cv::dnn::Layer {
public:
    explicit Depthwise5x5(const cv::dnn::LayerParams &p) : Layer(p) {
        stride = param(p, "stride", 0, 1);
        pad_t = param(p, "pad", 0, 0);
        pad_l = param(p, "pad", 1, pad_t);
        pad_b = param(p, "pad", 2, pad_t);
        pad_r = param(p, "pad", 3, pad_l);
        const cv::Mat &w = blobs[0];
        channels = w.size[0];
        weights = w.reshape(1, channels).clone();
        bias = blobs.size() > 1 ? blobs[1].reshape(1, 1).clone() : cv::Mat::zeros(1, channels, CV_32F);
    }

    bool getMemoryShapes(const std::vector<cv::dnn::MatShape> &inputs, int, std::vector<cv::dnn::MatShape> &outputs,
                         std::vector<cv::dnn::MatShape> &) const override {
        const cv::dnn::MatShape &s = inputs[0];
        outputs.assign(1, cv::dnn::MatShape{s[0], channels, (s[2] + pad_t + pad_b - K) / stride + 1, (s[3] + pad_l + pad_r - K) / stride + 1});
        return false;
    }

    void forward(cv::InputArrayOfArrays inputs_arr, cv::OutputArrayOfArrays outputs_arr, cv::OutputArrayOfArrays) override {
        std::vector<cv::Mat> inputs, outputs;
        inputs_arr.getMatVector(inputs);
        outputs_arr.getMatVector(outputs);
        const cv::Mat &in = inputs[0];
        cv::Mat &out = outputs[0];
        const int N = in.size[0], H = in.size[2], W = in.size[3], Ho = out.size[2], Wo = out.size[3];
        const float *src = in.ptr<float>();
        float *dst = out.ptr<float>();
        const int Hp = std::max(H + pad_t + pad_b, (Ho - 1) * stride + K), Wp = std::max(W + pad_l + pad_r, (Wo - 1) * stride + K);
        cv::parallel_for_(cv::Range(0, N * channels), [&](const cv::Range &r) {
            std::vector<float> padded(size_t(Hp) * Wp);
            for (int i = r.start; i < r.end; ++i) {
                int c = i % channels;
                plane(src + size_t(i) * H * W, H, W, weights.ptr<float>(c), bias.at<float>(c), stride, pad_t, pad_l,
                      dst + size_t(i) * Ho * Wo, Ho, Wo, padded.data(), Hp, Wp);
            }
        });
    }

private:
    int channels = 0, stride = 1, pad_t = 0, pad_l = 0, pad_b = 0, pad_r = 0;
    cv::Mat weights, bias;
};

/// Ours for a depthwise 5x5 convolution (one group a channel, no dilation, same stride both ways),
/// OpenCV's own for every other convolution.
cv::Ptr<cv::dnn::Layer> make_convolution(cv::dnn::LayerParams &p) {
    bool ours = !p.blobs.empty() && p.blobs[0].dims == 4;
    if (ours) {
        const cv::Mat &w = p.blobs[0];
        int group = p.get<int>("group", 1);
        ours = w.size[1] == 1 && w.size[2] == K && w.size[3] == K && group == w.size[0] &&
               param(p, "dilation", 0, 1) == 1 && param(p, "dilation", 1, 1) == 1 &&
               param(p, "stride", 0, 1) == param(p, "stride", 1, 1) && !p.has("pad_mode");
    }
    if (ours) return cv::Ptr<cv::dnn::Layer>(new Depthwise5x5(p));
    return cv::dnn::ConvolutionLayer::create(p);
}

std::mutex factory_mutex;
}  // namespace

cv::dnn::Net cvb::read_net_with_own_depthwise(const std::string &onnx) {
    std::lock_guard<std::mutex> lock(factory_mutex);
    cv::dnn::LayerFactory::registerLayer("Convolution", make_convolution);
    try {
        cv::dnn::Net net = cv::dnn::readNetFromONNX(onnx);
        // Layers are made on first use: make them now, while our constructor is the one registered.
        for (const auto &name : net.getLayerNames()) net.getLayer(net.getLayerId(name));
        cv::dnn::LayerFactory::unregisterLayer("Convolution");
        return net;
    } catch (...) {
        cv::dnn::LayerFactory::unregisterLayer("Convolution");
        throw;
    }
}
