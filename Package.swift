// swift-tools-version:6.1
// PunchCoach — a boxing coach for the terminal.
//
// One target per stage of the data flow (see README, "Architecture", and docs/):
//   FrameSource/PoseExtractor (PoseVision + CVBridge) → SkeletonSequence, windows, features (PunchKit)
//   → Classifier (PunchModel) → EventDetector (PunchDetect) → Coach (CoachTUI) / Store (CoachStore).
// A stage depends only on earlier stages, never on a later one.
import PackageDescription

/// Release builds of the numeric targets drop overflow/bounds checks in the hot loops only where
/// the code already works on raw buffers; everything else keeps Swift's checks.
let numericSettings: [SwiftSetting] = [
    .unsafeFlags(["-Ounchecked"], .when(configuration: .release)),
]

let package = Package(
    name: "PunchCoach",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "punchcoach", targets: ["punchcoach"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // MARK: System libraries (Debian packages)
        .systemLibrary(
            name: "CBLAS", path: "Sources/System/CBLAS", pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"])]),
        .systemLibrary(
            name: "COpenCV", path: "Sources/System/COpenCV", pkgConfig: "opencv4",
            providers: [.apt(["libopencv-dev"])]),
        // ncursesw's pkg-config only adds -D flags that SwiftPM refuses; shim.h defines what is needed.
        .systemLibrary(name: "CNcurses", path: "Sources/System/CNcurses", providers: [.apt(["libncurses-dev"])]),
        // glibc's mallopt and sincos, which Swift's Glibc module leaves out (part of libc: nothing to install).
        .systemLibrary(name: "CLibcExtras", path: "Sources/System/CLibcExtras"),

        // MARK: Stages of the data flow
        /// Pure Swift core: joints, layouts, sequences, CSV, resampling, normalisation, windows,
        /// features, labels, metrics, datasets. No C dependencies.
        .target(name: "PunchKit", swiftSettings: numericSettings),
        /// The procedural 3D boxer: labelled clips and continuous rounds with event truth.
        .target(name: "PunchSynth", dependencies: ["PunchKit"], swiftSettings: numericSettings),
        /// Thin C++ shim over OpenCV 4.6: plain C functions, error codes with messages.
        .target(
            name: "CVBridge", dependencies: ["COpenCV"],
            cxxSettings: [.unsafeFlags(["-O2"])]),
        /// Frame sources and pose extraction (BlazePose through CVBridge), overlays, image/video writing.
        .target(name: "PoseVision", dependencies: ["PunchKit", "CVBridge"]),
        /// The network (OpenBLAS), training, augmentation, serialisation.
        .target(name: "PunchModel", dependencies: ["PunchKit", "CBLAS", "CLibcExtras"], swiftSettings: numericSettings),
        /// Stream → windows → probabilities → punch events.
        .target(name: "PunchDetect", dependencies: ["PunchKit", "PunchModel"], swiftSettings: numericSettings),
        /// Workout history in SQLite (GRDB): migrations, records, queries.
        .target(name: "CoachStore", dependencies: ["PunchKit", .product(name: "GRDB", package: "GRDB.swift")]),
        /// The ncurses coach: screens and workout modes.
        .target(
            name: "CoachTUI",
            dependencies: ["CNcurses", "PunchKit", "PunchSynth", "PoseVision", "PunchModel", "PunchDetect", "CoachStore"]),
        /// The command-line tool, one file a subcommand.
        .executableTarget(
            name: "punchcoach",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "PunchKit", "PunchSynth", "PoseVision", "PunchModel", "PunchDetect", "CoachStore", "CoachTUI", "CLibcExtras",
            ]),

        // MARK: Tests
        .testTarget(name: "PunchKitTests", dependencies: ["PunchKit", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "PunchSynthTests", dependencies: ["PunchSynth", "PunchKit", "TestSupport"]),
        .testTarget(name: "PoseVisionTests", dependencies: ["PoseVision", "PunchKit", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "PunchModelTests", dependencies: ["PunchModel", "PunchKit", "PunchSynth", "TestSupport", "CLibcExtras"]),
        .testTarget(name: "PunchDetectTests", dependencies: ["PunchDetect", "PunchModel", "PunchSynth", "PunchKit", "TestSupport"]),
        /// Helpers the test targets share: scratch directories, the built executable, the opencv-doc samples,
        /// the readers' fuzzer (seeded by PunchKit's generator).
        .target(name: "TestSupport", dependencies: ["PunchKit"], path: "Tests/TestSupport"),
        .testTarget(name: "CoachStoreTests", dependencies: ["CoachStore", "PunchKit", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "CoachTUITests", dependencies: ["CoachTUI", "CoachStore", "PunchKit"]),
        .testTarget(
            name: "CLITests", dependencies: ["PunchKit", "CoachStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    ],
    cxxLanguageStandard: .cxx17
)
