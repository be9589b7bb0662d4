/// `channels × batch × time` → `(channels·time) × batch × 1`: keeps where in time each feature is,
/// which the classifier needs to tell what happens at the newest end of the window.
public final class Flatten: Layer {
    private var shape = (channels: 0, time: 0)
    public init() {}
    public var spec: LayerSpec { .flatten }
    public var parameters: [Parameter] { [] }

    public func forward(_ x: Tensor, training: Bool) -> Tensor {
        if training { shape = (x.channels, x.time) }
        let C = x.channels, B = x.batch, T = x.time
        var y = Tensor(channels: C * T, batch: B, time: 1)
        for c in 0..<C { for b in 0..<B { for t in 0..<T { y.data[(c * T + t) * B + b] = x.data[(c * B + b) * T + t] } } }
        return y
    }

    public func backward(_ dy: Tensor) -> Tensor {
        let C = shape.channels, T = shape.time, B = dy.batch
        var dx = Tensor(channels: C, batch: B, time: T)
        for c in 0..<C { for b in 0..<B { for t in 0..<T { dx.data[(c * B + b) * T + t] = dy.data[(c * T + t) * B + b] } } }
        return dx
    }
}
