/// max(0, x), elementwise.
public final class ReLU: Layer {
    private var positive: [Bool] = []
    public init() {}
    public var spec: LayerSpec { .relu }
    public var parameters: [Parameter] { [] }

    public func forward(_ x: Tensor, training: Bool) -> Tensor {
        var y = x
        y.data.withUnsafeMutableBufferPointer { ys in
            for i in 0..<ys.count where !(ys[i] > 0) { ys[i] = 0 }
        }
        if training { positive = x.data.map { $0 > 0 } }
        return y
    }

    public func backward(_ dy: Tensor) -> Tensor {
        var dx = dy
        dx.data.withUnsafeMutableBufferPointer { g in
            for i in 0..<g.count where !positive[i] { g[i] = 0 }
        }
        return dx
    }
}
