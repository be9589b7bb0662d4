#pragma once
#include <string>

namespace cvb {
/// Clockwise degrees (0/90/180/270) that turn the stored frames of an MP4/MOV file upright; 0 otherwise.
int video_rotation(const std::string &path);
}  // namespace cvb
