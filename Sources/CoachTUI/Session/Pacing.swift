import Foundation
import PoseVision
import PunchKit

/// The session clock: seconds since the workout started, on the stream's time scale — wall-clock
/// time × `timeScale` (4 = four times faster, for tests). It can be held (paused, or while the
/// terminal is too small); held time does not count.
public final class SessionClock {
    public let timeScale: Double
    private var base = 0.0
    private var runningSince: Double?

    public init(timeScale: Double = 1) {
        self.timeScale = timeScale
        runningSince = Self.monotonic()
    }

    public static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    public var now: Double {
        guard let since = runningSince else { return base }
        return base + (Self.monotonic() - since) * timeScale
    }

    public var isHeld: Bool { runningSince == nil }

    public func hold() {
        guard runningSince != nil else { return }
        base = now
        runningSince = nil
    }

    public func resume() {
        guard runningSince == nil else { return }
        runningSince = Self.monotonic()
    }

    /// Wall seconds until session time `t` (0 when past).
    public func wallSeconds(until t: Double) -> Double { max(0, (t - now) / timeScale) }
}

/// Frames of a source as the session clock reaches them. Sources that are not real-time (files, the
/// demo) are paced: a frame is released when the clock reaches its time (relative to the first
/// frame). A real-time source (a camera) is read on its own thread and its frames are released as
/// they arrive, timed relative to the first. Times are rebased so the first frame is at 0.
public final class PacedFeed {
    public let source: PoseSource
    private var pending: SkeletonFrame?
    private var origin: Double?
    public private(set) var ended = false
    private let reader: ThreadedReader?
    private var lastTime = -Double.infinity

    public init(_ source: PoseSource) {
        self.source = source
        reader = source.isRealTime ? ThreadedReader(source) : nil
    }

    /// Session time of the next frame, when known (paced sources).
    public var nextTime: Double? { pending.map { $0.time - (origin ?? $0.time) } }

    /// A real-time source's: the monotonic instant (`SessionClock.monotonic()`) at which the frame of
    /// session time `t` was captured; nil for a paced source or before the first frame.
    public func captureInstant(ofSessionTime t: Double) -> Double? {
        guard reader != nil, let clock = source.clockOrigin, let origin else { return nil }
        return clock + origin + t
    }

    /// The frames due at session time `now`, in order, rebased to session time.
    public func due(now: Double) throws -> [SkeletonFrame] {
        if let reader { return try rebase(reader.drain()) }
        var out: [SkeletonFrame] = []
        while !ended {
            if pending == nil {
                pending = try source.nextFrame()
                if pending == nil { ended = true; break }
            }
            guard let f = pending else { break }
            if origin == nil { origin = f.time }
            guard f.time - origin! <= now else { break }
            out.append(f)
            pending = nil
        }
        return rebase(out)
    }

    private func rebase(_ frames: [SkeletonFrame]) -> [SkeletonFrame] {
        var out: [SkeletonFrame] = []
        out.reserveCapacity(frames.count)
        for var f in frames {
            if origin == nil { origin = f.time }
            f.time -= origin!
            // Drop a frame whose time does not increase (a camera's clock hiccup).
            guard f.time > lastTime else { continue }
            lastTime = f.time
            out.append(f)
        }
        if let reader, reader.finished { ended = true }
        return out
    }

    public func stop() { reader?.stop() }
}

/// Reads a real-time source on its own thread (`pc-capture`: the capture and the pose model) into a
/// small queue (old frames are dropped when the consumer falls behind by more than a second of frames).
/// A frame the source delivers while this thread is still busy with the last one waits in the
/// capture's buffers, where newer frames replace it: the newest-frame policy of cameras.
final class ThreadedReader: Sendable {
    private struct State {
        var queue: [SkeletonFrame] = []
        var error: (any Error)?
        var done = false
        var stopping = false
    }
    private let state = Locked(State())

    init(_ source: PoseSource) {
        // From here on only the reader thread calls `nextFrame`; the feed reads the source's fixed
        // properties (`clockOrigin`), which the capture sets when it opens.
        nonisolated(unsafe) let source = source
        Thread { [self] in
            Self.nameThisThread("pc-capture")
            while true {
                if state.withLock({ $0.stopping }) { break }
                do {
                    guard let f = try source.nextFrame() else { break }
                    state.withLock { state in
                        state.queue.append(f)
                        if state.queue.count > 60 { state.queue.removeFirst(state.queue.count - 60) }
                    }
                } catch {
                    state.withLock { $0.error = error }
                    break
                }
            }
            state.withLock { $0.done = true }
        }.start()
    }

    /// Names the calling thread for `bench --live`, `top -H` and debuggers (Linux; a no-op elsewhere).
    /// Foundation's `Thread.name` may not reach the OS: set from inside a thread that started quickly,
    /// it is stored before Foundation knows the thread's handle.
    static func nameThisThread(_ name: String) {
        try? name.write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
    }

    var finished: Bool {
        state.withLock { $0.done && $0.queue.isEmpty }
    }

    func drain() throws -> [SkeletonFrame] {
        try state.withLock { state in
            if let error = state.error { throw error }
            let out = state.queue
            state.queue.removeAll(keepingCapacity: true)
            return out
        }
    }

    func stop() {
        state.withLock { $0.stopping = true }
    }
}
