import CVBridge

/// A failure reported by the OpenCV shim: one line naming the file or device and what to do.
public struct VisionError: Error, CustomStringConvertible, Equatable, Sendable {
    public var code: Int32
    public var message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// The shim's last error on this thread, for a failed status `code`.
    static func last(_ code: Int32) -> VisionError {
        VisionError(code: code, message: String(cString: cvb_last_error()))
    }

    /// Throws the shim's last error when `status` is not CVB_OK.
    static func check(_ status: Int32) throws {
        if status != Int32(CVB_OK) { throw last(status) }
    }
}
