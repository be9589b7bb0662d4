import Foundation

/// Adam with decoupled weight decay (Loshchilov & Hutter 2019).
public struct AdamW {
    public var beta1: Float = 0.9
    public var beta2: Float = 0.999
    public var epsilon: Float = 1e-8
    public var weightDecay: Float
    public private(set) var step = 0

    public init(weightDecay: Float = 1e-4) { self.weightDecay = weightDecay }

    public mutating func update(_ parameters: [Parameter], learningRate: Float) {
        step += 1
        let c1 = 1 - pow(beta1, Float(step)), c2 = 1 - pow(beta2, Float(step))
        for p in parameters {
            let decay = p.decays ? weightDecay * learningRate : 0
            p.value.withUnsafeMutableBufferPointer { v in
                p.gradient.withUnsafeBufferPointer { g in
                    p.firstMoment.withUnsafeMutableBufferPointer { m in
                        p.secondMoment.withUnsafeMutableBufferPointer { s in
                            for i in 0..<v.count {
                                m[i] = beta1 * m[i] + (1 - beta1) * g[i]
                                s[i] = beta2 * s[i] + (1 - beta2) * g[i] * g[i]
                                v[i] -= learningRate * (m[i] / c1) / ((s[i] / c2).squareRoot() + epsilon) + decay * v[i]
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Linear warm-up then cosine decay to `floor` × peak (Loshchilov & Hutter 2017, without restarts).
public struct LearningRateSchedule: Sendable {
    public var peak: Float
    public var warmupSteps: Int
    public var totalSteps: Int
    public var floor: Float

    public init(peak: Float, warmupSteps: Int, totalSteps: Int, floor: Float = 0.02) {
        self.peak = peak
        self.warmupSteps = warmupSteps
        self.totalSteps = max(totalSteps, 1)
        self.floor = floor
    }

    public func rate(at step: Int) -> Float {
        if step < warmupSteps { return peak * Float(step + 1) / Float(warmupSteps) }
        let progress = min(Float(step - warmupSteps) / Float(max(totalSteps - warmupSteps, 1)), 1)
        return peak * (floor + (1 - floor) * 0.5 * (1 + cos(.pi * progress)))
    }
}
