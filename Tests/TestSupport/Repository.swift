import Foundation

/// The repository the tests belong to (Weights/, Datasets/, fixtures).
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The real CoachMe BX recordings beside the repository (`../shared/datasets/coachme-bx`); absent in a
/// clone that has no `../shared` next to it.
public let coachMeFolder = repositoryRoot.appendingPathComponent("../shared/datasets/coachme-bx").standardizedFileURL
