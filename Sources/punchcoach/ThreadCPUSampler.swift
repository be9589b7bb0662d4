import Foundation
import PunchKit

/// CPU time of each thread of this process over a measurement, from `/proc/self/task` (Linux). It is
/// sampled every 100 ms on a thread of its own, so a thread that ends before the measurement does (the
/// capture threads end with their video) still counts, up to its last sample.
final class ThreadCPUSampler: Sendable {
    struct Usage: Sendable {
        var tid: Int
        /// The thread's name (`comm`): `pc-camera`, `pc-capture`, … as the threads name themselves.
        var name: String
        var cpuSeconds: Double
    }

    private let baseline: [Int: Usage]
    private struct State {
        var latest: [Int: Usage] = [:]
        var stopping = false
        var samplerThread: Int?
    }
    private let state = Locked(State())
    private let done = DispatchSemaphore(value: 0)

    init() {
        baseline = Self.snapshot()
        let sampler = Thread { [self] in
            let me = Self.currentThreadID
            while true {
                let now = Self.snapshot()
                let stop = state.withLock { state in
                    state.samplerThread = me
                    state.latest.merge(now) { _, new in new }
                    return state.stopping
                }
                if stop { break }
                usleep(100_000)
            }
            done.signal()
        }
        sampler.start()
    }

    /// Ends the measurement: CPU seconds each thread spent since `init`, the busiest first (the
    /// sampler's own thread left out).
    func stop() -> [Usage] {
        state.withLock { $0.stopping = true }
        done.wait()
        let (latest, samplerThread) = state.withLock { ($0.latest, $0.samplerThread) }
        return latest.values.compactMap { u in
            guard u.tid != samplerThread else { return nil }
            return Usage(tid: u.tid, name: u.name, cpuSeconds: u.cpuSeconds - (baseline[u.tid]?.cpuSeconds ?? 0))
        }.sorted { $0.cpuSeconds > $1.cpuSeconds }
    }

    /// The calling thread's id (`/proc/thread-self` → `PID/task/TID`).
    static var currentThreadID: Int? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") else { return nil }
        return Int(target.split(separator: "/").last ?? "")
    }

    /// utime + stime of every live thread. `/proc/self/task/TID/stat` is `TID (comm) state …` with
    /// utime and stime the 14th and 15th fields, in clock ticks; comm may hold spaces and parentheses.
    static func snapshot() -> [Int: Usage] {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var out: [Int: Usage] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [] {
            guard let tid = Int(entry),
                  let stat = try? String(contentsOfFile: "/proc/self/task/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
            let name = String(stat[stat.index(after: open)..<close])
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            out[tid] = Usage(tid: tid, name: name, cpuSeconds: (user + system) / ticks)
        }
        return out
    }
}
