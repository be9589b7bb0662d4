import Testing
import PunchKit
@testable import PunchModel

/// The im2col + sgemm convolution against the definition, y[o, t] = b[o] + Σ w[o, c, k] · x[c, t·s + k·d − pad],
/// summed directly, including windows shorter than the kernel's reach (whole rows of padding).
@Suite struct Conv1DTests {
    @Test(arguments: [(1, 1, 17), (2, 1, 17), (1, 2, 17), (4, 1, 17), (2, 2, 16), (1, 2, 3), (3, 3, 2), (2, 1, 1)])
    func forwardIsTheConvolutionSum(stride: Int, dilation: Int, time: Int) {
        var rng = SeededRandom(seed: 21)
        let (C, O, K, B) = (3, 4, 5, 2)
        let layer = Conv1D(input: C, output: O, kernel: K, stride: stride, dilation: dilation, rng: &rng)
        for i in 0..<O { layer.bias.value[i] = Float(rng.gaussian()) }
        var x = Tensor(channels: C, batch: B, time: time)
        for i in 0..<x.count { x.data[i] = Float(rng.gaussian()) }
        let y = layer.forward(x, training: false)
        #expect(y.time == (time + stride - 1) / stride)
        let pad = dilation * (K - 1) / 2
        var worst: Float = 0
        for o in 0..<O {
            for b in 0..<B {
                for t in 0..<y.time {
                    var sum = layer.bias.value[o]
                    for c in 0..<C {
                        for k in 0..<K {
                            let ti = t * stride + k * dilation - pad
                            if ti >= 0 && ti < time { sum += layer.weight.value[(o * C + c) * K + k] * x[c, b, ti] }
                        }
                    }
                    worst = max(worst, abs(sum - y[o, b, t]))
                }
            }
        }
        #expect(worst < 1e-5)
    }
}
