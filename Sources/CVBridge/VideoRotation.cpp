// The display rotation of an MP4/MOV file, read from the first video track's header (tkhd) matrix.
// Phones store landscape frames and a "rotate 90°" matrix; on Debian 12 (OpenCV 4.6, FFmpeg 5.1)
// OpenCV's own auto-orientation has turned such files upside down, so the shim reads the matrix
// itself (ISO/IEC 14496-12 §8.3.2) and turns the frames upright.
#include "CVBridge.h"
#include "Errors.hpp"
#include "VideoRotation.hpp"
#include <cmath>
#include <cstring>
#include <fstream>

namespace {

struct Box {
    uint64_t start;     // offset of the box header
    uint64_t body;      // offset of the payload
    uint64_t end;       // offset after the box
    char type[5];
};

uint32_t be32(const unsigned char *p) { return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | p[3]; }
uint64_t be64(const unsigned char *p) { return (uint64_t(be32(p)) << 32) | be32(p + 4); }

/// Reads `n` bytes at offset `at` (after an earlier read may have hit the end of the file).
bool read_at(std::ifstream &f, uint64_t at, unsigned char *out, size_t n) {
    f.clear();
    f.seekg(std::streamoff(at));
    return bool(f.read(reinterpret_cast<char *>(out), std::streamsize(n)));
}

bool read_box(std::ifstream &f, uint64_t at, uint64_t limit, Box &box) {
    if (at + 8 > limit) return false;
    unsigned char h[16];
    if (!read_at(f, at, h, 8)) return false;
    uint64_t size = be32(h);
    std::memcpy(box.type, h + 4, 4);
    box.type[4] = 0;
    uint64_t header = 8;
    if (size == 1) {
        if (!f.read(reinterpret_cast<char *>(h + 8), 8)) return false;
        size = be64(h + 8);
        header = 16;
    } else if (size == 0) {
        size = limit - at;  // to the end of the enclosing box / file
    }
    if (size < header || at + size > limit) return false;
    box.start = at;
    box.body = at + header;
    box.end = at + size;
    return true;
}

/// The first child of type `type` inside [from, to).
bool find_child(std::ifstream &f, uint64_t from, uint64_t to, const char *type, Box &out) {
    Box b;
    for (uint64_t at = from; read_box(f, at, to, b); at = b.end) {
        if (std::strcmp(b.type, type) == 0) {
            out = b;
            return true;
        }
    }
    return false;
}

bool is_video_track(std::ifstream &f, const Box &trak) {
    Box mdia, hdlr;
    if (!find_child(f, trak.body, trak.end, "mdia", mdia) || !find_child(f, mdia.body, mdia.end, "hdlr", hdlr)) return false;
    unsigned char h[12];  // version/flags, pre_defined, handler_type
    return read_at(f, hdlr.body, h, 12) && std::memcmp(h + 8, "vide", 4) == 0;
}

/// Clockwise degrees from a tkhd box, or -1 when it cannot be read.
int rotation_of_tkhd(std::ifstream &f, const Box &tkhd) {
    unsigned char v[1];
    if (!read_at(f, tkhd.body, v, 1)) return -1;
    // version 0: 4 (version/flags) + 5 × 4; version 1: 4 + 8 + 8 + 4 + 4 + 8; then 8 + 2 + 2 + 2 + 2.
    uint64_t matrix_at = tkhd.body + (v[0] == 1 ? 36 : 24) + 16;
    unsigned char m[36];
    if (matrix_at + 36 > tkhd.end || !read_at(f, matrix_at, m, 36)) return -1;
    auto fixed = [&](int i) { return double(int32_t(be32(m + 4 * i))) / 65536.0; };
    double a = fixed(0), b = fixed(1);
    // A point (x, y) is shown at (a·x + c·y + tx, b·x + d·y + ty) with y down: the angle of (a, b) is the
    // clockwise turn (ffmpeg's av_display_rotation_get gives its negative).
    if (a == 0 && b == 0) return 0;
    int degrees = int(std::lround(std::atan2(b, a) * 180.0 / M_PI));
    degrees = ((degrees % 360) + 360) % 360;
    return int(std::lround(degrees / 90.0)) % 4 * 90;
}

}  // namespace

namespace cvb {
int video_rotation(const std::string &path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return 0;
    f.seekg(0, std::ios::end);
    uint64_t size = uint64_t(f.tellg());
    Box moov, trak;
    if (!find_child(f, 0, size, "moov", moov)) return 0;
    for (uint64_t at = moov.body; read_box(f, at, moov.end, trak); at = trak.end) {
        if (std::strcmp(trak.type, "trak") != 0 || !is_video_track(f, trak)) continue;
        Box tkhd;
        if (!find_child(f, trak.body, trak.end, "tkhd", tkhd)) return 0;
        int degrees = rotation_of_tkhd(f, tkhd);
        return degrees < 0 ? 0 : degrees;
    }
    return 0;
}
}  // namespace cvb

int cvb_video_rotation(const char *path, int *degrees) {
    cvb::clear_error();
    if (!path || !degrees) return cvb::fail(CVB_E_ARGUMENT, "cvb_video_rotation: null argument");
    *degrees = cvb::video_rotation(path);
    return CVB_OK;
}
