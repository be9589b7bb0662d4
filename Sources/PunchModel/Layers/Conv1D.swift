import PunchKit

/// Temporal convolution over `channels × time`, as im2col + one sgemm for the whole batch.
/// Padding keeps `ceil(T / stride)` outputs ("same"): pad = dilation·(kernel − 1) / 2 on the left.
public final class Conv1D: Layer {
    public let input: Int, output: Int, kernel: Int, stride: Int, dilation: Int
    public let weight: Parameter  // output × (input·kernel), row-major
    public let bias: Parameter
    private var columns: [Float] = []  // (input·kernel) × (batch·outTime), kept for backward
    private var inputShape = (batch: 0, time: 0)

    public init(input: Int, output: Int, kernel: Int, stride: Int = 1, dilation: Int = 1, rng: inout SeededRandom) {
        self.input = input
        self.output = output
        self.kernel = kernel
        self.stride = stride
        self.dilation = dilation
        weight = Parameter(name: "conv.weight", value: heInitialised(count: output * input * kernel, fanIn: input * kernel, rng: &rng), decays: true)
        bias = Parameter(name: "conv.bias", value: [Float](repeating: 0, count: output), decays: false)
    }

    public var spec: LayerSpec { .conv1d(input: input, output: output, kernel: kernel, stride: stride, dilation: dilation) }
    public var parameters: [Parameter] { [weight, bias] }

    var padding: Int { dilation * (kernel - 1) / 2 }
    public func outputTime(_ t: Int) -> Int { Self.outputTime(t, kernel: kernel, stride: stride, dilation: dilation) }

    /// Outputs for `t` inputs ("same" padding: `ceil(t / stride)`); a model file's header is checked with it.
    static func outputTime(_ t: Int, kernel: Int, stride: Int, dilation: Int) -> Int {
        let padding = dilation * (kernel - 1) / 2
        return (t + 2 * padding - dilation * (kernel - 1) - 1) / stride + 1
    }

    /// The outputs `o` whose input time `o·stride + offset` lies inside `0..<time`.
    func validOutputs(offset: Int, time: Int, outputs: Int) -> Range<Int> {
        // ceil(n / stride) for any sign of n, with the division rounding towards zero.
        func ceilDiv(_ n: Int) -> Int { n > 0 ? (n + stride - 1) / stride : -((-n) / stride) }
        let lower = min(max(ceilDiv(-offset), 0), outputs)
        return lower..<max(lower, min(ceilDiv(time - offset), outputs))
    }

    /// Inference (`training == false`) touches no layer state, so one network can serve several threads.
    public func forward(_ x: Tensor, training: Bool) -> Tensor {
        precondition(x.channels == input, "conv1d expects \(input) channels, got \(x.channels)")
        let B = x.batch, T = x.time, To = outputTime(T)
        let rows = input * kernel, cols = B * To
        let pad = padding
        // im2col; every entry is written (zeros where the kernel reaches into the padding).
        let columns = x.data.withUnsafeBufferPointer { xs in
            [Float](unsafeUninitializedCapacity: rows * cols) { col, initialised in
                for c in 0..<input {
                    for k in 0..<kernel {
                        let row = col.baseAddress! + (c * kernel + k) * cols
                        let offset = k * dilation - pad
                        let inside = validOutputs(offset: offset, time: T, outputs: To)
                        for b in 0..<B {
                            let src = xs.baseAddress! + (c * B + b) * T + offset
                            let dst = row + b * To
                            dst.update(repeating: 0, count: inside.lowerBound)
                            if stride == 1 {
                                (dst + inside.lowerBound).update(from: src + inside.lowerBound, count: inside.count)
                            } else {
                                for o in inside { dst[o] = src[o * stride] }
                            }
                            (dst + inside.upperBound).update(repeating: 0, count: To - inside.upperBound)
                        }
                    }
                }
                initialised = rows * cols
            }
        }
        var y = Tensor(channels: output, batch: B, time: To)
        y.data.withUnsafeMutableBufferPointer { ys in
            bias.value.withUnsafeBufferPointer { bs in
                for o in 0..<output {
                    (ys.baseAddress! + o * cols).update(repeating: bs[o], count: cols)
                }
            }
            weight.value.withUnsafeBufferPointer { w in
                columns.withUnsafeBufferPointer { col in
                    gemm(m: output, n: cols, k: rows, a: w.baseAddress!, lda: rows, b: col.baseAddress!, ldb: cols,
                         beta: 1, c: ys.baseAddress!, ldc: cols)
                }
            }
        }
        if training {
            self.columns = columns
            inputShape = (B, T)
        }
        return y
    }

    public func backward(_ dy: Tensor) -> Tensor {
        let (B, T) = inputShape
        let To = outputTime(T)
        let rows = input * kernel, cols = B * To
        precondition(dy.channels == output && dy.batch == B && dy.time == To)
        // Left unset: the product below writes every entry (β = 0: OpenBLAS sets C, it does not scale what is there).
        var dcol = [Float](unsafeUninitializedCapacity: rows * cols) { _, n in n = rows * cols }
        dy.data.withUnsafeBufferPointer { g in
            // ∂W += dY · colᵀ ; ∂b += Σ dY ; ∂col = Wᵀ · dY
            columns.withUnsafeBufferPointer { col in
                weight.gradient.withUnsafeMutableBufferPointer { gw in
                    gemm(transB: true, m: output, n: rows, k: cols, a: g.baseAddress!, lda: cols, b: col.baseAddress!, ldb: cols,
                         beta: 1, c: gw.baseAddress!, ldc: rows)
                }
            }
            bias.gradient.withUnsafeMutableBufferPointer { gb in
                for o in 0..<output {
                    var s: Float = 0
                    let row = g.baseAddress! + o * cols
                    for i in 0..<cols { s += row[i] }
                    gb[o] += s
                }
            }
            weight.value.withUnsafeBufferPointer { w in
                dcol.withUnsafeMutableBufferPointer { dc in
                    gemm(transA: true, m: rows, n: cols, k: output, a: w.baseAddress!, lda: rows, b: g.baseAddress!, ldb: cols,
                         beta: 0, c: dc.baseAddress!, ldc: cols)
                }
            }
        }
        // col2im: scatter the column gradients back onto the input positions they came from.
        var dx = Tensor(channels: input, batch: B, time: T)
        let pad = padding
        dx.data.withUnsafeMutableBufferPointer { xs in
            dcol.withUnsafeBufferPointer { dc in
                for c in 0..<input {
                    for k in 0..<kernel {
                        let row = dc.baseAddress! + (c * kernel + k) * cols
                        let offset = k * dilation - pad
                        let inside = validOutputs(offset: offset, time: T, outputs: To)
                        for b in 0..<B {
                            let dst = xs.baseAddress! + (c * B + b) * T + offset
                            let src = row + b * To
                            for o in inside { dst[o * stride] += src[o] }
                        }
                    }
                }
            }
        }
        return dx
    }
}
