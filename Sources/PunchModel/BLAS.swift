import CBLAS

/// The one heavy product of the network: C = alpha·op(A)·op(B) + beta·C, row-major, through OpenBLAS.
@inline(__always)
func gemm(transA: Bool = false, transB: Bool = false, m: Int, n: Int, k: Int,
          alpha: Float = 1, a: UnsafePointer<Float>, lda: Int, b: UnsafePointer<Float>, ldb: Int,
          beta: Float, c: UnsafeMutablePointer<Float>, ldc: Int) {
    _ = blasOnOneThread
    cblas_sgemm(CblasRowMajor, transA ? CblasTrans : CblasNoTrans, transB ? CblasTrans : CblasNoTrans,
                Int32(m), Int32(n), Int32(k), alpha, a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
}

/// OpenBLAS runs on one thread, for the whole process, from the first product on. The network's
/// products are small: OpenBLAS's own threads did not speed them up (idle workers spin in
/// `sched_yield`), and a thread count that changes while a model trains changes how sgemm splits
/// its work, hence the last bits of the weights. Training uses the cores through replicas of the
/// network instead (`DataParallel`), inference shares them with pose extraction.
private let blasOnOneThread: Void = openblas_set_num_threads(1)
