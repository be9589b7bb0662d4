/// A learnable array with its gradient and Adam moments.
public final class Parameter {
    public let name: String
    public var value: [Float]
    public var gradient: [Float]
    var firstMoment: [Float]
    var secondMoment: [Float]
    /// Weight decay applies to weights, not to biases.
    public let decays: Bool

    public init(name: String, value: [Float], decays: Bool) {
        self.name = name
        self.value = value
        self.decays = decays
        gradient = [Float](repeating: 0, count: value.count)
        firstMoment = gradient
        secondMoment = gradient
    }

    public var count: Int { value.count }

    public func zeroGradient() {
        gradient.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
}
