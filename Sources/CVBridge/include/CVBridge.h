// CVBridge: the narrow C interface over OpenCV 4.6 used by PoseVision. Plain C types only.
#ifndef CVBRIDGE_H
#define CVBRIDGE_H
#ifdef __cplusplus
extern "C" {
#endif

/// The OpenCV version string this shim was built against.
const char *cvb_opencv_version(void);

#ifdef __cplusplus
}
#endif
#endif
