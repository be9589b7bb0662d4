import Foundation

/// A fresh directory under the system's temporary directory, removed (with anything made
/// immutable inside made mutable again) when the test ends.
public final class ScratchDirectory {
    public let path: String
    private var immutable: [String] = []

    public init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("punchcoach-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    public var listing: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    /// Makes `file` unwritable even for root: `chattr +i` as root, `chmod 444` otherwise. False when
    /// neither works here.
    public func makeReadOnly(_ file: String) -> Bool {
        if geteuid() == 0 {
            guard Self.chattr("+i", file) == 0 else { return false }
            immutable.append(file)
            return access(file, W_OK) != 0
        }
        return chmod(file, 0o444) == 0 && access(file, W_OK) != 0
    }

    private static func chattr(_ flag: String, _ file: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, file]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        for file in immutable { _ = Self.chattr("-i", file) }
        try? FileManager.default.removeItem(atPath: path)
    }
}
