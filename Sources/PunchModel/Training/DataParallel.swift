import PunchKit

/// Data-parallel training on the machine's cores: each replica of the network takes a part of the
/// batch, and their gradients are summed (in replica order, so results do not depend on scheduling)
/// into the master network, whose parameters the optimiser updates and then copies back.
final class DataParallel {
    let replicas: [Network]

    init(network: Network, replicas n: Int) {
        replicas = (0..<n).map { _ in Network(specs: network.specs, seed: 0) }
        broadcast(from: network)
    }

    /// One optimisation step over a batch of `count`: every replica zeroes its gradients and runs
    /// `body` on its contiguous part of the batch (concurrently, one a core; the part may be empty),
    /// then the gradients are summed into `master`, the optimiser updates it and the replicas get
    /// its new parameters. Returns what `body` gave, in replica order.
    /// `partsOf`: every part but the last holds a multiple of it (two views of a window stay on one replica).
    func step<R: Sendable>(_ count: Int, partsOf unit: Int = 1, master: Network, optimiser: inout AdamW, learningRate: Float,
                 _ body: (Network, Range<Int>) -> R) -> [R] {
        let results = concurrentMap(Array(split(count, unit: unit).enumerated())) { r, range -> R in
            replicas[r].zeroGradients()
            return body(replicas[r], range)
        }
        gatherGradients(into: master)
        optimiser.update(master.parameters, learningRate: learningRate)
        broadcast(from: master)
        return results
    }

    /// Contiguous parts of a batch of `count`, one per replica (the last ones may be empty), each but the last
    /// a multiple of `unit` long.
    func split(_ count: Int, unit: Int = 1) -> [Range<Int>] {
        let n = replicas.count
        let size = ((count + n - 1) / n + unit - 1) / unit * unit
        return (0..<n).map { min($0 * size, count)..<min(($0 + 1) * size, count) }
    }

    /// master.gradient = Σ replica gradients.
    func gatherGradients(into master: Network) {
        let targets = master.parameters
        for (k, p) in targets.enumerated() {
            p.gradient.withUnsafeMutableBufferPointer { g in
                for i in 0..<g.count { g[i] = 0 }
                for r in replicas {
                    r.parameters[k].gradient.withUnsafeBufferPointer { rg in
                        for i in 0..<g.count { g[i] += rg[i] }
                    }
                }
            }
        }
    }

    /// Every replica gets the master's parameters.
    func broadcast(from master: Network) {
        let source = master.parameters
        for r in replicas {
            for (k, p) in r.parameters.enumerated() { p.value = source[k].value }
        }
    }
}

/// What one replica's part of a batch gave.
struct ReplicaResult: Sendable {
    var loss: Double
    var correct: Int
}
