#pragma once
#include <opencv2/dnn.hpp>
#include <string>

namespace cvb {
/// readNetFromONNX, with the depthwise 5x5 convolutions computed by our own layer (DepthwiseConv.cpp)
/// instead of OpenCV 4.6's general convolution.
cv::dnn::Net read_net_with_own_depthwise(const std::string &onnx);
}
