import Foundation
import Testing
import TestSupport
import PunchKit
@testable import PunchModel

@Suite struct ModelFileTests {
    let scratch: ScratchDirectory
    init() throws { scratch = try ScratchDirectory() }

    func tempURL(_ name: String) -> URL { scratch.url.appendingPathComponent(name) }

    func someWindow() -> SequenceWindow {
        var s = SkeletonSequence(layout: .canonical, units: .m, source: "test", hasWorld: true)
        var rng = SeededRandom(seed: 4)
        for f in 0..<120 {
            let p = (0..<17).map { j in Vec3(Double(j % 3) * 0.2 + rng.uniform(-0.01, 0.01), Double(j) * 0.1 - 0.8, 3 + sin(Double(f) / 9)) }
            s.append(time: Double(f) / 60, positions: p, confidences: Array(repeating: 0.9, count: 17), world: p)
        }
        return SequenceWindow(s, start: 0, length: 120)
    }

    @Test func saveLoadGivesIdenticalOutputs() throws {
        let model = PunchClassifier(classes: ["jab", "stance"], background: ["stance"], lookahead: 4, seed: 8)
        model.setStandardisation(mean: (0..<FeatureExtractor.channelCount).map { Float($0) * 0.01 },
                                 std: (0..<FeatureExtractor.channelCount).map { 1 + Float($0) * 0.02 })
        let url = tempURL("a.model")
        try ModelFile.write(model, to: url)
        let back = try ModelFile.read(url)
        #expect(try back.header == ModelFile.headerAsWritten(model))
        let w = someWindow()
        #expect(model.classify(w, mirror: false).probabilities == back.classify(w, mirror: false).probabilities)
        #expect(back.network.parameterCount < 1_000_000)
    }

    /// A model that cannot be written says so (not "cannot read"), with the system's reason, in one line.
    @Test func aModelThatCannotBeWrittenNamesTheReason() throws {
        let model = PunchClassifier(classes: ["a", "b"], background: ["b"], architecture: .tiny, lookahead: 2, seed: 1)
        let url = tempURL("missing-folder/m.model")
        #expect(throws: ModelError.unwritable(url.path, "No such file or directory")) { try ModelFile.write(model, to: url) }
        #expect(ModelError.unwritable(url.path, "No such file or directory").description
                == "\(url.path): cannot write the model (No such file or directory); check the folder exists and is writable")
    }

    @Test func damagedForeignAndNewerFilesAreRefused() throws {
        let model = PunchClassifier(classes: ["a", "b"], background: ["b"], architecture: .tiny, lookahead: 2, seed: 1)
        let url = tempURL("m.model")
        try ModelFile.write(model, to: url)
        let good = try Data(contentsOf: url)

        func refusal(_ data: Data) throws -> ModelError {
            let u = tempURL("bad.model")
            try data.write(to: u)
            return try #require(throws: ModelError.self) { try ModelFile.read(u) }
        }
        if case .truncated = try refusal(good.prefix(good.count - 10)) {} else { Issue.record("truncated not detected") }
        var flipped = good
        flipped[flipped.count - 7] ^= 0x40
        if case .corrupted(_, let why) = try refusal(flipped) { #expect(why.contains("checksum")) } else { Issue.record("flip not detected") }
        if case .foreign = try refusal(Data("hello, I am a text file\n".utf8)) {} else { Issue.record("foreign not detected") }
        let newer = String(decoding: good, as: UTF8.self).replacingOccurrences(of: "\"format\":1", with: "\"format\":9")
        let e = try refusal(Data(newer.utf8))
        if case .newer(_, 9) = e {} else { Issue.record("newer not detected: \(e)") }
        #expect(e.description.contains("update PunchCoach"))
        #expect(throws: ModelError.self) { try ModelFile.read(URL(fileURLWithPath: "/nonexistent.model")) }
    }
}

extension ModelFile {
    /// The header as `write` fills it in (payload size and checksum), for comparisons.
    static func headerAsWritten(_ m: PunchClassifier) throws -> ModelHeader {
        let scratch = try ScratchDirectory()
        let url = scratch.url.appendingPathComponent("header.model")
        try write(m, to: url)
        return try read(url).header
    }
}
