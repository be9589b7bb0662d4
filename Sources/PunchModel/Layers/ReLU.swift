/// max(0, x), elementwise (NaN → 0).
public final class ReLU: Layer {
    /// The output of the last training forward pass: its positive entries are where gradients pass.
    private var output: [Float] = []
    public init() {}
    public var spec: LayerSpec { .relu }
    public var parameters: [Parameter] { [] }

    public func forward(_ x: Tensor, training: Bool) -> Tensor {
        var y = x
        // A select, not a branch, so that the loop vectorises.
        y.data.withUnsafeMutableBufferPointer { ys in
            for i in 0..<ys.count { ys[i] = ys[i] > 0 ? ys[i] : 0 }
        }
        if training { output = y.data }
        return y
    }

    public func backward(_ dy: Tensor) -> Tensor {
        var dx = dy
        dx.data.withUnsafeMutableBufferPointer { g in
            output.withUnsafeBufferPointer { y in
                for i in 0..<g.count { g[i] = y[i] > 0 ? g[i] : 0 }
            }
        }
        return dx
    }
}
