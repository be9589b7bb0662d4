// Intentionally empty: CVBridge includes the OpenCV C++ headers itself.
