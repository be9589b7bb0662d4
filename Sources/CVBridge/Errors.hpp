// Error reporting shared by the shim's translation units.
#pragma once
#include <string>

namespace cvb {
/// Records the message returned by cvb_last_error() on this thread and returns `code`.
int fail(int code, const std::string &message);
void clear_error();
}  // namespace cvb
