import CBLAS

/// The one heavy product of the network: C = alpha·op(A)·op(B) + beta·C, row-major, through OpenBLAS.
@inline(__always)
func gemm(transA: Bool = false, transB: Bool = false, m: Int, n: Int, k: Int,
          alpha: Float = 1, a: UnsafePointer<Float>, lda: Int, b: UnsafePointer<Float>, ldb: Int,
          beta: Float, c: UnsafeMutablePointer<Float>, ldc: Int) {
    cblas_sgemm(CblasRowMajor, transA ? CblasTrans : CblasNoTrans, transB ? CblasTrans : CblasNoTrans,
                Int32(m), Int32(n), Int32(k), alpha, a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
}

/// OpenBLAS worker threads (1 for live inference, which shares the machine with pose extraction).
public enum BLASThreads {
    public static func set(_ n: Int) { openblas_set_num_threads(Int32(n)) }
    public static var current: Int { Int(openblas_get_num_threads()) }
}
