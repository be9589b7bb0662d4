#include "CVBridge.h"
#include "Errors.hpp"

namespace {
thread_local std::string last_error;
}

namespace cvb {
int fail(int code, const std::string &message) {
    last_error = message;
    return code;
}
void clear_error() { last_error.clear(); }
}  // namespace cvb

const char *cvb_last_error(void) { return last_error.c_str(); }
