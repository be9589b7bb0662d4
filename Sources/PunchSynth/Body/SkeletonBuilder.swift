#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// Turns a subject and the channels of one instant into the 17 canonical (COCO) keypoints, in the fight
/// frame of an orthodox boxer. The trunk is a rigid pelvis and a rigid chest joined by a spine of fixed
/// length; arms and legs are placed by two-bone IK, so every limb keeps its length exactly.
struct SkeletonBuilder: Sendable {
    let subject: SubjectProfile
    let guardPosture: Posture
    let relaxedPosture: Posture

    init(subject: SubjectProfile) {
        self.subject = subject
        guardPosture = .guardPosture(subject)
        relaxedPosture = .relaxedPosture(subject)
    }

    func posture(_ c: BodyChannels) -> Posture {
        Posture.blend(guardPosture, relaxedPosture, clamp(c.relax, 0, 1))
    }

    /// Ankle positions (heel lift applied), before the facing turn.
    func ankles(_ c: BodyChannels, _ p: Posture) -> (lead: Vec3, rear: Vec3) {
        (p.leadAnkle + c.leadFoot - Vec3(0, c.leadHeel, 0), p.rearAnkle + c.rearFoot - Vec3(0, c.rearHeel, 0))
    }

    func torso(_ c: BodyChannels) -> TorsoState {
        let s = subject
        let p = posture(c)
        let (leadAnkle, rearAnkle) = ankles(c, p)
        let hipYaw = p.hipYaw + c.hipYaw
        let hipLeft = leftVector(yaw: hipYaw)

        // Pelvis height: the crouch, the dip, and never higher than both legs can reach.
        var pelvis = p.pelvis + c.pelvisShift
        pelvis.y += -(s.ankleHeight + s.leg * p.crouch) + c.dip
        let reach = s.leg * 0.995
        for (ankle, side) in [(leadAnkle, 1.0), (rearAnkle, -1.0)] {
            let hip = pelvis + hipLeft * (side * s.hipWidth / 2)
            let dh = Vec3(ankle.x - hip.x, 0, ankle.z - hip.z).length
            if dh < reach { pelvis.y = max(pelvis.y, ankle.y - (reach * reach - dh * dh).squareRoot()) }
        }
        let leftHip = pelvis + hipLeft * (s.hipWidth / 2)
        let rightHip = pelvis - hipLeft * (s.hipWidth / 2)

        // Spine: fixed length from mid-hip to mid-shoulder, tilted by the leans.
        let torsoYaw = hipYaw + p.torsoYaw + c.torsoYaw
        let tf = forwardVector(yaw: torsoYaw), tl = leftVector(yaw: torsoYaw)
        let lean = p.lean + c.lean
        let up = (Vec3(0, -1, 0) + tf * tan(lean) + tl * tan(c.sideLean)).normalized
        let midShoulder = pelvis + up * s.torso
        var left = removing(up, from: tl).normalized
        left = (left * cos(c.shoulderRoll) + up * sin(c.shoulderRoll)).normalized
        let chestForward = removing(up, from: tf).normalized
        let leftShoulder = midShoulder + left * (s.shoulderWidth / 2)
        let rightShoulder = midShoulder - left * (s.shoulderWidth / 2)

        // Head: looks at the opponent, following a little of the trunk's turn.
        let headYaw = 0.3 * (hipYaw + p.torsoYaw + c.torsoYaw) + c.headYaw
        let pitch = p.headPitch + c.headPitch, roll = c.headRoll + 0.5 * c.sideLean
        let f0 = forwardVector(yaw: headYaw), l0 = leftVector(yaw: headYaw), d0 = Vec3(0, 1, 0)
        let hf = f0 * cos(pitch) + d0 * sin(pitch)
        let hd1 = d0 * cos(pitch) - f0 * sin(pitch)
        let hl = l0 * cos(roll) - hd1 * sin(roll)
        let hd = hd1 * cos(roll) + l0 * sin(roll)
        let headCentre = midShoulder + up * s.neck + hf * (0.015 * s.headScale)
        let chin = headCentre + hf * (0.07 * s.headScale) + hd * (0.11 * s.headScale)

        return TorsoState(
            pelvis: pelvis, leftHip: leftHip, rightHip: rightHip, midShoulder: midShoulder,
            leftShoulder: leftShoulder, rightShoulder: rightShoulder, up: up, left: left,
            chestForward: chestForward, aim: Vec3(0, 0, 1), aimLeft: Vec3(1, 0, 0),
            headCentre: headCentre, headForward: hf, headLeft: hl, headDown: hd, chin: chin)
    }

    /// The 17 keypoints, facing turn and travel applied.
    func joints(_ c: BodyChannels, torso t: TorsoState, hands: HandGoals) -> [Vec3] {
        let s = subject
        let p = posture(c)
        let (leadAnkleTarget, rearAnkleTarget) = ankles(c, p)
        let k = s.headScale
        var j = [Vec3](repeating: .zero, count: 17)
        j[0] = t.headCentre + t.headForward * (0.100 * k) + t.headDown * (0.025 * k)
        j[1] = t.headCentre + t.headForward * (0.085 * k) - t.headDown * (0.012 * k) + t.headLeft * (0.033 * k)
        j[2] = t.headCentre + t.headForward * (0.085 * k) - t.headDown * (0.012 * k) - t.headLeft * (0.033 * k)
        j[3] = t.headCentre - t.headForward * (0.005 * k) + t.headLeft * (0.072 * k)
        j[4] = t.headCentre - t.headForward * (0.005 * k) - t.headLeft * (0.072 * k)
        j[5] = t.leftShoulder
        j[6] = t.rightShoulder
        let la = solveTwoBone(root: t.leftShoulder, target: hands.lead.wrist, hint: hands.lead.elbowHint,
                              upper: s.upperArm, lower: s.forearm)
        let ra = solveTwoBone(root: t.rightShoulder, target: hands.rear.wrist, hint: hands.rear.elbowHint,
                              upper: s.upperArm, lower: s.forearm)
        j[7] = la.middle; j[9] = la.end
        j[8] = ra.middle; j[10] = ra.end
        j[11] = t.leftHip
        j[12] = t.rightHip
        // Knees bend over the toes: the lead foot points near the opponent, the rear foot turned out.
        let hipYaw = p.hipYaw + c.hipYaw
        let leadToe = forwardVector(yaw: 0.5 * hipYaw + 0.1), rearToe = forwardVector(yaw: 1.2 * hipYaw - 0.25)
        let lk = solveTwoBone(root: t.leftHip, target: leadAnkleTarget,
                              hint: (t.leftHip + leadAnkleTarget) * 0.5 + leadToe * 0.4 + Vec3(0.03, 0, 0),
                              upper: s.thigh, lower: s.shin)
        let rk = solveTwoBone(root: t.rightHip, target: rearAnkleTarget,
                              hint: (t.rightHip + rearAnkleTarget) * 0.5 + rearToe * 0.4 - Vec3(0.03, 0, 0),
                              upper: s.thigh, lower: s.shin)
        j[13] = lk.middle; j[15] = lk.end
        j[14] = rk.middle; j[16] = rk.end
        if c.facing != 0 || c.travel != .zero {
            for i in 0..<17 { j[i] = turn(j[i], by: c.facing) + c.travel }
        }
        return j
    }
}
