// glibc functions that Swift's Glibc module leaves out. Part of libc and libm: no package to install.
#include <malloc.h>  // mallopt: train's heap (punchcoach/HeapReuse.swift)

// sincos, a GNU extension of math.h: the sine and cosine of one angle in one call, the same values as sin()
// and cos() to the bit (SincosTests) in 60 % of their time — the normal draws of training's augmentation.
void sincos(double x, double *sine, double *cosine);
