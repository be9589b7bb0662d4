import CLibcExtras

/// `train` allocates and frees buffers of tens of megabytes thousands of times — a convolution's columns for
/// 256 validation windows are 47 MB. glibc serves each block that large from a fresh mmap, which the kernel
/// then zeroes page by page as it is first touched: two thirds of the validation pass's time, measured with
/// `perf` on the 2-core machine. Never mapping blocks on their own and never trimming the heap keeps them for
/// reuse. Only where memory lies changes, not a value: the same seed gives the same weights, bit for bit
/// (docs/classifier.md, "Training time"). `evaluate` gained nothing measurable from it, so it is left alone.
enum HeapReuse {
    static func keepFreedBlocks() {
        _ = mallopt(M_MMAP_MAX, 0)
        _ = mallopt(M_TRIM_THRESHOLD, Int32.max)
    }
}
