import Foundation
import PunchKit

/// A stack of layers applied in order, ending in class logits.
public final class Network {
    public let layers: [Layer]

    public init(layers: [Layer]) { self.layers = layers }

    public convenience init(specs: [LayerSpec], seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        self.init(layers: specs.map { $0.make(rng: &rng) })
    }

    public var specs: [LayerSpec] { layers.map(\.spec) }
    public var parameters: [Parameter] { layers.flatMap(\.parameters) }
    public var parameterCount: Int { parameters.reduce(0) { $0 + $1.count } }

    /// Logits, `classes × batch × 1`.
    public func forward(_ x: Tensor, training: Bool = false) -> Tensor {
        layers.reduce(x) { $1.forward($0, training: training) }
    }

    /// Back-propagates ∂loss/∂logits through every layer (accumulating parameter gradients);
    /// returns ∂loss/∂input.
    @discardableResult
    public func backward(_ dLogits: Tensor) -> Tensor {
        layers.reversed().reduce(dLogits) { $1.backward($0) }
    }

    public func zeroGradients() { for p in parameters { p.zeroGradient() } }

    /// All parameters in order, flattened (what a model file stores).
    public var flatParameters: [Float] { parameters.flatMap(\.value) }

    /// A network of the same layers and parameters, with activations of its own (a network keeps them
    /// while it runs, so one that runs beside this one needs its own copy).
    public func copy() -> Network {
        let network = Network(specs: specs, seed: 0)
        network.load(flatParameters: flatParameters)
        return network
    }

    public func load(flatParameters values: [Float]) {
        precondition(values.count == parameterCount)
        var i = 0
        for p in parameters {
            p.value = Array(values[i..<(i + p.count)])
            i += p.count
        }
    }
}

/// Softmax of logits `classes × batch`, per column.
public func softmax(_ logits: Tensor) -> [[Float]] {
    let K = logits.channels, B = logits.batch
    return (0..<B).map { b in
        var m = -Float.infinity
        for k in 0..<K { m = max(m, logits.data[k * B + b]) }
        var e = (0..<K).map { exp(logits.data[$0 * B + b] - m) }
        let s = e.reduce(0, +)
        for k in 0..<K { e[k] /= s }
        return e
    }
}
