import Testing
@testable import PunchKit

@Suite struct LayoutTests {
    @Test func everyKnownLayoutMapsToCanonical() throws {
        for layout in JointLayout.known {
            let mapping = try #require(LayoutMapping.toCanonical(from: layout))
            // Shoulders, elbows, wrists, hips, knees and ankles exist in every layout.
            for joint in FeatureExtractor.bodyJoints {
                #expect(mapping.sourceIndex[joint.rawValue] != nil, "\(layout.name) lacks \(joint.name)")
            }
        }
    }
}
