/// Where a window's body is and how big it is — what `BodyFrame` (in 3D) and `ImageFrame` (in the
/// picture) both normalise by, from the same joints read through `point`:
///
/// - centre: mid-hip in each frame (mid-shoulder when the hips are missing in most of the window, as when
///   a laptop webcam sees only the upper body); a frame without its centre joints keeps the last centre
///   found, and frames before the first one take that first one;
/// - misplaced hips: a frame whose torso (mid-hip → mid-shoulder) is more than `torsoTolerance` longer or
///   shorter than the window's median has its hips where no body puts them, and is centred on its
///   shoulders plus the window's usual shoulder → hip offset instead. 2D tools place the hips worst of the
///   trunk: in BoxingForm's webcam clips (MediaPipe, hips near the frame's bottom edge) 9 % of the frames
///   are so, mid-hip jumping by up to half a torso length while the shoulders and nose hold still, and a
///   centre on it moved every joint with it, which the network read as an uppercut's dip; the synthetic
///   boxer's clips, turning and leaning under every camera, have 0.05 % (`tools/punch-shapes --hip-jumps`;
///   docs/real-people.md, the thirteenth stop);
/// - scale: the median torso length (mid-hip → mid-shoulder), else 1.4 × the median shoulder width;
/// - mean centre: the centres' mean over the window (the root-motion channels are measured from it).
struct Centring {
    /// Largest relative change of a frame's torso length against the window's median that a body makes
    /// (a torso leaning 45° towards the camera is 29 % shorter in the picture).
    static let torsoTolerance = 0.3
    var centres: [Vec3]
    var meanCentre: Vec3
    var scale: Double

    init<W: WindowSource>(_ w: W, point: (Int, Int) -> Vec3) {
        let T = w.frameCount
        let ls = Joint.leftShoulder.rawValue, rs = Joint.rightShoulder.rawValue
        let lh = Joint.leftHip.rawValue, rh = Joint.rightHip.rawValue
        func ok(_ t: Int, _ j: Int) -> Bool { w.confidence(t, j) > BodyFrame.minConfidence }
        var hipFrames = 0
        for t in 0..<T where ok(t, lh) && ok(t, rh) { hipFrames += 1 }
        let useHips = hipFrames * 2 >= T

        func midShoulder(_ t: Int) -> Vec3 { (point(t, ls) + point(t, rs)) * 0.5 }
        func midHip(_ t: Int) -> Vec3 { (point(t, lh) + point(t, rh)) * 0.5 }
        var torso = [Double?](repeating: nil, count: T), shoulderWidth: [Double] = []
        for t in 0..<T where ok(t, ls) && ok(t, rs) {
            shoulderWidth.append((point(t, ls) - point(t, rs)).length)
            if ok(t, lh) && ok(t, rh) { torso[t] = (midShoulder(t) - midHip(t)).length }
        }
        let medianTorso = median(torso.compactMap { $0 })
        // Frames whose hips no body could put there, and the usual shoulder → hip offset of the others.
        var misplaced = [Bool](repeating: false, count: T)
        var offsets: (x: [Double], y: [Double], z: [Double]) = ([], [], [])
        if let medianTorso, medianTorso > 1e-9 {
            for t in 0..<T {
                guard let length = torso[t] else { continue }
                if abs(length / medianTorso - 1) > Self.torsoTolerance { misplaced[t] = true; continue }
                let d = midHip(t) - midShoulder(t)
                offsets.x.append(d.x); offsets.y.append(d.y); offsets.z.append(d.z)
            }
        }
        let usualOffset = median(offsets.x).map { Vec3($0, median(offsets.y)!, median(offsets.z)!) }

        centres = [Vec3](repeating: .zero, count: T)
        var firstValid: Int? = nil
        var last: Vec3? = nil
        for t in 0..<T {
            let shouldersOK = ok(t, ls) && ok(t, rs), hipsOK = ok(t, lh) && ok(t, rh)
            var c: Vec3? = nil
            if useHips && hipsOK {
                if misplaced[t] { c = usualOffset.map { midShoulder(t) + $0 } } else { c = midHip(t) }
            } else if !useHips && shouldersOK { c = midShoulder(t) }
            if let c {
                centres[t] = c
                last = c
                if firstValid == nil { firstValid = t }
            } else {
                centres[t] = last ?? .zero
            }
        }
        if let first = firstValid { for t in 0..<first { centres[t] = centres[first] } }
        scale = medianTorso ?? (median(shoulderWidth).map { $0 * 1.4 } ?? 1)
        if !(scale > 1e-9) { scale = 1 }
        var mean = Vec3.zero
        for c in centres { mean += c }
        meanCentre = mean / Double(max(T, 1))
    }
}
