/// A point or direction in 3D. Image layouts use (x right, y down, z depth in the same units);
/// world layouts use metres in a camera-aligned frame (x right, y down, z away from the camera),
/// the convention of BlazePose world landmarks, HybrIK/SMPL exports and OpenCV cameras.
public struct Vec3: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static let zero = Vec3(0, 0, 0)

    @inlinable public static func + (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inlinable public static func - (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inlinable public static func * (a: Vec3, s: Double) -> Vec3 { Vec3(a.x * s, a.y * s, a.z * s) }
    @inlinable public static func * (s: Double, a: Vec3) -> Vec3 { a * s }
    @inlinable public static func / (a: Vec3, s: Double) -> Vec3 { Vec3(a.x / s, a.y / s, a.z / s) }
    @inlinable public static prefix func - (a: Vec3) -> Vec3 { Vec3(-a.x, -a.y, -a.z) }
    @inlinable public static func += (a: inout Vec3, b: Vec3) { a = a + b }
    @inlinable public static func -= (a: inout Vec3, b: Vec3) { a = a - b }

    @inlinable public func dot(_ b: Vec3) -> Double { x * b.x + y * b.y + z * b.z }
    @inlinable public func cross(_ b: Vec3) -> Vec3 {
        Vec3(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x)
    }
    @inlinable public var length: Double { dot(self).squareRoot() }
    @inlinable public var normalized: Vec3 {
        let l = length
        return l > 0 ? self / l : .zero
    }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// Linear interpolation: `a` at `u = 0`, `b` at `u = 1`.
    @inlinable public static func lerp(_ a: Vec3, _ b: Vec3, _ u: Double) -> Vec3 { a + (b - a) * u }

    public var description: String { "(\(x), \(y), \(z))" }
}
