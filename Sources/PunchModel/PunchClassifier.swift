import Foundation
import PunchKit

/// The punch classifier: a network over one window's features and everything needed to feed it, or an
/// ensemble of networks of the same shape trained from different seeds whose probabilities are averaged.
/// An ensemble holds up better than any one member on data unlike its training data (Lakshminarayanan
/// et al. 2017; Ovadia et al. 2019): real people, for networks trained on the synthetic boxer.
public final class PunchClassifier {
    public private(set) var header: ModelHeader
    /// The networks (one, or an ensemble's members); all read the same standardised features.
    public let networks: [Network]
    /// The first network: the one that training fits.
    public var network: Network { networks[0] }
    /// Weights of every network.
    public var parameterCount: Int { networks.reduce(0) { $0 + $1.parameterCount } }
    public let extractor: FeatureExtractor

    public var classes: [String] { header.classes }
    /// Classes that are states, not punches (the header's `background`).
    public let background: Set<String>
    /// Indices of the punch classes and of the background classes, in class order.
    public let punchClassIndices: [Int]
    public let backgroundClassIndices: [Int]
    /// The punch classes' names, in class order.
    public var punchLabels: [String] { punchClassIndices.map { header.classes[$0] } }
    public var window: ModelHeader.WindowSpec { header.window }

    public convenience init(header: ModelHeader, network: Network) {
        self.init(header: header, networks: [network])
    }

    public init(header: ModelHeader, networks: [Network]) {
        precondition(!networks.isEmpty && networks.allSatisfy { $0.specs == networks[0].specs }, "members must share one shape")
        var header = header
        header.members = networks.count > 1 ? networks.count : nil
        self.header = header
        self.networks = networks
        extractor = FeatureExtractor(frames: header.window.frames, rate: header.window.rate)
        let background = Set(header.background)
        self.background = background
        punchClassIndices = header.classes.indices.filter { !background.contains(header.classes[$0]) }
        backgroundClassIndices = header.classes.indices.filter { background.contains(header.classes[$0]) }
    }

    /// A new, untrained classifier.
    public convenience init(classes: [String], background: [String], architecture: Architecture = .standard,
                            lookahead: Int, seed: UInt64) {
        let channels = FeatureExtractor.channelCount
        let window = ModelHeader.WindowSpec.standard(lookahead: lookahead)
        let specs = architecture.layers(channels: channels, frames: window.frames, classes: classes.count)
        let network = Network(specs: specs, seed: seed)
        let header = ModelHeader(
            format: ModelHeader.currentFormat, classes: classes, background: background, layout: JointLayout.canonical.name,
            window: window,
            features: .init(version: ModelHeader.featureVersion, channels: channels,
                            mean: [Float](repeating: 0, count: channels), std: [Float](repeating: 1, count: channels)),
            layers: specs,
            training: .init(dataHash: "", data: [], subjects: [], validationSubjects: [], seed: seed, epochs: 0, bestEpoch: 0, trainedAt: ""),
            parameterCount: network.parameterCount, payloadBytes: network.parameterCount * 4, payloadSHA256: "")
        self.init(header: header, network: network)
    }

    public func setStandardisation(mean: [Float], std: [Float]) {
        header.features.mean = mean
        header.features.std = std
    }

    public func setTrainingInfo(_ info: ModelHeader.TrainingInfo) { header.training = info }

    /// Standardises raw features in place ((x − mean) / std per channel). A window without depth (its
    /// depth flag 0) gets its 3D block at 0, the training mean: a missing modality, not a pose.
    public func standardise(_ features: UnsafeMutablePointer<Float>) {
        let T = header.window.frames
        let depth = FeatureExtractor.hasDepth(features, frames: T)
        for c in 0..<header.features.channels {
            let row = features + c * T
            if !depth && FeatureExtractor.Channel.body.contains(c) {
                for t in 0..<T { row[t] = 0 }
                continue
            }
            let m = header.features.mean[c], s = 1 / header.features.std[c]
            for t in 0..<T { row[t] = (row[t] - m) * s }
        }
    }

    /// Class probabilities of one window (`mirror` for southpaw boxers), with its body frame. `inspect`
    /// sees the standardised features the network reads (channel-major, `channels × frames`).
    /// Specialised for the windows inference reads, as `FeatureExtractor.extract` is.
    @_specialize(exported: true, where W == WindowBuffer)
    @_specialize(exported: true, where W == SequenceWindow)
    public func classify<W: WindowSource>(_ window: W, mirror: Bool,
                                          inspect: ((UnsafeBufferPointer<Float>) -> Void)? = nil) -> (probabilities: [Float], body: BodyFrame) {
        var features = [Float](repeating: 0, count: extractor.featureCount)
        let body = features.withUnsafeMutableBufferPointer { buffer -> BodyFrame in
            let b = extractor.extract(window, mirror: mirror, into: buffer.baseAddress!)
            standardise(buffer.baseAddress!)
            inspect?(UnsafeBufferPointer(buffer))
            return b
        }
        let x = Tensor(channels: header.features.channels, batch: 1, time: header.window.frames, data: features)
        return (probabilities(x)[0], body)
    }

    /// Class probabilities of standardised windows: the members' mean.
    public func probabilities(_ x: Tensor) -> [[Float]] {
        var mean = softmax(networks[0].forward(x, training: false))
        guard networks.count > 1 else { return mean }
        for member in networks.dropFirst() {
            let p = softmax(member.forward(x, training: false))
            for b in mean.indices { for k in mean[b].indices { mean[b][k] += p[b][k] } }
        }
        let n = Float(networks.count)
        return mean.map { $0.map { $0 / n } }
    }

    /// A classifier of its own with this one's header and a copy of its weights, e.g. to tune it several times over.
    public func copy() -> PunchClassifier {
        PunchClassifier(header: header, networks: networks.map { $0.copy() })
    }

    /// Each member as a classifier of its own (sharing this header's standardisation), e.g. to fine-tune it.
    public var memberClassifiers: [PunchClassifier] {
        networks.count == 1 ? [self] : networks.map { PunchClassifier(header: header, network: $0) }
    }
}

/// The network's shape: a temporal convolution stack that halves time three times (120 → 15 steps at
/// 7.5 Hz), keeps the 15 steps apart (the newest end of the window matters), then two dense layers.
public enum Architecture: String, Codable, Sendable, CaseIterable {
    case standard
    /// Half as wide again: for data harder than one network of the standard width fits (an experiment).
    case wide
    case tiny  // for tests

    public func layers(channels: Int, frames: Int, classes: Int) -> [LayerSpec] {
        switch self {
        case .standard: return Self.convolutionStack(widths: (64, 64, 96, 96), channels: channels, frames: frames, classes: classes)
        case .wide: return Self.convolutionStack(widths: (96, 96, 128, 128), channels: channels, frames: frames, classes: classes)
        case .tiny:
            return [
                .conv1d(input: channels, output: 8, kernel: 5, stride: 4, dilation: 1), .relu,
                .flatten,
                .dense(input: 8 * ((frames + 3) / 4), output: classes),
            ]
        }
    }

    /// Four convolutions of these widths (k5 s2, k5 s2, k3 s2, k3 dilation 2), dropout, two dense layers.
    private static func convolutionStack(widths w: (Int, Int, Int, Int), channels: Int, frames: Int, classes: Int) -> [LayerSpec] {
        [
            .conv1d(input: channels, output: w.0, kernel: 5, stride: 2, dilation: 1), .relu,
            .conv1d(input: w.0, output: w.1, kernel: 5, stride: 2, dilation: 1), .relu,
            .conv1d(input: w.1, output: w.2, kernel: 3, stride: 2, dilation: 1), .relu,
            .conv1d(input: w.2, output: w.3, kernel: 3, stride: 1, dilation: 2), .relu,
            .flatten, .dropout(rate: 0.3),
            .dense(input: w.3 * ((frames + 7) / 8), output: 64), .relu,
            .dense(input: 64, output: classes),
        ]
    }
}
