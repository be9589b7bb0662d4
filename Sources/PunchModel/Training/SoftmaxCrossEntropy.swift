import Foundation

/// Weighted softmax cross-entropy with label smoothing (Szegedy et al. 2016), averaged over the
/// batch weights, optionally towards a mix of the labels and teachers' probabilities (knowledge
/// distillation, Hinton et al. 2015, at temperature 1). Returns the loss and ∂loss/∂logits.
public struct SoftmaxCrossEntropy {
    public var labelSmoothing: Float

    public init(labelSmoothing: Float = 0) { self.labelSmoothing = labelSmoothing }

    /// `total` is the sum of the weights of the whole batch when these logits are only part of it
    /// (data-parallel training), so that the parts' gradients add up to the whole batch's.
    /// `soft[b]`: teachers' probabilities for sample b, mixed into its target with weight `softWeight`.
    public func callAsFunction(_ logits: Tensor, targets: [Int], weights: [Float]? = nil, total: Float? = nil,
                               soft: [[Float]]? = nil, softWeight: Float = 0) -> (loss: Float, gradient: Tensor) {
        let K = logits.channels, B = logits.batch
        precondition(targets.count == B)
        let w = weights ?? [Float](repeating: 1, count: B)
        let total = max(total ?? w.reduce(0, +), 1e-12)
        let probabilities = softmax(logits)
        var gradient = Tensor(channels: K, batch: B, time: 1)
        var loss: Float = 0
        let off = labelSmoothing / Float(K), on = 1 - labelSmoothing + off
        for b in 0..<B {
            for k in 0..<K {
                var q = k == targets[b] ? on : off
                if let soft { q = (1 - softWeight) * q + softWeight * soft[b][k] }
                let p = probabilities[b][k]
                loss -= w[b] * q * log(max(p, 1e-12))
                gradient.data[k * B + b] = w[b] * (p - q) / total
            }
        }
        return (loss / total, gradient)
    }
}
