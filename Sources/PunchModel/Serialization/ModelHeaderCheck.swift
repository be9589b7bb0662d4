import PunchKit

extension ModelHeader {
    /// Why this header cannot describe a classifier that runs (the first reason), nil when it can:
    /// distinct classes, a usable window (1–1000 fps), one mean and std a channel, and layers of positive sizes
    /// each taking what the one before gives, from `features.channels × window.frames` to a logit a
    /// class, with the file's count of weights (for each of 1–16 members). The checksum covers the weights only, so a damaged
    /// header gets here; checking before the network is built keeps the reader from allocating
    /// without bound or building a network that reads out of range.
    func inconsistency() -> String? {
        guard !classes.isEmpty, Set(classes).count == classes.count else {
            return "classes \(classes.joined(separator: ",")) are not distinct names"
        }
        // The detector resamples its input to `rate`: an absurd rate would have it make frames without end.
        guard window.frames >= 1, (1...1000).contains(window.rate), window.lookahead >= 0 else {
            return "an unusable window (\(window.frames) frames at \(window.rate) fps, look-ahead \(window.lookahead))"
        }
        guard features.mean.count == features.channels, features.std.count == features.channels else {
            return "\(features.mean.count) means and \(features.std.count) deviations for \(features.channels) channels"
        }
        var shape = LayerSpec.Shape(channels: features.channels, time: window.frames)
        var weights = 0
        for (i, layer) in layers.enumerated() {
            guard let output = layer.output(for: shape) else {
                return "layer \(i + 1) (\(layer.summary)) does not take \(shape.channels) channels × \(shape.time) frames"
            }
            let sum = weights.addingReportingOverflow(layer.parameterCount)
            guard !sum.overflow else { return "layer \(i + 1) (\(layer.summary)) is too large" }
            (shape, weights) = (output, sum.partialValue)
        }
        guard shape == LayerSpec.Shape(channels: classes.count, time: 1) else {
            return "the layers give \(shape.channels) × \(shape.time) outputs for \(classes.count) classes"
        }
        let members = self.members ?? 1
        guard ModelHeader.memberRange.contains(members) else {
            return "\(members) members; an ensemble has \(ModelHeader.memberRange.lowerBound)…\(ModelHeader.memberRange.upperBound)"
        }
        guard weights == parameterCount, payloadBytes == (parameterCount * members).multipliedReportingOverflow(by: 4).partialValue else {
            return "the layers need \(weights) weights\(members > 1 ? " a member" : ""), the file has \(parameterCount)"
        }
        return nil
    }
}

extension LayerSpec {
    struct Shape: Equatable {
        var channels: Int
        var time: Int
    }

    /// No size of a layer this big fits a model file, and products of three stay far from overflow.
    static let largestSize = 1 << 20

    /// What the layer gives for `input`; nil when it does not take it, or a size is out of range.
    func output(for input: Shape) -> Shape? {
        let sizes = 1...Self.largestSize
        switch self {
        case .conv1d(let i, let o, let k, let s, let d):
            guard [i, o, k, s, d].allSatisfy(sizes.contains), i == input.channels else { return nil }
            let time = Conv1D.outputTime(input.time, kernel: k, stride: s, dilation: d)
            return time >= 1 ? Shape(channels: o, time: time) : nil
        case .dense(let i, let o):
            guard sizes.contains(i), sizes.contains(o), i == input.channels, input.time == 1 else { return nil }
            return Shape(channels: o, time: 1)
        case .flatten:
            let (c, overflow) = input.channels.multipliedReportingOverflow(by: input.time)
            return overflow || !sizes.contains(c) ? nil : Shape(channels: c, time: 1)
        case .relu:
            return input
        case .dropout(let rate):
            return (0..<1).contains(rate) ? input : nil
        }
    }

    /// Weights and biases, for a layer whose `output(for:)` is not nil.
    var parameterCount: Int {
        switch self {
        case .conv1d(let i, let o, let k, _, _): o * i * k + o
        case .dense(let i, let o): o * i + o
        case .relu, .flatten, .dropout: 0
        }
    }
}
