import Foundation

/// The Jensen–Shannon divergence between the class probabilities of two views of one window, each
/// augmented on its own (another camera turn, pose tool's error, with or without its 3D block): a loss
/// that asks the network to say the same of a window however it is seen, added to the cross-entropy.
/// Consistency under augmentation holds up under shifts of the data never trained on (AugMix, Hendrycks
/// et al., ICLR 2020, with weight 12 over three views) — here real people and pose tools, for a network
/// trained on the synthetic boxer.
///
/// The logits hold pairs: samples 2i and 2i + 1 are the two views of one window. With M = (p + q) / 2,
/// JS(p, q) = ½ KL(p ‖ M) + ½ KL(q ‖ M), and ∂JS/∂pₖ = ½ log(pₖ / Mₖ), taken through the softmax.
public struct ViewConsistency {
    public var weight: Float

    public init(weight: Float) { self.weight = weight }

    /// `pairWeights[i]`: the weight of pair i (its class's); `total`: the sum of the pair weights of the whole
    /// batch when these logits are only part of it (data-parallel training), so that the parts add up.
    /// `held[b]`: sample b is not moved (no gradient): it is the other view's teacher, as a view with its 3D
    /// block is for one without (`TrainingConfiguration.depthTeaches2D`).
    /// Returns `weight` × the weighted mean divergence and its gradient with respect to the logits.
    public func callAsFunction(_ logits: Tensor, pairWeights: [Float], total: Float? = nil, held: [Bool]? = nil) -> (loss: Float, gradient: Tensor) {
        let K = logits.channels, B = logits.batch
        precondition(B == 2 * pairWeights.count, "the logits hold two views of each window")
        let total = max(total ?? pairWeights.reduce(0, +), 1e-12)
        let p = softmax(logits)
        var gradient = Tensor(channels: K, batch: B, time: 1)
        var loss: Float = 0
        for (i, w) in pairWeights.enumerated() {
            let a = p[2 * i], b = p[2 * i + 1]
            let m = (0..<K).map { (a[$0] + b[$0]) / 2 }
            for (view, probabilities) in [(2 * i, a), (2 * i + 1, b)] {
                // g = ∂JS/∂p of this view, then through the softmax: ∂/∂zₖ = pₖ (gₖ − Σⱼ pⱼ gⱼ).
                let g = (0..<K).map { 0.5 * log(max(probabilities[$0], 1e-12) / max(m[$0], 1e-12)) }
                // Σ pₖ gₖ is also this view's half of the divergence.
                let mean = (0..<K).reduce(Float(0)) { $0 + probabilities[$1] * g[$1] }
                loss += w * mean
                if held?[view] == true { continue }
                for k in 0..<K { gradient.data[k * B + view] = weight * w * probabilities[k] * (g[k] - mean) / total }
            }
        }
        return (weight * loss / total, gradient)
    }
}
