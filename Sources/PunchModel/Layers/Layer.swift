import PunchKit

/// One stage of the network. `forward(training: true)` keeps what `backward` needs; `backward` receives
/// ∂loss/∂output, accumulates the parameter gradients and returns ∂loss/∂input. `forward(training: false)`
/// changes no state, so inference may run on several threads at once.
public protocol Layer: AnyObject {
    /// A short description for the model file and summaries (e.g. "conv1d 127→64 k5 s2").
    var spec: LayerSpec { get }
    var parameters: [Parameter] { get }
    func forward(_ x: Tensor, training: Bool) -> Tensor
    func backward(_ dy: Tensor) -> Tensor
}

/// The serialisable description of a layer: enough to rebuild it (weights are stored separately).
public enum LayerSpec: Codable, Equatable, Sendable {
    case conv1d(input: Int, output: Int, kernel: Int, stride: Int, dilation: Int)
    case relu
    case flatten
    case dense(input: Int, output: Int)
    case dropout(rate: Double)

    public var summary: String {
        switch self {
        case .conv1d(let i, let o, let k, let s, let d): return "conv1d \(i)→\(o) k\(k) s\(s)" + (d > 1 ? " d\(d)" : "")
        case .relu: return "relu"
        case .flatten: return "flatten"
        case .dense(let i, let o): return "dense \(i)→\(o)"
        case .dropout(let r): return "dropout \(r)"
        }
    }

    /// A fresh layer of this spec, initialised from `rng` (He initialisation for weights).
    public func make(rng: inout SeededRandom) -> Layer {
        switch self {
        case .conv1d(let i, let o, let k, let s, let d):
            return Conv1D(input: i, output: o, kernel: k, stride: s, dilation: d, rng: &rng)
        case .relu: return ReLU()
        case .flatten: return Flatten()
        case .dense(let i, let o): return Dense(input: i, output: o, rng: &rng)
        case .dropout(let r): return Dropout(rate: r, seed: rng.next())
        }
    }
}

/// He-normal initial weights (He et al. 2015) for a layer with `fanIn` inputs per output.
func heInitialised(count: Int, fanIn: Int, rng: inout SeededRandom) -> [Float] {
    let std = (2.0 / Double(fanIn)).squareRoot()
    return (0..<count).map { _ in Float(rng.gaussian() * std) }
}
