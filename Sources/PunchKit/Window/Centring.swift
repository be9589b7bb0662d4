/// Where a window's body is and how big it is — what `BodyFrame` (in 3D) and `ImageFrame` (in the
/// picture) both normalise by, from the same joints read through `point`:
///
/// - centre: mid-hip in each frame (mid-shoulder when the hips are missing in most of the window, as when
///   a laptop webcam sees only the upper body); a frame without its centre joints keeps the last centre
///   found, and frames before the first one take that first one;
/// - scale: the median torso length (mid-hip → mid-shoulder), else 1.4 × the median shoulder width;
/// - mean centre: the centres' mean over the window (the root-motion channels are measured from it).
struct Centring {
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

        centres = [Vec3](repeating: .zero, count: T)
        var torso: [Double] = [], shoulderWidth: [Double] = []
        var firstValid: Int? = nil
        var last: Vec3? = nil
        for t in 0..<T {
            let shouldersOK = ok(t, ls) && ok(t, rs), hipsOK = ok(t, lh) && ok(t, rh)
            let midShoulder = (point(t, ls) + point(t, rs)) * 0.5
            let midHip = (point(t, lh) + point(t, rh)) * 0.5
            var c: Vec3? = nil
            if useHips && hipsOK { c = midHip } else if !useHips && shouldersOK { c = midShoulder }
            if let c {
                centres[t] = c
                last = c
                if firstValid == nil { firstValid = t }
            } else {
                centres[t] = last ?? .zero
            }
            if shouldersOK && hipsOK { torso.append((midShoulder - midHip).length) }
            if shouldersOK { shoulderWidth.append((point(t, ls) - point(t, rs)).length) }
        }
        if let first = firstValid { for t in 0..<first { centres[t] = centres[first] } }
        scale = median(torso) ?? (median(shoulderWidth).map { $0 * 1.4 } ?? 1)
        if !(scale > 1e-9) { scale = 1 }
        var mean = Vec3.zero
        for c in centres { mean += c }
        meanCentre = mean / Double(max(T, 1))
    }
}
