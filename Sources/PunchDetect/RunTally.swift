/// How runs of punch probability ended (`ClosedRun`), counted: how many opened, how many became events, and
/// how many each rule dropped (a run dropped by two rules counts under both). What `evaluate` reports to tell
/// a missed punch the network never saw from one a rule of the detector dropped.
public struct RunTally: Sendable, Equatable {
    public var runs = 0
    public var events = 0
    public var droppedBy: [ClosedRun.Rule: Int] = [:]

    public init() {}

    public init<S: Sequence>(_ runs: S) where S.Element == ClosedRun {
        for r in runs { add(r) }
    }

    public mutating func add(_ run: ClosedRun) {
        runs += 1
        if run.isEvent { events += 1 }
        for rule in run.droppedBy { droppedBy[rule, default: 0] += 1 }
    }

    public mutating func add(_ other: RunTally) {
        runs += other.runs
        events += other.events
        for (rule, n) in other.droppedBy { droppedBy[rule, default: 0] += n }
    }
}
