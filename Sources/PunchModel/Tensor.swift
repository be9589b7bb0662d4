/// Activations of a batch, channel-major: `channels × batch × time` floats, so that a convolution over
/// the whole batch is one matrix product (rows = channels, columns = batch·time).
/// Dense activations have `time == 1`.
public struct Tensor: Equatable, Sendable {
    public var channels: Int
    public var batch: Int
    public var time: Int
    public var data: [Float]

    public init(channels: Int, batch: Int, time: Int, data: [Float]? = nil) {
        self.channels = channels
        self.batch = batch
        self.time = time
        self.data = data ?? [Float](repeating: 0, count: channels * batch * time)
        precondition(self.data.count == channels * batch * time)
    }

    public var count: Int { data.count }
    /// Columns of the channel-major matrix view.
    public var columns: Int { batch * time }

    @inline(__always) public subscript(c: Int, b: Int, t: Int) -> Float {
        get { data[(c * batch + b) * time + t] }
        set { data[(c * batch + b) * time + t] = newValue }
    }

    /// Packs per-sample features (`channels × time` each, channel-major) into a batch tensor.
    public static func batch(of samples: [[Float]], channels: Int, time: Int) -> Tensor {
        var t = Tensor(channels: channels, batch: samples.count, time: time)
        let B = samples.count
        t.data.withUnsafeMutableBufferPointer { out in
            for (b, s) in samples.enumerated() {
                precondition(s.count == channels * time)
                s.withUnsafeBufferPointer { src in
                    for c in 0..<channels {
                        (out.baseAddress! + (c * B + b) * time).update(from: src.baseAddress! + c * time, count: time)
                    }
                }
            }
        }
        return t
    }
}
