import Foundation

/// Rotations used by normalisation, augmentation and the synthetic camera.
/// The vertical axis is y (pointing down in every layout this project reads).
public struct Rotation3: Equatable, Sendable {
    /// Row-major 3×3 matrix.
    public var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    public init(_ m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }

    public static let identity = Rotation3((1, 0, 0, 0, 1, 0, 0, 0, 1))

    /// Rotation by `angle` radians about the vertical (y) axis: x → x cos + z sin, z → −x sin + z cos.
    public static func aboutY(_ angle: Double) -> Rotation3 {
        let c = cos(angle), s = sin(angle)
        return Rotation3((c, 0, s, 0, 1, 0, -s, 0, c))
    }

    /// Rotation by `angle` radians about the x axis (camera pitch).
    public static func aboutX(_ angle: Double) -> Rotation3 {
        let c = cos(angle), s = sin(angle)
        return Rotation3((1, 0, 0, 0, c, -s, 0, s, c))
    }

    /// Rotation by `angle` radians about the z axis (camera roll, in-image rotation).
    public static func aboutZ(_ angle: Double) -> Rotation3 {
        let c = cos(angle), s = sin(angle)
        return Rotation3((c, -s, 0, s, c, 0, 0, 0, 1))
    }

    @inlinable public func apply(_ v: Vec3) -> Vec3 {
        Vec3(m.0 * v.x + m.1 * v.y + m.2 * v.z,
             m.3 * v.x + m.4 * v.y + m.5 * v.z,
             m.6 * v.x + m.7 * v.y + m.8 * v.z)
    }

    public static func * (a: Rotation3, b: Rotation3) -> Rotation3 {
        let c0 = a.apply(Vec3(b.m.0, b.m.3, b.m.6))
        let c1 = a.apply(Vec3(b.m.1, b.m.4, b.m.7))
        let c2 = a.apply(Vec3(b.m.2, b.m.5, b.m.8))
        return Rotation3((c0.x, c1.x, c2.x, c0.y, c1.y, c2.y, c0.z, c1.z, c2.z))
    }

    public var transposed: Rotation3 {
        Rotation3((m.0, m.3, m.6, m.1, m.4, m.7, m.2, m.5, m.8))
    }

    public static func == (a: Rotation3, b: Rotation3) -> Bool {
        a.m.0 == b.m.0 && a.m.1 == b.m.1 && a.m.2 == b.m.2 && a.m.3 == b.m.3 && a.m.4 == b.m.4
            && a.m.5 == b.m.5 && a.m.6 == b.m.6 && a.m.7 == b.m.7 && a.m.8 == b.m.8
    }
}
