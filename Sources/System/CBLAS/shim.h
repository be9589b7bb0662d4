// OpenBLAS's CBLAS interface (Debian: libopenblas-dev, pkg-config "openblas").
#include <cblas.h>
