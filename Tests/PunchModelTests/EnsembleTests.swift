import Foundation
import Testing
import TestSupport
import PunchKit
@testable import PunchModel

/// An ensemble: networks of one shape whose probabilities are averaged, saved in one file (format 2).
@Suite struct EnsembleTests {
    let scratch: ScratchDirectory
    init() throws { scratch = try ScratchDirectory() }

    func members(_ seeds: [UInt64]) -> [PunchClassifier] {
        seeds.map { PunchClassifier(classes: ["jab", "hook", "stance"], background: ["stance"], architecture: .tiny, lookahead: 2, seed: $0) }
    }

    @Test func probabilitiesAreTheMembersMean() throws {
        let single = members([3, 4])
        let ensemble = PunchClassifier(header: single[0].header, networks: single.map(\.network))
        let w = try ModelFileTests().someWindow()
        let a = single[0].classify(w, mirror: false).probabilities, b = single[1].classify(w, mirror: false).probabilities
        let mean = ensemble.classify(w, mirror: false).probabilities
        #expect(a != b)
        for k in mean.indices { #expect(abs(mean[k] - (a[k] + b[k]) / 2) < 1e-6) }
        #expect(ensemble.header.members == 2 && single[0].header.members == nil)
        #expect(ensemble.memberClassifiers.count == 2 && single[0].memberClassifiers.count == 1)
    }

    @Test func anEnsembleRoundTripsAsFormatTwoAndOneNetworkStaysFormatOne() throws {
        let single = members([5, 6, 7])
        let ensemble = PunchClassifier(header: single[0].header, networks: single.map(\.network))
        let url = scratch.url.appendingPathComponent("e.model"), oneURL = scratch.url.appendingPathComponent("one.model")
        try ModelFile.write(ensemble, to: url)
        try ModelFile.write(single[0], to: oneURL)
        let back = try ModelFile.read(url)
        #expect(back.header.format == 2 && back.header.members == 3 && back.networks.count == 3)
        #expect(try ModelFile.read(oneURL).header.format == 1)
        let w = try ModelFileTests().someWindow()
        #expect(back.classify(w, mirror: false).probabilities == ensemble.classify(w, mirror: false).probabilities)
        // A member short: refused, not half-loaded.
        let good = try Data(contentsOf: url)
        let bad = scratch.url.appendingPathComponent("short.model")
        try good.prefix(good.count - single[0].network.parameterCount * 4).write(to: bad)
        #expect(throws: ModelError.self) { try ModelFile.read(bad) }
    }
}
