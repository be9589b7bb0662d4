import Testing
import PunchKit
@testable import PunchModel

/// Central finite differences against each layer's backward pass, for the input and every parameter.
/// The probe loss is L = Σ rᵢ yᵢ with fixed random r, so ∂L/∂y = r.
struct GradientCheck {
    var rng = SeededRandom(seed: 99)

    mutating func randomTensor(_ c: Int, _ b: Int, _ t: Int) -> Tensor {
        var x = Tensor(channels: c, batch: b, time: t)
        for i in 0..<x.count { x.data[i] = Float(rng.gaussian()) }
        return x
    }

    /// Largest relative error between analytic and numeric gradients over the input and parameters.
    mutating func maxRelativeError(_ layer: Layer, input x: Tensor, epsilon: Float = 1e-2) -> Double {
        let y0 = layer.forward(x, training: false)
        let r = randomTensor(y0.channels, y0.batch, y0.time)
        func loss(_ x: Tensor) -> Double {
            let y = layer.forward(x, training: false)
            return zip(y.data, r.data).reduce(0.0) { $0 + Double($1.0) * Double($1.1) }
        }
        for p in layer.parameters { p.zeroGradient() }
        _ = layer.forward(x, training: true)
        let dx = layer.backward(r)
        var worst = 0.0
        func compare(_ analytic: Float, _ numeric: Double) {
            let scale = max(abs(Double(analytic)), abs(numeric), 1e-2)
            worst = max(worst, abs(Double(analytic) - numeric) / scale)
        }
        var xp = x
        for i in stride(from: 0, to: x.count, by: max(1, x.count / 60)) {
            let v = x.data[i]
            xp.data[i] = v + epsilon; let lp = loss(xp)
            xp.data[i] = v - epsilon; let lm = loss(xp)
            xp.data[i] = v
            compare(dx.data[i], (lp - lm) / Double(2 * epsilon))
        }
        for p in layer.parameters {
            let analytic = p.gradient
            for i in stride(from: 0, to: p.count, by: max(1, p.count / 60)) {
                let v = p.value[i]
                p.value[i] = v + epsilon; let lp = loss(x)
                p.value[i] = v - epsilon; let lm = loss(x)
                p.value[i] = v
                compare(analytic[i], (lp - lm) / Double(2 * epsilon))
            }
        }
        return worst
    }
}

@Suite struct GradientCheckTests {
    @Test(arguments: [(1, 1), (2, 1), (1, 2), (4, 1)])
    func conv1d(stride: Int, dilation: Int) {
        var check = GradientCheck()
        var rng = SeededRandom(seed: 5)
        let layer = Conv1D(input: 3, output: 4, kernel: 5, stride: stride, dilation: dilation, rng: &rng)
        let x = check.randomTensor(3, 2, 17)
        #expect(check.maxRelativeError(layer, input: x) < 1e-2)
        #expect(layer.forward(x, training: false).time == (17 + stride - 1) / stride)
    }

    @Test func dense() {
        var check = GradientCheck()
        var rng = SeededRandom(seed: 6)
        let layer = Dense(input: 7, output: 5, rng: &rng)
        #expect(check.maxRelativeError(layer, input: check.randomTensor(7, 3, 1)) < 1e-2)
    }

    @Test func reluAwayFromTheKink() {
        var check = GradientCheck()
        var x = check.randomTensor(4, 2, 6)
        for i in 0..<x.count where abs(x.data[i]) < 0.05 { x.data[i] = 0.5 }  // finite differences straddle 0 otherwise
        #expect(check.maxRelativeError(ReLU(), input: x) < 1e-3)
    }

    @Test func flatten() {
        var check = GradientCheck()
        let x = check.randomTensor(3, 2, 5)
        let y = Flatten().forward(x, training: false)
        #expect(y.channels == 15 && y.time == 1 && y[4, 1, 0] == x[0, 1, 4])
        #expect(check.maxRelativeError(Flatten(), input: x) < 1e-3)
    }

    @Test func dropoutPassesGradientThroughItsMask() {
        var check = GradientCheck()
        let layer = Dropout(rate: 0.5, seed: 3)
        let x = check.randomTensor(4, 3, 5)
        let y = layer.forward(x, training: true)
        let dy = check.randomTensor(4, 3, 5)
        let dx = layer.backward(dy)
        var dropped = 0
        for i in 0..<x.count {
            let m = y.data[i] / x.data[i]  // 0 or 2
            #expect(abs(m) < 1e-6 || abs(m - 2) < 1e-5)
            #expect(abs(dx.data[i] - m * dy.data[i]) < 1e-5)
            if m == 0 { dropped += 1 }
        }
        #expect(dropped > 10 && dropped < 50)
        #expect(layer.forward(x, training: false) == x)  // identity at inference
    }

    /// Also with a teacher's probabilities mixed into the targets (distillation).
    @Test(arguments: [false, true]) func softmaxCrossEntropyWithSmoothingAndWeights(distilled: Bool) {
        var check = GradientCheck()
        let logits = check.randomTensor(5, 4, 1)
        let targets = [0, 3, 2, 4], weights: [Float] = [1, 0.5, 2, 1]
        let soft: [[Float]]? = distilled ? softmax(check.randomTensor(5, 4, 1)) : nil
        let loss = SoftmaxCrossEntropy(labelSmoothing: 0.1)
        let (_, g) = loss(logits, targets: targets, weights: weights, soft: soft, softWeight: 0.6)
        var xp = logits
        let eps: Float = 1e-2
        for i in 0..<logits.count {
            let v = logits.data[i]
            xp.data[i] = v + eps; let lp = Double(loss(xp, targets: targets, weights: weights, soft: soft, softWeight: 0.6).loss)
            xp.data[i] = v - eps; let lm = Double(loss(xp, targets: targets, weights: weights, soft: soft, softWeight: 0.6).loss)
            xp.data[i] = v
            let numeric = (lp - lm) / Double(2 * eps)
            #expect(abs(numeric - Double(g.data[i])) < 2e-3, "logit \(i)")
        }
    }

    /// The whole standard network end to end (ReLU kinks make a few coordinates noisy: bound the median).
    @Test func wholeNetwork() {
        var check = GradientCheck()
        let net = Network(specs: Architecture.tiny.layers(channels: 6, frames: 16, classes: 3), seed: 1)
        let x = check.randomTensor(6, 2, 16)
        let logits = net.forward(x, training: true)
        let r = check.randomTensor(logits.channels, logits.batch, 1)
        net.zeroGradients()
        let dx = net.backward(r)
        var errors: [Double] = []
        var xp = x
        let eps: Float = 1e-3
        for i in stride(from: 0, to: x.count, by: 3) {
            let v = x.data[i]
            func loss() -> Double { zip(net.forward(xp).data, r.data).reduce(0.0) { $0 + Double($1.0 * $1.1) } }
            xp.data[i] = v + eps; let lp = loss()
            xp.data[i] = v - eps; let lm = loss()
            xp.data[i] = v
            let numeric = (lp - lm) / Double(2 * eps)
            errors.append(abs(numeric - Double(dx.data[i])) / max(abs(numeric), abs(Double(dx.data[i])), 1e-2))
        }
        errors.sort()
        #expect(errors[errors.count / 2] < 1e-2)
        #expect(errors[errors.count * 9 / 10] < 5e-2)
    }
}
