@testable import QuestlogCore
import TestSupport
import Testing

/// `nearestInt` rounds as `Int(rounded())` does.
struct DoubleRoundingTests {
    @Test func roundsAsTheLibraryDoes() {
        var generator = SplitMix64(seed: 0x40D)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                4.5e15 - 0.5, -4.5e15 + 0.5, 4.5e15, -4.5e15, 4503599627370495.5, -4503599627370495.5,
                                9.007199254740993e15, -9.007199254740993e15, 1e18, -1e18, .leastNonzeroMagnitude]
        for _ in 0..<20_000 {
            let whole = Double(Int.random(in: -1_000_000...1_000_000, using: &generator))
            values += [whole, whole + 0.5, (whole + 0.5).nextUp, (whole + 0.5).nextDown, whole + 0.25, whole - 0.75]
            values.append(Double.random(in: -1...1, using: &generator)
                * Double(sign: .plus, exponent: Int.random(in: -40...58, using: &generator), significand: 1))
        }
        for value in values {
            #expect(value.nearestInt == Int(value.rounded()), "\(value)")
        }
    }
}
