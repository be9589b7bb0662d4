import Foundation
import Testing
@testable import PunchModel

/// A model file says how it was trained: the run's settings travel in its header, and the report lists the
/// ones that differ from the defaults.
@Suite struct TrainingConfigurationChangesTests {
    @Test func onlySettingsOtherThanTheDefaultsAreListed() {
        #expect(TrainingConfiguration().changedSettings.isEmpty)
        var cfg = TrainingConfiguration()
        cfg.viewConsistency = 1
        cfg.depthTeaches2D = true
        cfg.augmentation.jitter = 0.05
        cfg.augmentation.timeWarp = 0.8...1.2
        #expect(cfg.changedSettings == ["augmentation.jitter=0.05", "augmentation.timeWarp=[0.8,1.2]",
                                        "depthTeaches2D=true", "viewConsistency=1"])
    }

    @Test func theConfigurationSurvivesTheHeaderAndOldHeadersReadWithoutIt() throws {
        var cfg = TrainingConfiguration()
        cfg.viewsShareTiming = true
        cfg.augmentation.depthScale = 0.5...1.5
        let info = ModelHeader.TrainingInfo(dataHash: "h", data: ["d"], subjects: ["s1"], validationSubjects: [], seed: 3,
                                            epochs: 2, bestEpoch: 1, trainedAt: "t", configuration: cfg)
        let decoded = try JSONDecoder().decode(ModelHeader.TrainingInfo.self, from: JSONEncoder().encode(info))
        #expect(decoded.configuration == cfg)

        var old = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(info)) as? [String: Any])
        old["configuration"] = nil
        let read = try JSONDecoder().decode(ModelHeader.TrainingInfo.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(read.configuration == nil && read.seed == 3)
    }
}
