@testable import QuestlogCore
import Dispatch
import Testing

struct BackgroundTests {
    @Test func givesTheValueOnceWorkedOutAndAgainWhenAskedAgain() {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let pending = Background { () -> [Int] in
            started.signal()
            release.wait()
            return Array(1...3)
        }
        started.wait()
        release.signal()
        #expect(pending.value() == [1, 2, 3])
        #expect(pending.value() == [1, 2, 3])
    }
}
