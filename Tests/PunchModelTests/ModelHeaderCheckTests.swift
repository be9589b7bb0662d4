import Foundation
import Testing
import TestSupport
import PunchKit
@testable import PunchModel

/// A model file's header must describe a network that runs (issue 13's fuzzer found headers that
/// crashed the reader: a layer of kernel −1 made it allocate 34 GB). Each is refused in one line
/// naming the file; every model the project writes passes.
@Suite struct ModelHeaderCheckTests {
    let scratch: ScratchDirectory
    let tiny: URL
    init() throws {
        scratch = try ScratchDirectory()
        tiny = scratch.url.appendingPathComponent("tiny.model")
        let model = PunchClassifier(classes: ["jab", "cross", "stance"], background: ["stance"], architecture: .tiny, lookahead: 3, seed: 2)
        try ModelFile.write(model, to: tiny)
    }

    /// The tiny model with its JSON header edited by `edit`, as ModelFile.read sees it.
    func refusal(_ edit: (inout [String: Any]) -> Void) throws -> String {
        let bytes = Array(try Data(contentsOf: tiny))
        let magicEnd = bytes.firstIndex(of: 10)! + 1
        let jsonEnd = bytes[magicEnd...].firstIndex(of: 10)!
        var header = try JSONSerialization.jsonObject(with: Data(bytes[magicEnd..<jsonEnd])) as! [String: Any]
        edit(&header)
        let json = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
        let url = scratch.url.appendingPathComponent("edited.model")
        try (Data(bytes[..<magicEnd]) + json + Data(bytes[jsonEnd...])).write(to: url)
        let error = try #require(throws: ModelError.self) { try ModelFile.read(url) }
        guard case .corrupted(url.path, let why) = error else { Issue.record("\(error)"); return "" }
        return why
    }

    func editLayer(_ index: Int, _ kind: String, _ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
        { header in
            var layers = header["layers"] as! [[String: [String: Any]]]
            layers[index][kind]![key] = value
            header["layers"] = layers
        }
    }

    @Test func aLayerOfNegativeOrHugeSizeIsRefusedBeforeAnythingIsAllocated() throws {
        #expect(try refusal(editLayer(0, "conv1d", "kernel", -1)) == "layer 1 (conv1d 154→8 k-1 s4) does not take 154 channels × 120 frames")
        #expect(try refusal(editLayer(0, "conv1d", "output", 1 << 40)).hasPrefix("layer 1 (conv1d 154→1099511627776 k5 s4) does not take"))
        #expect(try refusal(editLayer(3, "dense", "output", Int.max)).hasPrefix("layer 4 (dense 240→9223372036854775807) does not take"))
    }

    @Test func layersThatDoNotChainOrCountAreRefused() throws {
        #expect(try refusal(editLayer(3, "dense", "input", 241)) == "layer 4 (dense 241→3) does not take 240 channels × 1 frames")
        #expect(try refusal(editLayer(3, "dense", "output", 4)) == "the layers give 4 × 1 outputs for 3 classes")
        #expect(try refusal { $0["parameterCount"] = 6890 } == "the layers need 6891 weights, the file has 6890")
        #expect(try refusal { $0["layers"] = [] as [Any] } == "the layers give 154 × 120 outputs for 3 classes")
    }

    @Test func aWindowClassesOrStandardisationThatCannotWorkAreRefused() throws {
        #expect(try refusal { $0["window"] = ["frames": 0, "rate": 60, "lookahead": 3] } == "an unusable window (0 frames at 60.0 fps, look-ahead 3)")
        #expect(try refusal { $0["window"] = ["frames": 120, "rate": 0, "lookahead": 3] } == "an unusable window (120 frames at 0.0 fps, look-ahead 3)")
        #expect(try refusal { $0["window"] = ["frames": 120, "rate": 1e9, "lookahead": 3] } == "an unusable window (120 frames at 1000000000.0 fps, look-ahead 3)")
        #expect(try refusal { $0["window"] = ["frames": 120, "rate": 60, "lookahead": -1] } == "an unusable window (120 frames at 60.0 fps, look-ahead -1)")
        #expect(try refusal { $0["classes"] = ["jab", "jab", "stance"] } == "classes jab,jab,stance are not distinct names")
        #expect(try refusal { header in
            var features = header["features"] as! [String: Any]
            features["mean"] = [0.5]
            header["features"] = features
        } == "1 means and 154 deviations for 154 channels")
    }

    /// Names from the header are quoted on one line, whatever they hold.
    @Test func namesWithLineBreaksAreQuotedOnOneLine() throws {
        #expect(try refusal { $0["classes"] = ["jab\n", "jab\n", "stance"] } == "classes jab\n,jab\n,stance are not distinct names")
        let url = scratch.url.appendingPathComponent("edited.model")
        #expect(ModelError.corrupted(url.path, "classes jab\n").description == "\(url.path): corrupted model file (classes jab\\n); copy or train it again")
        #expect(ModelError.incompatible(url.path, "layout coco17\u{2028}").description == "\(url.path): layout coco17\\u{2028}")
    }

    @Test func everyModelTheProjectWritesPasses() throws {
        let shipped = try ModelFile.read(repositoryRoot.appendingPathComponent("Weights/punch-classifier.model"))
        #expect(shipped.header.inconsistency() == nil)
        for architecture in Architecture.allCases {
            let model = PunchClassifier(classes: PunchLabel.allCases.map(\.rawValue), background: ["stance", "idle"],
                                        architecture: architecture, lookahead: 9, seed: 1)
            let url = scratch.url.appendingPathComponent("\(architecture).model")
            try ModelFile.write(model, to: url)
            #expect(try ModelFile.read(url).header.inconsistency() == nil, "\(architecture)")
        }
    }
}
