import Testing
import PunchKit
import CLibcExtras
import Foundation

/// glibc's `sincos` gives the values of `sin` and `cos` to the bit on the angles the augmentation's normal
/// draws take (2π·u, u uniform in [0, 1)): the weights a seed gives do not depend on the call, on this
/// machine's libm or CI's.
@Suite struct SincosTests {
    @Test func sincosIsSinAndCos() {
        var rng = SeededRandom(seed: 7)
        var differing = 0
        for _ in 0..<1_000_000 {
            let angle = 2 * Double.pi * rng.unit()
            var s = 0.0, c = 0.0
            sincos(angle, &s, &c)
            if s != sin(angle) || c != cos(angle) { differing += 1 }
        }
        #expect(differing == 0)
    }
}
