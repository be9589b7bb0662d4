/// What a fuzz campaign saw: how many cases, how the reader answered, what went wrong.
public struct FuzzReport: Sendable {
    public let family: String
    public let seed: UInt64
    public var cases = 0
    /// Cases the reader accepted, and cases it refused with a proper error.
    public var read = 0, refused = 0
    public var failures: [String] = []
    public var seconds = 0.0

    public var summary: String {
        let time = (seconds * 10).rounded() / 10
        return "fuzz \(family): \(cases) cases (\(read) read, \(refused) refused, \(failures.count) failed) in \(time) s, seed \(seed)"
    }

    /// The first few failures, one a line, for the test's message.
    public var failureList: String { failures.prefix(8).joined(separator: "\n") + (failures.count > 8 ? "\n…" : "") }
}
