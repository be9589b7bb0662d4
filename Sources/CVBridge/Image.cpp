// Drawing on RGB images and writing them (contact sheets, charts, overlays).
#include "CVBridge.h"
#include "Errors.hpp"
#include "Frame.hpp"
#include <opencv2/imgproc.hpp>

struct cvb_image {
    cv::Mat bgr;  // OpenCV's native channel order; cvb_rgb is converted at the boundary
};

namespace {
cv::Scalar bgr(cvb_rgb c) { return cv::Scalar(c.b, c.g, c.r); }
cv::Point point(double x, double y) { return cv::Point(cvRound(x * 16), cvRound(y * 16)); }  // 4 fractional bits
}  // namespace

cvb_image *cvb_image_new(int width, int height, cvb_rgb background) {
    if (width <= 0 || height <= 0 || width > 16384 || height > 16384) {
        cvb::fail(CVB_E_ARGUMENT, "image size " + std::to_string(width) + "x" + std::to_string(height) + " is out of range");
        return nullptr;
    }
    auto *image = new cvb_image;
    image->bgr = cv::Mat(height, width, CV_8UC3, bgr(background));
    return image;
}

void cvb_image_free(cvb_image *image) { delete image; }
int cvb_image_width(const cvb_image *image) { return image->bgr.cols; }
int cvb_image_height(const cvb_image *image) { return image->bgr.rows; }

void cvb_image_line(cvb_image *image, double x0, double y0, double x1, double y1, cvb_rgb colour, int thickness) {
    cv::line(image->bgr, point(x0, y0), point(x1, y1), bgr(colour), std::max(thickness, 1), cv::LINE_AA, 4);
}

void cvb_image_circle(cvb_image *image, double cx, double cy, double radius, cvb_rgb colour, int thickness) {
    cv::circle(image->bgr, point(cx, cy), cvRound(radius * 16), bgr(colour), thickness < 0 ? cv::FILLED : thickness,
               cv::LINE_AA, 4);
}

void cvb_image_rect(cvb_image *image, double x, double y, double w, double h, cvb_rgb colour, int thickness) {
    cv::rectangle(image->bgr, point(x, y), point(x + w, y + h), bgr(colour), thickness < 0 ? cv::FILLED : thickness,
                  cv::LINE_AA, 4);
}

void cvb_image_text(cvb_image *image, const char *text, double x, double y, double scale, cvb_rgb colour, int thickness) {
    cv::putText(image->bgr, text, cv::Point(cvRound(x), cvRound(y)), cv::FONT_HERSHEY_SIMPLEX, scale * 0.6,
                bgr(colour), std::max(thickness, 1), cv::LINE_AA);
}

void cvb_text_size(const char *text, double scale, int thickness, int *width, int *height) {
    int baseline = 0;
    cv::Size s = cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, scale * 0.6, std::max(thickness, 1), &baseline);
    *width = s.width;
    *height = s.height;
}

int cvb_image_write(const cvb_image *image, const char *path) { return cvb::write_bgr(image->bgr, path); }

void cvb_image_pixels(const cvb_image *image, uint8_t *rgb) {
    const cv::Mat &m = image->bgr;
    for (int y = 0; y < m.rows; ++y) {
        const uint8_t *row = m.ptr<uint8_t>(y);
        for (int x = 0; x < m.cols; ++x) {
            rgb[(y * m.cols + x) * 3 + 0] = row[x * 3 + 2];
            rgb[(y * m.cols + x) * 3 + 1] = row[x * 3 + 1];
            rgb[(y * m.cols + x) * 3 + 2] = row[x * 3 + 0];
        }
    }
}
