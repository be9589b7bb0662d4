import PunchKit

/// Inverted dropout: in training, zeroes each activation with probability `rate` and scales the rest
/// by 1/(1 − rate); at inference it is the identity.
public final class Dropout: Layer {
    public let rate: Double
    private var rng: SeededRandom
    private var mask: [Float] = []

    public init(rate: Double, seed: UInt64) {
        self.rate = rate
        rng = SeededRandom(seed: seed)
    }

    public var spec: LayerSpec { .dropout(rate: rate) }
    public var parameters: [Parameter] { [] }

    public func forward(_ x: Tensor, training: Bool) -> Tensor {
        guard training && rate > 0 else { return x }
        let keep = Float(1 / (1 - rate))
        mask = (0..<x.count).map { _ in rng.unit() < rate ? 0 : keep }
        var y = x
        for i in 0..<y.count { y.data[i] *= mask[i] }
        return y
    }

    public func backward(_ dy: Tensor) -> Tensor {
        guard rate > 0 else { return dy }
        var dx = dy
        for i in 0..<dx.count { dx.data[i] *= mask[i] }
        return dx
    }
}
