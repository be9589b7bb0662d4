import PunchKit

/// Fully connected layer on `features × batch` (time must be 1): Y = W·X + b.
public final class Dense: Layer {
    public let input: Int, output: Int
    public let weight: Parameter  // output × input
    public let bias: Parameter
    private var x = Tensor(channels: 0, batch: 0, time: 1)

    public init(input: Int, output: Int, rng: inout SeededRandom) {
        self.input = input
        self.output = output
        weight = Parameter(name: "dense.weight", value: heInitialised(count: output * input, fanIn: input, rng: &rng), decays: true)
        bias = Parameter(name: "dense.bias", value: [Float](repeating: 0, count: output), decays: false)
    }

    public var spec: LayerSpec { .dense(input: input, output: output) }
    public var parameters: [Parameter] { [weight, bias] }

    public func forward(_ x: Tensor, training: Bool) -> Tensor {
        precondition(x.channels == input && x.time == 1, "dense expects \(input)×B×1, got \(x.channels)×\(x.batch)×\(x.time)")
        if training { self.x = x }
        let B = x.batch
        var y = Tensor(channels: output, batch: B, time: 1)
        y.data.withUnsafeMutableBufferPointer { ys in
            for o in 0..<output { (ys.baseAddress! + o * B).update(repeating: bias.value[o], count: B) }
            weight.value.withUnsafeBufferPointer { w in
                x.data.withUnsafeBufferPointer { xs in
                    gemm(m: output, n: B, k: input, a: w.baseAddress!, lda: input, b: xs.baseAddress!, ldb: B,
                         beta: 1, c: ys.baseAddress!, ldc: B)
                }
            }
        }
        return y
    }

    public func backward(_ dy: Tensor) -> Tensor {
        let B = x.batch
        var dx = Tensor(channels: input, batch: B, time: 1)
        dy.data.withUnsafeBufferPointer { g in
            x.data.withUnsafeBufferPointer { xs in
                weight.gradient.withUnsafeMutableBufferPointer { gw in
                    gemm(transB: true, m: output, n: input, k: B, a: g.baseAddress!, lda: B, b: xs.baseAddress!, ldb: B,
                         beta: 1, c: gw.baseAddress!, ldc: input)
                }
            }
            for o in 0..<output {
                var s: Float = 0
                for b in 0..<B { s += g[o * B + b] }
                bias.gradient[o] += s
            }
            weight.value.withUnsafeBufferPointer { w in
                dx.data.withUnsafeMutableBufferPointer { dxs in
                    gemm(transA: true, m: input, n: B, k: output, a: w.baseAddress!, lda: input, b: g.baseAddress!, ldb: B,
                         beta: 0, c: dxs.baseAddress!, ldc: B)
                }
            }
        }
        return dx
    }
}
