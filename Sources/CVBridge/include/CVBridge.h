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

// MARK: Frames (decoded pictures with their time)

typedef struct cvb_frame cvb_frame;

/// An empty frame, filled by cvb_capture_read.
cvb_frame *cvb_frame_new(void);
/// A frame holding a copy of RGB pixels (row-major, 3 bytes a pixel); NULL on a bad size.
cvb_frame *cvb_frame_from_rgb(const uint8_t *rgb, int width, int height, double time);
void cvb_frame_free(cvb_frame *frame);
int cvb_frame_width(const cvb_frame *frame);
int cvb_frame_height(const cvb_frame *frame);
/// Seconds: a video's own timeline, a camera's (or live video's) monotonic clock since it opened, 0 for an image.
double cvb_frame_time(const cvb_frame *frame);
/// Copies the RGB pixels into `rgb` (width*height*3 bytes).
void cvb_frame_pixels(const cvb_frame *frame, uint8_t *rgb);
/// A copy scaled to width x height (for benchmarks and tests); NULL on failure.
cvb_frame *cvb_frame_resized(const cvb_frame *frame, int width, int height);
/// Writes the frame as PNG or JPEG (by the path's extension).
int cvb_frame_write(const cvb_frame *frame, const char *path);

// MARK: Captures: a camera, a video file or an image

typedef struct cvb_capture cvb_capture;

typedef struct {
    int width, height;       // of the frames delivered (after rotation)
    double fps;              // nominal rate (0 when unknown; 0 for an image)
    int64_t frame_count;     // announced frames (-1 when unknown; 1 for an image)
    int rotation;            // degrees clockwise applied to the stored frames to make them upright (0/90/180/270)
    int is_camera;           // 1 for a camera
    int is_live;             // 1 for a camera or a live video: frames come at the pace of the world
    double clock_origin;     // live: CLOCK_MONOTONIC seconds of frame time 0 (the moment it opened); else 0
} cvb_capture_info;

/// What a live capture delivered and what its reader took (-1 where a camera cannot tell).
typedef struct {
    int64_t delivered;       // frames captured on the clock
    int64_t taken;           // frames read
    int64_t dropped;         // frames overwritten before they were read (the reader was late)
    int64_t late;            // live video: frames decoded more than a frame interval after their instant
} cvb_capture_stats;

/// Opens camera N (/dev/videoN through V4L2).
int cvb_capture_open_camera(int index, cvb_capture **out);
/// Opens a video file (FFmpeg). Rotation metadata (MP4/MOV display matrix) is applied by the shim.
int cvb_capture_open_video(const char *path, cvb_capture **out);
/// Opens a video file as a camera stand-in: its frames are delivered on the wall clock at their
/// instants on the file's timeline (from the first read on), into the few buffers a camera has; a
/// frame the reader does not take in time is dropped. Frames are timed as a camera's.
int cvb_capture_open_live_video(const char *path, cvb_capture **out);
/// Opens an image as a one-frame capture.
int cvb_capture_open_image(const char *path, cvb_capture **out);
void cvb_capture_free(cvb_capture *capture);
void cvb_capture_get_info(const cvb_capture *capture, cvb_capture_info *info);
/// Reads the next frame into `frame`: CVB_OK, CVB_E_END at the end, or an error (a camera that
/// stops, a video that ends far before its announced length).
int cvb_capture_read(cvb_capture *capture, cvb_frame *frame);
/// Frames delivered, taken and dropped so far (of a live video: safe while another thread reads frames).
void cvb_capture_get_stats(cvb_capture *capture, cvb_capture_stats *stats);

/// The clockwise display rotation (0/90/180/270) stored in an MP4/MOV file's first video track
/// header (tkhd matrix); 0 when the file has none or is not MP4/MOV.
int cvb_video_rotation(const char *path, int *degrees);

// MARK: BlazePose (MediaPipe pose detector + full landmark model, ONNX in OpenCV dnn)

enum { CVB_POSE_JOINTS = 33 };

typedef struct {
    int smoothing;              // 1: one-euro filter over frames of a stream (landmarks and world)
    float min_detection_score;  // detector score threshold (MediaPipe: 0.5)
    float min_presence;         // below this the track is lost and the detector runs again (MediaPipe: 0.5)
    int refine_from_heatmap;    // 1: MediaPipe's heatmap refinement of x, y (when the model has the heatmap output)
    int own_depthwise;          // 1: the landmark model's depthwise 5x5 convolutions by our own layer (DepthwiseConv.cpp),
                                //    0: by OpenCV's general convolution (slower; docs/pose-speed.md)
} cvb_pose_options;

typedef struct {
    int found;            // 1 when a person is followed in this frame
    int detected;         // 1 when the detector ran on this frame
    int track_id;         // the followed person: changes only after the track was lost
    float presence;       // pose presence (0…1)
    float landmarks[CVB_POSE_JOINTS][5];  // x, y (image pixels), z (BlazePose image z, pixel scale), visibility, presence
    float world[CVB_POSE_JOINTS][3];      // metres, hip-centred, camera-aligned (x right, y down, z away)
    float roi[4];         // the crop the next frame starts from: centre x, centre y, side (pixels), rotation (radians)
    int detections;       // people the detector saw when it ran (0 otherwise)
    double detect_ms, landmarks_ms;
    // Where landmarks_ms went (summed over the frame's landmark runs), for the pose-speed breakdown:
    // the warp to the 256x256 crop and the blob made of it, the landmark network's forward(), and the
    // decoding of its outputs (heatmap refinement, projection back to the image, world rotation).
    double warp_ms, network_ms, outputs_ms;
    double total_ms;      // the whole call; total - detect - landmarks = tracking, smoothing, copying out
} cvb_pose_result;

typedef struct cvb_pose cvb_pose;

/// Sets the options to MediaPipe's defaults (smoothing on).
void cvb_pose_default_options(cvb_pose_options *options);
/// Loads the detector and landmark ONNX files.
int cvb_pose_open(const char *detector_onnx, const char *landmark_onnx, const cvb_pose_options *options, cvb_pose **out);
void cvb_pose_free(cvb_pose *pose);
/// Forgets the followed person and the filters (a new video or image).
void cvb_pose_reset(cvb_pose *pose);
/// Finds and follows one person in `frame` (its time drives the smoothing).
int cvb_pose_process(cvb_pose *pose, const cvb_frame *frame, cvb_pose_result *result);
/// A person the detector sees, in image pixels, with the landmark crop it leads to.
typedef struct {
    float score;
    float xmin, ymin, width, height;
    float keypoints[4][2];  // hip centre, full-body scale point, shoulder centre, upper-body scale point
    float roi[4];           // centre x, centre y, side, rotation (radians)
} cvb_person_detection;

/// Runs only the detector on `frame` (no tracking): up to `capacity` people, best first, in `out`.
int cvb_pose_detect(cvb_pose *pose, const cvb_frame *frame, cvb_person_detection *out, int capacity, int *count);

/// OpenCV's worker threads for everything (cv::setNumThreads); n <= 0 chooses the core count.
void cvb_set_threads(int n);

/// Draws a pose on the frame: bones and joints, the person's left side in `left`, right in `right`.
void cvb_frame_draw_pose(cvb_frame *frame, const cvb_pose_result *pose, cvb_rgb left, cvb_rgb right, cvb_rgb centre);
/// Writes a line of text at the top left of the frame (white on a dark band).
void cvb_frame_draw_label(cvb_frame *frame, const char *text);

// MARK: Video writing

typedef struct cvb_video_writer cvb_video_writer;

/// An MP4 (or AVI by extension) writer for frames of width x height at `fps`.
int cvb_video_writer_open(const char *path, int width, int height, double fps, cvb_video_writer **out);
int cvb_video_writer_write(cvb_video_writer *writer, const cvb_frame *frame);
/// Finishes the file and frees the writer.
int cvb_video_writer_close(cvb_video_writer *writer);

#ifdef __cplusplus
}
#endif
#endif
