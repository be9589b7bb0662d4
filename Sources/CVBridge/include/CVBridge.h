// CVBridge: the narrow C interface over OpenCV 4.6 used by PoseVision.
// Plain C types only; no OpenCV type crosses into Swift. Functions that can fail return an int status
// (CVB_OK or a negative CVB_E_* code) and leave a one-line message in cvb_last_error() (per thread).
#ifndef CVBRIDGE_H
#define CVBRIDGE_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

enum {
    CVB_OK = 0,
    CVB_E_ARGUMENT = -1,   // a bad argument (null, empty, out of range)
    CVB_E_IO = -2,         // a file could not be read or written
    CVB_E_FORMAT = -3,     // a file is not what its name says (not an image / video / model)
    CVB_E_DEVICE = -4,     // a camera could not be opened or stopped delivering frames
    CVB_E_MODEL = -5,      // a network failed to load or run
    CVB_E_END = -6,        // end of a stream (not an error for readers)
    CVB_E_INTERNAL = -7,   // an unexpected OpenCV exception
};

/// The message of the last failure on this thread ("" when none).
const char *cvb_last_error(void);

/// The OpenCV version string this shim was built against.
const char *cvb_opencv_version(void);

/// Colour as 8-bit red, green, blue.
typedef struct { uint8_t r, g, b; } cvb_rgb;

// MARK: Images for drawing (contact sheets, charts, overlays)

typedef struct cvb_image cvb_image;

/// A new RGB image filled with `background`; NULL (and cvb_last_error) on failure.
cvb_image *cvb_image_new(int width, int height, cvb_rgb background);
void cvb_image_free(cvb_image *image);
int cvb_image_width(const cvb_image *image);
int cvb_image_height(const cvb_image *image);
void cvb_image_line(cvb_image *image, double x0, double y0, double x1, double y1, cvb_rgb colour, int thickness);
/// A circle; thickness < 0 fills it.
void cvb_image_circle(cvb_image *image, double cx, double cy, double radius, cvb_rgb colour, int thickness);
/// A rectangle; thickness < 0 fills it.
void cvb_image_rect(cvb_image *image, double x, double y, double w, double h, cvb_rgb colour, int thickness);
/// Text with its baseline starting at (x, y); `scale` 1 is about 20 px high (Hershey simplex).
void cvb_image_text(cvb_image *image, const char *text, double x, double y, double scale, cvb_rgb colour, int thickness);
/// Width and height in pixels that cvb_image_text would use.
void cvb_text_size(const char *text, double scale, int thickness, int *width, int *height);
/// Writes PNG or JPEG (by the path's extension).
int cvb_image_write(const cvb_image *image, const char *path);
/// Copies the RGB pixels (row-major, 3 bytes a pixel) into `rgb` (width*height*3 bytes).
void cvb_image_pixels(const cvb_image *image, uint8_t *rgb);

#ifdef __cplusplus
}
#endif
#endif
