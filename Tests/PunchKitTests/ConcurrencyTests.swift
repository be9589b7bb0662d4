import Foundation
import Testing
@testable import PunchKit

@Suite struct ConcurrencyTests {
    /// Every increment from every thread is kept: the value is only reached under the lock.
    @Test func lockedKeepsEveryUpdateFromManyThreads() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<1000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 8000)
    }

    @Test func concurrentMapKeepsTheInputOrder() throws {
        #expect(concurrentMap(Array(0..<200)) { $0 * $0 } == (0..<200).map { $0 * $0 })
        struct Odd: Error {}
        #expect(throws: Odd.self) { try parallelMap([2, 4, 5, 6]) { n -> Int in if n % 2 == 1 { throw Odd() }; return n } }
        #expect(try parallelMap([1, 2, 3]) { $0 + 1 } == [2, 3, 4])
    }
}
