import Foundation
import Testing
import TestSupport
@testable import PunchSynth
import PunchKit

@Suite struct DatasetTests {
    static let spec = SynthSpec(seed: 3, clipsPerClass: 2, subjects: 3, rounds: 1, roundSeconds: 20)

    @Test func theSameSeedGivesByteIdenticalFiles() throws {
        let scratchA = try ScratchDirectory(), scratchB = try ScratchDirectory()
        let a = scratchA.url, b = scratchB.url
        _ = try DatasetWriter(spec: Self.spec).write(to: a)
        _ = try DatasetWriter(spec: Self.spec).write(to: b)
        let names = files(under: a)
        #expect(names == files(under: b))
        #expect(names.count == 7 * 2 + 2 + 2)  // clips, round + events, annotations + spec
        for name in names {
            let x = try Data(contentsOf: a.appendingPathComponent(name)), y = try Data(contentsOf: b.appendingPathComponent(name))
            #expect(x == y, "\(name) differs between two runs with the same seed")
        }
        // Another seed gives other data.
        var other = Self.spec
        other.seed = 4
        let scratchC = try ScratchDirectory(), c = scratchC.url
        _ = try DatasetWriter(spec: other).write(to: c)
        #expect(try Data(contentsOf: c.appendingPathComponent("annotations.csv")) != Data(contentsOf: a.appendingPathComponent("annotations.csv")))
    }

    @Test func theLoaderReadsEverythingBack() throws {
        let scratch = try ScratchDirectory(), root = scratch.url
        let summary = try DatasetWriter(spec: Self.spec).write(to: root)
        let d = try Dataset.load(root)
        #expect(d.labels == PunchLabel.allCases.map(\.rawValue).sorted())
        #expect(d.clips.count == 7 * 2 + 1)
        #expect(d.ignored.isEmpty)
        for clip in d.clips {
            let seq = clip.sequence
            #expect(seq.layout == .canonical && seq.units == .px && seq.world != nil && seq.source == "synth")
            #expect(clip.subject != nil && clip.name.contains(clip.subject!))
            if let label = clip.label {
                // Every clip has its segments, covering the clip, with the action in the middle for punches.
                let segs = clip.segments.sorted { $0.start < $1.start }
                #expect(segs.first?.start == 0 && abs(segs.last!.end - seq.times.last!) < 1e-9)
                #expect(segs.contains { $0.label == label })
                // A double jab is a jab until its second extension starts: two action segments.
                #expect(segs.count == (label == "stance" || label == "idle" ? 1 : (label == "double_jab" ? 4 : 3)))
                // 1.0–1.6 s of guard, the action (up to 0.9 s, plus up to 1 s held), 0.8–1.4 s of guard.
                #expect(seq.duration >= 2.0 && seq.duration <= 5.0, "\(clip.name): \(seq.duration) s")
            } else {
                #expect(clip.name.hasPrefix("rounds/"))
                #expect(!clip.segments.isEmpty)
                #expect(clip.subject == "s04", "round subjects continue the clip subjects' numbering")
            }
        }
        #expect(summary.subjects == ["s01", "s02", "s03"])
    }

    @Test func specRoundTripsAndRefusesOtherGenerators() throws {
        let scratch = try ScratchDirectory(), root = scratch.url
        let url = root.appendingPathComponent("spec.json")
        try Data(Self.spec.json().utf8).write(to: url)
        #expect(try SynthSpec.read(url) == Self.spec)
        var newer = Self.spec
        newer.generator = SynthSpec.generatorVersion + 1
        try Data(newer.json().utf8).write(to: url)
        #expect(throws: SynthError.self) { try SynthSpec.read(url) }
    }

    @Test func theBaseSpecIsReadable() throws {
        let url = repositoryRoot.appendingPathComponent("Datasets/synth-v4.json")
        let spec = try SynthSpec.read(url)
        #expect(spec.labels == PunchLabel.allCases.map(\.rawValue))
        #expect(spec.imageWander == nil && !DatasetWriter(spec: spec).options.imageWander)
        #expect(!spec.json().contains("image_wander"), "a spec without the field writes none")
    }

    /// The wander experiment's spec is the base one with `image_wander`, which reaches the generators and
    /// changes the pictures they give (the same seed, another clip).
    @Test func theWanderSpecTurnsTheWanderOn() throws {
        let folder = repositoryRoot.appendingPathComponent("Datasets")
        let base = try SynthSpec.read(folder.appendingPathComponent("synth-v4.json"))
        var wander = try SynthSpec.read(folder.appendingPathComponent("synth-v4-wander.json"))
        #expect(wander.imageWander == true && DatasetWriter(spec: wander).options.imageWander)
        wander.imageWander = nil
        wander.note = base.note
        #expect(wander == base)
        let subjects = SubjectPool.make(seed: 3, ids: 1...2)
        let plain = ClipGenerator(seed: 3, subjects: subjects).clip(.jab, index: 0).sequence
        let drifting = ClipGenerator(seed: 3, subjects: subjects, options: SynthOptions(imageWander: true)).clip(.jab, index: 0).sequence
        #expect(plain.frameCount == drifting.frameCount)
        #expect(plain.frame(plain.frameCount / 2).positions != drifting.frame(plain.frameCount / 2).positions)
    }

    /// The motion-blur experiment's spec is the base one with `motion_blur`, which reaches the generators and
    /// changes the pictures they give.
    @Test func theBlurSpecTurnsTheBlurOn() throws {
        let folder = repositoryRoot.appendingPathComponent("Datasets")
        let base = try SynthSpec.read(folder.appendingPathComponent("synth-v4.json"))
        var blur = try SynthSpec.read(folder.appendingPathComponent("synth-v4-blur.json"))
        #expect(blur.motionBlur == true && DatasetWriter(spec: blur).options.motionBlur)
        #expect(base.motionBlur == nil && !DatasetWriter(spec: base).options.motionBlur && !base.json().contains("motion_blur"))
        blur.motionBlur = nil
        blur.note = base.note
        #expect(blur == base)
        let subjects = SubjectPool.make(seed: 3, ids: 1...2)
        var options = SynthOptions()
        options.motionBlur = true
        let plain = ClipGenerator(seed: 3, subjects: subjects).clip(.jab, index: 0).sequence
        let blurred = ClipGenerator(seed: 3, subjects: subjects, options: options).clip(.jab, index: 0).sequence
        #expect(plain.frameCount == blurred.frameCount)
        #expect(plain.frame(plain.frameCount / 2).positions != blurred.frame(plain.frameCount / 2).positions)
    }

    /// The doubled spec of the twentieth stop (the default model's data since the twenty-seventh) is the base one
    /// with twice the people, clips and rounds and nothing else, its people (s121–s240, rounds after them) clear of
    /// the synthetic test set's s101–s120 and the validation set's s501 on.
    @Test func theDoubledSpecIsTheBaseOneTwice() throws {
        let folder = repositoryRoot.appendingPathComponent("Datasets")
        let base = try SynthSpec.read(folder.appendingPathComponent("synth-v4.json"))
        var doubled = try SynthSpec.read(folder.appendingPathComponent("synth-v4-x2.json"))
        #expect(doubled.subjects == 2 * base.subjects && doubled.clipsPerClass == 2 * base.clipsPerClass
                && doubled.rounds == 2 * base.rounds)
        let people = doubled.firstSubject..<(doubled.firstSubject + doubled.subjects + doubled.rounds)
        #expect(!people.overlaps(101...120) && people.upperBound <= 501, "\(people)")
        doubled.subjects = base.subjects
        doubled.clipsPerClass = base.clipsPerClass
        doubled.rounds = base.rounds
        doubled.firstSubject = base.firstSubject
        doubled.note = base.note
        #expect(doubled == base)
    }
}

/// `"cameras_behind"` (`SynthSpec.camerasBehind`): the share of random cameras behind the boxer.
@Suite struct CamerasBehindTests {
    /// Without the field no camera goes round past 100° of yaw, and the cameras are those of before (the
    /// same draws); with it about that share does, filming the boxer's back: the left shoulder on the
    /// picture's left, unlike a selfie, which mirrors the picture and the joint names both.
    @Test func aShareOfTheCamerasFilmsTheBoxersBack() throws {
        var plain = SeededRandom(seed: 5), behindRng = SeededRandom(seed: 5)
        let before = (0..<2000).map { _ in CameraRig.random(&plain) }
        let zero = (0..<2000).map { _ in CameraRig.random(&behindRng, behind: 0) }
        #expect(before.map(\.yaw) == zero.map(\.yaw) && before.map(\.selfie) == zero.map(\.selfie))
        #expect(before.allSatisfy { abs($0.yaw) <= degrees(100) })
        var rng = SeededRandom(seed: 5)
        let cameras = (0..<2000).map { _ in CameraRig.random(&rng, behind: 0.15) }
        let share = Double(cameras.filter { abs($0.yaw) > degrees(100) }.count) / 2000
        #expect(abs(share - 0.15) < 0.025, "\(share)")
        #expect(cameras.filter { abs($0.yaw) <= degrees(20) }.count > 800, "the facing cameras keep their 45 %")

        let subjects = SubjectPool.make(seed: 3, ids: 1...2)
        for (yaw, backToCamera) in [(170.0, true), (0.0, false)] {
            var options = SynthOptions(noise: false)
            options.camera = CameraRig.front(yaw: degrees(yaw))
            let s = ClipGenerator(seed: 3, subjects: subjects, options: options).clip(.stance, index: 0).sequence
            let f = s.frame(s.frameCount / 2)
            let l = f.positions[Joint.leftShoulder.rawValue].x, r = f.positions[Joint.rightShoulder.rawValue].x
            #expect((l < r) == backToCamera, "yaw \(yaw): left shoulder x \(l), right \(r)")
        }
    }

    @Test func theBehindSpecIsTheBaseOneWithTheShareAndItsRangeIsChecked() throws {
        try expectBaseSpecPlusOneField("synth-v4-behind.json", field: \.camerasBehind, option: \.camerasBehind,
                                       key: "cameras_behind", value: 0.15, outOfRange: 0.8)
    }

    /// The forty-second stop's spec: the shipped model's (doubled) spec with the same share behind, nothing else.
    @Test func theDoubledBehindSpecIsTheShippedOneWithTheShare() throws {
        try expectBaseSpecPlusOneField("synth-v4-x2-behind.json", base: "synth-v4-x2.json", field: \.camerasBehind,
                                       option: \.camerasBehind, key: "cameras_behind", value: 0.15, outOfRange: 0.8)
    }
}

/// An experiment's spec in Datasets/ is a base spec (`base`, the base one unless named) with one field set to `value` (and its note): the
/// writer takes the field into `option`; the base spec leaves the field out (its JSON has no `key`) and the
/// writer reads 0; and `outOfRange` is refused by `validate`.
func expectBaseSpecPlusOneField(_ file: String, base baseFile: String = "synth-v4.json", field: WritableKeyPath<SynthSpec, Double?>,
                                option: KeyPath<SynthOptions, Double>, key: String, value: Double, outOfRange: Double) throws {
    let folder = repositoryRoot.appendingPathComponent("Datasets")
    let base = try SynthSpec.read(folder.appendingPathComponent(baseFile))
    var variant = try SynthSpec.read(folder.appendingPathComponent(file))
    #expect(variant[keyPath: field] == value && DatasetWriter(spec: variant).options[keyPath: option] == value)
    #expect(base[keyPath: field] == nil && DatasetWriter(spec: base).options[keyPath: option] == 0)
    #expect(!base.json().contains(key))
    variant[keyPath: field] = nil
    variant.note = base.note
    #expect(variant == base)
    variant[keyPath: field] = outOfRange
    #expect(throws: SynthError.self) { try variant.validate() }
}

/// Back fists and elbow strikes among the idle motions (`"arm_strikes"`, an experiment): absent or 0, none
/// (and the same draws as before the field: `synth` output compared with `diff -r` against the earlier
/// build, docs/real-people.md); given, both kinds come.
@Suite struct ArmStrikesTests {
    private func motions(_ strikes: Double, seed: UInt64) -> [IdleGesture.Kind] {
        let subject = SubjectPool.make(seed: 3, ids: 1...1)[0]
        var ch = Choreography(subject: subject, ambient: .still)
        var rng = SeededRandom(seed: seed)
        var planner = IdlePlanner(subject: subject, armStrikes: strikes)
        planner.fill(&ch, from: 0, to: 120, rng: &rng)
        return ch.motions.compactMap { ($0 as? IdleGesture)?.kind }
    }

    @Test func strikesComeOnlyWhenAsked() {
        for seed: UInt64 in [1, 2, 3] {
            let before = motions(0, seed: seed)
            #expect(!before.contains(.backFist) && !before.contains(.elbowStrike))
            let asked = (1...4).flatMap { motions(4, seed: seed * 10 + UInt64($0)) }
            #expect(asked.contains(.backFist) && asked.contains(.elbowStrike), "\(asked)")
        }
    }

    @Test func theStrikesSpecIsTheBaseOneWithTheFieldAndItsRangeIsChecked() throws {
        try expectBaseSpecPlusOneField("synth-v4-strikes.json", field: \.armStrikes, option: \.armStrikes,
                                       key: "arm_strikes", value: 1, outOfRange: 9)
    }
}
